import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { reviewLimits, type ConsoleAssignCsvResponse, type ConsoleAssignResponse } from '@qgw/contracts';
import { call } from '../../../../lib/request.js';
import { showToast } from '../../../../lib/toast.js';
import { CheckboxField, SelectField } from '../../components/console-ui.js';
import { useConsoleMutation } from '../../hooks/use-console-mutation.js';
import { reviewKeys, reviewOps, uploadAssignCsv } from '../api/operations.js';
import { reviewStrings as t } from '../strings.js';

type Mode = 'manual' | 'auto' | 'csv' | null;

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
  const reviewers = useQuery({ queryKey: reviewKeys.reviewers, queryFn: () => call(reviewOps.reviewers, {}) });
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const assign = useConsoleMutation((reviewerIds: string[]) => call(reviewOps.assign, { applicationIds: selected, reviewerIds }), { onSuccess: onDone });
  return (
    <fieldset className="qgw-rv-fieldset">
      <legend>{t.reviewers}</legend>
      {(reviewers.data ?? []).map((r) => (
        <CheckboxField
          key={r.id}
          label={t.reviewerLoad(r.nickname, r.load)}
          checked={chosen.has(r.id)}
          onChange={(on) =>
            setChosen((s) => {
              const next = new Set(s);
              if (on) next.add(r.id);
              else next.delete(r.id);
              return next;
            })
          }
        />
      ))}
      <Button color="primary" loading={assign.isPending} onClick={() => (chosen.size ? assign.mutate([...chosen]) : showToast(t.chooseReviewer))}>
        {t.confirm}
      </Button>
    </fieldset>
  );
}

function AutoAssign({ selected, onDone }: { selected: string[]; onDone(r: ConsoleAssignResponse): void }) {
  const [count, setCount] = useState('2');
  const assign = useConsoleMutation((perApplication: number) => call(reviewOps.assignAuto, { applicationIds: selected, perApplication }), { onSuccess: onDone });
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

/** Assignment for the selected applications: by hand, balanced by load, or from a CSV file. */
export function AssignToolbar({ selected, onDone }: { selected: string[]; onDone(): void }) {
  const [mode, setMode] = useState<Mode>(null);
  const [result, setResult] = useState<ConsoleAssignResponse | null>(null);
  const [csv, setCsv] = useState<ConsoleAssignCsvResponse | null>(null);
  const open = (m: Exclude<Mode, null | 'csv'>) => {
    if (selected.length === 0) return showToast(t.chooseApplications);
    setResult(null);
    setCsv(null);
    setMode(m);
  };
  const finished = (r: ConsoleAssignResponse) => {
    setResult(r);
    setMode(null);
    onDone();
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
        <Button
          size="small"
          onClick={() => {
            setResult(null);
            setCsv(null);
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
      {mode === 'manual' && <ManualAssign selected={selected} onDone={finished} />}
      {mode === 'auto' && <AutoAssign selected={selected} onDone={finished} />}
      {mode === 'csv' && (
        <CsvAssign
          onDone={(r) => {
            setCsv(r);
            setMode(null);
          }}
        />
      )}
      {result && <AssignResult result={result} />}
      {csv && <CsvResult result={csv} />}
    </div>
  );
}
