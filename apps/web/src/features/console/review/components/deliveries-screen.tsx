import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from 'antd-mobile';
import { useInfiniteQuery } from '@tanstack/react-query';
import { deliveryChannels, deliveryStatuses, type Delivery } from '@qgw/contracts';
import { call } from '../../../../lib/request.js';
import { ConsoleEmpty, ConsoleError, ConsoleLoading, ConsolePage, SelectField } from '../../components/console-ui.js';
import { reviewKeys, reviewOps } from '../api/operations.js';
import { reviewPaths } from '../paths.js';
import { reviewStrings as t } from '../strings.js';
import { formatTime } from './review-ui.js';

interface Filters {
  channel: Delivery['channel'] | '';
  status: Delivery['status'] | '';
}

const PAGE = 20;
/** the order an admin reads them in: what still moves first */
const statusOrder = ['pending', 'sending', 'failed', 'sent', 'skipped'] as const satisfies readonly (typeof deliveryStatuses)[number][];

function DeliveryRow({ d }: { d: Delivery }) {
  // the first attempt is not a retry; a pending copy shows when its next try is due
  const retries = Math.max(0, d.attempts - 1);
  return (
    <li className="qgw-rv-row qgw-rv-row-col">
      <span className="qgw-rv-row-head">
        <span className="qgw-rv-kind">{t.channels[d.channel]}</span>
        <span className={`qgw-rv-badge qgw-rv-delivery-${d.status}`}>{t.deliveryStatuses[d.status]}</span>
        {d.applicationId && (
          <Link to={reviewPaths.application(d.applicationId)} className="qgw-rv-title">
            {t.viewApplication}
          </Link>
        )}
      </span>
      <span className="qgw-rv-row-meta">
        <span>{t.retries(retries)}</span>
        {d.status === 'pending' && d.nextAttemptAt && d.attempts > 0 && <span>{t.nextRetry(formatTime(d.nextAttemptAt))}</span>}
        {d.recipient && <span>{t.recipient(d.recipient)}</span>}
        {d.sentAt ? <span>{t.sentAt(formatTime(d.sentAt))}</span> : <span>{t.createdAt(formatTime(d.createdAt))}</span>}
      </span>
      {d.detail && d.status !== 'sent' && <span className={d.status === 'failed' ? 'qgw-rv-refused' : 'qgw-cs-hint'}>{t.lastError(t.deliveryDetail(d.detail))}</span>}
    </li>
  );
}

/** Every outbound copy of released decisions: whether it went, how often it was tried, when it is tried next. */
export function DeliveriesScreen() {
  const [filters, setFilters] = useState<Filters>({ channel: '', status: '' });
  const list = useInfiniteQuery({
    queryKey: reviewKeys.deliveries(filters),
    // the worker changes these in the background: read them afresh on every visit
    refetchOnMount: 'always',
    queryFn: ({ pageParam }) =>
      call(reviewOps.deliveries, { channel: filters.channel || undefined, status: filters.status || undefined, cursor: pageParam, limit: PAGE }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));

  return (
    <ConsolePage
      title={t.deliveriesTitle}
      actions={
        <Button loading={list.isRefetching && !list.isFetchingNextPage} onClick={() => void list.refetch()}>
          {t.refresh}
        </Button>
      }
    >
      <div className="qgw-cs-filters qgw-rv-filters">
        <SelectField
          label={t.channel}
          value={filters.channel}
          options={[{ value: '' as const, label: t.all }, ...deliveryChannels.map((c) => ({ value: c, label: t.channels[c] }))]}
          onChange={(channel) => set({ channel })}
        />
        <SelectField
          label={t.deliveryStatus}
          value={filters.status}
          options={[{ value: '' as const, label: t.all }, ...statusOrder.map((s) => ({ value: s, label: t.deliveryStatuses[s] }))]}
          onChange={(status) => set({ status })}
        />
      </div>
      {list.isPending ? (
        <ConsoleLoading />
      ) : list.isError && !list.data ? (
        <ConsoleError error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <ConsoleEmpty text={t.noDeliveries} />
      ) : (
        <>
          <ul className="qgw-cs-card qgw-rv-rows" aria-label={t.deliveriesTitle}>
            {items.map((d) => (
              <DeliveryRow key={d.id} d={d} />
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
