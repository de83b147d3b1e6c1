/**
 * On a slow network a screen's first data travels with its code, not after it: the programme,
 * award, intro and article pages ask for their content as the route opens, while the screen's
 * chunk is still on its way, and the screen then uses that answer instead of asking again. The membership form draws its
 * heading while the application, draft and prefill are still coming.
 */
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { expect, test } from './support/test.js';
import { apiPaths, contentSlugs, routes } from '@qgw/contracts';
import { at, holdApi, holdFiles, registerViaApi, type ScreenPath } from './support/app.js';
import { signIn } from './support/applications.js';

/** Holds one screen's own chunk (not its `.data` module) back until released. */
const holdScreenChunk = (page: Page, name: string) => holdFiles(page, new RegExp(`/assets/${name}-[\\w-]+\\.js$`));

/** Every request the page makes to an API path, as it makes it. */
function requestsTo(page: Page, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === path) seen.push(r);
  });
  return seen;
}

test('青年创新榜人物申报: the overview is asked for while the screen\'s code is still coming, and only once', async ({ page }) => {
  const articles = requestsTo(page, apiPaths.contentArticle);
  const chunk = await holdScreenChunk(page, 'cxb-index');
  await page.goto(at(routes.cxb.index));
  await chunk.arrived();
  await expect.poll(() => articles.length, { message: 'the overview is asked for before the screen can draw' }).toBe(1);
  await chunk.release();
  await expect(page.locator('.qgw-ru-rich')).toBeVisible();
  await expect(page.getByRole('heading', { name: '青年创新榜人物申报' })).toBeVisible();
  expect(articles).toHaveLength(1);
});

test('奖项设置: the seasons and the awards are asked for with the code, each once', async ({ page }) => {
  const seasons = requestsTo(page, apiPaths.contentSeasons);
  const awards = requestsTo(page, apiPaths.contentArticles);
  const chunk = await holdScreenChunk(page, 'cxb-award');
  await page.goto(at(routes.cxb.award));
  await chunk.arrived();
  await expect.poll(() => [seasons.length, awards.length]).toEqual([1, 1]);
  await chunk.release();
  await expect(page.locator('.qgw-ru-award').first()).toBeVisible();
  expect([seasons.length, awards.length]).toEqual([1, 1]);
});

test('奖项设置 of a named season: the list waits for the seasons, as the screen does', async ({ page }) => {
  const awards = requestsTo(page, apiPaths.contentArticles);
  const chunk = await holdScreenChunk(page, 'cxb-award');
  await page.goto(at(routes.cxb.award, { season: '2024' }));
  await chunk.arrived();
  await page.waitForTimeout(300);
  expect(awards, 'no list is guessed before the season is known').toHaveLength(0);
  await chunk.release();
  await expect(page.locator('.qgw-ru-award').first()).toBeVisible();
});

test('申请入会: the heading and what happens after applying show while the application is still coming', async ({ page, request }) => {
  await signIn(page, await registerViaApi(request));
  const info = await holdApi(page, apiPaths.getMemberInfo);
  await page.goto(at(routes.member.index));
  await info.held;
  await expect(page.getByRole('heading', { name: '加入青工委' })).toBeVisible();
  await expect(page.getByText('青工委面向各行业优秀青年开放入会。提交申请后，秘书处将在审核后通知您结果。')).toBeVisible();
  await info.release();
  await expect(page.getByLabel('入会理由', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: '加入青工委' })).toHaveCount(1);
});

/** The title the server gives for a content read: the article's, or the first listed one's. */
async function titleFrom(request: APIRequestContext, path: string, query: Record<string, string>): Promise<string> {
  const res = await request.get(path, { params: { ...query, platform: 'wap', rent_mode: '2' } });
  const body = (await res.json()) as { message: { title?: string; items?: { title: string }[] } };
  const title = body.message.title ?? body.message.items?.[0]?.title;
  if (!title) throw new Error(`no title in ${path}: ${JSON.stringify(body)}`);
  return title;
}

const contentScreens: { name: string; route: ScreenPath; query?: Record<string, string>; chunk: string; api: string; asks: Record<string, string> }[] = [
  { name: '简介 tab', route: routes.intro.index, chunk: 'intro', api: apiPaths.contentArticles, asks: { category: 'intro', limit: '10' } },
  { name: '青工委简介', route: routes.homeIntro.index, chunk: 'home-intro-index', api: apiPaths.contentArticle, asks: { slug: contentSlugs.intro } },
  { name: '申报流程', route: routes.cxb.process, chunk: 'cxb-process', api: apiPaths.contentArticle, asks: { slug: contentSlugs.programmeProcess } },
  { name: '新闻动态', route: routes.article.index, chunk: 'article-index', api: apiPaths.contentArticles, asks: { category: 'news', limit: '10' } },
  { name: '文件', route: routes.article.document, chunk: 'article-document', api: apiPaths.contentArticles, asks: { category: 'document', limit: '10' } },
];

for (const s of contentScreens) {
  test(`${s.name}: its content is asked for while the screen's code is still coming, and only once`, async ({ page, request }) => {
    const title = await titleFrom(request, s.api, s.asks);
    const asked = requestsTo(page, s.api);
    const chunk = await holdScreenChunk(page, s.chunk);
    await page.goto(at(s.route, s.query));
    await chunk.arrived();
    await expect.poll(() => asked.length).toBeGreaterThanOrEqual(1);
    await chunk.release();
    await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
    const same = asked.filter((r) => Object.entries(s.asks).every(([k, v]) => new URL(r.url()).searchParams.get(k) === v));
    expect(same, 'the screen took the early answer').toHaveLength(1);
  });
}

test('an article opened by its address: asked for with the code, once', async ({ page, request }) => {
  const list = await request.get(apiPaths.contentArticles, { params: { category: 'news', limit: '1', platform: 'wap', rent_mode: '2' } });
  const first = ((await list.json()) as { message: { items: { id: string; title: string }[] } }).message.items[0]!;
  const asked = requestsTo(page, apiPaths.contentArticle);
  const chunk = await holdScreenChunk(page, 'article-index');
  await page.goto(at(routes.article.index, { id: first.id }));
  await chunk.arrived();
  await expect.poll(() => asked.length).toBe(1);
  await chunk.release();
  await expect(page.getByRole('heading', { name: first.title })).toBeVisible();
  expect(asked).toHaveLength(1);
});

test('an article opened from another screen: its own data is asked for with its code, not the list the old address named', async ({ page }) => {
  await page.goto(at(routes.intro.index));
  const link = page.locator('a.qgw-intro-more-link[href*="id="]').first();
  await expect(link).toBeVisible();
  const title = (await link.innerText()).trim();
  const articles = requestsTo(page, apiPaths.contentArticle);
  const lists = requestsTo(page, apiPaths.contentArticles);
  const chunk = await holdScreenChunk(page, 'article-index');
  await link.click();
  await chunk.arrived();
  await expect.poll(() => articles.length, { message: 'the article is asked for while its screen\'s code is held' }).toBe(1);
  await chunk.release();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  expect(articles).toHaveLength(1);
  expect(lists, 'no list is fetched for an address the person is leaving').toHaveLength(0);
});

/**
 * The screens behind the login: their first requests (the entry, its draft, the programme's state,
 * the prefill, …) used to go out one after another once the screen had drawn; now all of them go
 * out as the route opens, and the screen's own requests take those answers.
 */
const signedInScreens: { name: string; route: ScreenPath; chunk: string; asks: string[]; shows: (page: Page) => ReturnType<Page['getByText']> }[] = [
  {
    name: '申请入会',
    route: routes.member.index,
    chunk: 'member-index',
    asks: [apiPaths.getMemberInfo, apiPaths.getDraft, apiPaths.getPrefill, apiPaths.contentSubdivisions],
    shows: (page) => page.getByLabel('入会理由', { exact: true }),
  },
  {
    name: '个人申报 基本信息',
    route: routes.cxb2024.information,
    chunk: 'cxb2024-information',
    asks: [apiPaths.getPersonInfo, apiPaths.getDraft, apiPaths.getCurrentStatus, apiPaths.getPrefill],
    shows: (page) => page.getByLabel('姓名', { exact: true }),
  },
  {
    name: '企业申报',
    route: routes.cxb2024.companyApply,
    chunk: 'cxb2024-company-apply',
    asks: [apiPaths.getCompanyInfo, apiPaths.getDraft, apiPaths.getCurrentStatus, apiPaths.getPrefill],
    shows: (page) => page.getByLabel('企业名称', { exact: true }),
  },
  {
    name: '个人申报结果',
    route: routes.cxb2024.personResult,
    chunk: 'cxb2024-person-result',
    asks: [apiPaths.getPersonInfo],
    shows: (page) => page.getByText('您还没有提交个人申报'),
  },
  {
    name: '企业申报结果',
    route: routes.cxb2024.companyResult,
    chunk: 'cxb2024-company-result',
    asks: [apiPaths.getCompanyInfo],
    shows: (page) => page.getByText('您还没有提交企业申报'),
  },
  {
    name: '我的作品',
    route: routes.apply.index,
    chunk: 'apply-index',
    asks: [apiPaths.getWorks, apiPaths.getCurrentStatus],
    shows: (page) => page.getByText('还没有作品'),
  },
  {
    name: '提交作品',
    route: routes.apply.addWork,
    chunk: 'apply-add-work',
    asks: [apiPaths.getDraft, apiPaths.getThemes],
    shows: (page) => page.getByLabel('作品名称', { exact: true }),
  },
  {
    name: '我的申报',
    route: routes.cxbCheck.index,
    chunk: 'cxb-check-index',
    asks: [apiPaths.myApplications],
    shows: (page) => page.getByText('暂无申报记录'),
  },
  {
    name: '创新榜 审核状态',
    route: routes.cxbCheck.checkStatus,
    chunk: 'cxb-check-status',
    asks: [apiPaths.getRankUser],
    shows: (page) => page.getByRole('heading', { name: '暂无进行中的申报' }),
  },
  {
    name: '创新榜 个人信息',
    route: routes.cxbCheck.personalInfo,
    chunk: 'cxb-check-personal-info',
    asks: [apiPaths.getRankUser],
    shows: (page) => page.getByText('暂无申报信息'),
  },
];

for (const s of signedInScreens) {
  test(`${s.name}, signed in: its first requests go out together with the code, each once`, async ({ page, request }) => {
    await signIn(page, await registerViaApi(request));
    const asked = Object.fromEntries(s.asks.map((path) => [path, requestsTo(page, path)]));
    const counts = () => s.asks.map((path) => asked[path]!.length);
    const chunk = await holdScreenChunk(page, s.chunk);
    await page.goto(at(s.route));
    await chunk.arrived();
    await expect.poll(counts, { message: 'every first request is out before the screen can draw' }).toEqual(s.asks.map(() => 1));
    await chunk.release();
    await expect(s.shows(page)).toBeVisible();
    expect(counts(), 'the screen took the early answers').toEqual(s.asks.map(() => 1));
  });
}

test('申请入会, signed out: nothing is asked for, the screen asks the person to sign in', async ({ page }) => {
  const asked = requestsTo(page, apiPaths.getMemberInfo);
  await page.goto(at(routes.member.index));
  await expect(page.getByRole('heading', { name: '加入青工委' })).toBeVisible();
  await expect(page.getByRole('button', { name: /登录/ }).first()).toBeVisible();
  expect(asked).toHaveLength(0);
});
