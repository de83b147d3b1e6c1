import { afterEach, describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths, routes, type Notification } from '@qgw/contracts';
import { renderApp } from '../../test/render-app.js';
import { ok, stubApi, type RecordedCall } from '../../test/api-stub.js';
import { profileOf, signIn } from '../../test/session-fixture.js';

afterEach(() => vi.unstubAllGlobals());

const note = (over: Partial<Notification> = {}): Notification => ({
  id: 'n1',
  title: '申报审核结果',
  body: '您的申报已通过审核',
  applicationId: 'app-1',
  kind: 'person',
  status: 'approved',
  createdAt: '2024-05-04T01:00:00.000Z',
  readAt: null,
  ...over,
});

describe('notifications on the account tab', () => {
  test('消息通知 shows the unread count; the sheet lists them; tapping one marks it read', async () => {
    const info = signIn();
    let unread = 2;
    const readAt = new Set<string>();
    const api = stubApi({
      [apiPaths.getUserInfo]: ok(profileOf(info)),
      [apiPaths.getNotifications]: () =>
        ok({
          items: [note(), note({ id: 'n2', title: '申报退回修改', body: '请补充材料' }), note({ id: 'n3', title: '旧消息', readAt: '2024-05-01T00:00:00.000Z' })].map((n) =>
            readAt.has(n.id) ? { ...n, readAt: '2024-05-05T00:00:00.000Z' } : n,
          ),
          nextCursor: null,
          unread,
        }),
      [apiPaths.readNotification]: (c: RecordedCall) => {
        readAt.add((c.body as { id: string }).id);
        unread -= 1;
        return ok({ unread });
      },
    });
    await renderApp(routes.account.index);
    const entry = await screen.findByRole('button', { name: /消息通知/ });
    expect(await within(entry).findByLabelText('2 条未读')).toBeTruthy();

    fireEvent.click(entry);
    const sheet = await screen.findByRole('dialog', { name: '消息通知' });
    const list = await within(sheet).findByRole('list', { name: '消息通知' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByText('请补充材料')).toBeTruthy();
    expect(within(sheet).getByRole('button', { name: '全部已读' })).toBeTruthy();

    fireEvent.click(within(list).getByRole('button', { name: '未读 申报审核结果' }));
    await waitFor(() => expect(api.callsTo(apiPaths.readNotification).map((c) => c.body)).toEqual([expect.objectContaining({ id: 'n1' })]));
    expect(await within(entry).findByLabelText('1 条未读')).toBeTruthy();
    await waitFor(() => expect(within(list).queryByRole('button', { name: '未读 申报审核结果' })).toBeNull());
    // tapping a read one sends nothing more
    fireEvent.click(within(list).getByRole('button', { name: '旧消息' }));
    expect(api.callsTo(apiPaths.readNotification)).toHaveLength(1);
  });

  test('no notifications: no badge, and the sheet says 暂无消息', async () => {
    const info = signIn();
    stubApi({ [apiPaths.getUserInfo]: ok(profileOf(info)), [apiPaths.getNotifications]: ok({ items: [], nextCursor: null, unread: 0 }) });
    await renderApp(routes.account.index);
    const entry = await screen.findByRole('button', { name: '消息通知' });
    expect(within(entry).queryByLabelText(/条未读/)).toBeNull();
    fireEvent.click(entry);
    expect(await screen.findByText('暂无消息')).toBeTruthy();
  });
});
