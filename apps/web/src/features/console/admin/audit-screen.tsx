import { Button } from 'antd-mobile';
import { useInfiniteQuery } from '@tanstack/react-query';
import { beijingDateTime, type ConsoleAuditEntry } from '@qgw/contracts';
import { call } from '../../../lib/request.js';
import { ConsoleAccessGate } from '../access/console-access-gate.js';
import { ConsoleEmpty, ConsoleError, ConsoleLoading, ConsolePage } from '../components/console-ui.js';
import { accessAdminOps, adminKeys } from './api/operations.js';
import { auditDiff } from './audit-diff.js';
import { AuditFilterForm, useAuditFilter } from './audit-filter.js';
import { auditSentence } from './audit-sentences.js';
import { adminStrings as t } from './strings.js';
import './console-admin.css';

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
  const [filter, setFilter] = useAuditFilter();
  const list = useInfiniteQuery({
    queryKey: adminKeys.audit(filter),
    queryFn: ({ pageParam }) => call(accessAdminOps.audit, { ...filter, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <ConsolePage title={t.auditTitle}>
      {/* keyed by the applied filter: Back or a link refills the form */}
      <AuditFilterForm key={JSON.stringify(filter)} filter={filter} onApply={setFilter} />
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
                    <time dateTime={e.createdAt}>{beijingDateTime(e.createdAt)}</time>
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
