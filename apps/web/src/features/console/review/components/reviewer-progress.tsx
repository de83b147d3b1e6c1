import { useState } from 'react';
import { Button, Dialog } from 'antd-mobile';
import type { MatrixReviewer } from '@qgw/contracts';
import { call } from '../../../../lib/request.js';
import { useConsoleMutation } from '../../hooks/use-console-mutation.js';
import { assignmentOps } from '../api/assignment-operations.js';
import { assignmentStrings as t } from '../assignment-strings.js';
import { beijingTime } from './beijing-time.js';

function Activity({ r }: { r: MatrixReviewer }) {
  if (!r.lastActivityAt) return <span className="qgw-am-muted">{t.never}</span>;
  return (
    <span className="qgw-am-activity">
      {r.lastReviewAt && <span>{t.lastReview(beijingTime(r.lastReviewAt))}</span>}
      {r.lastSeenAt && <span>{t.lastSeen(beijingTime(r.lastSeenAt))}</span>}
    </span>
  );
}

/**
 * Each reviewer's progress (reviewed of assigned, on applications awaiting a decision), their last
 * activity, and 提醒: an in-app notice, SMS and WeChat where configured, once per hour.
 */
export function ReviewerProgress({ reviewers }: { reviewers: MatrixReviewer[] }) {
  const [sent, setSent] = useState<string | null>(null);
  const remind = useConsoleMutation((r: MatrixReviewer) => call(assignmentOps.remind, { reviewerId: r.id }), {
    onSuccess: (_res, r) => setSent(t.reminded(r.nickname)),
  });
  const onRemind = async (r: MatrixReviewer) => {
    const ok = await Dialog.confirm({ content: t.remindConfirm(r.nickname, r.load - r.done), confirmText: t.remind, cancelText: t.cancel });
    if (ok) remind.mutate(r);
  };
  return (
    <section className="qgw-cs-card qgw-am-progress" aria-labelledby="qgw-am-progress-title">
      <h2 id="qgw-am-progress-title" className="qgw-rv-h2">
        {t.progressTitle}
      </h2>
      {sent && (
        <p className="qgw-am-result" role="status">
          {sent}
        </p>
      )}
      <table className="qgw-am-progress-table">
        <thead>
          <tr>
            <th scope="col">{t.reviewer}</th>
            <th scope="col">{t.done}</th>
            <th scope="col">{t.lastActivity}</th>
            <th scope="col">
              <span className="qgw-am-sr">{t.remind}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {reviewers.map((r) => {
            const pending = r.load - r.done;
            return (
              <tr key={r.id}>
                <th scope="row">
                  <span className="qgw-am-reviewer-name">{r.nickname}</span>
                  <span className="qgw-am-reviewer-meta">{[r.mobileMasked, r.organization].filter(Boolean).join(' · ')}</span>
                </th>
                <td>
                  <span className="qgw-am-bar" aria-hidden="true">
                    <span style={{ width: `${r.load ? Math.round((r.done / r.load) * 100) : 0}%` }} />
                  </span>
                  {t.progress(r.done, r.load)}
                </td>
                <td>
                  <Activity r={r} />
                </td>
                <td className="qgw-am-remind">
                  <Button
                    size="small"
                    disabled={pending <= 0 || r.remindableAt !== null}
                    loading={remind.isPending && remind.variables?.id === r.id}
                    aria-label={t.remindLabel(r.nickname)}
                    onClick={() => void onRemind(r)}
                  >
                    {t.remind}
                  </Button>
                  <span className="qgw-am-reviewer-meta">
                    {pending <= 0 ? t.nothingPending : r.remindableAt ? t.remindAfter(beijingTime(r.remindableAt)) : r.lastRemindedAt ? t.remindedAt(beijingTime(r.lastRemindedAt)) : ''}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
