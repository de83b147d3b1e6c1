import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { routes, storageKeys } from '@qgw/contracts';
import { renderApp } from '../../test/render-app.js';
import { fail, ok, stubApi, type StubAnswer } from '../../test/api-stub.js';
import { signIn } from '../../test/session-fixture.js';
import { rankUserView, summary } from './testing/fixtures.js';

// the screens' chunks compile on first use; compile them once before the timed waits
beforeAll(async () => {
  await Promise.all([
    import('../../routes/cxb-index.js'),
    import('../../routes/cxb-process.js'),
    import('../../routes/cxb-check-index.js'),
    import('../../routes/cxb-check-status.js'),
    import('../../routes/welcome.js'),
  ]);
}, 60_000);

afterEach(() => vi.unstubAllGlobals());

/** Opens the programme page signed in, answers the look-up with `answer` and presses 我的申报. */
async function lookUpWith(answer: StubAnswer, mine: StubAnswer = ok([])) {
  signIn();
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const api = stubApi({ '/v1/getRankUserInfo': async () => (await held, answer), '/v1/myApplications': mine });
  const app = await renderApp(routes.cxb.index);
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: /我的申报/ })));
  expect(await screen.findByText('加载中')).toBeTruthy();
  await act(async () => release());
  return { app, api };
}

const stored = (key: string) => localStorage.getItem(key);

describe('rank-user look-up (requirements: rank-user look-up, look-up codes)', () => {
  test('sends the session mobile with type check', async () => {
    const { api } = await lookUpWith(ok(null, 9001));
    await waitFor(() => expect(api.callsTo('/v1/getRankUserInfo')).toHaveLength(1));
    const params = api.callsTo('/v1/getRankUserInfo')[0]!.url.searchParams;
    expect(params.get('mobile')).toBe('13812341234');
    expect(params.get('type')).toBe('check');
    expect(params.get('platform')).toBe('wap');
    expect(params.get('rent_mode')).toBe('2');
  });

  test('success 9001 → /pages/cxb/process; applyStatus 9001', async () => {
    const { app } = await lookUpWith(ok(null, 9001));
    await waitFor(() => expect(app.path()).toBe(routes.cxb.process));
    expect(stored(storageKeys.applyStatus)).toBe('9001');
    expect(await screen.findByRole('button', { name: '开始申报' })).toBeTruthy();
  });

  test('success 0 → /pages/cxbCheck/index; applyDetail = postList, tempStatus = {rankUser}', async () => {
    const view = rankUserView({ status: 'approved' });
    const postList = [summary({ status: 'approved', title: '创新榜人物申报 · 张晓青' }), summary({ id: 'm-1', kind: 'membership', status: 'submitted', title: '入会申请' })];
    // 我的申报 then reads the same list from the server
    const { app } = await lookUpWith(ok({ rankUser: view, postList }, 0), ok(postList));
    await waitFor(() => expect(app.path()).toBe(routes.cxbCheck.index));
    expect(stored(storageKeys.applyStatus)).toBe('0');
    expect(JSON.parse(stored(storageKeys.applyDetail)!)).toEqual(postList);
    expect(JSON.parse(stored(storageKeys.tempStatus)!)).toEqual({ rankUser: view });
    expect(stored(storageKeys.applyStatusMessage)).toBeNull();
    // the list shows each application with its named state
    expect(await screen.findByText('创新榜人物申报 · 张晓青')).toBeTruthy();
    expect(screen.getByText('已通过')).toBeTruthy();
    expect(screen.getByText('已提交')).toBeTruthy();
  });

  test('success 9002 → checkStatus?status=9002', async () => {
    const { app } = await lookUpWith(ok(summary({ status: 'submitted' }), 9002));
    await waitFor(() => expect(app.path()).toBe(routes.cxbCheck.checkStatus));
    expect(new URLSearchParams(app.search()).get('status')).toBe('9002');
    expect(stored(storageKeys.applyStatus)).toBe('9002');
  });

  test('failure 9000 → checkStatus?status=9000; the reason kept as applyStatusMessage', async () => {
    const { app } = await lookUpWith(fail('照片不清晰，请重新上传', 9000));
    await waitFor(() => expect(app.path()).toBe(routes.cxbCheck.checkStatus));
    expect(new URLSearchParams(app.search()).get('status')).toBe('9000');
    expect(stored(storageKeys.applyStatus)).toBe('9000');
    expect(stored(storageKeys.applyStatusMessage)).toBe('照片不清晰，请重新上传');
    expect(stored(storageKeys.token)).not.toBeNull();
  });

  test('failure 用户不存在 → /pages/cxb/process', async () => {
    const { app } = await lookUpWith(fail('用户不存在', 1103));
    await waitFor(() => expect(app.path()).toBe(routes.cxb.process));
    expect(stored(storageKeys.applyStatusMessage)).toBe('用户不存在');
    expect(stored(storageKeys.token)).not.toBeNull();
  });

  test('any other failure → toast, storage cleared, /pages/welcome/index', async () => {
    localStorage.setItem(storageKeys.browserId, 'device-1');
    const { app } = await lookUpWith(fail('服务暂不可用', 5030));
    await waitFor(() => expect(app.path()).toBe(routes.welcome.index));
    expect(await screen.findByText('服务暂不可用')).toBeTruthy();
    expect(localStorage.length).toBe(0);
  });

  test('a transport failure is not an answer: message shown, session kept, page kept', async () => {
    const { app } = await lookUpWith({ status: 502, body: {} });
    expect(await screen.findByText('网络请求错误，状态码502')).toBeTruthy();
    expect(app.path()).toBe(routes.cxb.index);
    expect(stored(storageKeys.token)).not.toBeNull();
  });

  test('signed out: asked to log in, no look-up sent', async () => {
    const api = stubApi({});
    const app = await renderApp(routes.cxb.index);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: /我的申报/ })));
    await waitFor(() => expect(app.path()).toBe(routes.login.index));
    // the page's public content is read for anyone; the look-up needs a session
    expect(api.callsTo('/v1/getRankUserInfo')).toHaveLength(0);
  });
});
