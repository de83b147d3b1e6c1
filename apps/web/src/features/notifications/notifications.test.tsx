import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths, Code, routes, type Notification } from '@qgw/contracts';
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
          // notices about nothing in particular: tapping only marks them read
          items: [note(), note({ id: 'n2', title: '申报退回修改', body: '请补充材料' }), note({ id: 'n3', title: '旧消息', readAt: '2024-05-01T00:00:00.000Z' })].map((n) => ({ ...n, applicationId: null, kind: null, status: null })).map((n) =>
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

  test('a notice about an application leads to it: a returned company entry to its result page, a returned 创新榜 entry to its status page', async () => {
    const info = signIn();
    const api = stubApi({
      [apiPaths.getUserInfo]: ok(profileOf(info)),
      [apiPaths.getNotifications]: ok({
        items: [
          note({ id: 'c1', title: '企业申报退回修改', body: '请补充营业执照', kind: 'company', applicationId: 'c-1', status: 'returned' }),
          note({ id: 'r1', title: '创新榜申报退回修改', body: '请补充视频', kind: 'rank_user', applicationId: 'r-1', status: 'returned', readAt: '2024-05-05T00:00:00.000Z' }),
        ],
        nextCursor: null,
        unread: 1,
      }),
      [apiPaths.readNotification]: ok({ unread: 0 }),
      [apiPaths.getCompanyInfo]: ok({ company: null }),
      [apiPaths.getCurrentStatus]: ok(null),
    });
    const app = await renderApp(routes.account.index);
    fireEvent.click(await screen.findByRole('button', { name: /消息通知/ }));
    const sheet = await screen.findByRole('dialog', { name: '消息通知' });
    fireEvent.click(await within(sheet).findByRole('button', { name: '未读 企业申报退回修改，查看申报' }));
    await waitFor(() => expect(app.path()).toBe(routes.cxb2024.companyResult));
    expect(api.callsTo(apiPaths.readNotification).map((c) => c.body)).toEqual([expect.objectContaining({ id: 'c1' })]);

    await act(async () => {
      await app.router.navigate(routes.account.index);
    });
    fireEvent.click(await screen.findByRole('button', { name: /消息通知/ }));
    const again = await screen.findByRole('dialog', { name: '消息通知' });
    fireEvent.click(await within(again).findByRole('button', { name: '创新榜申报退回修改，查看申报' }));
    await waitFor(() => expect(app.path()).toBe(routes.cxbCheck.checkStatus));
    // returned = the look-up's 9000: the status page shows the reason and 修改申报
    expect(new URLSearchParams(app.search()).get('status')).toBe(String(Code.APPLY_REJECTED));
    // a read notice is not marked again
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

  test('the list cannot load (a proxy\'s 429): 消息加载失败 with 操作太频繁 and 重试, which lists them', async () => {
    const info = signIn();
    let limited = true;
    stubApi({
      [apiPaths.getUserInfo]: ok(profileOf(info)),
      [apiPaths.getNotifications]: (c: RecordedCall) =>
        limited && c.url.searchParams.get('unreadOnly') !== 'true' ? { status: 429, body: {} } : ok({ items: [note()], nextCursor: null, unread: 1 }),
    });
    await renderApp(routes.account.index);
    fireEvent.click(await screen.findByRole('button', { name: /消息通知/ }));
    const sheet = await screen.findByRole('dialog', { name: '消息通知' });
    const state = await within(sheet).findByTestId('load-error');
    expect(state.textContent).toContain('消息加载失败');
    expect(state.textContent).toContain('操作太频繁，请稍后再试');
    limited = false;
    fireEvent.click(within(state).getByRole('button', { name: '重试' }));
    const list = await within(sheet).findByRole('list', { name: '消息通知' });
    expect(within(list).getByText('申报审核结果')).toBeTruthy();
    expect(within(sheet).queryByTestId('load-error')).toBeNull();
  });
});
