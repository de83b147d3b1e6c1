import { useState, type FormEvent } from 'react';
import { Button } from 'antd-mobile';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ZConsoleAuditRequest, type ConsoleAuditEntry, type ConsoleAuditRequest } from '@qgw/contracts';
import { call } from '../../../lib/request.js';
import { maxLengthOf } from '../../../lib/schema-limits.js';
import { ConsoleAccessGate } from '../access/console-access-gate.js';
import { ConsoleEmpty, ConsoleError, ConsoleLoading, ConsolePage, SelectField, TextInput } from '../components/console-ui.js';
import { accessAdminOps, adminKeys } from './api/operations.js';
import { auditDiff } from './audit-diff.js';
import { fromLocalInput } from './programme-form.js';
import { auditActions, auditSentence } from './audit-sentences.js';
import { adminStrings as t } from './strings.js';
import './console-admin.css';

type Filter = Pick<ConsoleAuditRequest, 'actorId' | 'action' | 'entity' | 'from' | 'to'>;
const blank = { actor: '', action: '', entity: '', from: '', to: '' };

function Diff({ entry }: { entry: ConsoleAuditEntry }) {
  const rows = auditDiff(entry.before, entry.after);
  if (rows.length === 0) return <p className="qgw-cs-hint">{t.noDiff}</p>;
  return (
    <table className="qgw-cad-diff">
      <thead>
        <tr>
          <th scope="col">{t.field}</th>
          <th scope="col">{t.before}</th>
          <th scope="col">{t.after}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.field}>
            <th scope="row">{r.field || '—'}</th>
            <td>{r.before === null ? t.emptyValue : <del>{r.before}</del>}</td>
            <td>{r.after === null ? t.emptyValue : <ins>{r.after}</ins>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AuditList() {
  const [draft, setDraft] = useState(blank);
  const [filter, setFilter] = useState<Filter>({});
  const list = useInfiniteQuery({
    queryKey: adminKeys.audit(filter),
    queryFn: ({ pageParam }) => call(accessAdminOps.audit, { ...filter, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFilter({
      actorId: draft.actor.trim() || undefined,
      action: draft.action.trim() || undefined,
      entity: draft.entity.trim() || undefined,
      from: fromLocalInput(draft.from) ?? undefined,
      to: fromLocalInput(draft.to) ?? undefined,
    });
  };
  const set = (k: keyof typeof blank) => (v: string) => setDraft((d) => ({ ...d, [k]: v }));
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <ConsolePage title={t.auditTitle}>
      <form className="qgw-cs-card qgw-cs-form qgw-cs-inline" role="search" onSubmit={submit}>
        <TextInput label={t.actor} value={draft.actor} onChange={set('actor')} placeholder={t.actorHint} maxLength={maxLengthOf(ZConsoleAuditRequest.shape.actorId)} />
        <SelectField<string>
          label={t.action}
          value={draft.action}
          options={[{ value: '', label: t.allActions }, ...Object.entries(auditActions).map(([value, label]) => ({ value, label: `${label}（${value}）` }))]}
          onChange={set('action')}
        />
        <TextInput label={t.entity} value={draft.entity} onChange={set('entity')} maxLength={maxLengthOf(ZConsoleAuditRequest.shape.entity)} />
        <fieldset className="qgw-cs-fieldset">
          <legend className="qgw-cs-label">{t.range}</legend>
          <label className="qgw-cs-label" htmlFor="audit-from">
            {t.from}
          </label>
          <input id="audit-from" className="qgw-cs-input" type="datetime-local" value={draft.from} onChange={(e) => set('from')(e.target.value)} />
          <label className="qgw-cs-label" htmlFor="audit-to">
            {t.to}
          </label>
          <input id="audit-to" className="qgw-cs-input" type="datetime-local" value={draft.to} onChange={(e) => set('to')(e.target.value)} />
        </fieldset>
        <span className="qgw-cs-row-actions">
          <Button type="submit" color="primary">
            {t.filter}
          </Button>
          <Button
            type="button"
            onClick={() => {
              setDraft(blank);
              setFilter({});
            }}
          >
            {t.reset}
          </Button>
        </span>
      </form>
      {list.isPending ? (
        <ConsoleLoading />
      ) : list.isError ? (
        <ConsoleError error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <ConsoleEmpty text={t.auditEmpty} />
      ) : (
        <>
          <ul className="qgw-cs-card qgw-cs-rows" aria-label={t.auditTitle}>
            {items.map((e) => (
              <li key={e.id} className="qgw-cs-row">
                <div className="qgw-cs-row-main">
                  <span className="qgw-cs-row-title">{auditSentence(e, e.actorName ?? (e.actorId ? shortActor(e.actorId) : t.system)).text}</span>
                  <span className="qgw-cs-row-meta">
                    <span title={e.entityId ?? undefined}>{auditSentence(e, '').record}</span>
                    <code className="qgw-cs-code-hint">{e.action}</code>
                    <time dateTime={e.createdAt}>{new Date(e.createdAt).toLocaleString('zh-CN', { hour12: false })}</time>
                  </span>
                  <Diff entry={e} />
                </div>
              </li>
            ))}
          </ul>
          <div className="qgw-cs-more">
            {list.hasNextPage ? (
              <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
                {t.loadMore}
              </Button>
            ) : (
              <span className="qgw-cs-hint">{t.noMore}</span>
            )}
          </div>
        </>
      )}
    </ConsolePage>
  );
}

/** An actor without a name on record (an account since erased): the start of its id. */
const shortActor = (id: string) => `用户 ${id.slice(0, 8)}`;

/** /console/admin/audit: the append-only log, newest first. */
export function AuditScreen() {
  return (
    <ConsoleAccessGate roles={['admin']}>
      <AuditList />
    </ConsoleAccessGate>
  );
}
