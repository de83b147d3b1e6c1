import { useState, type FormEvent } from 'react';
import { Button } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { ZConsoleAuditRequest, type ConsoleAuditRequest } from '@qgw/contracts';
import { maxLengthOf } from '../../../lib/schema-limits.js';
import { SelectField, TextInput } from '../components/console-ui.js';
import { auditActions } from './audit-sentences.js';
import { adminStrings as t } from './strings.js';

/** What the screen filters by: who by name, what, which kind of record, and whole Beijing days. */
export type AuditFilter = Pick<ConsoleAuditRequest, 'actorName' | 'action' | 'entity' | 'fromDate' | 'toDate'>;

/** The address's query names for each filter (short, readable in a shared link). */
const queryNames = { actorName: 'actor', action: 'action', entity: 'entity', fromDate: 'from', toDate: 'to' } as const satisfies Record<keyof AuditFilter, string>;
const filterKeys = Object.keys(queryNames) as (keyof AuditFilter)[];

/**
 * The filter the address holds. A value the contract would refuse (a hand-edited link) is left out
 * rather than sent, so the list still opens.
 */
export function filterFromQuery(params: URLSearchParams): AuditFilter {
  const filter: AuditFilter = {};
  for (const key of filterKeys) {
    const parsed = ZConsoleAuditRequest.shape[key].safeParse(params.get(queryNames[key]) ?? undefined);
    if (parsed.success && parsed.data !== undefined) filter[key] = parsed.data;
  }
  return filter;
}

function queryOf(filter: AuditFilter): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of filterKeys) {
    const v = filter[key];
    if (v) out[queryNames[key]] = v;
  }
  return out;
}

/** The filter in the address: a reload, Back or a shared link shows the same entries. */
export function useAuditFilter(): [AuditFilter, (next: AuditFilter) => void] {
  const [params, setParams] = useSearchParams();
  return [filterFromQuery(params), (next) => setParams(queryOf(next))];
}

const draftOf = (f: AuditFilter) => ({
  actor: f.actorName ?? '',
  action: f.action ?? '',
  entity: f.entity ?? '',
  from: f.fromDate ?? '',
  to: f.toDate ?? '',
});

/** The filter form; give it a `key` of the applied filter so that Back or a link refills it. */
export function AuditFilterForm({ filter, onApply }: { filter: AuditFilter; onApply(next: AuditFilter): void }) {
  const [draft, setDraft] = useState(() => draftOf(filter));
  const [problem, setProblem] = useState<string | null>(null);
  const set = (k: keyof typeof draft) => (v: string) => {
    setDraft((d) => ({ ...d, [k]: v }));
    setProblem(null);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // yyyy-mm-dd compares as text
    if (draft.from && draft.to && draft.from > draft.to) {
      setProblem(t.rangeOrder);
      return;
    }
    onApply({
      actorName: draft.actor.trim() || undefined,
      action: draft.action || undefined,
      entity: draft.entity.trim() || undefined,
      fromDate: draft.from || undefined,
      toDate: draft.to || undefined,
    });
  };
  return (
    <form className="qgw-cs-card qgw-cs-form qgw-cs-inline" role="search" onSubmit={submit} noValidate>
      <TextInput label={t.actor} value={draft.actor} onChange={set('actor')} placeholder={t.actorHint} maxLength={maxLengthOf(ZConsoleAuditRequest.shape.actorName)} />
      <SelectField<string>
        label={t.action}
        value={draft.action}
        options={[{ value: '', label: t.allActions }, ...Object.entries(auditActions).map(([value, label]) => ({ value, label: `${label}（${value}）` }))]}
        onChange={set('action')}
      />
      <TextInput label={t.entity} value={draft.entity} onChange={set('entity')} maxLength={maxLengthOf(ZConsoleAuditRequest.shape.entity)} />
      <fieldset className="qgw-cs-fieldset qgw-cad-range">
        <legend className="qgw-cs-label">{t.range}</legend>
        <label className="qgw-cs-label" htmlFor="audit-from">
          {t.from}
        </label>
        <input id="audit-from" className="qgw-cs-input" type="date" value={draft.from} max={draft.to || undefined} onChange={(e) => set('from')(e.target.value)} />
        <label className="qgw-cs-label" htmlFor="audit-to">
          {t.to}
        </label>
        <input id="audit-to" className="qgw-cs-input" type="date" value={draft.to} min={draft.from || undefined} onChange={(e) => set('to')(e.target.value)} />
      </fieldset>
      {problem && (
        <p className="qgw-cad-problem" role="alert">
          {problem}
        </p>
      )}
      <span className="qgw-cs-row-actions">
        <Button type="submit" color="primary">
          {t.filter}
        </Button>
        <Button type="button" onClick={() => onApply({})}>
          {t.reset}
        </Button>
      </span>
    </form>
  );
}
