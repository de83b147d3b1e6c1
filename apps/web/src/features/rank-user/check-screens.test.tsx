import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routes, storageKeys } from '@qgw/contracts';
import { renderApp } from '../../test/render-app.js';
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
  });
});

describe('pages/cxbCheck/index, personalInfo and videoInfo', () => {
  test('the list from applyDetail; tapping the rank-user entry fetches type info and opens personalInfo', async () => {
    signIn();
    localStorage.setItem(storageKeys.applyDetail, JSON.stringify([summary({ status: 'approved', title: '创新榜人物申报 · 张晓青' })]));
    const view = rankUserView({ status: 'approved', data: { ...rankUserView().data, idNumber: '1101**********0025' } });
    const api = stubApi({ '/v1/getRankUserInfo': ok({ rankUser: view }) });
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

  test('an unmasked ID number in an editable view is still masked on the detail page', async () => {
    signIn();
    stubApi({ '/v1/getRankUserInfo': ok({ rankUser: rankUserView({ status: 'returned', reason: '请补充' }) }) });
    await renderApp(routes.cxbCheck.personalInfo);
    expect(await screen.findByText('1101**********0025')).toBeTruthy();
    expect(screen.getByRole('button', { name: '修改申报' })).toBeTruthy();
  });

  test('nothing stored: an empty state with a way to apply', async () => {
    signIn();
    stubApi({});
    const app = await renderApp(routes.cxbCheck.index);
    expect(await screen.findByText('暂无申报记录')).toBeTruthy();
    await press('去申报');
    await waitFor(() => expect(app.path()).toBe(routes.cxb.process));
  });
});
