/**
 * The committee's 概览 at a desk: an applicant has just submitted a rank-user application, and the
 * demo admin, past the second factor, opens the console's home directly. They see the round's
 * headline figures (today's submission counted), five charts drawn on canvases, each with a summary
 * and a table of its numbers; a reload draws the same screen, styled, from the server's data.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { registerViaApi } from './support/app.js';
import { expectAccessible } from './support/accessibility.js';
import { signInToConsole, uniqueName } from './support/console.js';
import { submitRankUserViaApi } from './support/rank-user-api.js';
import { urls } from './support/stack-env.js';
import { expect, test } from './support/test.js';

test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let admin: Page;
const uncaught: string[] = [];

test.beforeAll(async ({ request, browser }) => {
  test.setTimeout(120_000);
  await submitRankUserViaApi(request, await registerViaApi(request), uniqueName());
  context = await browser.newContext({ baseURL: urls.app, viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, locale: 'zh-CN' });
  admin = await context.newPage();
  admin.on('pageerror', (e) => uncaught.push(e.message));
});

test.afterAll(async () => {
  expect(uncaught, 'no page threw').toEqual([]);
  await context.close();
});

const figure = (page: Page, name: string) => page.getByLabel('主要数字').locator('div').filter({ has: page.getByText(name, { exact: true }) }).locator('dd');
const charts = ['近 30 天每日提交', '各类别申报状态', '申报人所在地区（前 10）', '评审进度（评审中的申报）', '平均分分布（每 10 分一档）'];

async function expectDashboard(page: Page) {
  await expect(page.getByRole('heading', { name: '概览', level: 1 })).toBeVisible();
  await expect(page.getByText(/统计至 \d{4}-\d{2}-\d{2}（北京时间）/)).toBeVisible();
  expect(Number(await figure(page, '今日提交').textContent())).toBeGreaterThanOrEqual(1);
  expect(Number(await figure(page, '申报总数').textContent())).toBeGreaterThanOrEqual(1);
  for (const title of charts) {
    const card = page.getByRole('figure', { name: title });
    const canvas = card.getByRole('img', { name: new RegExp(`^${title.replace(/[()（）]/g, '.')}：`) });
    await expect(canvas).toBeVisible();
    // Chart.js has drawn: the canvas has its size and pixels
    await expect.poll(() => canvas.evaluate((c: HTMLCanvasElement) => c.width > 0 && c.height > 100)).toBe(true);
  }
}

test('概览, opened directly: headline figures, five charts and their text alternatives', async () => {
  test.setTimeout(120_000);
  await signInToConsole(admin, 'admin');
  await admin.goto('/#/console');
  await admin.reload();
  await expectDashboard(admin);

  const perDay = admin.getByRole('figure', { name: '近 30 天每日提交' });
  await expect(perDay.getByText(/^近 30 天共提交 \d+ 份，最多的一天是/)).toBeVisible();
  await perDay.getByText('查看数据表').click();
  const days = perDay.getByRole('table', { name: '近 30 天每日提交' });
  await expect(days).toBeVisible();
  await expect(days.getByRole('row')).toHaveCount(31);
  const kinds = admin.getByRole('figure', { name: '各类别申报状态' });
  await kinds.getByText('查看数据表').click();
  await expect(kinds.getByRole('row', { name: /^创新榜/ })).toBeVisible();
  await expect(admin.getByText('按创新榜与个人申报表中的“所在地区”统计；作品与企业申报没有该项，不计入。')).toBeVisible();
  await expectAccessible(admin, '概览', ['.qgw-db']);
});

test('a reload draws the same 概览, styled', async () => {
  await admin.reload();
  await expectDashboard(admin);
  await expect(admin.locator('.qgw-db-figure dd').first()).toHaveCSS('font-weight', '700');
  await expect(admin.locator('.qgw-db-chart').first()).toHaveCSS('position', 'relative');
  // the charts sit two abreast at a desk
  const [a, b] = await Promise.all([0, 1].map((i) => admin.locator('.qgw-db-card').nth(i).boundingBox()));
  expect(a!.y).toBe(b!.y);
  expect(b!.x).toBeGreaterThan(a!.x);
});
