import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Dialog } from 'antd-mobile';
import {
  reviewableStatuses, statusLabels, type ConsoleAssignResponse, type MatrixCellState, type MatrixReviewer, type MatrixRow,
} from '@qgw/contracts';
import { call } from '../../../../lib/request.js';
import { showToast } from '../../../../lib/toast.js';
import { useConsoleMutation } from '../../hooks/use-console-mutation.js';
import { assignmentOps } from '../api/assignment-operations.js';
import { assignmentStrings as t } from '../assignment-strings.js';
import { reviewPaths } from '../paths.js';
import { reviewStrings } from '../strings.js';

type Pair = { applicationId: string; reviewerId: string };
/** What was last done to a cell, so that an unassignment can be undone from the bar under the table. */
interface LastChange extends Pair {
  kind: 'assigned' | 'unassigned';
  text: string;
}

const awaiting = (row: MatrixRow) => (reviewableStatuses as readonly string[]).includes(row.status);
const refusalOf = (r: ConsoleAssignResponse) => r.refused[0]?.reason;

interface CellProps {
  row: MatrixRow;
  reviewer: MatrixReviewer;
  state: MatrixCellState | null;
  busy: boolean;
  onToggle(row: MatrixRow, reviewer: MatrixReviewer, state: MatrixCellState | null): void;
}

function Cell({ row, reviewer, state, busy, onToggle }: CellProps) {
  const label = state ? t.cells[state] : t.emptyCell;
  const conflict = state === 'conflictDeclared' || state === 'conflictOrganization';
  const open = awaiting(row);
  const action = !open || conflict ? null : state === 'assigned' || state === 'reviewed' ? t.actionUnassign : t.actionAssign;
  const hint = state === 'conflictDeclared' ? t.conflictDeclaredHint : state === 'conflictOrganization' ? t.conflictOrganizationHint : !open ? t.decidedHint : undefined;
  return (
    <td className={`qgw-am-cell qgw-am-cell-${state ?? 'empty'}`}>
      <button
        type="button"
        className="qgw-am-cell-button"
        disabled={action === null || busy}
        aria-busy={busy || undefined}
        aria-label={t.cellLabel(reviewer.nickname, row.title, label, action)}
        title={hint}
        onClick={() => onToggle(row, reviewer, state)}
      >
        {state ? label : <span aria-hidden="true">＋</span>}
      </button>
    </td>
  );
}

function Row({ row, reviewers, busy, onToggle }: { row: MatrixRow; reviewers: MatrixReviewer[]; busy: string | null; onToggle: CellProps['onToggle'] }) {
  const states = new Map(row.cells.map((c) => [c.reviewerId, c.state]));
  return (
    <tr className={row.belowTarget ? 'qgw-am-row-below' : undefined}>
      <th scope="row" className="qgw-am-app">
        <span className="qgw-am-app-head">
          <span className="qgw-rv-kind">{reviewStrings.kinds[row.kind]}</span>
          <Link to={reviewPaths.application(row.id)} className="qgw-am-app-title">
            {row.title}
          </Link>
        </span>
        <span className="qgw-am-app-meta">
          <span>{row.applicantMasked}</span>
          <span>{statusLabels[row.status]}</span>
          <span className={row.belowTarget ? 'qgw-am-below' : undefined}>
            {t.coverageOf(row.assigned, row.target)}
            {row.belowTarget && ` · ${t.belowMark}`}
          </span>
        </span>
      </th>
      {reviewers.map((r) => (
        <Cell key={r.id} row={row} reviewer={r} state={states.get(r.id) ?? null} busy={busy === `${row.id}:${r.id}`} onToggle={onToggle} />
      ))}
    </tr>
  );
}

/**
 * The matrix: one row per application, one column per reviewer; a cell assigns or unassigns that
 * reviewer. The header row and the first column stay in view while the table scrolls both ways.
 */
export function AssignmentMatrixTable({ rows, reviewers }: { rows: MatrixRow[]; reviewers: MatrixReviewer[] }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [last, setLast] = useState<LastChange | null>(null);
  const assign = useConsoleMutation((p: Pair) => call(assignmentOps.assign, { applicationIds: [p.applicationId], reviewerIds: [p.reviewerId] }));
  const unassign = useConsoleMutation((p: Pair) => call(assignmentOps.unassign, p));

  const run = async (p: Pair, change: Omit<LastChange, keyof Pair>) => {
    setBusy(`${p.applicationId}:${p.reviewerId}`);
    try {
      if (change.kind === 'assigned') {
        const out = await assign.mutateAsync(p);
        const refused = refusalOf(out);
        if (refused) return showToast(refused);
      } else await unassign.mutateAsync(p);
      setLast({ ...p, ...change });
    } catch {
      // the mutation has told the admin already (toastError)
    } finally {
      setBusy(null);
    }
  };

  const onToggle = (row: MatrixRow, reviewer: MatrixReviewer, state: MatrixCellState | null) => {
    const p = { applicationId: row.id, reviewerId: reviewer.id };
    if (state === 'assigned') {
      void run(p, { kind: 'unassigned', text: t.unassigned(reviewer.nickname, row.title) });
    } else if (state === 'reviewed') {
      // the review stays on record; the admin is told so before it happens
      void Dialog.confirm({ content: t.unassignReviewedConfirm(reviewer.nickname, row.title), confirmText: t.actionUnassign, cancelText: t.cancel }).then(
        (ok) => {
          if (ok) void run(p, { kind: 'unassigned', text: t.unassigned(reviewer.nickname, row.title) });
        },
      );
    } else {
      void run(p, { kind: 'assigned', text: t.assigned(reviewer.nickname, row.title) });
    }
  };

  const undo = async () => {
    if (!last) return;
    const p = { applicationId: last.applicationId, reviewerId: last.reviewerId };
    try {
      if (last.kind === 'unassigned') {
        const refused = refusalOf(await assign.mutateAsync(p));
        if (refused) return showToast(refused);
      } else await unassign.mutateAsync(p);
      setLast(null);
      showToast(t.undone);
    } catch {
      // told already
    }
  };

  return (
    <>
      <div className="qgw-am-scroll" tabIndex={0} role="region" aria-label={t.matrixLabel}>
        <table className="qgw-am-table">
          <thead>
            <tr>
              <th scope="col" className="qgw-am-corner">
                {t.application}
              </th>
              {reviewers.map((r) => (
                <th key={r.id} scope="col" className="qgw-am-reviewer">
                  <span className="qgw-am-reviewer-name">{r.nickname}</span>
                  <span className="qgw-am-reviewer-meta">{t.progress(r.done, r.load)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <Row key={row.id} row={row} reviewers={reviewers} busy={busy} onToggle={onToggle} />
            ))}
          </tbody>
        </table>
      </div>
      {last && (
        <div className="qgw-am-undo" role="status">
          <span>{last.text}</span>
          <Button size="small" fill="outline" loading={assign.isPending || unassign.isPending} onClick={() => void undo()}>
            {t.undo}
          </Button>
        </div>
      )}
    </>
  );
}
