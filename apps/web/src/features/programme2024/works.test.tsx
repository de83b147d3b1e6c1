import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routes } from '@qgw/contracts';
import { renderApp } from '../../test/render-app.js';
import { fail, ok, stubApi, type RecordedCall } from '../../test/api-stub.js';
import { signIn } from '../../test/session-fixture.js';
import { navigateTo } from '../../lib/navigation.js';
import { forgetDrafts } from '../applications/index.js';
import { startUploadServer, type UploadServer } from '../applications/testing/upload-server.js';
import { currentStatus, summary, view } from './testing/fixtures.js';
import { field, findField, press, type } from './testing/form.js';

let uploads: UploadServer;
beforeAll(async () => {
  uploads = await startUploadServer();
});
afterAll(() => uploads.close());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  forgetDrafts();
});

const themes = [
  { id: 't-1', name: '科技创新', description: '新技术、新产品与新工艺' },
  { id: 't-2', name: '乡村振兴', description: '服务乡村发展的实践成果' },
];

/** A tiny valid PNG; the browser checks type and size before anything is sent. */
const png = (name: string) =>
  new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], name, { type: 'image/png' });


/** The API of a new work in an open programme: addWork records what it was sent, getWork answers it. */
function stubNewWorkApi() {
  let sent: RecordedCall | undefined;
  const api = stubApi({
    '/v1/getCurrentStatus': ok(currentStatus('open')),
    '/v1/getThemes': ok(themes),
    '/v1/getWorks': ok([]),
    '/v1/getDraft': ok(null),
    '/v1/saveDraft': ok({ id: 'w-draft', version: 1, savedAt: '2024-05-02T02:05:00.000Z' }),
    '/v1/addWork': (call) => {
      sent = call;
      return ok({ id: 'w-draft', status: 'submitted', version: 2 });
    },
    '/v1/getWork': (call) =>
      ok(view('work', 'submitted', (sent?.body ?? {}) as Record<string, unknown>, { id: call.url.searchParams.get('id') })),
  });
  return { api, sent: () => sent };
}

describe('works: apply/index → themeSelect → addWork → workResult', () => {
  test('an empty list invites the first work; 新增作品 opens the themes', async () => {
    signIn();
    stubApi({ '/v1/getCurrentStatus': ok(currentStatus('open')), '/v1/getWorks': ok([]), '/v1/getThemes': ok(themes) });
    const app = await renderApp(routes.apply.index);
    expect(await screen.findByText('还没有作品')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('button', { name: '新增作品' }) as HTMLButtonElement).disabled).toBe(false));
    await press('新增作品');
    await waitFor(() => expect(app.path()).toBe(routes.apply.themeSelect));
    expect(await screen.findByRole('radio', { name: /乡村振兴/ })).toBeTruthy();
  });

  test('a work with a team and photos uploaded for real: addWork carries theme, team and the uploaded ids', async () => {
    signIn();
    vi.stubEnv('VITE_API_BASE', uploads.origin);
    const { api, sent: sentWork } = stubNewWorkApi();
    const app = await renderApp(routes.apply.index);
    await screen.findByText('还没有作品');
    await act(async () => navigateTo(routes.apply.themeSelect));
    await act(async () => fireEvent.click(await screen.findByRole('radio', { name: /乡村振兴/ })));
    await press('下一步');
    await waitFor(() => expect(app.path()).toBe(routes.apply.addWork));
    expect(app.search()).toBe('?themeId=t-2');

    await findField('作品名称');
    await waitFor(() => expect((field('参赛主题') as unknown as HTMLSelectElement).value).toBe('t-2'));
    type('作品名称', '乡村振兴数字地图');
    type('作品简介', '用开放数据绘制县域产业地图，帮助返乡青年找到创业方向。');
    await press('添加成员');
    type('成员1姓名', '李雷');
    type('成员1分工', '数据分析');
    await press('添加成员');
    await press('删除成员2');
    expect(screen.queryByLabelText('成员2姓名')).toBeNull();

    // the limits are shown before a file is picked
    expect(screen.getByText(/支持 JPG\/PNG\/WebP，大图自动压缩/)).toBeTruthy();
    await act(async () => {
      // the label also carries the count (已上传 0/9)
      fireEvent.change(screen.getByLabelText(/^作品图片/), { target: { files: [png('a.png'), png('b.png')] } });
    });
    await waitFor(() => expect(uploads.images).toHaveLength(2), { timeout: 8000 });
    await waitFor(() => expect(screen.getByText('已上传 2/9')).toBeTruthy(), { timeout: 8000 });
    expect(uploads.images.every((i) => i.purpose === 'work' && i.token === 'tok-abcdefghijklmnopqrstuv')).toBe(true);

    // first the preview: everything that will be sent, read-only, with 修改 back to the form
    await press('预览');
    await waitFor(() => expect(app.search()).toContain('preview=1'));
    expect(app.path()).toBe(routes.apply.addWork);
    expect(await screen.findByText('请核对以下信息，确认无误后提交；如需修改，点“修改”返回对应步骤。')).toBeTruthy();
    expect(screen.getByText('乡村振兴')).toBeTruthy();
    expect(screen.getByText('乡村振兴数字地图')).toBeTruthy();
    expect(screen.getByText('李雷（数据分析）')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: /^作品图片\d$/ })).toHaveLength(2);
    expect(screen.getByRole('link', { name: '修改' }).getAttribute('href')).toBe(`#${routes.apply.addWork}`);
    expect(screen.queryByRole('textbox', { name: /作品名称/ })).toBeNull();
    expect(api.callsTo('/v1/addWork')).toHaveLength(0);
    await press('提交作品');
    await waitFor(() => expect(app.path()).toBe(routes.cxb2024.workResult));
    expect(app.search()).toBe('?id=w-draft');
    expect(sentWork()?.body).toMatchObject({
      themeId: 't-2',
      title: '乡村振兴数字地图',
      team: [{ name: '李雷', role: '数据分析' }],
      photos: uploads.images.map((i) => i.id),
    });
    expect((await screen.findByTestId('application-status')).textContent).toBe('已提交');
    expect(api.callsTo('/v1/addWork')).toHaveLength(1);
  });

  test('a photo still uploading holds 预览, so the work never goes without it', async () => {
    signIn();
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    const slow = await startUploadServer({ imageHold: (u) => (u.filename === 'slow.png' ? held : undefined) });
    try {
      vi.stubEnv('VITE_API_BASE', slow.origin);
      const { sent: sentWork } = stubNewWorkApi();
      const app = await renderApp(`${routes.apply.addWork}?themeId=t-2`);
      await findField('作品名称');
      type('作品名称', '乡村振兴数字地图');
      type('作品简介', '用开放数据绘制县域产业地图，帮助返乡青年找到创业方向。');
      await press('添加成员');
      type('成员1姓名', '李雷');
      type('成员1分工', '数据分析');
      await act(async () => fireEvent.change(screen.getByLabelText(/^作品图片/), { target: { files: [png('a.png')] } }));
      await waitFor(() => expect(screen.getByText('已上传 1/9')).toBeTruthy(), { timeout: 8000 });
      await act(async () => fireEvent.change(screen.getByLabelText(/^作品图片/), { target: { files: [png('slow.png')] } }));
      await waitFor(() => expect(slow.images).toHaveLength(2), { timeout: 8000 });
      const button = screen.getByRole('button', { name: '预览' }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      release();
      await waitFor(() => expect(screen.getByText('已上传 2/9')).toBeTruthy(), { timeout: 8000 });
      await waitFor(() => expect((screen.getByRole('button', { name: '预览' }) as HTMLButtonElement).disabled).toBe(false));
      await press('预览');
      await press('提交作品');
      await waitFor(() => expect(app.path()).toBe(routes.cxb2024.workResult));
      expect((sentWork()?.body as { photos: string[] }).photos).toEqual(slow.images.map((i) => i.id));
    } finally {
      release();
      await slow.close();
    }
  });

  test('no photo: 请至少上传1张作品图片, nothing sent; a half-filled member shows its problem', async () => {
    signIn();
    const api = stubApi({
      '/v1/getCurrentStatus': ok(currentStatus('open')),
      '/v1/getThemes': ok(themes),
      '/v1/getDraft': ok({
        id: 'w-d',
        version: 1,
        data: { themeId: 't-1', title: '校园节能助手', description: '一款帮助宿舍节约用电的小程序，已在三所高校试用。' },
        savedAt: '2024-05-02T02:03:00.000Z',
      }),
      '/v1/saveDraft': ok({ id: 'w-d', version: 2, savedAt: '2024-05-02T02:05:00.000Z' }),
    });
    await renderApp(routes.apply.addWork);
    await findField('作品名称');
    await press('添加成员');
    type('成员1姓名', '韩');
    await press('预览');
    expect((await screen.findAllByText('请填写分工')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('姓名至少2个字').length).toBeGreaterThan(0);
    type('成员1姓名', '韩梅梅');
    type('成员1分工', '界面设计');
    await press('预览');
    expect((await screen.findAllByText('请至少上传1张作品图片')).length).toBeGreaterThan(0);
    // the problem keeps the person on the form: no preview
    expect(api.callsTo('/v1/addWork')).toHaveLength(0);
  });

  test('the list: states, the reviewer reason of a returned work, 编辑 only where editing is allowed', async () => {
    signIn();
    stubApi({
      '/v1/getCurrentStatus': ok(currentStatus('open')),
      '/v1/getWorks': ok([
        summary('work', 'returned', { id: 'w-1', title: '社区助老平台', reason: '请补充作品图片' }),
        summary('work', 'under_review', { id: 'w-2', title: '青年夜校' }),
      ]),
    });
    const app = await renderApp(routes.apply.index);
    const list = await screen.findByRole('list', { name: '我的作品' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('退回修改');
    expect(items[0]!.textContent).toContain('请补充作品图片');
    expect(within(items[1]!).queryByRole('button', { name: '编辑' })).toBeNull();
    await act(async () => fireEvent.click(within(items[0]!).getByRole('button', { name: '编辑' })));
    await waitFor(() => expect(app.path()).toBe(routes.apply.updateWork));
    expect(app.search()).toBe('?id=w-1');
  });

  test('updateWork of a returned work: prefilled, sent with updateWork (id, version)', async () => {
    signIn();
    let sent: RecordedCall | undefined;
    const data = {
      themeId: 't-1',
      title: '社区助老平台',
      description: '连接志愿者与独居老人，已服务社区老人三百余人次。',
      team: [{ name: '李雷', role: '开发' }],
      photos: ['f_0000000000000001'],
    };
    stubApi({
      '/v1/getThemes': ok(themes),
      '/v1/getWork': ok(view('work', 'returned', data, { id: 'w-1' })),
      '/v1/updateWork': (call) => {
        sent = call;
        return ok({ id: 'w-1', status: 'submitted', version: 4 });
      },
    });
    const app = await renderApp(routes.apply.updateWork, '');
    await act(async () => navigateTo(routes.apply.updateWork, { id: 'w-1' }));
    expect((await findField('作品名称')).value).toBe('社区助老平台');
    expect(field('成员1姓名').value).toBe('李雷');
    type('作品名称', '社区助老服务平台');
    await press('预览');
    await waitFor(() => expect(app.search()).toBe('?id=w-1&preview=1'));
    expect(await screen.findByText('社区助老服务平台')).toBeTruthy();
    expect(screen.getByRole('link', { name: '修改' }).getAttribute('href')).toBe(`#${routes.apply.updateWork}?id=w-1`);
    await press('提交修改');
    await waitFor(() => expect(app.path()).toBe(routes.cxb2024.workResult));
    expect(sent?.body).toMatchObject({ ...data, title: '社区助老服务平台', id: 'w-1', version: 3 });
  });

  test('updateWork of a work under review: cannot be changed here', async () => {
    signIn();
    stubApi({ '/v1/getWork': ok(view('work', 'under_review', { title: '青年夜校' }, { id: 'w-2' })) });
    const app = await renderApp(routes.apply.updateWork);
    await act(async () => navigateTo(routes.apply.updateWork, { id: 'w-2' }));
    expect(await screen.findByText('当前状态不可修改')).toBeTruthy();
    await press('查看申报进度');
    await waitFor(() => expect(app.path()).toBe(routes.cxb2024.workResult));
    expect(app.search()).toBe('?id=w-2');
  });

  test('workResult of a work that is not the user\'s: 作品不存在或无权查看', async () => {
    signIn();
    stubApi({ '/v1/getWork': fail('申请不存在', 4040), '/v1/getThemes': ok(themes) });
    await renderApp(routes.cxb2024.workResult);
    await act(async () => navigateTo(routes.cxb2024.workResult, { id: 'someone-elses' }));
    expect(await screen.findByText('作品不存在或无权查看', {}, { timeout: 8000 })).toBeTruthy();
  });

  test('workApply: outside the window 新增作品 is disabled with the reason; 进入我的作品 opens the list', async () => {
    signIn();
    stubApi({ '/v1/getCurrentStatus': ok(currentStatus('reviewing')), '/v1/getWorks': ok([]) });
    const app = await renderApp(routes.cxb2024.workApply);
    expect(await screen.findByText('申报已截止，当前处于评审阶段')).toBeTruthy();
    expect((screen.getByRole('button', { name: '新增作品' }) as HTMLButtonElement).disabled).toBe(true);
    await press('进入我的作品');
    await waitFor(() => expect(app.path()).toBe(routes.apply.index));
  });

  test('workApply: the programme\'s status cannot be read: 新增作品 waits, and 重新加载 beside the reason reads it', async () => {
    signIn();
    let limited = true;
    stubApi({ '/v1/getCurrentStatus': () => (limited ? { status: 429, body: {} } : ok(currentStatus('open'))), '/v1/getWorks': ok([]) });
    await renderApp(routes.cxb2024.workApply);
    expect(await screen.findByText('加载失败，请稍后重试')).toBeTruthy();
    expect((screen.getByRole('button', { name: '新增作品' }) as HTMLButtonElement).disabled).toBe(true);
    limited = false;
    await press('重新加载');
    await waitFor(() => expect((screen.getByRole('button', { name: '新增作品' }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByText('加载失败，请稍后重试')).toBeNull();
  });
});
