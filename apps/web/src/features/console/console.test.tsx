import { afterEach, describe, expect, test, vi } from 'vitest';
import { stubConsoleApi } from './testing/console-stub.js';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths, routes } from '@qgw/contracts';
import { renderApp } from '../../test/render-app.js';
import { ok, type RecordedCall } from '../../test/api-stub.js';
import { profileOf, signIn } from '../../test/session-fixture.js';
import { adminArticle, adminArticleSummary, page } from '../content/testing/fixtures.js';

afterEach(() => vi.unstubAllGlobals());

const adminCalls = (api: ReturnType<typeof stubConsoleApi>) => api.calls.filter((c) => c.url.pathname.startsWith('/v1/content/admin/'));

function asAdmin() {
  const info = signIn({ roles: ['applicant', 'admin'], openid: 'o1' });
  return { info, profile: ok(profileOf(info)) };
}

describe('console role gate', () => {
  test('logged out: 请先登录 with a way to log in', async () => {
    const api = stubConsoleApi({});
    await renderApp('/console');
    expect(await screen.findByText('请先登录')).toBeTruthy();
    // the console's own login, which returns to the console page the person came from
    expect(screen.getByRole('link', { name: '去登录' }).getAttribute('href')).toBe('#/console/login?redirect=%2Fconsole');
    expect(adminCalls(api)).toHaveLength(0);
  });

  test('an applicant: 无权访问, and no admin data is asked for', async () => {
    const info = signIn({ roles: ['applicant'] });
    const api = stubConsoleApi({ [apiPaths.getUserInfo]: ok(profileOf(info)) });
    await renderApp('/console/content/articles');
    expect(await screen.findByText('无权访问')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: '后台导航' })).toBeNull();
    expect(adminCalls(api)).toHaveLength(0);
  });

  test('roles come from the server: a stored admin role the server no longer grants does not open the console', async () => {
    const info = signIn({ roles: ['admin'] });
    stubConsoleApi({ [apiPaths.getUserInfo]: ok(profileOf(info, { roles: ['applicant'] })) });
    await renderApp('/console');
    expect(await screen.findByText('无权访问')).toBeTruthy();
  });

  test('an admin: the console with its navigation', async () => {
    const { profile } = asAdmin();
    stubConsoleApi({ [apiPaths.getUserInfo]: profile });
    await renderApp('/console');
    const nav = await screen.findByRole('navigation', { name: '后台导航' });
    expect(Array.from(nav.querySelectorAll('a')).map((a) => a.textContent)).toEqual(['概览', '文章', '领导班子', '分会', '会员名录', '外链白名单', '评审队列', '分配评审', '排名', '待发布结论', '通知发送', '用户管理', '评选设置', '操作日志']);
    expect(await screen.findByRole('heading', { name: '内容管理' })).toBeTruthy();
  });

  test('the account tab offers 管理后台 to reviewers too (their console is the review queue)', async () => {
    const info = signIn({ roles: ['applicant', 'reviewer'] });
    stubConsoleApi({ [apiPaths.getUserInfo]: ok(profileOf(info)) });
    await renderApp(routes.account.index);
    expect((await screen.findByRole('link', { name: '管理后台' })).getAttribute('href')).toBe('#/console');
  });

  test('the account tab offers 管理后台 to admins', async () => {
    const { profile } = asAdmin();
    stubConsoleApi({ [apiPaths.getUserInfo]: profile });
    await renderApp(routes.account.index);
    expect((await screen.findByRole('link', { name: '管理后台' })).getAttribute('href')).toBe('#/console');
  });

  test('no 管理后台 for an applicant', async () => {
    const info = signIn({ roles: ['applicant'] });
    stubConsoleApi({ [apiPaths.getUserInfo]: ok(profileOf(info)) });
    await renderApp(routes.account.index);
    await screen.findByText('退出登录');
    await screen.findByText('138****1234');
    expect(screen.queryByRole('link', { name: '管理后台' })).toBeNull();
  });
});

describe('console: articles list', () => {
  const two = [adminArticleSummary({ id: 'a1', title: '第一篇' }), adminArticleSummary({ id: 'a2', title: '第二篇', published: false })];

  test('publish switch, ordering and delete with confirmation', async () => {
    const { profile } = asAdmin();
    const api = stubConsoleApi({
      [apiPaths.getUserInfo]: profile,
      [apiPaths.contentAdminArticles]: ok(page(two)),
      [apiPaths.contentAdminArticlePublish]: (c: RecordedCall) => ok({ id: (c.body as { id: string }).id, published: (c.body as { published: boolean }).published }),
      [apiPaths.contentAdminArticleReorder]: ok({ count: 2 }),
      [apiPaths.contentAdminArticleDelete]: ok({ id: 'a2' }),
    });
    await renderApp('/console/content/articles?category=news');
    const unpublished = await screen.findByRole('switch', { name: '发布：第二篇' });
    expect(unpublished.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: '发布：第一篇' }).getAttribute('aria-checked')).toBe('true');
    expect(api.callsTo(apiPaths.contentAdminArticles)[0]?.url.searchParams.get('category')).toBe('news');

    await act(async () => fireEvent.click(unpublished));
    await waitFor(() => expect(document.querySelector('.adm-toast-main')?.textContent).toBe('已发布'));
    expect(api.callsTo(apiPaths.contentAdminArticlePublish)[0]?.body).toMatchObject({ id: 'a2', published: true });
    // the list is asked again, so the switch shows what the server stored
    await waitFor(() => expect(api.callsTo(apiPaths.contentAdminArticles).length).toBeGreaterThan(1));

    expect((screen.getByRole('button', { name: '上移：第一篇' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '上移：第二篇' })));
    await waitFor(() => expect(api.callsTo(apiPaths.contentAdminArticleReorder)).toHaveLength(1));
    expect(api.callsTo(apiPaths.contentAdminArticleReorder)[0]?.body).toMatchObject({ ids: ['a2', 'a1'] });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: '删除：第二篇' })));
    expect(await screen.findByText('确定删除“第二篇”吗？删除后无法恢复。')).toBeTruthy();
    expect(api.callsTo(apiPaths.contentAdminArticleDelete)).toHaveLength(0);
    const dialog = document.querySelector('.adm-dialog') as HTMLElement;
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '删除' })));
    await waitFor(() => expect(api.callsTo(apiPaths.contentAdminArticleDelete)[0]?.body).toMatchObject({ id: 'a2' }));
  });

  test('empty category and a failing list', async () => {
    const { profile } = asAdmin();
    let broken = true;
    stubConsoleApi({
      [apiPaths.getUserInfo]: profile,
      [apiPaths.contentAdminArticles]: () => (broken ? { status: 500, body: {} } : ok(page([]))),
    });
    await renderApp('/console/content/articles?category=award');
    expect(await screen.findByText('加载失败', {}, { timeout: 8000 })).toBeTruthy();
    broken = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重试' })));
    expect(await screen.findByText('该分类下暂无文章')).toBeTruthy();
  });
});

describe('console: editing an article', () => {
  test('the form loads the article; the body preview is the server’s sanitised HTML; 保存 sends the changes and returns to the list', async () => {
    const { profile } = asAdmin();
    const api = stubConsoleApi({
      [apiPaths.getUserInfo]: profile,
      [apiPaths.contentAdminArticle]: ok(adminArticle({ id: 'a1', title: '旧标题', body: '<p>旧正文</p>' })),
      [apiPaths.contentAdminPreview]: (c: RecordedCall) => ok({ body: (c.body as { body: string }).body.replace(/<script[\s\S]*?<\/script>/g, '') }),
      [apiPaths.contentAdminArticleUpdate]: (c: RecordedCall) => ok(adminArticle({ ...(c.body as object) })),
      [apiPaths.contentAdminArticles]: ok(page([adminArticleSummary({ id: 'a1', title: '新标题' })])),
    });
    const app = await renderApp('/console/content/articles/a1');
    const title = (await screen.findByLabelText('标题')) as HTMLInputElement;
    expect(title.value).toBe('旧标题');
    expect(api.callsTo(apiPaths.contentAdminArticle)[0]?.url.searchParams.get('id')).toBe('a1');

    fireEvent.change(title, { target: { value: '新标题' } });
    fireEvent.change(screen.getByLabelText('正文（HTML）'), { target: { value: '<p>新正文</p><script>alert(1)</script>' } });
    const preview = await screen.findByTestId('body-preview');
    await waitFor(() => expect(preview.textContent).toContain('新正文'));
    expect(preview.querySelector('script')).toBeNull();
    expect(api.callsTo(apiPaths.contentAdminPreview).at(-1)?.body).toMatchObject({ body: '<p>新正文</p><script>alert(1)</script>' });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: '保存' })));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    const sent = api.callsTo(apiPaths.contentAdminArticleUpdate)[0]?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ id: 'a1', title: '新标题', body: '<p>新正文</p><script>alert(1)</script>', category: 'news', published: true });
    // the version the editor loaded goes with the save, so a newer change by someone else is not overwritten
    expect(sent.expectedUpdatedAt).toBe(adminArticle().updatedAt);
    await waitFor(() => expect(app.path()).toBe('/console/content/articles'));
    expect(app.search()).toBe('?category=news');
    expect(await screen.findByText('新标题')).toBeTruthy();
  });

  test('a new article without a title is refused before sending', async () => {
    const { profile } = asAdmin();
    const api = stubConsoleApi({ [apiPaths.getUserInfo]: profile });
    await renderApp('/console/content/articles/new?category=document');
    expect(((await screen.findByLabelText('分类')) as HTMLSelectElement).value).toBe('document');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '保存' })));
    expect(await screen.findByText('请填写标题')).toBeTruthy();
    expect(api.callsTo(apiPaths.contentAdminArticleCreate)).toHaveLength(0);
  });

  test('a server without the preview endpoint: the draft is shown in a frame that runs nothing', async () => {
    const { profile } = asAdmin();
    stubConsoleApi({ [apiPaths.getUserInfo]: profile });
    await renderApp('/console/content/articles/new');
    fireEvent.change(await screen.findByLabelText('正文（HTML）'), { target: { value: '<p>草稿</p>' } });
    const frame = (await screen.findByTitle('预览', {}, { timeout: 4000 })) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<p>草稿</p>');
  });
});
