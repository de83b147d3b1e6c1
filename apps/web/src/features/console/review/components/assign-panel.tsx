import { useState } from 'react';
import { Button } from 'antd-mobile';
import {
  reviewLimits, type ConsoleAssignCsvResponse, type ConsoleAssignResponse, type ConsoleStageManyResponse, type ConsoleUnassignManyResponse,
} from '@qgw/contracts';
import { call } from '../../../../lib/request.js';
import { showToast } from '../../../../lib/toast.js';
import { SelectField } from '../../components/console-ui.js';
import { useConsoleMutation } from '../../hooks/use-console-mutation.js';
import { reviewOps, uploadAssignCsv } from '../api/operations.js';
import { inBatches, mergeAssign, ReviewerChoice, StagePanel, StageResult, UnassignPanel, UnassignResult } from '../queue/bulk-panels.js';
import { reviewStrings as t } from '../strings.js';

type Mode = 'manual' | 'auto' | 'unassign' | 'stage' | 'csv' | null;

function AssignResult({ result }: { result: ConsoleAssignResponse }) {
  return (
    <div className="qgw-rv-result" role="status">
      <p>{t.assignResult(result.assigned.length, result.unchanged.length, result.refused.length)}</p>
      {result.refused.length > 0 && (
        <ul className="qgw-rv-result-list">
          {result.refused.map((r) => (
            <li key={`${r.applicationId}:${r.reviewerId}`}>{t.refusedRow(r.applicationId, r.reason)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CsvResult({ result }: { result: ConsoleAssignCsvResponse }) {
  return (
    <div className="qgw-rv-result" role="status">
      <p>{t.assignResult(result.assigned, result.unchanged, result.refused)}</p>
      <ul className="qgw-rv-result-list">
        {result.rows.map((r) => (
          <li key={r.line} className={r.outcome === 'refused' ? 'qgw-rv-refused' : undefined}>
            {t.csvRow(r.line, r.applicationId, r.reviewerMobileMasked, t.outcomes[r.outcome])}
            {r.reason ? `：${r.reason}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ManualAssign({ selected, onDone }: { selected: string[]; onDone(r: ConsoleAssignResponse): void }) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  // a whole filter's worth goes in the batches one request may carry
  const assign = useConsoleMutation(
    async (reviewerIds: string[]) => mergeAssign(await inBatches(selected, (applicationIds) => call(reviewOps.assign, { applicationIds, reviewerIds }))),
    { onSuccess: onDone },
  );
  return (
    <fieldset className="qgw-rv-fieldset">
      <legend>{t.reviewers}</legend>
      <ReviewerChoice chosen={chosen} onChange={setChosen} />
      <Button color="primary" loading={assign.isPending} onClick={() => (chosen.size ? assign.mutate([...chosen]) : showToast(t.chooseReviewer))}>
        {t.confirm}
      </Button>
    </fieldset>
  );
}

function AutoAssign({ selected, onDone }: { selected: string[]; onDone(r: ConsoleAssignResponse): void }) {
  const [count, setCount] = useState('2');
  const assign = useConsoleMutation(
    async (perApplication: number) => mergeAssign(await inBatches(selected, (applicationIds) => call(reviewOps.assignAuto, { applicationIds, perApplication }))),
    { onSuccess: onDone },
  );
  const options = Array.from({ length: reviewLimits.perApplication.max - reviewLimits.perApplication.min + 1 }, (_, i) => String(i + reviewLimits.perApplication.min));
  return (
    <div className="qgw-rv-fieldset">
      <SelectField label={t.perApplication} value={count} options={options.map((o) => ({ value: o, label: o }))} onChange={setCount} />
      <Button color="primary" loading={assign.isPending} onClick={() => assign.mutate(Number(count))}>
        {t.confirm}
      </Button>
    </div>
  );
}

function CsvAssign({ onDone }: { onDone(r: ConsoleAssignCsvResponse): void }) {
  const send = useConsoleMutation((file: File) => uploadAssignCsv(file), { onSuccess: onDone });
  return (
    <div className="qgw-rv-fieldset">
      <label className="qgw-cs-label" htmlFor="qgw-rv-csv">
        {t.csvFile}
      </label>
      <input
        id="qgw-rv-csv"
        type="file"
        accept=".csv,text/csv"
        disabled={send.isPending}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) send.mutate(file);
        }}
      />
      <div className="qgw-cs-hint">{t.csvHint}</div>
    </div>
  );
}

type Result =
  | { kind: 'assign'; value: ConsoleAssignResponse }
  | { kind: 'csv'; value: ConsoleAssignCsvResponse }
  | { kind: 'unassign'; value: ConsoleUnassignManyResponse }
  | { kind: 'stage'; value: ConsoleStageManyResponse };

/**
 * What the admin does with the selected applications: assign by hand or balanced by load, take
 * reviewers off, stage one decision for all; or assign from a CSV file. Each answers per application.
 */
export function AssignToolbar({ selected, titleOf, onDone }: { selected: string[]; titleOf(id: string): string; onDone(): void }) {
  const [mode, setMode] = useState<Mode>(null);
  const [result, setResult] = useState<Result | null>(null);
  const open = (m: Exclude<Mode, null | 'csv'>) => {
    if (selected.length === 0) return showToast(t.chooseApplications);
    setResult(null);
    setMode(m);
  };
  const finished = (r: Result) => {
    setResult(r);
    setMode(null);
    if (r.kind !== 'csv') onDone();
  };
  return (
    <div className="qgw-cs-card qgw-rv-card qgw-rv-toolbar">
      <div className="qgw-rv-toolbar-row">
        <span className="qgw-cs-hint">{t.selected(selected.length)}</span>
        <Button size="small" onClick={() => open('manual')}>
          {t.assign}
        </Button>
        <Button size="small" onClick={() => open('auto')}>
          {t.assignAuto}
        </Button>
        <Button size="small" onClick={() => open('unassign')}>
          {t.queueTable.unassign}
        </Button>
        <Button size="small" onClick={() => open('stage')}>
          {t.queueTable.stageMany}
        </Button>
        <Button
          size="small"
          onClick={() => {
            setResult(null);
            setMode(mode === 'csv' ? null : 'csv');
          }}
        >
          {t.importCsv}
        </Button>
        {mode && (
          <Button size="small" fill="none" onClick={() => setMode(null)}>
            {t.cancel}
          </Button>
        )}
      </div>
      {mode === 'manual' && <ManualAssign selected={selected} onDone={(value) => finished({ kind: 'assign', value })} />}
      {mode === 'auto' && <AutoAssign selected={selected} onDone={(value) => finished({ kind: 'assign', value })} />}
      {mode === 'unassign' && <UnassignPanel selected={selected} onDone={(value) => finished({ kind: 'unassign', value })} />}
      {mode === 'stage' && <StagePanel selected={selected} onDone={(value) => finished({ kind: 'stage', value })} />}
      {mode === 'csv' && <CsvAssign onDone={(value) => finished({ kind: 'csv', value })} />}
      {result?.kind === 'assign' && <AssignResult result={result.value} />}
      {result?.kind === 'csv' && <CsvResult result={result.value} />}
      {result?.kind === 'unassign' && <UnassignResult result={result.value} />}
      {result?.kind === 'stage' && <StageResult result={result.value} titleOf={titleOf} />}
    </div>
  );
}
