/**
 * Seasons: the admin creates the 2025 season from 2024 in 评选设置 and makes it current (giving a
 * reason if 2024 is in its review phase); the applicant's home then shows 2025 in its heading and
 * status, 我的申报 keeps the applicant's 2024 entry under 2024, the award list shows 2025's awards
 * and 2024's under its season switcher, and the console's 文章, queue (its theme filter with it),
 * ranking, 待发布结论, 概览 and 评选设置 choose their season, kept in the address. Every screen is reloaded at the end: what it
 * shows comes from the server. At the end 2024 is made current again, as the other journeys of the
 * run expect.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { routes } from '@qgw/contracts';
import { at, hashQuery, hashRoute, registerViaApi, type TestUser } from './support/app.js';
import { expectAccessible } from './support/accessibility.js';
import { signIn } from './support/applications.js';
import { submitPersonViaApi } from './support/console-round.js';
import { consoleNav, signInToConsole, uniqueName } from './support/console.js';
import { urls } from './support/stack-env.js';
import { expect, test } from './support/test.js';

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false });
test.describe.configure({ mode: 'serial' });

let applicant: TestUser;
let name: string;
let adminContext: BrowserContext;
let admin: Page;
const uncaught: string[] = [];

test.beforeAll(async ({ request, browser }) => {
  test.setTimeout(120_000);
  name = uniqueName();
  applicant = await registerViaApi(request);
  await submitPersonViaApi(request, applicant, name);
  adminContext = await browser.newContext({ baseURL: urls.app, viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, locale: 'zh-CN' });
  admin = await adminContext.newPage();
  admin.on('pageerror', (e) => uncaught.push(e.message));
});

test.afterAll(async () => {
  expect(uncaught, 'no page threw').toEqual([]);
  await adminContext.close();
});

const seasonsList = (page: Page) => page.getByRole('list', { name: '届次' });
const seasonRow = (page: Page, year: number) => seasonsList(page).getByRole('listitem').filter({ hasText: `${year} 届 ·` });
/** The 当前届 badge of a season's row (its 设为当前届 button says 当前届 too). */
const currentBadge = (page: Page, year: number) => seasonRow(page, year).getByText('当前届', { exact: true });

/** 设为当前届 through its confirmation, with a reason when the current season is in review. */
async function makeCurrent(page: Page, year: number) {
  await seasonRow(page, year).getByRole('button', { name: `将 ${year} 届设为当前届` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`将 ${year} 届设为当前届？`);
  const reason = dialog.getByLabel('切换原因');
  if (await reason.isVisible()) await reason.fill('新一届启动，往届评审继续进行');
  await dialog.getByText('确认切换').click();
  await expect(page.getByText(`${year} 届已设为当前届`)).toBeVisible();
  await expect(currentBadge(page, year)).toBeVisible();
}

test('the admin creates 2025 from 2024 and makes it current', async () => {
  test.setTimeout(120_000);
  await signInToConsole(admin, 'admin');
  await consoleNav(admin).getByRole('link', { name: '评选设置' }).click();
  await expect(currentBadge(admin, 2024)).toBeVisible();
  await admin.getByLabel('新一届年份').fill('2025');
  await admin.getByLabel('复制自').selectOption({ label: '2024 届 · 2024 青年创新榜' });
  await admin.getByRole('button', { name: '创建新一届' }).click();
  await expect(admin.getByText('已创建 2025 届')).toBeVisible();
  await expect(seasonRow(admin, 2025)).toContainText('2025 青年创新榜');
  await expect(seasonRow(admin, 2025)).toContainText('申报 0 项 · 主题 5 个');
  await expectAccessible(admin, '评选设置的届次', ['section[aria-label="届次"]']);

  await makeCurrent(admin, 2025);
  await admin.reload();
  await expect(currentBadge(admin, 2025)).toBeVisible();
  await expect(currentBadge(admin, 2024)).toHaveCount(0);
});

test('the applicant home shows 2025; 我的申报 keeps the 2024 entry under 2024', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, applicant);
  await page.goto(at(routes.home.index));
  const status = page.getByRole('region', { name: '评选进度' });
  await expect(status).toContainText('2025 青年创新榜');
  // the heading is the current season's, read from the server (the first paint has the built name)
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('2025 青年创新榜');
  await page.reload();
  await expect(status).toContainText('2025 青年创新榜');
  await expect(heading).toHaveText('2025 青年创新榜');
  await expect(heading).toHaveCSS('font-weight', '800');

  await page.goto(at(routes.cxbCheck.index));
  const season2024 = page.getByRole('region', { name: '2024 届' });
  await expect(season2024.getByRole('button', { name: new RegExp(name) })).toBeVisible();
  // the season groups this screen gained (the status badge's own contrast is the shared component's)
  await expectAccessible(page, '我的申报按届分组', ['.qgw-ru-season-heading']);
  await page.reload();
  await expect(page).toHaveURL(hashRoute(routes.cxbCheck.index));
  await expect(page.getByRole('region', { name: '2024 届' }).getByRole('button', { name: new RegExp(name) })).toBeVisible();
  await expect(page.locator('.qgw-ru-season-heading').first()).toHaveCSS('font-weight', '600');
});

test('the award list shows 2025\'s awards, and 2024\'s under its season switcher, kept in the address', async ({ page }) => {
  test.setTimeout(120_000);
  // the admin edits 2025's first award (the console's articles are the current season's)
  await consoleNav(admin).getByRole('link', { name: '文章' }).click();
  await admin.getByRole('group', { name: '分类' }).getByRole('button', { name: '奖项' }).click();
  await admin.getByRole('list', { name: '奖项' }).getByRole('link', { name: '编辑：一等奖' }).click();
  const quota = admin.getByLabel('名额', { exact: true });
  await expect(quota).toHaveValue('10');
  await quota.fill('11');
  await admin.getByRole('button', { name: '保存', exact: true }).click();
  await expect(admin.getByText('保存成功')).toBeVisible();

  await page.goto(at(routes.cxb.award));
  const seasons = page.getByRole('group', { name: '届次' });
  const first = () => page.getByRole('list', { name: '奖项设置' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: '一等奖' }) });
  await expect(seasons.getByRole('button', { name: '2025 届（本届）' })).toHaveAttribute('aria-pressed', 'true');
  await expect(first()).toContainText('11 名');
  await seasons.getByRole('button', { name: '2024 届' }).click();
  await expect.poll(() => hashQuery(page).get('season')).toBe('2024');
  await expect(first()).toContainText('10 名');
  await expectAccessible(page, '奖项设置的届次切换', ['.qgw-ru-seasons']);
  await page.reload();
  await expect(page.getByRole('group', { name: '届次' }).getByRole('button', { name: '2024 届' })).toHaveAttribute('aria-pressed', 'true');
  await expect(first()).toContainText('10 名');
  await expect(page.getByRole('group', { name: '届次' }).getByRole('button', { name: '2024 届' })).toHaveCSS('font-weight', '600');
});

test('文章 lists a season\'s awards under its season picker, kept in the address, and creates one in the season chosen', async () => {
  test.setTimeout(120_000);
  const title = `往届特别奖 ${name}`;
  await consoleNav(admin).getByRole('link', { name: '文章' }).click();
  await admin.getByRole('group', { name: '分类' }).getByRole('button', { name: '奖项' }).click();
  const season = () => admin.getByRole('combobox', { name: '届次' });
  const awards = () => admin.getByRole('list', { name: '奖项' });
  // the current season (2025) by default
  await expect(season()).toHaveValue('');
  await expect(awards().getByRole('link', { name: '编辑：一等奖' })).toBeVisible();
  await season().selectOption({ label: '2024 届' });
  await expect.poll(() => hashQuery(admin).get('season')).toBeTruthy();
  const id2024 = hashQuery(admin).get('season')!;

  // a new award (a draft, so no visitor sees it) goes to 2024
  await admin.getByRole('button', { name: '新建文章' }).click();
  await expect(admin.getByText('所属届次：2024 届')).toBeVisible();
  await admin.getByLabel('标题', { exact: true }).fill(title);
  await admin.getByLabel('名额', { exact: true }).fill('1');
  await admin.getByRole('button', { name: '保存', exact: true }).click();
  await expect(admin.getByText('保存成功')).toBeVisible();
  await expect.poll(() => [hashQuery(admin).get('category'), hashQuery(admin).get('season')]).toEqual(['award', id2024]);
  await expect(awards().getByRole('link', { name: `编辑：${title}` })).toBeVisible();
  await expectAccessible(admin, '文章的届次', ['.qgw-cs-filters']);
  await admin.reload();
  await expect(season()).toHaveValue(id2024);
  await expect(awards().getByRole('link', { name: `编辑：${title}` })).toBeVisible();

  // not in the current season's list; its editor names 2024
  await season().selectOption({ label: '2025 届（当前届）' });
  await expect.poll(() => hashQuery(admin).get('season')).toBeNull();
  await expect(awards().getByRole('link', { name: '编辑：一等奖' })).toBeVisible();
  await expect(awards().getByText(title)).toHaveCount(0);
  await season().selectOption({ label: '2024 届' });
  await awards().getByRole('link', { name: `编辑：${title}` }).click();
  await expect(admin.getByText('所属届次：2024 届')).toBeVisible();
  await admin.getByRole('button', { name: '取消', exact: true }).click();
  await expect.poll(() => hashQuery(admin).get('season')).toBe(id2024);
  await awards().getByRole('button', { name: `删除：${title}` }).click();
  await admin.getByRole('dialog').getByText('删除', { exact: true }).click();
  await expect(awards().getByText(title)).toHaveCount(0);
});

test('the console queue shows the current season by default and filters by season, kept in the address', async () => {
  test.setTimeout(120_000);
  await consoleNav(admin).getByRole('link', { name: '评审队列' }).click();
  await expect(admin).toHaveURL(/#\/console\/review/);
  const season = admin.getByRole('combobox', { name: '届次' });
  // the current season (2025) by default: the 2024 entry is not in it
  await expect(season).toHaveValue('');
  await expect(admin.getByText(name)).toHaveCount(0);
  await season.selectOption({ label: '2024 届' });
  await expect.poll(() => hashQuery(admin).get('season')).toBeTruthy();
  const row = admin.getByText(name).first();
  await expect(row).toBeVisible();
  await admin.reload();
  await expect(admin.getByRole('combobox', { name: '届次' })).toHaveValue(hashQuery(admin).get('season')!);
  await expect(admin.getByText(name).first()).toBeVisible();

  await admin.getByRole('combobox', { name: '届次' }).selectOption({ label: '全部届次（含入会申请）' });
  await expect.poll(() => hashQuery(admin).get('season')).toBe('all');
  await expect(admin.getByText(name).first()).toBeVisible();
  await admin.reload();
  await expect(admin.getByRole('combobox', { name: '届次' })).toHaveValue('all');
  await expect(admin.getByText(name).first()).toBeVisible();
  await expectAccessible(admin, '评审队列的届次', ['.qgw-rv-filters']);
});

test('the queue\'s theme filter lists the chosen season\'s themes and clears one the new season has not got', async () => {
  test.setTimeout(120_000);
  await consoleNav(admin).getByRole('link', { name: '评审队列' }).click();
  const season = () => admin.getByRole('combobox', { name: '届次' });
  const theme = () => admin.getByRole('combobox', { name: '主题' });
  /** the themes offered, by id: each season's are its own records */
  const offered = () => theme().locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  await season().selectOption({ label: '2025 届（当前届）' });
  await expect.poll(() => hashQuery(admin).get('season')).toBeNull();
  await expect.poll(async () => (await offered()).length).toBeGreaterThan(0);
  const current = await offered();
  // 2024's themes were copied into 2025 as new records: as many, none the same
  await season().selectOption({ label: '2024 届' });
  await expect.poll(async () => (await offered()).filter((id) => !current.includes(id)).length).toBe(current.length);
  const own = (await offered())[0]!;
  await theme().selectOption(own);
  await expect.poll(() => hashQuery(admin).get('themeId')).toBe(own);

  // every season holds 2024's theme: kept, named with its year
  await season().selectOption({ label: '全部届次（含入会申请）' });
  await expect.poll(() => hashQuery(admin).get('season')).toBe('all');
  expect(hashQuery(admin).get('themeId')).toBe(own);
  await expect(theme().locator(`option[value="${own}"]`)).toContainText('（2024 届）');
  await admin.reload();
  await expect(theme()).toHaveValue(own);
  await expect.poll(async () => (await offered()).length).toBeGreaterThan(current.length);
  await expectAccessible(admin, '评审队列的主题', ['.qgw-rv-filters']);

  // the current season has not got it: cleared
  await season().selectOption({ label: '2025 届（当前届）' });
  await expect.poll(() => hashQuery(admin).get('season')).toBeNull();
  expect(hashQuery(admin).get('themeId')).toBeNull();
  await expect(theme()).toHaveValue('');
  await expect.poll(async () => (await offered()).sort()).toEqual([...current].sort());
});

test('分配评审 shows the current season by default and the 2024 entry under 2024, with its themes, kept in the address', async () => {
  test.setTimeout(120_000);
  await consoleNav(admin).getByRole('link', { name: '分配评审' }).click();
  const season = () => admin.getByRole('combobox', { name: '届次' });
  const themes = () => admin.getByRole('combobox', { name: '主题' }).locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  // 2025 has no applications: the 2024 entry awaiting a decision is not in it
  await expect(season()).toHaveValue('');
  await expect(admin.getByText('没有符合条件的申报')).toBeVisible();
  await expect.poll(async () => (await themes()).length).toBeGreaterThan(0);
  const current = await themes();
  await season().selectOption({ label: '2024 届' });
  await expect.poll(() => hashQuery(admin).get('season')).toBeTruthy();
  await expect.poll(async () => (await themes()).filter((id) => !current.includes(id)).length).toBe(current.length);
  const entry = admin.getByRole('region', { name: '分配矩阵' }).getByRole('rowheader', { name: new RegExp(name) });
  // a full run holds many 2024 entries: page on until this one shows
  for (let page = 1; ; page++) {
    const line = admin.getByText(new RegExp(`^第 ${page}/(\\d+) 页，共 \\d+ 项$`));
    await expect(line).toBeVisible();
    if ((await entry.count()) > 0 || (await line.textContent())!.startsWith(`第 ${page}/${page} 页`)) break;
    await admin.getByRole('button', { name: '下一页' }).click();
  }
  await expect(entry).toBeVisible();
  await admin.reload();
  await expect(season()).toHaveValue(hashQuery(admin).get('season')!);
  await expect(admin.getByRole('region', { name: '分配矩阵' }).getByRole('rowheader').first()).toBeVisible();
  await expectAccessible(admin, '分配评审的届次', ['.qgw-rv-filters']);
});

test('ranking, 待发布结论 and 概览 choose their season, kept in the address', async () => {
  test.setTimeout(120_000);
  const season = () => admin.getByRole('combobox', { name: '届次' });
  const pick2024 = async () => {
    await expect(season()).toHaveValue('');
    await season().selectOption({ label: '2024 届' });
    await expect.poll(() => hashQuery(admin).get('season')).toBeTruthy();
  };

  await consoleNav(admin).getByRole('link', { name: '排名' }).click();
  await expect(admin.getByText('2025 青年创新榜（', { exact: false })).toBeVisible();
  await pick2024();
  await expect(admin.getByText('2024 青年创新榜（', { exact: false })).toBeVisible();
  await admin.reload();
  await expect(season()).toHaveValue(hashQuery(admin).get('season')!);
  await expect(admin.getByText('2024 青年创新榜（', { exact: false })).toBeVisible();

  await consoleNav(admin).getByRole('link', { name: '待发布结论' }).click();
  await pick2024();
  await admin.reload();
  await expect(season()).toHaveValue(hashQuery(admin).get('season')!);
  await expect(admin.getByRole('heading', { name: '待发布结论' })).toBeVisible();
  await expectAccessible(admin, '待发布结论的届次', ['.qgw-cs-filters']);

  await consoleNav(admin).getByRole('link', { name: '概览' }).click();
  await expect(admin.getByText('2025 青年创新榜 ·', { exact: false })).toBeVisible();
  await pick2024();
  await expect(admin.getByText('2024 青年创新榜 ·', { exact: false })).toBeVisible();
  await admin.reload();
  await expect(season()).toHaveValue(hashQuery(admin).get('season')!);
  await expect(admin.getByText('2024 青年创新榜 ·', { exact: false })).toBeVisible();
});

test('评选设置 edits a season not yet current; 2024 is made current again', async () => {
  test.setTimeout(120_000);
  await consoleNav(admin).getByRole('link', { name: '评选设置' }).click();
  await makeCurrent(admin, 2024);
  await admin.reload();
  await expect(currentBadge(admin, 2024)).toBeVisible();
  await expect(currentBadge(admin, 2025)).toHaveCount(0);

  // 2025 is being prepared again: its settings are edited while 2024 stays current
  const editing = admin.getByRole('combobox', { name: '编辑届次' });
  await expect(admin.getByLabel('名称', { exact: true })).toHaveValue('2024 青年创新榜');
  await editing.selectOption({ label: '2025 届' });
  await expect.poll(() => hashQuery(admin).get('season')).toBeTruthy();
  await expect(admin.getByLabel('名称', { exact: true })).toHaveValue('2025 青年创新榜');
  await admin.reload();
  await expect(admin.getByRole('combobox', { name: '编辑届次' })).toHaveValue(hashQuery(admin).get('season')!);
  await expect(admin.getByLabel('名称', { exact: true })).toHaveValue('2025 青年创新榜');
  await expect(currentBadge(admin, 2024)).toBeVisible();
});
