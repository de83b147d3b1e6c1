import { statusLabels, type ApplicationStatus } from '@qgw/contracts';
import './application-status.css';

/**
 * An application's state as every screen that shows one draws it (the programme's home card, the
 * applicant's entries, the check screens): shared by the features, so it sits below them.
 */
const t = { timelineTitle: '办理进度', timelineEmpty: '暂无进度记录' } as const;

/** The colour family of each state: waiting, needs the applicant, good, final-bad, neutral. */
export const statusTone: Record<ApplicationStatus, 'wait' | 'action' | 'good' | 'bad' | 'neutral'> = {
  draft: 'neutral',
  submitted: 'wait',
  under_review: 'wait',
  returned: 'action',
  approved: 'good',
  rejected: 'bad',
  withdrawn: 'neutral',
};

/** A state as a coloured label with its Chinese name (never a bare code). */
export function StatusBadge({ status }: { status: ApplicationStatus }) {
  return <span className={`qgw-status-badge qgw-status-${statusTone[status]}`}>{statusLabels[status]}</span>;
}

/** "2024-05-01T08:30:00Z" → "2024-05-01 16:30" in the phone's time zone. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

export interface TimelineItem {
  status: ApplicationStatus;
  at: string;
  note: string | null;
}

/** The application's transitions, newest first, each with its time and any reason given. */
export function StatusTimeline({ entries, title = t.timelineTitle }: { entries: readonly TimelineItem[]; title?: string }) {
  const ordered = [...entries].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <section className="qgw-timeline" aria-label={title}>
      <h2 className="qgw-timeline-title">{title}</h2>
      {ordered.length === 0 ? (
        <p className="qgw-timeline-empty">{t.timelineEmpty}</p>
      ) : (
        <ol className="qgw-timeline-list">
          {ordered.map((e, i) => (
            <li key={`${e.at}-${e.status}-${i}`} className={i === 0 ? 'qgw-timeline-item qgw-timeline-current' : 'qgw-timeline-item'}>
              <span className={`qgw-timeline-dot qgw-status-${statusTone[e.status]}`} aria-hidden="true" />
              <div className="qgw-timeline-body">
                <div className="qgw-timeline-head">
                  <span className="qgw-timeline-status">{statusLabels[e.status]}</span>
                  <time className="qgw-timeline-time" dateTime={e.at}>
                    {formatDateTime(e.at)}
                  </time>
                </div>
                {e.note && <p className="qgw-timeline-note">{e.note}</p>}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
