/**
 * The committee's ranking at a desk: five applicants have submitted rank-user applications, four of
 * them reviewed by the demo reviewer (totals 90, 80, 80, 60; one not yet). The demo admin signs in
 * with the second factor, sets 创新榜's 名额 to 2 in 评选设置, and opens 排名 for 创新榜: the two
 * tied at 80 share the second place across the 入选线 and the screen says so, the unreviewed one is
 * flagged 评审不足, and the filters survive a reload and the back button. 拟定入选 stages the one
 * clearly above the line after a confirmation with the count. 待发布结论, opened afresh, shows the
 * mean, the reviews and the rank beside that decision, and the release's confirmation names the
 * programme's phase and says the applicant hears at once (the demo programme is still 申报中).
 */
import type { BrowserContext, Page } from '@playwright/test';
import { registerViaApi, type TestUser } from './support/app.js';
import { expectAccessible } from './support/accessibility.js';
import { consoleNav, signInToConsole, uniqueName } from './support/console.js';
import { reviewWithTotal } from './support/ranking-state.js';
import { submitRankUserViaApi } from './support/rank-user-api.js';
import { urls } from './support/stack-env.js';
import { expect, test } from './support/test.js';

test.describe.configure({ mode: 'serial' });

/** the candidates by the share of the rubric's maximum their review gives (null: not reviewed yet) */
const plan: Array<{ key: string; fraction: number | null }> = [
  { key: 'first', fraction: 0.9 },
  { key: 'tieA', fraction: 0.8 },
  { key: 'tieB', fraction: 0.8 },
  { key: 'last', fraction: 0.6 },
  { key: 'unreviewed', fraction: null },
];
const names: Record<string, string> = {};
let context: BrowserContext;
let admin: Page;
const uncaught: string[] = [];

test.beforeAll(async ({ request, browser }) => {
  test.setTimeout(180_000);
  const used = new Set<string>();
  for (const c of plan) {
    let name: string;
    do name = uniqueName();
    while (used.has(name));
    used.add(name);
    names[c.key] = name;
    const user: TestUser = await registerViaApi(request);
    await submitRankUserViaApi(request, user, name);
    if (c.fraction !== null) expect(await reviewWithTotal(user.mobile, 'rank_user', c.fraction)).toBe(c.fraction * 100);
  }
  context = await browser.newContext({ baseURL: urls.app, viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, locale: 'zh-CN' });
  admin = await context.newPage();
  admin.on('pageerror', (e) => uncaught.push(e.message));
});

test.afterAll(async () => {
  expect(uncaught, 'no page threw').toEqual([]);
  await context.close();
});

const table = (page: Page) => page.getByRole('table', { name: '排名列表' });
const rowOf = (page: Page, key: string) => table(page).getByRole('row').filter({ hasText: names[key]! });

test('the admin sets 创新榜 to two places in 评选设置', async () => {
  test.setTimeout(120_000);
  await signInToConsole(admin, 'admin');
  await consoleNav(admin).getByRole('link', { name: '评选设置' }).click();
  const quota = admin.getByLabel('创新榜：名额');
  await quota.fill('2');
  await admin.getByRole('button', { name: '保存' }).first().click();
  await expect(admin.getByText('保存成功')).toBeVisible();
});

test('排名 for 创新榜: by mean, the tie across the cut line said plainly, too few reviews flagged', async () => {
  await consoleNav(admin).getByRole('link', { name: '排名' }).click();
  await expect(admin.getByRole('heading', { name: '排名' })).toBeVisible();
  await admin.getByLabel('类型').selectOption('rank_user');
  await expect(admin).toHaveURL(/[?&]kind=rank_user/);
  await expect(rowOf(admin, 'first')).toContainText('90.00');
  await expect(admin.getByRole('alert')).toHaveText('2 人并列第 2 名，跨越入选线：仅余 1 个名额。拟定入选不包括这 2 人，请逐一决定。');
  for (const key of ['tieA', 'tieB']) {
    await expect(rowOf(admin, key).getByRole('cell').first()).toHaveText('2并列于入选线');
  }
  await expect(rowOf(admin, 'first').getByRole('cell').first()).toHaveText('1');
  await expect(rowOf(admin, 'last').getByRole('cell').first()).toHaveText('4');
  await expect(rowOf(admin, 'unreviewed')).toContainText('评审不足');
  // the line sits between the tie and the first candidate below it
  const texts = await table(admin).getByRole('row').allTextContents();
  const line = texts.indexOf('入选线（名额 2 个）');
  expect(line).toBeGreaterThan(texts.findIndex((t) => t.includes(names.tieB!)));
  expect(line).toBeLessThan(texts.findIndex((t) => t.includes(names.last!)));
  await expectAccessible(admin, '排名');

  // the filters are in the address: a reload keeps them, and so does the way back
  await admin.reload();
  await expect(admin.getByLabel('类型')).toHaveValue('rank_user');
  await expect(admin.locator('.qgw-rk-cut td')).toHaveCSS('border-top-style', 'dashed');
  await admin.getByLabel('类型').selectOption('person');
  await expect(admin).toHaveURL(/[?&]kind=person/);
  await admin.goBack();
  await expect(admin.getByLabel('类型')).toHaveValue('rank_user');
  await expect(rowOf(admin, 'first')).toBeVisible();
});

test('拟定入选 stages the one clearly above the line, after a confirmation with the count', async () => {
  await admin.getByRole('button', { name: '拟定入选' }).click();
  const panel = admin.getByRole('region', { name: '拟定入选' });
  await expect(panel).toContainText('将入选线以上 1 项');
  await panel.getByRole('button', { name: '拟定', exact: true }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText('确定拟定 1 项通过？');
  await dialog.getByRole('button', { name: '拟定', exact: true }).click();
  await expect(panel.getByRole('status')).toContainText(`${names.first}`);
  await expect(panel.getByRole('status')).toContainText('已拟定 1 项，拒绝 0 项');
  await expect(rowOf(admin, 'first')).toContainText('通过');
  await expect(rowOf(admin, 'tieA')).not.toContainText('通过');
});

test('待发布结论, opened afresh: the scores beside the decision, and the phase warning on release', async () => {
  await consoleNav(admin).getByRole('link', { name: '待发布结论' }).click();
  // the screen is a lazy chunk: reload once the address is the new screen's, not before
  await admin.waitForURL(/#\/console\/decisions/);
  await admin.reload();
  await expect(admin.getByRole('heading', { name: '待发布结论' })).toBeVisible();
  const item = admin.getByRole('list', { name: '待发布结论' }).getByRole('listitem').filter({ hasText: names.first! });
  const scores = item.locator('.qgw-rv-row-meta');
  await expect(scores).toContainText('均分 90.00');
  await expect(scores).toContainText('评审 1 份');
  await expect(scores).toContainText(/类别排名 第 1 名（共 \d+）/);
  await expect(scores).toHaveCSS('display', 'flex');
  await expectAccessible(admin, '待发布结论');

  await item.getByRole('checkbox').check();
  await admin.getByRole('button', { name: '发布所选' }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByRole('alert')).toHaveText('评选当前阶段：申报中。尚未到“结果公布”阶段：发布后申报人将立即收到通知。');
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(item).toBeVisible();
});
