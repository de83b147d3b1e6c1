import { useEffect, useMemo } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Button } from 'antd-mobile';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../../lib/request.js';
import { ConsoleEmpty, ConsoleError, ConsoleLoading, ConsolePage } from '../../components/console-ui.js';
import { reviewKeys, reviewOps } from '../api/operations.js';
import { QueueCards } from '../queue/queue-cards.js';
import { QueueFilterBar } from '../queue/queue-filters.js';
import { useConsoleSeasons } from '../../components/season-select.js';
import {
  filtersFromSearch, filtersKey, type QueueFilters, rememberedSearch, rememberSearch, requestFilters, searchFromFilters, seasonKnown,
} from '../queue/queue-search.js';
import { QueueTable } from '../queue/queue-table.js';
import { SelectBar } from '../queue/select-bar.js';
import { useIsDesk, useQueueSelection } from '../queue/use-queue-selection.js';
import { reviewStrings as t } from '../strings.js';
import { AssignToolbar } from './assign-panel.js';
import { ExportButtons } from './export-buttons.js';
import { useIsAdmin } from './review-ui.js';
import '../queue/queue.css';

export type { QueueFilters } from '../queue/queue-search.js';

const PAGE = 20;

function QueueList() {
  const admin = useIsAdmin();
  const desk = useIsDesk();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const key = filtersKey(filters);
  const selection = useQueueSelection(key);
  // a link opened directly, or a reload: what the bare queue address comes back to
  useEffect(() => rememberSearch(key), [key]);
  const apply = (next: QueueFilters) => {
    const search = searchFromFilters(next).toString();
    // before the address changes: the bare address must not bring the old filters back
    rememberSearch(search);
    setParams(search, { replace: true });
  };
  // admins see the current season's by default: its id comes with the seasons
  const seasons = useConsoleSeasons(admin);
  const currentSeasonId = seasons.data?.items.find((x) => x.current)?.id;
  const request = { ...requestFilters(filters, admin, currentSeasonId), sort: filters.sort, order: filters.order };
  const list = useInfiniteQuery({
    enabled: seasonKnown(filters, admin, currentSeasonId) || seasons.isError,
    // the loaded pages stay cached under their filters: back from an application they show at once
    queryKey: reviewKeys.queue({ ...request, admin }),
    // other reviewers and admins change the queue all the time: read it afresh on every visit
    refetchOnMount: 'always',
    queryFn: ({ pageParam }) => call(reviewOps.queue, { ...request, cursor: pageParam, limit: PAGE }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const titles = useMemo(() => new Map(items.map((i) => [i.id, i.title])), [items]);
  const visible = items.map((i) => i.id);
  const asTable = admin && desk;

  return (
    <ConsolePage title={t.queueTitle} actions={admin ? <ExportButtons filters={filters} currentSeasonId={currentSeasonId} /> : undefined}>
      <QueueFilterBar filters={filters} admin={admin} onChange={apply} />
      {admin && <AssignToolbar selected={[...selection.ids]} titleOf={(id) => titles.get(id) ?? id} onDone={selection.clear} />}
      {admin && <SelectBar filters={filters} currentSeasonId={currentSeasonId} visible={visible} selection={selection} onSelectMatching={selection.selectMatching} onClear={selection.clear} />}
      {list.isPending ? (
        <ConsoleLoading />
      ) : list.isError && !list.data ? (
        <ConsoleError error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <ConsoleEmpty text={t.empty} />
      ) : (
        <>
          {asTable ? (
            <QueueTable
              items={items}
              selected={selection.ids}
              onToggle={selection.toggle}
              onAll={(on) => selection.setAll(visible, on)}
              sort={filters.sort}
              order={filters.order}
              onSort={(sort, order) => apply({ ...filters, sort, order })}
            />
          ) : (
            <QueueCards items={items} admin={admin} selected={selection.ids} onToggle={selection.toggle} />
          )}
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

/**
 * The queue: reviewers get what is assigned to them, admins everything submitted — at a desk as a
 * sortable table, on a phone as cards. Filters and order live in the address; the bare address
 * (返回队列, the nav) takes up the last search of this tab.
 */
export function QueueScreen() {
  const { search } = useLocation();
  const remembered = rememberedSearch();
  if (search === '' && remembered) return <Navigate to={{ search: `?${remembered}` }} replace />;
  return <QueueList />;
}
