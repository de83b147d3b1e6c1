import { Link } from 'react-router';
import { Button, Skeleton } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { phaseLabels, programmePhases, routes, type ApplicationSummary, type CurrentStatus } from '@qgw/contracts';
import { buildPath } from '../../../lib/navigation.js';
import { isLoggedIn, useSession } from '../../../stores/session.js';
import { StatusBadge } from '../../../components/ui/application-status.js';
import { formatDate } from '../format.js';
import { useApplyStatus, useCurrentStatus } from '../hooks/use-programme.js';
import { programmeStrings as t } from '../strings.js';
import './programme.css';
import './programme-home.css';

/** The phases a visitor sees on the progress line (the window opens, closes, results come out). */
const shownPhases = programmePhases.filter((p) => p !== 'not_open');

function PhaseLine({ phase }: { phase: CurrentStatus['phase'] }) {
  const at = programmePhases.indexOf(phase);
  return (
    <ol className="qgw-p24-phases" aria-label={t.statusHeading}>
      {shownPhases.map((p) => {
        const idx = programmePhases.indexOf(p);
        const state = idx < at ? 'done' : idx === at ? 'current' : 'todo';
        return (
          <li
            key={p}
            className={`qgw-p24-phase-step qgw-p24-phase-${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="qgw-p24-phase-dot" aria-hidden="true" />
            <span>{phaseLabels[p]}</span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The current season's name (2025 青年创新榜) once the status is read; until then, and in the
 * prerendered first paint (no query runs there), `fallback`. Shares the status card's query.
 */
export function ProgrammeName({ fallback }: { fallback: string }) {
  const status = useCurrentStatus();
  return <>{status.data?.name ?? fallback}</>;
}

function StatusCard() {
  const status = useCurrentStatus();
  if (status.isPending) return <Skeleton.Paragraph lineCount={3} animated />;
  if (status.isError) {
    return (
      <div className="qgw-p24-inline-error">
        <span>{t.loadFailed}</span>
        <Button size="small" shape="rounded" onClick={() => void status.refetch()}>
          {t.retry}
        </Button>
      </div>
    );
  }
  const s = status.data;
  return (
    <>
      <div className="qgw-p24-status-top">
        <span className="qgw-p24-status-name">{s.name}</span>
        <span className={`qgw-p24-phase-tag qgw-p24-phase-tag-${s.phase}`} data-testid="programme-phase">
          {phaseLabels[s.phase]}
        </span>
      </div>
      <p className="qgw-p24-status-hint">{t.phaseOf(s.phase)}</p>
      {s.phase !== 'not_open' && <PhaseLine phase={s.phase} />}
      <dl className="qgw-p24-dates">
        <div>
          <dt>{t.applyWindow}</dt>
          <dd>{t.dateRange(formatDate(s.opensAt), formatDate(s.closesAt))}</dd>
        </div>
        <div>
          <dt>{t.reviewEnds}</dt>
          <dd>{formatDate(s.reviewEndsAt)}</dd>
        </div>
        <div>
          <dt>{t.resultsAt}</dt>
          <dd>{formatDate(s.resultsAt)}</dd>
        </div>
      </dl>
    </>
  );
}

function EntryRow({ to, title, entry }: { to: string; title: string; entry: ApplicationSummary }) {
  return (
    <li>
      <Link to={to} className="qgw-p24-entry-row">
        <span className="qgw-p24-entry-title">{title}</span>
        <StatusBadge status={entry.status} />
        <RightOutline className="qgw-p24-arrow" aria-hidden="true" />
      </Link>
    </li>
  );
}

function MyEntries() {
  const mine = useApplyStatus();
  if (mine.isPending) return <Skeleton.Paragraph lineCount={2} animated />;
  if (mine.isError) {
    return (
      <div className="qgw-p24-inline-error">
        <span>{t.myEntriesFailed}</span>
        <Button size="small" shape="rounded" onClick={() => void mine.refetch()}>
          {t.retry}
        </Button>
      </div>
    );
  }
  const { person, company, works } = mine.data;
  if (!person && !company && works.length === 0) return <p className="qgw-p24-muted">{t.myEntriesEmpty}</p>;
  return (
    <ul className="qgw-p24-entries" aria-label={t.myEntries}>
      {person && <EntryRow to={routes.cxb2024.personResult} title={t.personEntry} entry={person} />}
      {company && <EntryRow to={routes.cxb2024.companyResult} title={t.companyEntry} entry={company} />}
      {works.map((w) => (
        <EntryRow key={w.id} to={buildPath(routes.cxb2024.workResult, { id: w.id })} title={t.workEntry(w.title)} entry={w} />
      ))}
    </ul>
  );
}

/** The home page's programme section: phase and dates, and (logged in) the user's own entries. */
export function ProgrammeStatus() {
  const loggedIn = useSession(isLoggedIn);
  return (
    <section className="qgw-p24-home" aria-labelledby="qgw-p24-status-heading">
      <div className="qgw-p24-home-head">
        <h2 id="qgw-p24-status-heading" className="qgw-home-heading">
          {t.statusHeading}
        </h2>
        <Link to={routes.cxb2024.qrcodePage} className="qgw-p24-share">
          {t.share}
        </Link>
      </div>
      <div className="qgw-p24-card">
        <StatusCard />
      </div>
      <div className="qgw-p24-card">
        <h3 className="qgw-p24-card-title">{t.myEntries}</h3>
        {loggedIn ? (
          <MyEntries />
        ) : (
          <Link to={routes.login.index} className="qgw-p24-muted qgw-p24-login-link">
            {t.myEntriesLogin}
          </Link>
        )}
      </div>
    </section>
  );
}
