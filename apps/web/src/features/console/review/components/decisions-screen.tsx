import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Dialog } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { decisionLabels, phaseLabels, type ConsoleReleaseResponse, type ConsoleStagedItem } from '@qgw/contracts';
import { call } from '../../../../lib/request.js';
import { showToast, toastError } from '../../../../lib/toast.js';
import { ConsoleEmpty, ConsoleError, ConsoleLoading, ConsolePage } from '../../components/console-ui.js';
import { ALL_SEASONS, MEMBERSHIP_ONLY, SeasonSelect, seasonIdOf, useConsoleSeasons } from '../../components/season-select.js';
import { useConsoleMutation } from '../../hooks/use-console-mutation.js';
import { reviewKeys, reviewOps } from '../api/operations.js';
import { reviewPaths } from '../paths.js';
import { reviewStrings as t } from '../strings.js';
// its own styles: opened directly (a reload, a link) no other review screen has brought them
import './review.css';
import { ConflictNotice, isConflict } from './decision-panel.js';

const line = (item: ConsoleStagedItem) => `${item.title}（${t.kinds[item.kind]}）：${decisionLabels[item.decision]}`;

function Preview({ applicationId }: { applicationId: string }) {
  const preview = useQuery({ queryKey: [...reviewKeys.staged, 'preview', applicationId], queryFn: () => call(reviewOps.preview, { applicationId }) });
  if (preview.isPending) return <ConsoleLoading rows={2} />;
  if (preview.isError) return <ConsoleError error={preview.error} onRetry={() => void preview.refetch()} />;
  return (
    <div className="qgw-rv-notice" aria-label={t.previewTitle}>
      <strong>{preview.data.title}</strong>
      <p>{preview.data.body}</p>
    </div>
  );
}

/** What the decision rests on: the mean total, how many reviews, the place in its kind's ranking. */
function Scores({ item }: { item: ConsoleStagedItem }) {
  return (
    <span className="qgw-rv-row-meta" aria-label={t.stagedScoresLabel(item.title)}>
      <span>{t.stagedMean(item.averageScore)}</span>
      <span>{t.stagedReviews(item.reviewCount)}</span>
      {item.rank !== null && item.rankedCount !== null && <span>{t.stagedRank(item.rank, item.rankedCount)}</span>}
    </span>
  );
}

/**
 * Release notifies the applicants at once: the confirmation names the programme's phase, and says
 * so plainly when results are not due yet.
 */
function PhaseWarning({ items }: { items: readonly ConsoleStagedItem[] }) {
  const phases = [...new Set(items.flatMap((i) => (i.phase ? [i.phase] : [])))];
  if (phases.length === 0) return <p className="qgw-rv-phase">{t.releaseNotifies}</p>;
  const early = phases.some((p) => p !== 'results');
  return (
    <p className={early ? 'qgw-rv-phase qgw-rv-phase-early' : 'qgw-rv-phase'} role={early ? 'alert' : undefined}>
      {t.releasePhase(phases.map((p) => phaseLabels[p]).join('、'))}
      {early ? t.releaseEarly : t.releaseNotifies}
    </p>
  );
}

/** Staged decisions: preview the notice, select, and release a batch after a confirmation that lists it. */
export function DecisionsScreen() {
  // the season in the address (?season=): '' the current one; membership, of no season, has its own choice
  const [params, setParams] = useSearchParams();
  const season = params.get('season') ?? '';
  const seasons = useConsoleSeasons();
  const programmeId = seasonIdOf(season, seasons.data?.items);
  const request = season === MEMBERSHIP_ONLY ? { kind: 'membership' as const } : { programmeId };
  const staged = useQuery({
    queryKey: [...reviewKeys.staged, season],
    queryFn: () => call(reviewOps.staged, request),
    // the current season's id comes with the seasons
    enabled: season !== '' || programmeId !== undefined || seasons.isError,
    refetchOnMount: 'always',
  });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [previewing, setPreviewing] = useState<string | null>(null);
  const [results, setResults] = useState<{ items: ConsoleStagedItem[]; res: ConsoleReleaseResponse } | null>(null);
  const [conflict, setConflict] = useState(false);
  const items = staged.data ?? [];
  const chosen = items.filter((i) => selected.has(i.applicationId));
  const release = useConsoleMutation((ids: string[]) => call(reviewOps.release, { applicationIds: ids, expectedCount: ids.length }));
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const ask = async () => {
    if (chosen.length === 0) return showToast(t.chooseApplications);
    const ok = await Dialog.confirm({
      title: t.releaseConfirm(chosen.length),
      content: (
        <>
          <PhaseWarning items={chosen} />
          <ul className="qgw-rv-confirm-list">
          {chosen.map((i) => (
            <li key={i.applicationId}>{line(i)}</li>
          ))}
          </ul>
        </>
      ),
      confirmText: t.release,
      cancelText: t.cancel,
    });
    if (!ok) return;
    setConflict(false);
    release.mutate(
      chosen.map((i) => i.applicationId),
      {
        onSuccess: (res) => {
          setResults({ items: chosen, res });
          setSelected(new Set());
        },
        onError: (e) => (isConflict(e) ? setConflict(true) : toastError(e)),
      },
    );
  };
  const titleOf = (id: string) => results?.items.find((i) => i.applicationId === id)?.title ?? id;
  const failedByConflict = results?.res.failed.length ?? 0;

  return (
    <ConsolePage
      title={t.decisionsTitle}
      actions={
        <Button color="primary" disabled={chosen.length === 0 || release.isPending} loading={release.isPending} onClick={() => void ask()}>
          {t.releaseSelected}
        </Button>
      }
    >
      <div className="qgw-cs-filters">
        <SeasonSelect
          value={season}
          extra={[MEMBERSHIP_ONLY, ALL_SEASONS]}
          onChange={(next) => {
            setSelected(new Set());
            setParams(next ? { season: next } : {}, { replace: true });
          }}
        />
      </div>
      {conflict && <ConflictNotice onRefresh={() => (setConflict(false), void staged.refetch())} />}
      {results && (
        <div className="qgw-cs-card qgw-rv-card qgw-rv-result" role="status" aria-label={t.releaseResults}>
          <h2 className="qgw-rv-h2">{t.releaseResults}</h2>
          <ul className="qgw-rv-result-list">
            {results.res.released.map((r) => (
              <li key={r.applicationId}>{t.releasedOne(titleOf(r.applicationId))}</li>
            ))}
            {results.res.failed.map((r) => (
              <li key={r.applicationId} className="qgw-rv-refused">
                {t.failedOne(titleOf(r.applicationId), r.reason)}
              </li>
            ))}
          </ul>
          {failedByConflict > 0 && <p className="qgw-cs-hint">{t.conflict}</p>}
        </div>
      )}
      {staged.isPending ? (
        <ConsoleLoading />
      ) : staged.isError ? (
        <ConsoleError error={staged.error} onRetry={() => void staged.refetch()} />
      ) : items.length === 0 ? (
        <ConsoleEmpty text={t.noStaged} />
      ) : (
        <ul className="qgw-cs-card qgw-rv-rows" aria-label={t.decisionsTitle}>
          <li className="qgw-rv-row">
            <label className="qgw-rv-radio">
              <input
                type="checkbox"
                checked={chosen.length === items.length}
                onChange={(e) => setSelected(e.target.checked ? new Set(items.map((i) => i.applicationId)) : new Set())}
              />
              {t.selectAll}
            </label>
          </li>
          {items.map((i) => (
            <li key={i.applicationId} className="qgw-rv-row qgw-rv-row-col">
              <span className="qgw-rv-row-head">
                <input type="checkbox" className="qgw-rv-check" aria-label={t.select(i.title)} checked={selected.has(i.applicationId)} onChange={(e) => toggle(i.applicationId, e.target.checked)} />
                <Link to={reviewPaths.application(i.applicationId)} className="qgw-rv-title">
                  {line(i)}
                </Link>
                <Button size="mini" fill="outline" onClick={() => setPreviewing(previewing === i.applicationId ? null : i.applicationId)}>
                  {t.preview}
                </Button>
              </span>
              <Scores item={i} />
              {i.reason && <span className="qgw-cs-hint">{t.decisionReason}：{i.reason}</span>}
              {previewing === i.applicationId && <Preview applicationId={i.applicationId} />}
            </li>
          ))}
        </ul>
      )}
    </ConsolePage>
  );
}
