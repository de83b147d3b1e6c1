import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routes, storageKeys } from '@qgw/contracts';
import { renderApp } from '../../test/render-app.js';
import { queryClient } from '../../lib/query-client.js';
import { fail, ok, stubApi } from '../../test/api-stub.js';
import { signIn } from '../../test/session-fixture.js';
import { rankUserView, summary } from './testing/fixtures.js';
import { press } from './testing/form-helpers.js';

beforeAll(async () => {
  await Promise.all([
    import('../../routes/cxb-check-status.js'),
    import('../../routes/cxb-check-index.js'),
    import('../../routes/cxb-check-personal-info.js'),
    import('../../routes/cxb-check-video-info.js'),
    import('../../routes/cxb-application-index.js'),
  ]);
}, 60_000);

afterEach(() => vi.unstubAllGlobals());

const statusPage = (status: number) => `${routes.cxbCheck.checkStatus}?status=${status}`;

describe('pages/cxbCheck/checkStatus: a named state, never a bare code', () => {
  test('submitted: 已提交, next step, timeline, withdraw with a reason', async () => {
    signIn();
    let withdrawn = false;
    const api = stubApi({
      '/v1/getRankUserInfo': () => ok({ rankUser: withdrawn ? null : rankUserView({ status: 'submitted' }) }),
      '/v1/withdrawApplication': () => {
        withdrawn = true;
        return ok({ id: 'ru-1', status: 'withdrawn', version: 4 });
      },
    });
    await renderApp(statusPage(9002));
    expect(await screen.findByText('申报已提交')).toBeTruthy();
    expect(screen.getByText('等待资格审核')).toBeTruthy();
    expect(screen.queryByText('9002')).toBeNull();
    const timeline = screen.getByRole('region', { name: '办理进度' });
    expect(within(timeline).getByText('草稿')).toBeTruthy();
    expect(within(timeline).getByText('已提交')).toBeTruthy();

    await press('撤回申报');
    // the sheet's code loads on that first tap
    await screen.findByLabelText('撤回原因');
    await press('确认撤回');
    expect(await screen.findByText('请填写撤回原因')).toBeTruthy();
    expect(api.callsTo('/v1/withdrawApplication')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('撤回原因'), { target: { value: '材料需要补充' } });
    await press('确认撤回');
    await waitFor(() => expect(api.callsTo('/v1/withdrawApplication')).toHaveLength(1));
    expect(api.callsTo('/v1/withdrawApplication')[0]!.body).toMatchObject({ id: 'ru-1', reason: '材料需要补充' });
    expect(await screen.findByText('申报已撤回')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新申报' })).toBeTruthy();
  });

  test('returned: the reviewer’s reason and 修改申报, which opens the form prefilled', async () => {
    signIn();
    stubApi({
      '/v1/getRankUserInfo': ok({
        rankUser: rankUserView({
          status: 'returned',
          reason: '视频无声音，请重新录制',
          timeline: [
            { status: 'submitted', at: '2024-05-02T02:00:00.000Z', note: null },
            { status: 'under_review', at: '2024-05-03T02:00:00.000Z', note: null },
            { status: 'returned', at: '2024-05-04T02:00:00.000Z', note: '视频无声音，请重新录制' },
          ],
        }),
      }),
    });
    const app = await renderApp(statusPage(9000));
    expect(await screen.findByText('申报被退回修改')).toBeTruthy();
    expect(screen.getAllByText('视频无声音，请重新录制').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: '撤回申报' })).toBeNull();
    await press('修改申报');
    await waitFor(() => expect(app.path()).toBe(routes.cxbApplication.index));
    expect(((await screen.findByLabelText('姓名')) as HTMLInputElement).value).toBe('张晓青');
  });

  test('rejected: 未通过 with the reason, no edit', async () => {
    signIn();
    stubApi({ '/v1/getRankUserInfo': ok({ rankUser: rankUserView({ status: 'rejected', reason: '不符合申报条件' }) }) });
    await renderApp(statusPage(9000));
    expect(await screen.findByText('申报未通过')).toBeTruthy();
    expect(screen.getByText('不符合申报条件')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '修改申报' })).toBeNull();
  });

  test('approved: 已通过 and the detail', async () => {
    signIn();
    stubApi({ '/v1/getRankUserInfo': ok({ rankUser: rankUserView({ status: 'approved' }) }) });
    await renderApp(statusPage(0));
    expect(await screen.findByText('申报已通过')).toBeTruthy();
    expect(screen.getByRole('button', { name: '查看申报详情' })).toBeTruthy();
  });

  test('the application cannot be fetched: the code and the stored reason still name the situation', async () => {
    signIn();
    localStorage.setItem(storageKeys.applyStatusMessage, '照片不清晰');
    stubApi({ '/v1/getRankUserInfo': fail('服务繁忙', 5030) });
    await renderApp(statusPage(9000));
    expect(await screen.findByText('申报已被退回或未通过')).toBeTruthy();
    expect(screen.getByText('照片不清晰')).toBeTruthy();
    // and below it the shared failed-load state: 重试 fetches the application
    expect((await screen.findByTestId('load-error', {}, { timeout: 8000 })).textContent).toContain('申报状态加载失败');
  });

  test('opened without a code and the application cannot be fetched: 申报状态加载失败 and 重试, which shows the state', async () => {
    signIn();
    let calls = 0;
    stubApi({ '/v1/getRankUserInfo': () => (++calls === 1 ? { status: 429, body: {} } : ok({ rankUser: rankUserView({ status: 'approved' }) })) });
    await renderApp(routes.cxbCheck.checkStatus);
    const state = await screen.findByTestId('load-error');
    expect(state.textContent).toContain('申报状态加载失败');
    expect(state.textContent).toContain('操作太频繁，请稍后再试');
    expect(screen.queryByText('暂未查询到申报状态')).toBeNull();
    await press('重试');
    expect(await screen.findByText('申报已通过')).toBeTruthy();
    expect(screen.queryByTestId('load-error')).toBeNull();
  });
});

describe('pages/cxbCheck/index, personalInfo and videoInfo', () => {
  test('the list from the server; tapping the rank-user entry fetches type info and opens personalInfo', async () => {
    signIn();
    localStorage.setItem(storageKeys.applyDetail, JSON.stringify([summary({ status: 'approved', title: '创新榜人物申报 · 张晓青' })]));
    const view = rankUserView({ status: 'approved', data: { ...rankUserView().data, idNumber: '1101**********0025' } });
    const api = stubApi({
      '/v1/myApplications': ok([summary({ status: 'approved', title: '创新榜人物申报 · 张晓青' })]),
      '/v1/getRankUserInfo': ok({ rankUser: view }),
    });
    const app = await renderApp(routes.cxbCheck.index);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: /创新榜人物申报 · 张晓青/ })));
    await waitFor(() => expect(app.path()).toBe(routes.cxbCheck.personalInfo));
    expect(Object.fromEntries(api.callsTo('/v1/getRankUserInfo')[0]!.url.searchParams)).toMatchObject({ type: 'info' });
    expect(JSON.parse(localStorage.getItem(storageKeys.applyDetail)!)).toEqual({ rankUser: view });
    expect(await screen.findByText('1101**********0025')).toBeTruthy();
    expect(screen.queryByText('110105199003070025')).toBeNull();
    expect(screen.getByRole('img', { name: '申报人证件照' }).getAttribute('src')).toBe(view.fileUrls.photo_0000000000000001);

    await press('观看介绍视频');
    await waitFor(() => expect(app.path()).toBe(routes.cxbCheck.videoInfo));
    const video = await screen.findByLabelText('介绍视频', { selector: 'video' });
    expect(video.getAttribute('src')).toBe(view.fileUrls.video_0000000000000001);
  });

  test('申报详情 and 介绍视频 that cannot be fetched: the shared failed-load state, whose 重试 shows them', async () => {
    signIn();
    let limited = true;
    const view = rankUserView({ status: 'approved' });
    stubApi({ '/v1/getRankUserInfo': () => (limited ? { status: 429, body: {} } : ok({ rankUser: view })) });
    const app = await renderApp(routes.cxbCheck.personalInfo);
    expect((await screen.findByTestId('load-error')).textContent).toContain('申报详情加载失败');
    limited = false;
    await press('重试');
    expect(await screen.findByRole('img', { name: '申报人证件照' })).toBeTruthy();

    limited = true;
    queryClient.clear();
    await act(async () => {
      await app.router.navigate(routes.cxbCheck.videoInfo);
    });
    const state = await screen.findByTestId('load-error');
    expect(state.textContent).toContain('介绍视频加载失败');
    expect(screen.queryByText('暂无介绍视频')).toBeNull();
    limited = false;
    await press('重试');
    expect((await screen.findByLabelText('介绍视频', { selector: 'video' })).getAttribute('src')).toBe(view.fileUrls.video_0000000000000001);
  });

  test('an unmasked ID number in an editable view is still masked on the detail page', async () => {
    signIn();
    stubApi({ '/v1/getRankUserInfo': ok({ rankUser: rankUserView({ status: 'returned', reason: '请补充' }) }) });
    await renderApp(routes.cxbCheck.personalInfo);
    expect(await screen.findByText('1101**********0025')).toBeTruthy();
    expect(screen.getByRole('button', { name: '修改申报' })).toBeTruthy();
  });

  test('opened after 个人信息 overwrote applyDetail with {rankUser}: every application is still listed, from the server', async () => {
    signIn();
    localStorage.setItem(storageKeys.applyDetail, JSON.stringify({ rankUser: rankUserView() }));
    stubApi({
      '/v1/myApplications': ok([
        summary({ id: 'a1', status: 'approved', title: '创新榜人物申报 · 张晓青' }),
        summary({ id: 'a2', kind: 'membership', status: 'submitted', title: '入会申请 · 张晓青' }),
        summary({ id: 'a3', kind: 'company', status: 'returned', title: '企业申报 · 青创科技', reason: '请补充营业执照' }),
      ]),
    });
    await renderApp(routes.cxbCheck.index);
    expect(await screen.findByRole('button', { name: /入会申请 · 张晓青/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /创新榜人物申报 · 张晓青/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /企业申报 · 青创科技/ }).textContent).toContain('请补充营业执照');
    expect(screen.queryByText('暂无申报记录')).toBeNull();
  });

  test('entries grouped by season, newest first; membership, of no season, last', async () => {
    signIn();
    stubApi({
      '/v1/myApplications': ok([
        summary({ id: 'm1', kind: 'membership', status: 'submitted', title: '入会申请 · 张晓青', seasonYear: null }),
        summary({ id: 'p24', kind: 'person', status: 'returned', title: '个人申报 · 张晓青', seasonYear: 2024 }),
        summary({ id: 'w25', kind: 'work', status: 'submitted', title: '作品 · 智慧农业', seasonYear: 2025 }),
      ]),
    });
    await renderApp(routes.cxbCheck.index);
    const group = async (name: string) => within(await screen.findByRole('region', { name }));
    expect((await group('2025 届')).getByRole('button', { name: /作品 · 智慧农业/ })).toBeTruthy();
    expect((await group('2024 届')).getByRole('button', { name: /个人申报 · 张晓青/ })).toBeTruthy();
    expect((await group('入会申请')).getByRole('button', { name: /入会申请 · 张晓青/ })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['2025 届', '2024 届', '入会申请']);
  });

  test('the list cannot be fetched: it says so and offers 重试, which asks again', async () => {
    signIn();
    let calls = 0;
    // the query asks once more by itself before giving up
    stubApi({ '/v1/myApplications': () => (++calls <= 2 ? fail('服务繁忙', 5030) : ok([summary({ title: '创新榜人物申报 · 张晓青' })])) });
    await renderApp(routes.cxbCheck.index);
    expect(await screen.findByText('申报记录加载失败')).toBeTruthy();
    await press('重试');
    expect(await screen.findByRole('button', { name: /创新榜人物申报 · 张晓青/ })).toBeTruthy();
  });

  test('a proxy\'s 429 (no body): 操作太频繁，请稍后再试 with 重试, never 状态码429; 重试 loads the list', async () => {
    signIn();
    let calls = 0;
    stubApi({ '/v1/myApplications': () => (++calls === 1 ? { status: 429, body: {} } : ok([summary({ title: '创新榜人物申报 · 张晓青' })])) });
    await renderApp(routes.cxbCheck.index);
    const state = await screen.findByTestId('load-error');
    expect(state.textContent).toContain('申报记录加载失败');
    expect(state.textContent).toContain('操作太频繁，请稍后再试');
    expect(screen.queryByText(/状态码429/)).toBeNull();
    // a 4xx is not asked again by itself: the person decides
    expect(calls).toBe(1);
    await press('重试');
    expect(await screen.findByRole('button', { name: /创新榜人物申报 · 张晓青/ })).toBeTruthy();
  });

  test('offline: 网络不可用，请检查网络后重试 at once (no endless loading); back online, 重试 loads the list', async () => {
    signIn();
    let online = false;
    const api = stubApi({ '/v1/myApplications': () => ok([summary({ title: '创新榜人物申报 · 张晓青' })]) });
    const stubbed = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (...args: Parameters<typeof stubbed>) => {
      if (!online) throw new TypeError('Failed to fetch');
      return stubbed(...args);
    });
    await renderApp(routes.cxbCheck.index);
    const state = await screen.findByTestId('load-error', {}, { timeout: 4000 });
    expect(state.textContent).toContain('网络不可用，请检查网络后重试');
    online = true;
    await press('重试');
    expect(await screen.findByRole('button', { name: /创新榜人物申报 · 张晓青/ })).toBeTruthy();
  });

  test('no application on the server: an empty state with a way to apply', async () => {
    signIn();
    stubApi({ '/v1/myApplications': ok([]) });
    const app = await renderApp(routes.cxbCheck.index);
    expect(await screen.findByText('暂无申报记录')).toBeTruthy();
    await press('去申报');
    await waitFor(() => expect(app.path()).toBe(routes.cxb.process));
  });
});
