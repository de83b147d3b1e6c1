import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Code, idNumberFactsMessages, routes, storageKeys } from '@qgw/contracts';
import { renderApp } from '../../test/render-app.js';
import { fail, ok, stubApi, type RecordedCall } from '../../test/api-stub.js';
import { signIn } from '../../test/session-fixture.js';
import { startUploadServer, type UploadServer } from '../applications/testing/upload-server.js';
import { completeForm, rankUserView } from './testing/fixtures.js';
import { fillPersonal, pickFiles, press, type } from './testing/form-helpers.js';

let server: UploadServer | null = null;

beforeAll(async () => {
  await Promise.all([
    import('../../routes/cxb-application-apply-notice.js'),
    import('../../routes/cxb-application-index.js'),
    import('../../routes/cxb-application-video-new.js'),
    import('../../routes/cxb-application-video-info.js'),
    import('../../routes/cxb-application-preview.js'),
    import('../../routes/cxb-check-status.js'),
  ]);
}, 60_000);

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  await server?.close();
  server = null;
});

const form = completeForm();

/** From the first step of a returned application: 下一步 through the steps to the preview, then 提交修改. */
async function throughTheStepsAndSend(app: { path(): string }): Promise<void> {
  await press('下一步');
  await waitFor(() => expect(app.path()).toBe(routes.cxbApplication.videoNew));
  await press('下一步');
  await waitFor(() => expect(app.path()).toBe(routes.cxbApplication.videoInfo));
  await press('下一步');
  await waitFor(() => expect(app.path()).toBe(routes.cxbApplication.preview));
  await press('提交修改');
}
const query = (c: RecordedCall) => Object.fromEntries(c.url.searchParams);

describe('a new rank-user application, notice to status page', () => {
  test('notice → four steps with autosave, uploads, preview → 提交 → checkStatus?status=9002', async () => {
    signIn();
    server = await startUploadServer();
    vi.stubEnv('VITE_API_BASE', server.origin);
    let submitted = false;
    let saves = 0;
    const api = stubApi({
      '/v1/getRankUserInfo': () =>
        ok({ rankUser: submitted ? rankUserView({ id: 'draft-1', status: 'submitted' }) : null }),
      '/v1/getDraft': ok(null),
      '/v1/saveDraft': () => ok({ id: 'draft-1', version: ++saves, savedAt: new Date().toISOString() }),
      '/v1/rankUserApply': () => {
        submitted = true;
        return ok({ id: 'draft-1', status: 'submitted', version: saves + 1 }, 9002);
      },
    });

    const app = await renderApp(routes.cxbApplication.applyNotice);
    const next = await screen.findByRole('button', { name: '下一步' });
    expect(next.hasAttribute('disabled')).toBe(true);
    await act(async () => fireEvent.click(screen.getByText('我已阅读并同意')));
    expect(next.hasAttribute('disabled')).toBe(false);
    await press('下一步');

    // step 1: personal information
    await waitFor(() => expect(app.path()).toBe(routes.cxbApplication.index));
    await screen.findByLabelText('姓名');
    await press('下一步');
    expect((await screen.findAllByText('请填写姓名')).length).toBeGreaterThan(0);
    expect(app.path()).toBe(routes.cxbApplication.index);
    await fillPersonal(form);
    // a valid ID number fills in nothing the user already chose, and the draft is saved a moment later
    await waitFor(() => expect(api.callsTo('/v1/saveDraft').length).toBeGreaterThan(0), { timeout: 4000 });
    const firstSave = api.callsTo('/v1/saveDraft').at(-1)!.body as { kind: string; data: Record<string, unknown> };
    expect(firstSave.kind).toBe('rank_user');
    expect(firstSave.data).toMatchObject({ name: form.name, idNumber: form.idNumber, gender: 'female' });
    expect(await screen.findByText(/^已自动保存 \d\d:\d\d$/)).toBeTruthy();
    await press('下一步');

    // step 2: photo and video
    await waitFor(() => expect(app.path()).toBe(routes.cxbApplication.videoNew));
    await screen.findByText('支持 JPG/PNG/WebP，大图自动压缩');
    expect(screen.getByText('支持 MP4/MOV/WebM，不超过 300MB')).toBeTruthy();
    await press('下一步');
    expect((await screen.findAllByText('请上传证件照')).length).toBeGreaterThan(0);
    await pickFiles('证件照', [new File([new Uint8Array(3000)], 'me.jpg', { type: 'image/jpeg' })]);
    await pickFiles('个人介绍视频', [new File([new Uint8Array(400_000)], 'me.mp4', { type: 'video/mp4', lastModified: 1 })]);
    await screen.findByText('视频已上传', undefined, { timeout: 8000 });
    // the photo is in the form once its tile can be removed (its upload may end after the video's)
    await screen.findByRole('button', { name: '删除第1张图片' });
    expect(server.images[0]?.purpose).toBe('photo');
    await press('下一步');

    // step 3: the story
    await waitFor(() => expect(app.path()).toBe(routes.cxbApplication.videoInfo));
    await screen.findByLabelText('个人简介');
    type('个人简介', '太短');
    await press('下一步');
    expect(await screen.findByText('个人简介至少10个字')).toBeTruthy();
    type('个人简介', form.intro);
    type('主要事迹', form.achievements);
    await press('下一步');

    // step 4: preview, then submit
    await waitFor(() => expect(app.path()).toBe(routes.cxbApplication.preview));
    expect(await screen.findByText(form.organization)).toBeTruthy();
    expect(screen.getByText(form.idNumber)).toBeTruthy();
    expect(screen.getByText('女')).toBeTruthy();
    expect(screen.getByText(form.achievements)).toBeTruthy();
    await press('提交');

    await waitFor(() => expect(app.path()).toBe(routes.cxbCheck.checkStatus));
    expect(new URLSearchParams(app.search()).get('status')).toBe('9002');
    expect(await screen.findByText('提交成功...')).toBeTruthy();
    expect(localStorage.getItem(storageKeys.tempStatus)).toBe('1001');
    const body = api.callsTo('/v1/rankUserApply')[0]!.body as Record<string, unknown>;
    const photo = server.images[0]!.id;
    const video = [...server.uploads.keys()][0]!;
    expect(body).toEqual({ ...form, photo, video, draftId: 'draft-1', platform: 'wap', rent_mode: 2 });
    // the status page names the state and offers what comes next
    expect(await screen.findByText('申报已提交')).toBeTruthy();
    expect(screen.getByRole('button', { name: '撤回申报' })).toBeTruthy();
    expect(query(api.callsTo('/v1/getRankUserInfo').at(-1)!)).toMatchObject({ type: 'info', mobile: '13812341234' });
  }, 30_000);

  test('a draft saved on another device is resumed', async () => {
    signIn();
    stubApi({
      '/v1/getRankUserInfo': ok({ rankUser: null }),
      '/v1/getDraft': ok({ id: 'draft-9', version: 4, data: { name: '李青', organization: '青工委' }, savedAt: '2024-05-01T06:30:00.000Z' }),
    });
    await renderApp(routes.cxbApplication.index);
    expect(await screen.findByText('已恢复上次填写的内容，可继续申报')).toBeTruthy();
    expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('李青');
    expect((screen.getByLabelText('工作单位') as HTMLInputElement).value).toBe('青工委');
    expect(screen.getByText(/^已自动保存 \d\d:\d\d$/)).toBeTruthy();
  });

  test('an application already with the reviewers: no form, a way to its status', async () => {
    signIn();
    stubApi({ '/v1/getRankUserInfo': ok({ rankUser: rankUserView({ status: 'under_review' }) }) });
    const app = await renderApp(routes.cxbApplication.index);
    expect(await screen.findByText('您已提交过申报')).toBeTruthy();
    expect(screen.queryByLabelText('姓名')).toBeNull();
    await press('查看审核状态');
    await waitFor(() => expect(app.path()).toBe(routes.cxbCheck.checkStatus));
    expect(new URLSearchParams(app.search()).get('status')).toBe('9002');
  });
});

describe('a returned application', () => {
  test('prefilled, 提交修改 → rankUserUpdate with id and version, info re-fetched into applyDetail, 提交成功...', async () => {
    signIn();
    let updated = false;
    const returned = rankUserView({ status: 'returned', reason: '照片不清晰，请重新上传', version: 5 });
    const after = rankUserView({ status: 'submitted', version: 6 });
    const api = stubApi({
      '/v1/getRankUserInfo': () => ok({ rankUser: updated ? after : returned }),
      '/v1/rankUserUpdate': () => {
        updated = true;
        return ok({ id: 'ru-1', status: 'submitted', version: 6 }, 9002);
      },
    });
    const app = await renderApp(routes.cxbApplication.index);
    expect(await screen.findByText('照片不清晰，请重新上传')).toBeTruthy();
    expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe(form.name);
    type('职务', '高级工程师');
    await throughTheStepsAndSend(app);

    await waitFor(() => expect(app.path()).toBe(routes.cxbCheck.checkStatus));
    expect(await screen.findByText('提交成功...')).toBeTruthy();
    expect(api.callsTo('/v1/rankUserUpdate')[0]!.body).toEqual({
      ...form,
      position: '高级工程师',
      id: 'ru-1',
      version: 5,
      platform: 'wap',
      rent_mode: 2,
    });
    expect(localStorage.getItem(storageKeys.tempStatus)).toBe('1001');
    expect(JSON.parse(localStorage.getItem(storageKeys.applyDetail)!)).toEqual({ rankUser: after });
    const infoCalls = api.callsTo('/v1/getRankUserInfo').map(query);
    expect(infoCalls.every((q) => q.type === 'info')).toBe(true);
    // nothing autosaved over an application that is not a draft
    expect(api.callsTo('/v1/saveDraft')).toHaveLength(0);
  }, 20_000);

  test('the update is stored but the re-fetch fails: still 提交成功..., 1001 and the status page, no error', async () => {
    signIn();
    let updated = false;
    const returned = rankUserView({ status: 'returned', reason: '照片不清晰，请重新上传', version: 5 });
    const api = stubApi({
      '/v1/getRankUserInfo': () => (updated ? { status: 503, body: {} } : ok({ rankUser: returned })),
      '/v1/rankUserUpdate': () => {
        updated = true;
        return ok({ id: 'ru-1', status: 'submitted', version: 6 }, 9002);
      },
    });
    const app = await renderApp(routes.cxbApplication.index);
    expect(await screen.findByText('照片不清晰，请重新上传')).toBeTruthy();
    await throughTheStepsAndSend(app);

    await waitFor(() => expect(app.path()).toBe(routes.cxbCheck.checkStatus));
    expect(await screen.findByText('提交成功...')).toBeTruthy();
    expect(screen.queryByText(/网络请求错误/)).toBeNull();
    expect(api.callsTo('/v1/rankUserUpdate')).toHaveLength(1);
    expect(localStorage.getItem(storageKeys.tempStatus)).toBe('1001');
  }, 20_000);

  test('the update itself refused: the server message, no 1001, still on the preview', async () => {
    signIn();
    const returned = rankUserView({ status: 'returned', reason: '照片不清晰，请重新上传', version: 5 });
    stubApi({
      '/v1/getRankUserInfo': () => ok({ rankUser: returned }),
      '/v1/rankUserUpdate': () => fail('申请已被他人修改，请刷新后重试'),
    });
    const app = await renderApp(routes.cxbApplication.preview);
    await screen.findByRole('button', { name: '提交修改' });
    await press('提交修改');
    expect(await screen.findByText('申请已被他人修改，请刷新后重试')).toBeTruthy();
    expect(app.path()).toBe(routes.cxbApplication.preview);
    expect(localStorage.getItem(storageKeys.tempStatus)).toBeNull();
  }, 20_000);

  test('a returned application whose gender the ID number contradicts: not sent, 性别 shows why on the personal step', async () => {
    signIn();
    const returned = rankUserView({ status: 'returned', reason: '请核对个人信息', version: 5, data: completeForm({ gender: 'male' }) });
    const api = stubApi({ '/v1/getRankUserInfo': () => ok({ rankUser: returned }) });
    const app = await renderApp(routes.cxbApplication.preview);
    await screen.findByRole('button', { name: '提交修改' });
    await press('提交修改');
    await waitFor(() => expect(app.path()).toBe(routes.cxbApplication.index));
    const gender = await screen.findByRole('radiogroup', { name: '性别' });
    expect(document.getElementById(gender.getAttribute('aria-describedby')!)?.textContent).toBe('性别与身份证号码不一致');
    expect(api.callsTo('/v1/rankUserUpdate')).toHaveLength(0);
  }, 20_000);

  test('a birth date the server refuses as contradicting the ID number is shown under 出生日期 on the personal step', async () => {
    signIn();
    const returned = rankUserView({ status: 'returned', reason: '请核对个人信息', version: 5 });
    stubApi({
      '/v1/getRankUserInfo': () => ok({ rankUser: returned }),
      '/v1/rankUserUpdate': () => fail(idNumberFactsMessages.birthDate, Code.BAD_REQUEST),
    });
    const app = await renderApp(routes.cxbApplication.preview);
    await screen.findByRole('button', { name: '提交修改' });
    await press('提交修改');
    await waitFor(() => expect(app.path()).toBe(routes.cxbApplication.index));
    await screen.findByRole('radiogroup', { name: '性别' });
    // under the field itself, not only in the toast
    const underFields = [...document.querySelectorAll('.qgw-app-field-error')].map((e) => e.textContent);
    expect(underFields).toEqual(['出生日期与身份证号码不一致']);
    expect(localStorage.getItem(storageKeys.tempStatus)).toBeNull();
  }, 20_000);
});
