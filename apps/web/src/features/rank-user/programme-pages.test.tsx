/**
 * pages/cxb/{index,award,process}: the descriptive parts come from the content API (the articles
 * the admins edit: slugs cxb-overview and cxb-process, the award category), with loading, empty,
 * missing and error states; each screen keeps its own buttons and where they lead.
 */
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths, contentSlugs, routes } from '@qgw/contracts';
import { renderApp } from '../../test/render-app.js';
import { fail, ok, stubApi } from '../../test/api-stub.js';
import { article, articleSummary, page } from '../content/testing/fixtures.js';

beforeAll(async () => {
  await Promise.all([import('../../routes/cxb-index.js'), import('../../routes/cxb-award.js'), import('../../routes/cxb-process.js')]);
}, 60_000);

afterEach(() => vi.unstubAllGlobals());

const bySlug = (answers: Record<string, ReturnType<typeof ok>>) => (c: { url: URL }) =>
  answers[c.url.searchParams.get('slug') ?? ''] ?? fail('内容不存在', 4004);

describe('pages/cxb/index', () => {
  test('shows the overview article the admins publish, with the look-up entries and 立即申报', async () => {
    const api = stubApi({
      [apiPaths.contentArticle]: bySlug({
        [contentSlugs.programmeOverview]: ok(
          article({ slug: contentSlugs.programmeOverview, title: '青年创新榜简介', body: '<h2>申报对象</h2><ol><li>四十周岁以下的青年</li></ol>' }),
        ),
      }),
    });
    await renderApp(routes.cxb.index);
    expect(screen.getByRole('heading', { name: '青年创新榜人物申报' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: '青年创新榜简介' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '申报对象' })).toBeTruthy();
    expect(screen.getByText('四十周岁以下的青年')).toBeTruthy();
    expect(api.callsTo(apiPaths.contentArticle)[0]?.url.searchParams.get('slug')).toBe(contentSlugs.programmeOverview);
    for (const name of ['立即申报', /申报流程/, /奖项设置/, /我的申报/]) expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  test('while the overview loads a placeholder is shown; the look-up entries are there at once', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    stubApi({ [apiPaths.contentArticle]: async () => (await held, ok(article({ title: '青年创新榜简介' }))) });
    await renderApp(routes.cxb.index);
    expect(await screen.findByLabelText('加载中')).toBeTruthy();
    for (const name of ['立即申报', /申报流程/, /奖项设置/, /我的申报/]) expect(screen.getByRole('button', { name })).toBeTruthy();
    await act(async () => release());
    expect(await screen.findByRole('heading', { name: '青年创新榜简介' })).toBeTruthy();
    expect(screen.queryByLabelText('加载中')).toBeNull();
  });

  test('an overview not published yet is said calmly; the entries still work', async () => {
    stubApi({ [apiPaths.contentArticle]: fail('内容不存在', 4004) });
    const app = await renderApp(routes.cxb.index);
    expect(await screen.findByText('内容正在更新，请稍后再来查看。')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /奖项设置/ })));
    await waitFor(() => expect(app.path()).toBe(routes.cxb.award));
  });

  test('a network failure offers 重试, which asks again', async () => {
    let broken = true;
    stubApi({
      [apiPaths.contentArticle]: () => (broken ? { status: 502, body: {} } : ok(article({ title: '青年创新榜简介' }))),
    });
    await renderApp(routes.cxb.index);
    expect(await screen.findByText('加载失败', {}, { timeout: 8000 })).toBeTruthy();
    broken = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重试' })));
    expect(await screen.findByRole('heading', { name: '青年创新榜简介' })).toBeTruthy();
  });
});

describe('pages/cxb/award', () => {
  test('lists the published awards in order with quota, prize and summary; 立即申报 opens the form', async () => {
    const api = stubApi({
      [apiPaths.contentArticles]: ok(
        page([
          articleSummary({ id: 'w1', category: 'award', title: '年度青年创新人物', summary: '示范引领', award: { quota: 10, prize: '荣誉证书及奖杯' } }),
          articleSummary({ id: 'w2', category: 'award', title: '青年创新之星', summary: '潜力突出', award: { quota: 30, prize: '荣誉证书' } }),
        ]),
      ),
    });
    const app = await renderApp(routes.cxb.award);
    const list = await screen.findByRole('list', { name: '奖项设置' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual(['年度青年创新人物', '青年创新之星']);
    expect(within(items[0]!).getByText('10 名')).toBeTruthy();
    expect(within(items[0]!).getByText('荣誉证书及奖杯')).toBeTruthy();
    expect(within(items[1]!).getByText('潜力突出')).toBeTruthy();
    expect(api.callsTo(apiPaths.contentArticles)[0]?.url.searchParams.get('category')).toBe('award');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '立即申报' })));
    await waitFor(() => expect(app.path()).toBe(routes.cxbApplication.index));
  });

  test('with earlier seasons, a 届次 switcher: the season in the address is the one asked for and shown pressed', async () => {
    const api = stubApi({
      [apiPaths.contentSeasons]: ok({ items: [{ year: 2025, name: '2025 青年创新榜', current: true }, { year: 2024, name: '2024 青年创新榜', current: false }] }),
      [apiPaths.contentArticles]: ok(page([articleSummary({ id: 'w1', category: 'award', title: '一等奖', award: { quota: 10, prize: '证书' } })])),
    });
    const app = await renderApp(`${routes.cxb.award}?season=2024`);
    const seasons = await screen.findByRole('group', { name: '届次' });
    await waitFor(() => expect(within(seasons).getByRole('button', { name: '2024 届' }).getAttribute('aria-pressed')).toBe('true'));
    await screen.findByRole('list', { name: '奖项设置' });
    expect(api.callsTo(apiPaths.contentArticles).map((c) => c.url.searchParams.get('season'))).toEqual(['2024']);
    await act(async () => fireEvent.click(within(seasons).getByRole('button', { name: '2025 届（本届）' })));
    await waitFor(() => expect(app.search()).toContain('season=2025'));
    await waitFor(() => expect(api.callsTo(apiPaths.contentArticles).some((c) => c.url.searchParams.get('season') === null)).toBe(true));
  });

  test('while the awards load a placeholder is shown', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    stubApi({
      [apiPaths.contentArticles]: async () => (
        await held, ok(page([articleSummary({ category: 'award', title: '青年创新之星', award: { quota: 30, prize: '荣誉证书' } })]))
      ),
    });
    await renderApp(routes.cxb.award);
    expect(await screen.findByRole('status', { name: '加载中' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '立即申报' })).toBeTruthy();
    await act(async () => release());
    expect(await screen.findByRole('heading', { name: '青年创新之星' })).toBeTruthy();
    expect(screen.getByText('30 名')).toBeTruthy();
    expect(screen.queryByRole('status', { name: '加载中' })).toBeNull();
  });

  test('no awards published: 奖项设置即将公布', async () => {
    stubApi({ [apiPaths.contentArticles]: ok(page([])) });
    await renderApp(routes.cxb.award);
    expect(await screen.findByText('奖项设置即将公布')).toBeTruthy();
  });

  test('a failure offers 重试', async () => {
    let broken = true;
    stubApi({
      [apiPaths.contentArticles]: () =>
        broken ? { status: 500, body: {} } : ok(page([articleSummary({ category: 'award', title: '青年创新之星', award: { quota: 30, prize: '荣誉证书' } })])),
    });
    await renderApp(routes.cxb.award);
    expect(await screen.findByText('加载失败', {}, { timeout: 8000 })).toBeTruthy();
    broken = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重试' })));
    expect(await screen.findByRole('heading', { name: '青年创新之星' })).toBeTruthy();
  });
});

describe('pages/cxb/process', () => {
  test('shows the process article; 开始申报 opens the form (its first step carries the notice)', async () => {
    stubApi({
      [apiPaths.contentArticle]: bySlug({
        [contentSlugs.programmeProcess]: ok(
          article({ slug: contentSlugs.programmeProcess, title: '申报流程', body: '<ol><li><strong>阅读申报须知</strong>：了解申报条件</li></ol>' }),
        ),
      }),
    });
    const app = await renderApp(routes.cxb.process);
    expect(await screen.findByRole('heading', { name: '申报流程' })).toBeTruthy();
    expect(screen.getByText('阅读申报须知')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '开始申报' })));
    await waitFor(() => expect(app.path()).toBe(routes.cxbApplication.index));
  });

  test('while the article loads a placeholder is shown', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    stubApi({ [apiPaths.contentArticle]: async () => (await held, ok(article({ title: '申报流程' }))) });
    await renderApp(routes.cxb.process);
    expect(await screen.findByLabelText('加载中')).toBeTruthy();
    await act(async () => release());
    expect(await screen.findByRole('heading', { name: '申报流程' })).toBeTruthy();
  });

  test('the article is rendered inert: no script, no handlers, no javascript: links', async () => {
    stubApi({
      [apiPaths.contentArticle]: ok(
        article({
          slug: contentSlugs.programmeProcess,
          title: '申报流程',
          body: '<p>第一步<script>window.__owned = 1</script></p><img src="x" onerror="window.__owned = 1"><a href="javascript:alert(1)">点我</a>',
        }),
      ),
    });
    await renderApp(routes.cxb.process);
    expect(await screen.findByText('第一步')).toBeTruthy();
    const card = screen.getByRole('heading', { name: '申报流程' }).closest('section')!;
    expect(card.querySelector('script')).toBeNull();
    expect(card.querySelector('[onerror]')).toBeNull();
    expect(card.querySelector('a[href^="javascript:"]')).toBeNull();
  });

  test('a failure offers 重试 and keeps 开始申报', async () => {
    let broken = true;
    stubApi({
      [apiPaths.contentArticle]: () => (broken ? { status: 503, body: {} } : ok(article({ slug: contentSlugs.programmeProcess, title: '申报流程' }))),
    });
    await renderApp(routes.cxb.process);
    expect(await screen.findByText('加载失败', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: '开始申报' })).toBeTruthy();
    broken = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重试' })));
    expect(await screen.findByRole('heading', { name: '申报流程' })).toBeTruthy();
  });

  test('a process article not published yet is said calmly', async () => {
    stubApi({ [apiPaths.contentArticle]: fail('内容不存在', 4004) });
    await renderApp(routes.cxb.process);
    expect(await screen.findByText('内容正在更新，请稍后再来查看。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '开始申报' })).toBeTruthy();
  });
});
