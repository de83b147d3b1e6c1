import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths, routes } from '@qgw/contracts';
import { renderApp } from '../../test/render-app.js';
import { fail, ok, stubApi } from '../../test/api-stub.js';
import { article, articleSummary, leader, member, page, subdivision } from './testing/fixtures.js';

afterEach(() => vi.unstubAllGlobals());

// jsdom lays nothing out: give elements the offset parent the infinite list checks before it measures
const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get(this: HTMLElement) {
      return this.parentElement;
    },
  });
});
afterAll(() => {
  if (offsetParent) Object.defineProperty(HTMLElement.prototype, 'offsetParent', offsetParent);
});

const press = async (name: string) => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
};

describe('article list (pages/article/index)', () => {
  test('news by default: cards link to ?id=; the next page is fetched with the cursor', async () => {
    const api = stubApi({
      [apiPaths.contentArticles]: (c) =>
        c.url.searchParams.get('cursor') === 'p2'
          ? ok(page([articleSummary({ id: 'a2', title: '第二页的新闻' })]))
          : ok(page([articleSummary({ id: 'a1', title: '第一页的新闻', attachmentCount: 2 })], 'p2')),
    });
    await renderApp(routes.article.index);
    const first = await screen.findByRole('link', { name: /第一页的新闻/ });
    expect(first.getAttribute('href')).toBe('#/pages/article/index?id=a1');
    expect(screen.getByText('附件 2 个')).toBeTruthy();
    expect(await screen.findByRole('link', { name: /第二页的新闻/ })).toBeTruthy();
    const calls = api.callsTo(apiPaths.contentArticles);
    expect(calls[0]?.url.searchParams.get('category')).toBe('news');
    expect(calls[0]?.url.searchParams.get('platform')).toBe('wap');
    expect(calls.some((c) => c.url.searchParams.get('cursor') === 'p2')).toBe(true);
    expect(await screen.findByText('没有更多了')).toBeTruthy();
  });

  test('empty: 暂无文章', async () => {
    stubApi({ [apiPaths.contentArticles]: ok(page([])) });
    await renderApp(routes.article.index, '');
    expect(await screen.findByText('暂无文章')).toBeTruthy();
  });

  test('error: 加载失败 with the reason, 重试 loads again', async () => {
    let broken = true;
    stubApi({
      [apiPaths.contentArticles]: () => (broken ? { status: 500, body: {} } : ok(page([articleSummary({ title: '恢复后的新闻' })]))),
    });
    await renderApp(`${routes.article.index}?category=news`);
    expect(await screen.findByText('加载失败', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText('网络请求错误，状态码500')).toBeTruthy();
    broken = false;
    await press('重试');
    expect(await screen.findByText('恢复后的新闻')).toBeTruthy();
  });

  test('documents: 暂无文件 when there are none; a document opens with its attachments to download', async () => {
    stubApi({ [apiPaths.contentArticles]: ok(page([])) });
    await renderApp(routes.article.document);
    expect(await screen.findByText('暂无文件')).toBeTruthy();
  });

  test('a document: attachments are download links', async () => {
    stubApi({
      [apiPaths.contentArticle]: ok(
        article({ id: 'd1', category: 'document', title: '章程', attachments: [{ name: '章程.txt', url: '/v1/content/files/abc.txt', size: 2048 }] }),
      ),
    });
    await renderApp(`${routes.article.document}?id=d1`);
    const link = await screen.findByRole('link', { name: /^章程\.txt.*下载$/ });
    expect(link.getAttribute('href')).toBe(`/v1/content/files/abc.txt?name=${encodeURIComponent('章程.txt')}`);
    expect(link.getAttribute('download')).toBe('章程.txt');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('2.0 KB')).toBeTruthy();
  });
});

describe('article view (?id=)', () => {
  test('renders the body: images lazy and sized, external links through the web view, nothing executable', async () => {
    const api = stubApi({
      [apiPaths.contentArticle]: ok(
        article({
          title: '一篇新闻',
          body:
            '<p>你好<img src="/v1/content/files/p.png" onerror="alert(1)"></p>' +
            '<p><a href="https://www.gov.cn/zhengce/">政策</a> <a href="javascript:alert(1)">坏链接</a></p>' +
            '<script>window.hacked = true</script>',
        }),
      ),
    });
    await renderApp(`${routes.article.index}?id=a1`);
    expect(await screen.findByRole('heading', { name: '一篇新闻' })).toBeTruthy();
    expect(api.callsTo(apiPaths.contentArticle)[0]?.url.searchParams.get('id')).toBe('a1');
    const body = document.querySelector('.qgw-rich-text')!;
    const img = body.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.hasAttribute('onerror')).toBe(false);
    expect(body.querySelector('script')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    const policy = within(body as HTMLElement).getByRole('link', { name: '政策' });
    expect(policy.getAttribute('href')).toBe(`#${routes.common.webview}?url=${encodeURIComponent('https://www.gov.cn/zhengce/')}`);
    expect(within(body as HTMLElement).getByText('坏链接').hasAttribute('href')).toBe(false);
  });

  test('unpublished or unknown: 内容不存在或已下线', async () => {
    stubApi({ [apiPaths.contentArticle]: fail('内容不存在', 4040) });
    await renderApp(`${routes.article.index}?id=gone`);
    expect(await screen.findByText('内容不存在或已下线')).toBeTruthy();
  });
});

describe('people (leader / secretary)', () => {
  test('leaders: name, 职务, bio; initials when there is no photo; asks for the leadership group', async () => {
    const api = stubApi({ [apiPaths.contentLeaders]: ok({ items: [leader(), leader({ id: 'l2', name: '陈静', title: '副主任', photoUrl: '/v1/content/files/c.png' })] }) });
    await renderApp(routes.article.leader);
    expect(await screen.findByText('王建国')).toBeTruthy();
    expect(screen.getByText('主任')).toBeTruthy();
    expect(screen.getByRole('img', { name: '王建国' }).getAttribute('data-initials')).toBe('建国');
    expect(screen.getByRole('img', { name: '陈静' }).getAttribute('src')).toBe('/v1/content/files/c.png');
    expect(api.callsTo(apiPaths.contentLeaders)[0]?.url.searchParams.get('group')).toBe('leadership');
  });

  test('secretariat: empty state', async () => {
    const api = stubApi({ [apiPaths.contentLeaders]: ok({ items: [] }) });
    await renderApp(routes.article.secretary);
    expect(await screen.findByText('暂无秘书处信息')).toBeTruthy();
    expect(api.callsTo(apiPaths.contentLeaders)[0]?.url.searchParams.get('group')).toBe('secretariat');
  });

  test('error then retry', async () => {
    let broken = true;
    stubApi({ [apiPaths.contentLeaders]: () => (broken ? fail('服务繁忙') : ok({ items: [leader()] })) });
    await renderApp(routes.article.leader);
    // the shared failed-load state: what happened and 重试; the server's refusal itself stays in the log
    const state = await screen.findByTestId('load-error', {}, { timeout: 8000 });
    expect(state.textContent).toContain('加载失败');
    expect(state.textContent).toContain('请求失败，请稍后重试');
    broken = false;
    await press('重试');
    expect(await screen.findByText('王建国')).toBeTruthy();
  });
});

describe('subdivisions', () => {
  test('list → a subdivision with its members → a member', async () => {
    stubApi({
      [apiPaths.contentSubdivisions]: ok({ items: [subdivision()] }),
      [apiPaths.contentSubdivision]: ok({ ...subdivision(), members: [member(), member({ id: 'm2', name: '赵敏', organization: null, title: null })] }),
      [apiPaths.contentMember]: ok(member()),
    });
    const app = await renderApp(routes.article.subdivisions);
    const card = await screen.findByRole('link', { name: /科技创新分会/ });
    await act(async () => fireEvent.click(card));
    await waitFor(() => expect(app.search()).toBe('?id=s1'));
    expect(await screen.findByRole('heading', { name: '科技创新分会' })).toBeTruthy();
    expect(screen.getByText('2 名会员')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: /李晓明/ })));
    await waitFor(() => expect(app.path()).toBe(routes.memberlist.detail));
    expect(await screen.findByRole('heading', { name: '李晓明' })).toBeTruthy();
  });

  test('no subdivisions: 暂无分会', async () => {
    stubApi({ [apiPaths.contentSubdivisions]: ok({ items: [] }) });
    await renderApp(routes.article.subdivisions);
    expect(await screen.findByText('暂无分会')).toBeTruthy();
  });
});

describe('committee intro', () => {
  test('the tab shows the intro article from content and the entry grid', async () => {
    const api = stubApi({
      [apiPaths.contentArticle]: ok(article({ id: 'i1', category: 'intro', slug: 'intro', title: '青工委简介', body: '<p>青工委是服务青年的组织。</p>' })),
      [apiPaths.contentArticles]: ok(page([articleSummary({ id: 'i2', category: 'intro', slug: 'charter', title: '青工委章程' })])),
    });
    await renderApp(routes.intro.index);
    expect(await screen.findByText('青工委是服务青年的组织。')).toBeTruthy();
    expect(api.callsTo(apiPaths.contentArticle)[0]?.url.searchParams.get('slug')).toBe('intro');
    const grid = screen.getByRole('navigation', { name: '快捷入口' });
    const href = (name: string) => within(grid).getByRole('link', { name }).getAttribute('href');
    expect(href('领导班子')).toBe('#/pages/article/leader');
    expect(href('秘书处')).toBe('#/pages/article/secretary');
    expect(href('分会')).toBe('#/pages/article/subdivisions');
    expect(href('文件')).toBe('#/pages/article/document');
    expect(href('会员名录')).toBe('#/pages/homeIntro/memberList');
    expect(href('新闻动态')).toBe('#/pages/article/index?category=news');
    expect((await screen.findByRole('link', { name: '青工委章程' })).getAttribute('href')).toBe('#/pages/article/index?id=i2');
  });

  test('pages/homeIntro/index: the same introduction as a pushed page', async () => {
    stubApi({
      [apiPaths.contentArticle]: ok(article({ slug: 'intro', title: '青工委简介', body: '<p>介绍正文</p>' })),
      [apiPaths.contentArticles]: ok(page([])),
    });
    await renderApp(routes.homeIntro.index);
    expect(await screen.findByText('介绍正文')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回' })).toBeTruthy();
  });
});
