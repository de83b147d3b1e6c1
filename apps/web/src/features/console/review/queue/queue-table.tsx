import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { type ConsoleQueueItem, decisionLabels, type QueueSort, type SortOrder } from '@qgw/contracts';
import { reviewPaths } from '../paths.js';
import { reviewStrings } from '../strings.js';
import { formatTime, StatusBadge } from '../components/review-ui.js';
import { applicantOf, reviewsOf, score } from './queue-format.js';
import './queue.css';

const t = reviewStrings;
const c = reviewStrings.queueTable.columns;

interface SortProps {
  sort: QueueSort;
  order: SortOrder;
  onSort(sort: QueueSort, order: SortOrder): void;
}

/** A column header that orders the queue: first click highest (newest) first, the next one flips it. */
function SortHeader({ label, by, sort, order, onSort, numeric }: SortProps & { label: string; by: QueueSort; numeric?: boolean }) {
  const active = sort === by;
  return (
    <th scope="col" className={numeric ? 'qgw-rv-num' : undefined} aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="qgw-rv-th-sort" title={t.queueTable.sortBy(label)} onClick={() => onSort(by, active && order === 'desc' ? 'asc' : 'desc')}>
        {label}
        <span aria-hidden="true" className="qgw-rv-sort-mark">
          {active ? (order === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

/** The header checkbox: every visible row, half-checked when only some are. */
function SelectVisible({ items, selected, onAll }: { items: ConsoleQueueItem[]; selected: ReadonlySet<string>; onAll(on: boolean): void }) {
  const ref = useRef<HTMLInputElement>(null);
  const count = items.filter((i) => selected.has(i.id)).length;
  const all = items.length > 0 && count === items.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && !all;
  }, [count, all]);
  return <input ref={ref} type="checkbox" className="qgw-rv-check" aria-label={t.queueTable.selectVisible} checked={all} onChange={(e) => onAll(e.target.checked)} />;
}

/** The admin's queue at a desk: one dense row per application, every figure a committee compares. */
export function QueueTable({
  items, selected, onToggle, onAll, ...sorting
}: SortProps & { items: ConsoleQueueItem[]; selected: ReadonlySet<string>; onToggle(id: string, on: boolean): void; onAll(on: boolean): void }) {
  return (
    <div className="qgw-cs-card qgw-rv-table-wrap">
      <table className="qgw-rv-table" aria-label={t.queueTitle}>
        <thead>
          <tr>
            <th scope="col" className="qgw-rv-col-check">
              <SelectVisible items={items} selected={selected} onAll={onAll} />
            </th>
            <th scope="col">{c.kind}</th>
            <th scope="col">{c.title}</th>
            <th scope="col">{c.applicant}</th>
            <th scope="col">{c.status}</th>
            <th scope="col">{c.reviewers}</th>
            <SortHeader label={c.reviews} by="reviews" numeric {...sorting} />
            <SortHeader label={c.mean} by="mean" numeric {...sorting} />
            <SortHeader label={c.median} by="median" numeric {...sorting} />
            <SortHeader label={c.spread} by="spread" numeric {...sorting} />
            <th scope="col">{c.staged}</th>
            <SortHeader label={c.updated} by="updated" {...sorting} />
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className={selected.has(item.id) ? 'qgw-rv-tr-selected' : undefined}>
              <td className="qgw-rv-col-check">
                <input type="checkbox" className="qgw-rv-check" aria-label={t.select(item.title)} checked={selected.has(item.id)} onChange={(e) => onToggle(item.id, e.target.checked)} />
              </td>
              <td>
                <span className="qgw-rv-kind">{t.kinds[item.kind]}</span>
              </td>
              <td className="qgw-rv-col-title">
                <Link to={reviewPaths.application(item.id)}>{item.title}</Link>
                {item.themeName && <span className="qgw-rv-sub">{item.themeName}</span>}
              </td>
              <td>
                {item.applicantName ?? t.blindName}
                {item.mobileMasked && <span className="qgw-rv-sub">{item.mobileMasked}</span>}
                {!applicantOf(item) && item.organization && <span className="qgw-rv-sub">{item.organization}</span>}
              </td>
              <td>
                <StatusBadge status={item.status} />
              </td>
              <td className="qgw-rv-col-reviewers">{item.reviewers.length > 0 ? item.reviewers.map((r) => r.nickname).join('、') : <span className="qgw-rv-muted">{t.queueTable.noReviewers}</span>}</td>
              <td className="qgw-rv-num">{reviewsOf(item)}</td>
              <td className="qgw-rv-num">{score(item.averageScore)}</td>
              <td className="qgw-rv-num">{score(item.medianScore)}</td>
              <td className="qgw-rv-num">{score(item.scoreSpread)}</td>
              <td>{item.stagedDecision ? decisionLabels[item.stagedDecision] : <span className="qgw-rv-muted">{t.queueTable.none}</span>}</td>
              <td className="qgw-rv-col-time">{formatTime(item.updatedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
