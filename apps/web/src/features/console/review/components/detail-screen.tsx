import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { decisionLabels, reviewableStatuses, statusLabels, type ConsoleApplicationResponse, type RevealField } from '@qgw/contracts';
import { assetUrl, call } from '../../../../lib/request.js';
import { showToast, toastError } from '../../../../lib/toast.js';
import { readUserInfo } from '../../../../lib/storage.js';
import { ConsoleError, ConsoleLoading, ConsolePage } from '../../components/console-ui.js';
import { exportMedia } from '../api/download.js';
import { reviewKeys, reviewOps } from '../api/operations.js';
import { reviewPaths } from '../paths.js';
import { reviewStrings as t } from '../strings.js';
import { DecisionPanel } from './decision-panel.js';
import { DeskBar, nextUnreviewed, useDesk, useMyAssignments } from './review-desk.js';
import { ConflictButton } from './conflict-button.js';
import { ReviewPanel } from './review-form.js';
import { formatTime, StatusBadge, useIsAdmin } from './review-ui.js';

/** Form values shown as text; nested lists (team members) as one line each. */
function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map(show).join('；');
  if (typeof value === 'object') return Object.values(value as Record<string, unknown>).map(show).join(' ');
  return String(value);
}

/** Whether a form value is a file of the application (an id, or a list of ids, the files section shows). */
function isFileRef(value: unknown, fileUrls: Record<string, string>): boolean {
  if (typeof value === 'string') return value in fileUrls;
  return Array.isArray(value) && value.length > 0 && value.every((x) => typeof x === 'string' && x in fileUrls);
}

/** Masked personal data, each revealed on an explicit request that the server writes to the audit log. */
export function RevealPanel({ id, revealable }: { id: string; revealable: readonly RevealField[] }) {
  const [values, setValues] = useState<Partial<Record<RevealField, string>>>({});
  const [busy, setBusy] = useState<RevealField | null>(null);
  if (revealable.length === 0) return null;
  const reveal = async (field: RevealField) => {
    setBusy(field);
    try {
      const res = await call(reviewOps.reveal, { id, field });
      setValues((v) => ({ ...v, [res.field]: res.value }));
    } catch (e) {
      toastError(e);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="qgw-rv-reveal">
      <p className="qgw-cs-hint">{t.auditNote}</p>
      {revealable.map((f) =>
        values[f] ? (
          <p key={f} className="qgw-rv-revealed">
            {t.reveal[f].replace('显示完整', '')}：<strong>{values[f]}</strong>
          </p>
        ) : (
          <Button key={f} size="small" fill="outline" loading={busy === f} onClick={() => void reveal(f)}>
            {t.reveal[f]}
          </Button>
        ),
      )}
    </div>
  );
}

function Files({ app }: { app: ConsoleApplicationResponse }) {
  if (app.files.length === 0) return null;
  const images = app.files.filter((f) => f.kind === 'image');
  const videos = app.files.filter((f) => f.kind === 'video');
  return (
    <section className="qgw-cs-card qgw-rv-card" aria-label={t.files}>
      <h2 className="qgw-rv-h2">{t.files}</h2>
      <div className="qgw-rv-photos">
        {images.map((f, i) => (
          <a key={f.id} href={assetUrl(f.url) ?? undefined} target="_blank" rel="noreferrer">
            <img src={assetUrl(f.url) ?? undefined} alt={t.photo(i + 1)} loading="lazy" />
          </a>
        ))}
      </div>
      {videos.map((f) => (
        <video key={f.id} className="qgw-rv-video" src={assetUrl(f.url) ?? undefined} controls preload="metadata" aria-label={t.video} />
      ))}
    </section>
  );
}

/** What the applicant sent, and what happened to it: the left pane at a desk. */
function Materials({ app, admin }: { app: ConsoleApplicationResponse; admin: boolean }) {
  const [zipping, setZipping] = useState(false);
  const zip = async () => {
    setZipping(true);
    try {
      await exportMedia(app.id);
    } catch (e) {
      toastError(e);
    } finally {
      setZipping(false);
    }
  };
  return (
    <div className="qgw-rv-materials">
      <section className="qgw-cs-card qgw-rv-card qgw-rv-summary">
        <p className="qgw-rv-row-head">
          <span className="qgw-rv-kind">{t.kinds[app.kind]}</span>
          <StatusBadge status={app.status} />
          {app.themeName && <span className="qgw-cs-hint">{app.themeName}</span>}
        </p>
        <dl className="qgw-rv-fields">
          <dt>{t.applicant}</dt>
          <dd>{app.applicant.name ?? t.hidden}</dd>
          <dt>{t.mobile}</dt>
          <dd>{app.applicant.mobileMasked ?? t.hidden}</dd>
          <dt>{t.organization}</dt>
          <dd>{app.applicant.organization ?? (app.blind ? t.hidden : '—')}</dd>
          {app.reason && (
            <>
              <dt>{t.reason}</dt>
              <dd>{app.reason}</dd>
            </>
          )}
        </dl>
        <RevealPanel id={app.id} revealable={app.revealable} />
        {admin && app.files.length > 0 && (
          <Button size="small" loading={zipping} onClick={() => void zip()}>
            {t.downloadMedia}
          </Button>
        )}
      </section>
      <section className="qgw-cs-card qgw-rv-card" aria-label={t.fields}>
        <h2 className="qgw-rv-h2">{t.fields}</h2>
        <dl className="qgw-rv-fields">
          {Object.entries(app.data)
            // files (one id, or a list of ids) are shown with the files, not as ids
            .filter(([, v]) => !isFileRef(v, app.fileUrls))
            .map(([k, v]) => (
              <div key={k} className="qgw-rv-field">
                <dt>{t.fieldLabels[k] ?? k}</dt>
                <dd>{k === 'gender' && typeof v === 'string' ? (t.genders[v] ?? v) : show(v)}</dd>
              </div>
            ))}
        </dl>
      </section>
      <Files app={app} />
      <section className="qgw-cs-card qgw-rv-card" aria-label={t.timeline}>
        <h2 className="qgw-rv-h2">{t.timeline}</h2>
        <ol className="qgw-rv-timeline">
          {app.timeline.map((e, i) => (
            <li key={i}>
              <span>{statusLabels[e.status]}</span> <span className="qgw-cs-hint">{formatTime(e.at)}</span>
              {e.note && <div className="qgw-cs-hint">{e.note}</div>}
            </li>
          ))}
        </ol>
      </section>
      {admin && app.reviews.length > 0 && (
        <section className="qgw-cs-card qgw-rv-card" aria-label={t.reviewsTitle}>
          <h2 className="qgw-rv-h2">{t.reviewsTitle}</h2>
          <ul className="qgw-rv-timeline">
            {app.reviews.map((r) => (
              <li key={r.id}>
                {t.reviewBy(r.reviewer.nickname, r.total, decisionLabels[r.recommendation])}
                {r.needsRescore && <span className="qgw-rv-outdated">{t.outdatedReview(r.rubricVersion)}</span>}
                {r.commentToApplicant && <div>{r.commentToApplicant}</div>}
                {r.privateNote && <div className="qgw-cs-hint">{r.privateNote}</div>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function Detail({ app, admin, onRefresh }: { app: ConsoleApplicationResponse; admin: boolean; onRefresh(): void }) {
  const navigate = useNavigate();
  const desk = useDesk();
  const assignments = useMyAssignments();
  const mineList = assignments.data?.items ?? [];
  // after a review: on to the next one still to review, or back to the queue when none is left
  // (someone reviewing outside their list, an admin assigned by hand, stays where they are)
  const onSubmitted = () => {
    if (!mineList.some((i) => i.applicationId === app.id)) return;
    const next = nextUnreviewed(mineList, app.id);
    if (next) {
      void navigate(reviewPaths.application(next.applicationId));
      return;
    }
    showToast(t.allDone);
    void navigate(reviewPaths.queue);
  };
  // reviewers get only their own review; admins get everyone's
  const myId = readUserInfo()?.id;
  const mine = app.reviews.find((r) => r.reviewer.id === myId) ?? (admin ? undefined : app.reviews[0]);
  const deciding = admin && (reviewableStatuses as readonly string[]).includes(app.status);
  return (
    <>
      {assignments.data && (
        <DeskBar applicationId={app.id} items={assignments.data.items} done={assignments.data.done} total={assignments.data.total} />
      )}
      {/* at a desk: the materials scroll on the left, the score sheet (or the decision) stays in view on the right */}
      <div className={app.canReview || deciding ? 'qgw-rv-desk' : undefined}>
        <Materials app={app} admin={admin} />
        {(app.canReview || deciding) && (
          <div className="qgw-rv-side">
            {app.canReview && (
              <>
                <ReviewPanel key={app.version} applicationId={app.id} rubric={app.rubric} mine={mine} desk={desk} onSubmitted={onSubmitted} />
                {!admin && <ConflictButton applicationId={app.id} onDeclared={() => void navigate(reviewPaths.queue)} />}
              </>
            )}
            {deciding && <DecisionPanel key={app.version} app={app} onRefresh={onRefresh} />}
          </div>
        )}
      </div>
    </>
  );
}

/** One application: all its fields (personal data masked), files, timeline, reviewing and deciding. */
export function DetailScreen() {
  const { id = '' } = useParams();
  const admin = useIsAdmin();
  // scores and decisions by others land here: read afresh on every visit
  const detail = useQuery({
    queryKey: reviewKeys.application(id),
    queryFn: () => call(reviewOps.application, { id }),
    refetchOnMount: 'always',
  });
  return (
    <ConsolePage
      title={detail.data?.title ?? t.detailTitle}
      actions={
        <Link to={reviewPaths.queue} className="qgw-cs-text-button">
          {t.backToQueue}
        </Link>
      }
    >
      {detail.isPending ? (
        <ConsoleLoading />
      ) : detail.isError ? (
        <ConsoleError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <Detail key={detail.data.id} app={detail.data} admin={admin} onRefresh={() => void detail.refetch()} />
      )}
    </ConsolePage>
  );
}
