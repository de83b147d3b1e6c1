import { useState } from 'react';
import { Badge, Button, DotLoading, Popup } from 'antd-mobile';
import { MessageOutline, RightOutline } from 'antd-mobile-icons';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { Notification, ReadNotificationRequest } from '@qgw/contracts';
import { LoadError } from '../../../components/ui/load-error.js';
import { applicationScreenOf } from '../../../lib/application-screens.js';
import { navigateTo } from '../../../lib/navigation.js';
import { queryClient } from '../../../lib/query-client.js';
import { call } from '../../../lib/request.js';
import { toastError } from '../../../lib/toast.js';
import { notificationKeys, notificationOps } from '../api/operations.js';
import { notificationStrings as t } from '../strings.js';
import { ErrorBlock } from '../../../components/ui/error-block.js';
import './notifications.css';

const PAGE = 20;

function when(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

function useMarkRead() {
  return useMutation({
    mutationFn: (req: ReadNotificationRequest) => call(notificationOps.read, req),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    onError: toastError,
  });
}

/** A notice about an application leads to it (a 退回修改 notice to the reason and 修改申报). */
function open(item: Notification) {
  if (item.applicationId && item.kind) navigateTo(...applicationScreenOf({ kind: item.kind, id: item.applicationId, status: item.status }));
}

function Item({ item, onRead }: { item: Notification; onRead(id: string): void }) {
  const unread = item.readAt === null;
  const leads = Boolean(item.applicationId && item.kind);
  const tap = () => {
    if (unread) onRead(item.id);
    open(item);
  };
  return (
    <li className={unread ? 'qgw-nt-item qgw-nt-unread' : 'qgw-nt-item'}>
      <button type="button" className="qgw-nt-button" onClick={tap} aria-label={`${unread ? `${t.unreadMark} ` : ''}${item.title}${leads ? `，${t.viewApplication}` : ''}`}>
        <span className="qgw-nt-head">
          {unread && <span className="qgw-nt-dot" aria-hidden="true" />}
          <strong>{item.title}</strong>
          <span className="qgw-nt-time">{when(item.createdAt)}</span>
        </span>
        <span className="qgw-nt-body">{item.body}</span>
        {leads && (
          <span className="qgw-nt-link" aria-hidden="true">
            {t.viewApplication}
            <RightOutline />
          </span>
        )}
      </button>
    </li>
  );
}

/** The list inside the sheet: newest first, keyset pages, tap an unread one to mark it read. */
export function NotificationsList() {
  const list = useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam }) => call(notificationOps.list, { cursor: pageParam, limit: PAGE }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const read = useMarkRead();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;
  if (list.isPending) {
    return (
      <div className="qgw-nt-state" role="status" aria-label={t.loading}>
        <DotLoading color="primary" />
      </div>
    );
  }
  // a later page that failed keeps the entries already shown; its 加载更多 asks again
  if (list.isError && !list.data) return <LoadError error={list.error} title={t.loadFailed} onRetry={() => void list.refetch()} />;
  if (items.length === 0) return <ErrorBlock status="empty" title={t.empty} description="" />;
  return (
    <>
      {unread > 0 && (
        <div className="qgw-nt-actions">
          <Button size="small" fill="none" color="primary" loading={read.isPending} onClick={() => read.mutate({ all: true })}>
            {t.readAll}
          </Button>
        </div>
      )}
      <ul className="qgw-nt-list" aria-label={t.title}>
        {items.map((n) => (
          <Item key={n.id} item={n} onRead={(id) => read.mutate({ id })} />
        ))}
      </ul>
      {list.hasNextPage && (
        <div className="qgw-nt-actions">
          <Button size="small" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t.loadMore}
          </Button>
        </div>
      )}
    </>
  );
}

/** The account tab's 消息通知 row with its unread badge; the list opens in a bottom sheet. */
export function NotificationsEntry() {
  const [open, setOpen] = useState(false);
  const summary = useQuery({ queryKey: [...notificationKeys.all, 'unread'], queryFn: () => call(notificationOps.list, { unreadOnly: 'true', limit: 1 }) });
  const unread = summary.data?.unread ?? 0;
  return (
    <>
      <button type="button" className="qgw-menu-item qgw-menu-button" onClick={() => setOpen(true)}>
        <span className="qgw-menu-icon" aria-hidden="true">
          <MessageOutline />
        </span>
        <span className="qgw-menu-text">{t.entry}</span>
        {unread > 0 && <Badge content={unread > 99 ? '99+' : unread} aria-label={t.unread(unread)} />}
        <RightOutline className="qgw-menu-arrow" aria-hidden="true" />
      </button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyClassName="qgw-nt-sheet" destroyOnClose>
        <div role="dialog" aria-label={t.title} className="qgw-nt-dialog">
          <header className="qgw-nt-top">
            <h2>{t.title}</h2>
            <Button size="small" fill="none" onClick={() => setOpen(false)}>
              {t.close}
            </Button>
          </header>
          <NotificationsList />
        </div>
      </Popup>
    </>
  );
}
