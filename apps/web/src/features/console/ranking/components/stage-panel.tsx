import { useState } from 'react';
import { Button, Dialog } from 'antd-mobile';
import {
  decisionLabels, reviewableStatuses, reviewLimits, type ConsoleRankingResponse, type ConsoleRankingStageResponse, type Decision, type RankingRow,
} from '@qgw/contracts';
import { call } from '../../../../lib/request.js';
import { showToast, toastError } from '../../../../lib/toast.js';
import { CheckboxField, TextArea } from '../../components/console-ui.js';
import { useConsoleMutation } from '../../hooks/use-console-mutation.js';
import { rankingOps } from '../api/operations.js';
import { rankingStrings as t } from '../strings.js';
import './ranking.css';

/** Rows still open to a decision and not already staged that way. */
const stageable = (rows: readonly RankingRow[], decision: Decision) =>
  rows.filter((r) => (reviewableStatuses as readonly string[]).includes(r.status) && r.staged?.decision !== decision);

const itemsOf = (rows: readonly RankingRow[]) => rows.map((r) => ({ applicationId: r.applicationId, version: r.version }));

/**
 * 拟定入选: approvals for those clearly above the cut line (a tie the line cuts through is left to
 * the committee), optionally rejections for those below it, in one request that the server runs row
 * by row through the single staging rules; each row comes back staged or refused with the reason.
 */
export function StagePanel({ ranking, onClose }: { ranking: ConsoleRankingResponse; onClose(): void }) {
  const approve = stageable(ranking.rows.filter((r) => r.placement === 'above'), 'approve');
  const below = stageable(ranking.rows.filter((r) => r.placement === 'below'), 'reject');
  const [alsoReject, setAlsoReject] = useState(false);
  const [reason, setReason] = useState<string>(t.rejectReasonDefault);
  const [results, setResults] = useState<{ res: ConsoleRankingStageResponse; titles: Map<string, string> } | null>(null);
  const reject = alsoReject ? below : [];
  const stage = useConsoleMutation(() =>
    call(rankingOps.stage, {
      kind: ranking.kind,
      themeId: ranking.themeId ?? undefined,
      programmeId: ranking.programme.id,
      approve: itemsOf(approve),
      reject: itemsOf(reject),
      rejectReason: alsoReject ? reason : '',
      expectedCount: approve.length + reject.length,
    }),
  );
  const ask = async () => {
    if (approve.length + reject.length === 0) return showToast(t.nothingToStage);
    const ok = await Dialog.confirm({
      title: t.confirmTitle(approve.length, reject.length),
      content: t.confirmContent,
      confirmText: t.confirm,
      cancelText: t.cancel,
    });
    if (!ok) return;
    const titles = new Map(ranking.rows.map((r) => [r.applicationId, r.title]));
    stage.mutate(undefined, { onSuccess: (res) => setResults({ res, titles }), onError: toastError });
  };
  const staged = results?.res.results.filter((x) => x.outcome === 'staged').length ?? 0;
  return (
    <section className="qgw-cs-card qgw-rk-stage" aria-label={t.stageTitle}>
      <h2 className="qgw-rk-h2">{t.stageTitle}</h2>
      <p>{t.stageHint(approve.length)}</p>
      <CheckboxField label={t.alsoReject(below.length)} checked={alsoReject} onChange={setAlsoReject} />
      {alsoReject && <TextArea label={t.rejectReason} value={reason} onChange={setReason} rows={2} maxLength={reviewLimits.reason.max} />}
      <div className="qgw-cs-form-actions">
        <Button color="primary" loading={stage.isPending} disabled={stage.isPending} onClick={() => void ask()}>
          {t.confirm}
        </Button>
        <Button onClick={onClose}>{t.close}</Button>
      </div>
      {results && (
        <div role="status" aria-label={t.results}>
          <h3 className="qgw-rk-h3">{t.results}</h3>
          <p>{t.resultSummary(staged, results.res.results.length - staged)}</p>
          <ul className="qgw-rk-results">
            {results.res.results.map((x) => {
              const title = results.titles.get(x.applicationId) ?? x.applicationId;
              return x.outcome === 'staged' ? (
                <li key={x.applicationId}>{t.stagedRow(title, decisionLabels[x.decision])}</li>
              ) : (
                <li key={x.applicationId} className="qgw-rk-refused">
                  {t.refusedRow(title, x.reason ?? '')}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}
