import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { ConsoleMyAssignment } from '@qgw/contracts';
import { call } from '../../../../lib/request.js';
import { reviewKeys, reviewOps } from '../api/operations.js';
import { reviewPaths } from '../paths.js';
import { reviewStrings as t } from '../strings.js';
import { focusTargetOf, reviewKeyAction } from './review-keys.js';
import './review-desk.css';

/** The width from which the detail is a desk: materials and score sheet side by side, and the keyboard shortcuts. */
export const DESK_QUERY = '(min-width: 1024px)';

/** Whether the screen is desk-wide now (and follows it as the window is resized). */
export function useDesk(): boolean {
  const media = typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(DESK_QUERY) : null;
  const [desk, setDesk] = useState(media?.matches ?? false);
  useEffect(() => {
    if (!media) return;
    const follow = () => setDesk(media.matches);
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, [media?.media]); // eslint-disable-line react-hooks/exhaustive-deps -- one listener per query, not per render
  return desk;
}

/** The caller's own assignments, in their stable order, with progress; read afresh on every visit. */
export function useMyAssignments() {
  return useQuery({
    queryKey: reviewKeys.myAssignments,
    queryFn: () => call(reviewOps.myAssignments, {}),
    refetchOnMount: 'always',
    retry: false,
  });
}

/** The neighbours of an application in the list (none at the ends; none at all when it is not in the list). */
export function neighbours(items: readonly ConsoleMyAssignment[], id: string) {
  const at = items.findIndex((i) => i.applicationId === id);
  if (at === -1) return { at, previous: undefined, next: undefined };
  return { at, previous: items[at - 1], next: items[at + 1] };
}

/** The next one still to review after this one, going round from the end to the start; undefined when all are done. */
export function nextUnreviewed(items: readonly ConsoleMyAssignment[], id: string): ConsoleMyAssignment | undefined {
  const at = items.findIndex((i) => i.applicationId === id);
  const order = [...items.slice(at + 1), ...items.slice(0, Math.max(at, 0))];
  return order.find((i) => !i.reviewed && i.applicationId !== id);
}

/**
 * 已评 x/y with a bar, and 上一份 / 下一份 through the reviewer's assignments (j / k at a desk). Shown
 * only to someone with assignments, on one of them.
 */
export function DeskBar({ applicationId, items, done, total }: { applicationId: string; items: readonly ConsoleMyAssignment[]; done: number; total: number }) {
  const navigate = useNavigate();
  const desk = useDesk();
  const { at, previous, next } = neighbours(items, applicationId);

  useEffect(() => {
    if (!desk) return;
    const onKey = (e: KeyboardEvent) => {
      const action = reviewKeyAction(e, focusTargetOf(document.activeElement), { maxScores: [], scored: [] });
      const to = action.type === 'next' ? next : action.type === 'previous' ? previous : undefined;
      if (action.type !== 'next' && action.type !== 'previous') return;
      e.preventDefault();
      if (to) void navigate(reviewPaths.application(to.applicationId));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [desk, next, previous, navigate]);

  if (at === -1 || total === 0) return null;
  const label = t.progress(done, total);
  // reviews given under an older rubric version: counted as not done until scored again
  const rescore = items.filter((i) => i.needsRescore).length;
  return (
    <nav className="qgw-cs-card qgw-rv-deskbar" aria-label={t.progressLabel}>
      <div className="qgw-rv-progress">
        <span className="qgw-rv-progress-text">{label}</span>
        <div className="qgw-rv-progress-track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={total} aria-valuenow={done}>
          <div className="qgw-rv-progress-fill" style={{ width: `${(done / total) * 100}%` }} />
        </div>
        <span className="qgw-cs-hint">{`${at + 1} / ${total}`}</span>
        {rescore > 0 && <span className="qgw-rv-rescore">{t.rescoreCount(rescore)}</span>}
      </div>
      <div className="qgw-rv-deskbar-nav">
        {previous ? (
          <Link className="qgw-cs-text-button" to={reviewPaths.application(previous.applicationId)} title={previous.title} aria-keyshortcuts="k">
            {t.previous}
          </Link>
        ) : (
          <span className="qgw-cs-text-button qgw-rv-disabled" aria-disabled="true">
            {t.previous}
          </span>
        )}
        {next ? (
          <Link className="qgw-cs-text-button" to={reviewPaths.application(next.applicationId)} title={next.title} aria-keyshortcuts="j">
            {t.next}
          </Link>
        ) : (
          <span className="qgw-cs-text-button qgw-rv-disabled" aria-disabled="true">
            {t.next}
          </span>
        )}
      </div>
    </nav>
  );
}

/** The shortcuts at a desk, in a line under the score sheet. */
export function KeysHint() {
  return (
    <details className="qgw-rv-keys">
      <summary>{t.keysTitle}</summary>
      <dl>
        {t.keys.map(([keys, what]) => (
          <div key={keys}>
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
