import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from 'antd-mobile';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { applicationKinds, applicationStatuses, decisionLabels, reviewLimits, statusLabels, type ApplicationKind, type ApplicationStatus, type ConsoleQueueItem } from '@qgw/contracts';
import { call } from '../../../../lib/request.js';
import { ConsoleEmpty, ConsoleError, ConsoleLoading, ConsolePage, SelectField } from '../../components/console-ui.js';
import { reviewKeys, reviewOps } from '../api/operations.js';
import { reviewPaths } from '../paths.js';
import { reviewStrings as t } from '../strings.js';
import { AssignToolbar } from './assign-panel.js';
import { ExportButtons } from './export-buttons.js';
import { formatTime, StatusBadge, useIsAdmin } from './review-ui.js';

export interface QueueFilters {
  kind: ApplicationKind | '';
  status: ApplicationStatus | '';
  themeId: string;
  q: string;
}

const emptyFilters: QueueFilters = { kind: '', status: '', themeId: '', q: '' };
const PAGE = 20;

function QueueRow({ item, admin, checked, onCheck }: { item: ConsoleQueueItem; admin: boolean; checked: boolean; onCheck(v: boolean): void }) {
  const who = item.applicantName === null && item.mobileMasked === null ? t.blindName : [item.applicantName, item.mobileMasked].filter(Boolean).join(' · ');
  return (
    <li className="qgw-rv-row">
      {admin && (
        <input type="checkbox" className="qgw-rv-check" aria-label={t.select(item.title)} checked={checked} onChange={(e) => onCheck(e.target.checked)} />
      )}
      <Link to={reviewPaths.application(item.id)} className="qgw-rv-row-main">
        <span className="qgw-rv-row-head">
          <span className="qgw-rv-kind">{t.kinds[item.kind]}</span>
          <span className="qgw-rv-title">{item.title}</span>
          <StatusBadge status={item.status} />
        </span>
        <span className="qgw-rv-row-meta">
          <span>{who}</span>
          {item.themeName && <span>{item.themeName}</span>}
          {item.reviewedByMe && <span>{t.reviewed}</span>}
          {item.averageScore !== null && <span>{t.avgScore(item.averageScore)}</span>}
          {item.stagedDecision && <span>{t.staged(decisionLabels[item.stagedDecision])}</span>}
          <span>{t.updatedAt(formatTime(item.updatedAt))}</span>
        </span>
      </Link>
    </li>
  );
}

/** The queue: reviewers get what is assigned to them, admins everything submitted; filters and keyset paging. */
export function QueueScreen() {
  const admin = useIsAdmin();
  const [filters, setFilters] = useState<QueueFilters>(emptyFilters);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const themes = useQuery({ queryKey: reviewKeys.themes, queryFn: () => call(reviewOps.themes, {}) });
  const list = useInfiniteQuery({
    queryKey: reviewKeys.queue(filters),
    // other reviewers and admins change the queue all the time: read it afresh on every visit
    refetchOnMount: 'always',
    queryFn: ({ pageParam }) =>
      call(reviewOps.queue, {
        kind: filters.kind || undefined,
        status: filters.status || undefined,
        themeId: filters.themeId || undefined,
        q: filters.q || undefined,
        cursor: pageParam,
        limit: PAGE,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const set = (patch: Partial<QueueFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    set({ q: search.trim() });
  };
  const check = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <ConsolePage title={t.queueTitle} actions={admin ? <ExportButtons filters={filters} /> : undefined}>
      <div className="qgw-cs-filters qgw-rv-filters">
        <SelectField
          label={t.kind}
          value={filters.kind}
          options={[{ value: '' as const, label: t.all }, ...applicationKinds.map((k) => ({ value: k, label: t.kinds[k] }))]}
          onChange={(kind) => set({ kind })}
        />
        <SelectField
          label={t.status}
          value={filters.status}
          options={[{ value: '' as const, label: t.all }, ...applicationStatuses.filter((s) => s !== 'draft').map((s) => ({ value: s, label: statusLabels[s] }))]}
          onChange={(status) => set({ status })}
        />
        <SelectField
          label={t.theme}
          value={filters.themeId}
          options={[{ value: '', label: t.all }, ...(themes.data ?? []).map((th) => ({ value: th.id, label: th.name }))]}
          onChange={(themeId) => set({ themeId })}
        />
        <form className="qgw-rv-search" role="search" onSubmit={onSearch}>
          <label className="qgw-cs-label" htmlFor="qgw-rv-q">
            {t.search}
          </label>
          <span className="qgw-rv-search-row">
            <input id="qgw-rv-q" className="qgw-cs-input" type="search" value={search} placeholder={t.searchPlaceholder} maxLength={reviewLimits.search.max} onChange={(e) => setSearch(e.target.value)} />
            <Button type="submit" color="primary">
              {t.searchButton}
            </Button>
          </span>
        </form>
      </div>
      {admin && <AssignToolbar selected={[...selected]} onDone={() => setSelected(new Set())} />}
      {list.isPending ? (
        <ConsoleLoading />
      ) : list.isError && !list.data ? (
        <ConsoleError error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <ConsoleEmpty text={t.empty} />
      ) : (
        <>
          <ul className="qgw-cs-card qgw-rv-rows" aria-label={t.queueTitle}>
            {items.map((item) => (
              <QueueRow key={item.id} item={item} admin={admin} checked={selected.has(item.id)} onCheck={(on) => check(item.id, on)} />
            ))}
          </ul>
          <div className="qgw-cs-more">
            {list.hasNextPage ? (
              <Button loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
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
