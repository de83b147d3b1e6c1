import { afterEach, describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths, type Delivery } from '@qgw/contracts';
import { renderApp } from '../../../test/render-app.js';
import { ok, type RecordedCall } from '../../../test/api-stub.js';
import { profileOf, signIn } from '../../../test/session-fixture.js';
import { stubConsoleApi } from '../testing/console-stub.js';
import { formatTime } from './components/review-ui.js';

afterEach(() => vi.unstubAllGlobals());

const asAdmin = () => ok(profileOf(signIn({ roles: ['admin'] })));

const delivery = (over: Partial<Delivery> = {}): Delivery => ({
  id: 'd-1',
  notificationId: 'n-1',
  applicationId: 'app-1',
  channel: 'sms',
  status: 'sent',
  recipient: '138****1234',
  detail: null,
  createdAt: '2024-05-04T01:00:00.000Z',
  attempts: 1,
  nextAttemptAt: null,
  sentAt: '2024-05-04T01:00:01.000Z',
  ...over,
});

describe('notice deliveries', () => {
  test('each copy shows its status, retries, next retry and last error in words', async () => {
    const nextAt = '2024-05-04T01:30:00.000Z';
    const api = stubConsoleApi({
      [apiPaths.getUserInfo]: asAdmin(),
      [apiPaths.consoleDeliveries]: (c: RecordedCall) =>
        c.url.searchParams.get('cursor') === 'next-1'
          ? ok({ items: [delivery({ id: 'd-4', channel: 'wechat', status: 'skipped', detail: 'no_openid', recipient: null, sentAt: null })], nextCursor: null })
          : ok({
              items: [
                delivery({ id: 'd-1', status: 'pending', attempts: 2, detail: 'http:502', nextAttemptAt: nextAt, sentAt: null }),
                delivery({ id: 'd-2', channel: 'wechat', status: 'failed', detail: 'errcode:43004', recipient: 'oAbCdE…', sentAt: null }),
                delivery({ id: 'd-3', status: 'sending', attempts: 1, sentAt: null }),
                delivery({ id: 'd-5', status: 'sent', attempts: 3 }),
              ],
              nextCursor: 'next-1',
            }),
    });
    await renderApp('/console/deliveries');
    const list = await screen.findByRole('list', { name: '通知发送记录' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(4);

    const pending = within(rows[0]!);
    expect(pending.getByText('短信')).toBeTruthy();
    expect(pending.getByText('待发送')).toBeTruthy();
    expect(pending.getByText('重试次数：1')).toBeTruthy();
    expect(pending.getByText(`下次重试：${formatTime(nextAt)}`)).toBeTruthy();
    expect(pending.getByText('原因：服务商返回 HTTP 502')).toBeTruthy();
    expect(pending.getByRole('link', { name: '查看申报' }).getAttribute('href')).toBe('#/console/review/app-1');

    const failed = within(rows[1]!);
    expect(failed.getByText('微信模板消息')).toBeTruthy();
    expect(failed.getByText('失败')).toBeTruthy();
    expect(failed.getByText('重试次数：0')).toBeTruthy();
    expect(failed.getByText('原因：申报人未关注公众号（errcode:43004）')).toBeTruthy();
    expect(failed.queryByText(/下次重试/)).toBeNull();

    expect(within(rows[2]!).getByText('发送中')).toBeTruthy();
    expect(within(rows[2]!).queryByText(/下次重试/)).toBeNull();
    const sent = within(rows[3]!);
    expect(sent.getByText('已发送')).toBeTruthy();
    expect(sent.getByText('重试次数：2')).toBeTruthy();
    expect(sent.getByText(`发送于 ${formatTime('2024-05-04T01:00:01.000Z')}`)).toBeTruthy();
    expect(sent.getByText('接收人：138****1234')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByText('已跳过')).toBeTruthy();
    expect(screen.getByText('原因：申报人未绑定微信（no_openid）')).toBeTruthy();
    expect(screen.getByText('已全部加载')).toBeTruthy();
    expect(api.callsTo(apiPaths.consoleDeliveries).at(-1)!.url.searchParams.get('cursor')).toBe('next-1');
  });

  test('the filters reach the server', async () => {
    const api = stubConsoleApi({
      [apiPaths.getUserInfo]: asAdmin(),
      [apiPaths.consoleDeliveries]: ok({ items: [], nextCursor: null }),
    });
    await renderApp('/console/deliveries');
    expect(await screen.findByText('暂无发送记录')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('渠道'), { target: { value: 'wechat' } });
    fireEvent.change(screen.getByLabelText('发送状态'), { target: { value: 'pending' } });
    await waitFor(() => {
      const last = api.callsTo(apiPaths.consoleDeliveries).at(-1)!.url.searchParams;
      expect([last.get('channel'), last.get('status'), last.get('cursor')]).toEqual(['wechat', 'pending', null]);
    });
    // the worker moves them on in the background: 刷新 asks again
    const before = api.callsTo(apiPaths.consoleDeliveries).length;
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    await waitFor(() => expect(api.callsTo(apiPaths.consoleDeliveries).length).toBeGreaterThan(before));
  });
});
