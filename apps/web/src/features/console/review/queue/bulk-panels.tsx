import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import {
  type ConsoleAssignResponse, type ConsoleStageManyResponse, type ConsoleUnassignManyResponse, type Decision, decisionLabels, reviewLimits,
  reviewOutcomes,
} from '@qgw/contracts';
import { call } from '../../../../lib/request.js';
import { showToast } from '../../../../lib/toast.js';
import { CheckboxField, SelectField, TextArea } from '../../components/console-ui.js';
import { useConsoleMutation } from '../../hooks/use-console-mutation.js';
import { reviewKeys, reviewOps } from '../api/operations.js';
import { reviewStrings } from '../strings.js';

const t = reviewStrings;
const q = reviewStrings.queueTable;
const BATCH = reviewLimits.assignBatch.applications;

/** The ids in the batches one request may carry (the contracts' limit), sent one after another. */
export async function inBatches<T>(ids: readonly string[], send: (batch: string[]) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += BATCH) out.push(await send(ids.slice(i, i + BATCH)));
  return out;
}

export const mergeAssign = (all: ConsoleAssignResponse[]): ConsoleAssignResponse => ({
  assigned: all.flatMap((r) => r.assigned),
  unchanged: all.flatMap((r) => r.unchanged),
  refused: all.flatMap((r) => r.refused),
});

/** The reviewers to pick from, with their open load. */
export function ReviewerChoice({ chosen, onChange }: { chosen: ReadonlySet<string>; onChange(next: ReadonlySet<string>): void }) {
  const reviewers = useQuery({ queryKey: reviewKeys.reviewers, queryFn: () => call(reviewOps.reviewers, {}) });
  return (
    <>
      {(reviewers.data ?? []).map((r) => (
        <CheckboxField
          key={r.id}
          label={t.reviewerLoad(r.nickname, r.load)}
          checked={chosen.has(r.id)}
          onChange={(on) => {
            const next = new Set(chosen);
            if (on) next.add(r.id);
            else next.delete(r.id);
            onChange(next);
          }}
        />
      ))}
    </>
  );
}

/** Every chosen reviewer off every selected application (reviews already sent stay on record). */
export function UnassignPanel({ selected, onDone }: { selected: string[]; onDone(r: ConsoleUnassignManyResponse): void }) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const send = useConsoleMutation(
    async (reviewerIds: string[]) => {
      const all = await inBatches(selected, (applicationIds) => call(reviewOps.unassignMany, { applicationIds, reviewerIds }));
      return { removed: all.flatMap((r) => r.removed), unchanged: all.flatMap((r) => r.unchanged) };
    },
    { onSuccess: onDone },
  );
  return (
    <fieldset className="qgw-rv-fieldset">
      <legend>{q.unassign}</legend>
      <ReviewerChoice chosen={chosen} onChange={setChosen} />
      <Button color="warning" loading={send.isPending} onClick={() => (chosen.size ? send.mutate([...chosen]) : showToast(t.chooseReviewer))}>
        {t.confirm}
      </Button>
    </fieldset>
  );
}

/** One decision staged for every selected application; each answered on its own. */
export function StagePanel({ selected, onDone }: { selected: string[]; onDone(r: ConsoleStageManyResponse): void }) {
  const [decision, setDecision] = useState<Decision>('approve');
  const [reason, setReason] = useState('');
  const [override, setOverride] = useState('');
  const send = useConsoleMutation(
    async () => {
      const all = await inBatches(selected, (applicationIds) =>
        call(reviewOps.stageMany, { applicationIds, decision, reason, ...(override.trim() ? { override } : {}) }),
      );
      return { staged: all.flatMap((r) => r.staged), refused: all.flatMap((r) => r.refused) };
    },
    { onSuccess: onDone },
  );
  return (
    <fieldset className="qgw-rv-fieldset">
      <legend>{q.stageMany}</legend>
      <SelectField label={t.decision} value={decision} options={reviewOutcomes.map((d) => ({ value: d, label: decisionLabels[d] }))} onChange={(d: Decision) => setDecision(d)} />
      <TextArea label={t.decisionReason} value={reason} onChange={setReason} rows={2} maxLength={reviewLimits.reason.max} />
      <TextArea label={q.overrideOptional} value={override} onChange={setOverride} rows={2} maxLength={reviewLimits.overrideReason.max} hint={t.overrideHint} />
      <Button color="primary" loading={send.isPending} onClick={() => send.mutate()}>
        {t.stage}
      </Button>
    </fieldset>
  );
}

export function UnassignResult({ result }: { result: ConsoleUnassignManyResponse }) {
  return (
    <div className="qgw-rv-result" role="status">
      <p>{q.unassignResult(result.removed.length, result.unchanged.length)}</p>
    </div>
  );
}

export function StageResult({ result, titleOf }: { result: ConsoleStageManyResponse; titleOf(id: string): string }) {
  return (
    <div className="qgw-rv-result" role="status">
      <p>{q.stageResult(result.staged.length, result.refused.length)}</p>
      {result.refused.length > 0 && (
        <ul className="qgw-rv-result-list">
          {result.refused.map((r) => (
            <li key={r.applicationId} className="qgw-rv-refused">
              {q.refusedApplication(titleOf(r.applicationId), r.reason)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
