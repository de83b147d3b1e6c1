import { Link } from 'react-router';
import { type ConsoleQueueItem, decisionLabels, reviewableStatuses } from '@qgw/contracts';
import { reviewPaths } from '../paths.js';
import { reviewStrings } from '../strings.js';
import { ConflictButton } from '../components/conflict-button.js';
import { formatTime, StatusBadge } from '../components/review-ui.js';
import { applicantOf, score } from './queue-format.js';
import './queue.css';

const t = reviewStrings;
const q = reviewStrings.queueTable;

function QueueCard({ item, admin, checked, onCheck }: { item: ConsoleQueueItem; admin: boolean; checked: boolean; onCheck(v: boolean): void }) {
  const who = applicantOf(item) ?? t.blindName;
  // a conflict is declared before the file is read: from the row, by the organisation shown
  const canDeclare = !admin && (reviewableStatuses as readonly string[]).includes(item.status);
  return (
    <li className="qgw-rv-row">
      {admin && <input type="checkbox" className="qgw-rv-check" aria-label={t.select(item.title)} checked={checked} onChange={(e) => onCheck(e.target.checked)} />}
      <div className="qgw-rv-row-body">
        <Link to={reviewPaths.application(item.id)} className="qgw-rv-row-main">
          <span className="qgw-rv-row-head">
            <span className="qgw-rv-kind">{t.kinds[item.kind]}</span>
            <span className="qgw-rv-title">{item.title}</span>
            <StatusBadge status={item.status} />
          </span>
          <span className="qgw-rv-row-meta">
            <span>{who}</span>
            {item.organization && <span>{q.organization(item.organization)}</span>}
            {item.themeName && <span>{item.themeName}</span>}
            {item.reviewedByMe && <span>{t.reviewed}</span>}
            {item.rescoreByMe && <span className="qgw-rv-rescore">{t.needsRescore}</span>}
            {admin && <span>{q.reviewsDone(item.reviewCount, item.assignedCount ?? 0)}</span>}
            {admin && item.reviewers.length > 0 && <span>{item.reviewers.map((r) => r.nickname).join('、')}</span>}
            {item.averageScore !== null && <span>{q.figures(score(item.averageScore), score(item.medianScore), score(item.scoreSpread))}</span>}
            {item.stagedDecision && <span>{t.staged(decisionLabels[item.stagedDecision])}</span>}
            <span>{t.updatedAt(formatTime(item.updatedAt))}</span>
          </span>
        </Link>
        {canDeclare && (
          <div className="qgw-rv-row-actions">
            <ConflictButton applicationId={item.id} onDeclared={() => {}} />
          </div>
        )}
      </div>
    </li>
  );
}

/** The queue as cards: on a phone, and for reviewers (their own assignments, a conflict declared from the row). */
export function QueueCards({ items, admin, selected, onToggle }: { items: ConsoleQueueItem[]; admin: boolean; selected: ReadonlySet<string>; onToggle(id: string, on: boolean): void }) {
  return (
    <ul className="qgw-cs-card qgw-rv-rows" aria-label={t.queueTitle}>
      {items.map((item) => (
        <QueueCard key={item.id} item={item} admin={admin} checked={selected.has(item.id)} onCheck={(on) => onToggle(item.id, on)} />
      ))}
    </ul>
  );
}

