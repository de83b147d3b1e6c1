/**
 * A screen whose data cannot load says what happened and offers 重试: a proxy's 429 without a body
 * (操作太频繁，请稍后再试, with the wait when Retry-After gives it — never 网络请求错误，状态码429) and
 * no network at all (网络不可用，请检查网络后重试), on a result page and on 我的申报; back online,
 * 重试 loads the screen, which a reload then shows from the server. Every other screen that loads
 * server data does the same when its call fails: the 青工委介绍 tab, an article, the document list,
 * 消息通知 (a 429's sentence), 我的入会申请 and the 创新榜 status, detail and video pages; an entry's
 * introduction whose programme status is unread offers 重新加载. Also: every state badge on 我的申报
 * is readable (contrast), and the screen passes axe.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { apiPaths, appConstants, routes, type ApplicationStatus } from '@qgw/contracts';
import { at, registerViaApi, type ScreenPath, type TestUser } from './support/app.js';
import { expectAccessible } from './support/accessibility.js';
import { demoApplicant, signIn } from './support/applications.js';

test.describe.configure({ mode: 'serial' });

let user: TestUser;
test.beforeAll(async ({ request }) => {
  user = await registerViaApi(request);
});

const loadError = (page: Page) => page.getByTestId('load-error');
const retry = (page: Page) => loadError(page).getByRole('button', { name: '重试', exact: true });

/** Answers `path` as a proxy in front of the API would when it limits: 429, no body. */
async function limitAtProxy(page: Page, path: string, headers: Record<string, string> = {}): Promise<() => Promise<void>> {
  const matcher = (url: URL) => url.pathname === path;
  await page.route(matcher, (route) => route.fulfill({ status: 429, headers, body: '' }));
  return () => page.unroute(matcher);
}

test('a result page: a proxy\'s 429 and then offline say what happened with 重试; back online 重试 loads it', async ({ page, context }) => {
  await signIn(page, user);
  const lifted = await limitAtProxy(page, apiPaths.getCompanyInfo);
  await page.goto(at(routes.cxb2024.companyResult));
  await expect(loadError(page)).toContainText('操作太频繁，请稍后再试');
  await expect(loadError(page)).toContainText('加载失败');
  await expect(page.getByText(/状态码429/)).toHaveCount(0);
  await expectAccessible(page, 'a result page that could not load (429)');
  await lifted();

  await context.setOffline(true);
  await retry(page).click();
  await expect(loadError(page)).toContainText('网络不可用，请检查网络后重试');
  await expect(loadError(page).locator('.qgw-status-block-title')).toHaveText('网络不可用');
  await expectAccessible(page, 'a result page offline');

  await context.setOffline(false);
  await retry(page).click();
  await expect(page.getByText('您还没有提交企业申报')).toBeVisible();
  await expect(loadError(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('您还没有提交企业申报')).toBeVisible();
  await expect(page.getByRole('button', { name: '去申报' })).toBeVisible();
});

test('我的申报: a 429 with Retry-After says how long to wait; offline says so; back online 重试 lists the entries', async ({ page, context }) => {
  await signIn(page, demoApplicant);
  const lifted = await limitAtProxy(page, apiPaths.myApplications, { 'retry-after': '30' });
  await page.goto(at(routes.cxbCheck.index));
  await expect(loadError(page)).toContainText('申报记录加载失败');
  await expect(loadError(page)).toContainText('操作太频繁，请30秒后再试');
  // what another screen left in storage is not shown as if it were the list
  await expect(page.getByText('暂无申报记录')).toHaveCount(0);
  await lifted();

  await context.setOffline(true);
  await retry(page).click();
  await expect(loadError(page)).toContainText('网络不可用，请检查网络后重试');
  await expectAccessible(page, '我的申报 offline');

  await context.setOffline(false);
  await retry(page).click();
  const list = page.getByRole('region', { name: '申报记录' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expect(list.getByText('已通过', { exact: true }).first()).toBeVisible();
  await expectAccessible(page, '我的申报 with its entries');
  await page.reload();
  await expect(list.getByText('已通过', { exact: true }).first()).toBeVisible();
  await expect(loadError(page)).toHaveCount(0);
});

test('我的申报: the badge of every state is readable (contrast at least 4.5:1)', async ({ page }) => {
  await signIn(page, demoApplicant);
  const statuses: ApplicationStatus[] = ['draft', 'submitted', 'under_review', 'returned', 'approved', 'rejected', 'withdrawn'];
  const matcher = (url: URL) => url.pathname === apiPaths.myApplications;
  await page.route(matcher, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        success: true,
        code: 0,
        message: statuses.map((status, i) => ({
          id: `a-${i}`,
          kind: 'work',
          status,
          title: `作品${i + 1}`,
          reason: status === 'returned' || status === 'rejected' ? '请补充材料' : null,
          submittedAt: status === 'draft' ? null : '2024-05-02T02:00:00.000Z',
          updatedAt: '2024-05-02T02:00:00.000Z',
          seasonYear: 2024,
        })),
      }),
    }),
  );
  await page.goto(at(routes.cxbCheck.index));
  const list = page.getByRole('region', { name: '申报记录' });
  await expect(list.getByRole('listitem')).toHaveCount(statuses.length);
  await expectAccessible(page, 'every state badge on 我的申报');
  await page.unroute(matcher);
  // the screen as the server has it, after a reload
  await page.reload();
  await expect(list.getByText('已通过', { exact: true }).first()).toBeVisible();
  await expectAccessible(page, '我的申报 reloaded');
});

/** The first published article of a category, as the server lists it to a visitor. */
async function firstArticle(request: APIRequestContext, category: 'news' | 'document'): Promise<{ id: string; title: string }> {
  const res = await request.get(apiPaths.contentArticles, { params: { category, limit: 1, ...appConstants.fixedRequestFields } });
  const body = (await res.json()) as { message: { items: { id: string; title: string }[] } };
  const first = body.message.items[0];
  expect(first, `a published ${category} article`).toBeTruthy();
  return first!;
}

interface FailingScreen {
  /** what the journey calls it */
  name: string;
  /** the API path whose answer is replaced by a 500 */
  api: string;
  screen: ScreenPath;
  query?: Record<string, string>;
  /** the failed-load state's title on this screen */
  title: string;
  /** what the screen shows once its data loads */
  loaded(page: Page): ReturnType<Page['getByText']>;
}

/** The server answers 500 with no body: the screen says so with 重试; the call works again, 重试 shows the screen. */
async function failsThenRetries(page: Page, s: FailingScreen): Promise<void> {
  const matcher = (url: URL) => url.pathname === s.api;
  await page.route(matcher, (route) => route.fulfill({ status: 500, body: '' }));
  await page.goto(at(s.screen, s.query));
  // opened afresh: a hash change alone keeps the last screen's answers in the page's cache
  await page.reload();
  await expect(loadError(page), s.name).toContainText(s.title);
  await expect(loadError(page)).toContainText('网络请求错误，状态码500');
  await expect(retry(page)).toBeVisible();
  await page.unroute(matcher);
  await retry(page).click();
  await expect(s.loaded(page), `${s.name} after 重试`).toBeVisible();
  await expect(loadError(page)).toHaveCount(0);
}

test('the committee\'s pages: the 青工委介绍 tab, an article and the document list each offer 重试 when their call fails', async ({ page, request }) => {
  const news = await firstArticle(request, 'news');
  const document = await firstArticle(request, 'document');
  const screens: FailingScreen[] = [
    { name: '青工委介绍', api: apiPaths.contentArticle, screen: routes.intro.index, title: '加载失败', loaded: (p) => p.getByRole('heading', { name: '青工委简介' }) },
    { name: 'an article', api: apiPaths.contentArticle, screen: routes.article.index, query: { id: news.id }, title: '加载失败', loaded: (p) => p.getByRole('heading', { level: 1, name: news.title }) },
    { name: '文件', api: apiPaths.contentArticles, screen: routes.article.document, title: '加载失败', loaded: (p) => p.getByText(document.title).first() },
  ];
  for (const s of screens) await failsThenRetries(page, s);
});

test('消息通知: a proxy\'s 429 says 操作太频繁 with 重试, which lists the notifications', async ({ page }) => {
  await signIn(page, user);
  // only the list: the badge's own count (unreadOnly) answers as usual
  const matcher = (url: URL) => url.pathname === apiPaths.getNotifications && url.searchParams.get('unreadOnly') !== 'true';
  await page.route(matcher, (route) => route.fulfill({ status: 429, body: '' }));
  await page.goto(at(routes.account.index));
  await page.getByRole('button', { name: /消息通知/ }).click();
  const sheet = page.getByRole('dialog', { name: '消息通知' });
  await expect(loadError(page)).toContainText('消息加载失败');
  await expect(loadError(page)).toContainText('操作太频繁，请稍后再试');
  await expect(page.getByText(/状态码429/)).toHaveCount(0);
  await expectAccessible(page, '消息通知 that could not load');
  await page.unroute(matcher);
  await retry(page).click();
  await expect(sheet.getByText('暂无消息')).toBeVisible();
  await expect(loadError(page)).toHaveCount(0);
});

test('my applications\' pages: 我的入会申请 and the 创新榜 status, detail and video pages each offer 重试 when their call fails', async ({ page }) => {
  await signIn(page, user);
  const screens: FailingScreen[] = [
    { name: '我的入会申请', api: apiPaths.getMemberInfo, screen: routes.member.detail, title: '加载失败', loaded: (p) => p.getByText('您还没有提交入会申请') },
    { name: '审核进度', api: apiPaths.getRankUser, screen: routes.cxbCheck.checkStatus, title: '申报状态加载失败', loaded: (p) => p.getByText('暂无进行中的申报') },
    { name: '申报详情', api: apiPaths.getRankUser, screen: routes.cxbCheck.personalInfo, title: '申报详情加载失败', loaded: (p) => p.getByText('暂无申报信息') },
    { name: '介绍视频', api: apiPaths.getRankUser, screen: routes.cxbCheck.videoInfo, title: '介绍视频加载失败', loaded: (p) => p.getByText('暂无介绍视频') },
  ];
  for (const s of screens) await failsThenRetries(page, s);
});

test('an entry\'s introduction: the programme\'s status unread says so beside 重新加载, which reads it', async ({ page }) => {
  await signIn(page, user);
  const matcher = (url: URL) => url.pathname === apiPaths.getCurrentStatus;
  await page.route(matcher, (route) => route.fulfill({ status: 500, body: '' }));
  await page.goto(at(routes.cxb2024.workApply));
  await page.reload();
  const unread = page.getByText('加载失败，请稍后重试');
  await expect(unread).toBeVisible();
  await expect(page.getByRole('button', { name: '新增作品' })).toBeDisabled();
  await page.unroute(matcher);
  await unread.getByRole('button', { name: '重新加载' }).click();
  await expect(unread).toHaveCount(0);
  await expect(page.getByRole('button', { name: '新增作品' })).toBeVisible();
});
