import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { routes } from '@qgw/contracts';
import { appStarted, at, hashRoute, registerViaApi, type TestUser } from './support/app.js';
import { signIn } from './support/applications.js';
import { consoleNav, signInToConsole } from './support/console.js';

/**
 * On a desktop the applicant screens render as they do on a 480-wide window, in a centred column
 * (decision record 0022): the build caps every vw at its 480-wide length, and global.css centres the
 * screens and keeps fixed bars and sheets inside the column. The console keeps the whole window.
 */

const desk = { width: 1280, height: 800 };
const COLUMN = 480;
test.use({ viewport: desk, isMobile: false, hasTouch: false });

type Box = { x: number; y: number; width: number; height: number };

const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  return box!;
};

/** The column: the body, as wide as a phone of 480 and centred in the window. */
async function expectColumn(page: Page): Promise<Box> {
  const column = await boxOf(page.locator('body'));
  expect(column.width, 'the column is at most 480 px wide').toBeLessThanOrEqual(COLUMN);
  expect(column.width, 'and fills it').toBeGreaterThan(COLUMN - 1);
  expect(Math.abs(column.x + column.width / 2 - desk.width / 2), 'the column is centred').toBeLessThan(1);
  // the screen itself fills the column, and nothing runs off the window sideways
  const screen = await boxOf(page.locator('#root > :not(.qgw-nav-progress)').first());
  expect(screen.x).toBeCloseTo(column.x, 0);
  expect(screen.width).toBeCloseTo(column.width, 0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(desk.width);
  return column;
}

/** Body text is the size it is on a 480-wide phone (28 px of the 750 design = 17.92 px), not 48 px. */
async function expectReadableText(page: Page): Promise<void> {
  const sizes = await page.evaluate(() => ({
    body: parseFloat(getComputedStyle(document.body).fontSize),
    paragraphs: Array.from(document.querySelectorAll('#root p'))
      .filter((p) => p.getBoundingClientRect().width > 0)
      .map((p) => parseFloat(getComputedStyle(p).fontSize)),
  }));
  expect(sizes.body, 'body text').toBeLessThanOrEqual(18);
  expect(sizes.paragraphs.length, 'the screen has paragraphs to read').toBeGreaterThan(0);
  for (const size of sizes.paragraphs) expect(size, 'a paragraph').toBeLessThanOrEqual(18);
}

function expectWithin(inner: Box, column: Box, what: string): void {
  expect(inner.x, `${what} starts inside the column`).toBeGreaterThanOrEqual(column.x - 0.5);
  expect(inner.x + inner.width, `${what} ends inside the column`).toBeLessThanOrEqual(column.x + column.width + 0.5);
}

/** A fixed bar along the window's bottom edge, exactly as wide as the column. */
async function expectBottomBar(bar: Locator, column: Box, what: string): Promise<void> {
  // a sheet slides up: measure once it has come to rest on the bottom edge
  await expect.poll(async () => { const b = await boxOf(bar); return Math.round(b.y + b.height); }, { message: `${what} comes to rest` }).toBe(desk.height);
  const box = await boxOf(bar);
  expectWithin(box, column, what);
  expect(box.width, `${what} spans the column`).toBeCloseTo(column.width, 0);
  expect(box.y + box.height, `${what} sits on the window's bottom edge`).toBeCloseTo(desk.height, 0);
}

const tabBar = (page: Page) => page.getByRole('navigation', { name: '标签栏' });
const homeHeading = (page: Page) => page.getByRole('heading', { name: '2024 青年创新榜' });

test('home: a centred 480 column on a quiet background, phone-sized text, the tab bar along the column, as first painted', async ({ page }) => {
  // the prerendered first paint (decision record 0011) is already in the column: no jump when the app runs
  const appChunk = /\/assets\/boot-[^/]+\.js$/;
  const held: { continue(): Promise<void> }[] = [];
  await page.route(appChunk, (route) => {
    held.push(route);
  });
  await page.goto('/');
  await expect(homeHeading(page)).toBeVisible();
  await expect.poll(() => held.length, { message: 'the app is held back' }).toBeGreaterThan(0);
  const shellColumn = await boxOf(page.locator('body'));
  const shellTitle = await boxOf(homeHeading(page));
  const shellFont = await page.evaluate(() => getComputedStyle(document.body).fontSize);
  await page.unroute(appChunk);
  await Promise.all(held.map((r) => r.continue().catch(() => undefined)));
  await appStarted(page);

  const column = await expectColumn(page);
  // (the live screen is taller once its data has come)
  expect({ x: shellColumn.x, width: shellColumn.width }).toEqual({ x: column.x, width: column.width });
  expect(await boxOf(homeHeading(page)), 'the live title is where the shell drew it').toEqual(shellTitle);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontSize)).toBe(shellFont);
  await expectReadableText(page);
  await expectBottomBar(tabBar(page), column, 'the tab bar');

  // outside the column a quiet neutral, not the page's own background
  const colours = await page.evaluate(() => ({
    page: getComputedStyle(document.documentElement).backgroundColor,
    column: getComputedStyle(document.body).backgroundColor,
  }));
  expect(colours.page).toBe('rgb(228, 230, 234)');
  expect(colours.page).not.toBe(colours.column);
});

test('login: the screen and its sticky navigation bar in the column; a message toast shows within it', async ({ page }) => {
  await page.goto(at(routes.login.index));
  await appStarted(page);
  await expect(page.getByRole('heading', { name: '欢迎回来' })).toBeVisible();
  const column = await expectColumn(page);
  await expectReadableText(page);
  const navBar = await boxOf(page.locator('.adm-nav-bar'));
  expectWithin(navBar, column, 'the navigation bar');
  expect(navBar.width).toBeCloseTo(column.width, 0);

  // asking to log in with nothing typed: a toast says what is missing, centred on the column
  await page.getByRole('button', { name: '登录', exact: true }).click();
  const toast = page.locator('.adm-toast-main');
  await expect(toast).toBeVisible();
  const toastBox = await boxOf(toast);
  expectWithin(toastBox, column, 'the toast');
  expect(Math.abs(toastBox.x + toastBox.width / 2 - (column.x + column.width / 2))).toBeLessThan(1);
});

test.describe('signed in', () => {
  let user: TestUser;
  test.beforeAll(async ({ request }) => {
    user = await registerViaApi(request);
  });

  test('a form page: the fields and the fixed footer with its buttons stay in the column', async ({ page }) => {
    await signIn(page, user);
    await page.goto(at(routes.cxb2024.companyApply));
    await expect(page.getByRole('heading', { name: '青年友好企业申报' })).toBeVisible();
    await expect(page.getByLabel('企业名称', { exact: true })).toBeVisible();
    const column = await expectColumn(page);
    await expectReadableText(page);
    expectWithin(await boxOf(page.getByLabel('企业名称', { exact: true })), column, 'a field');
    await expectBottomBar(page.locator('.qgw-form-footer'), column, 'the form footer');
    expectWithin(await boxOf(page.getByRole('button', { name: '预览' })), column, 'the footer button');
  });

  test('the account tab: the tab bar along the column; the messages sheet and the logout dialog open within it', async ({ page }) => {
    await signIn(page, user);
    await page.goto(at(routes.account.index));
    await expect(page.getByText(user.nickname)).toBeVisible();
    const column = await expectColumn(page);
    await expectReadableText(page);
    await expectBottomBar(tabBar(page), column, 'the tab bar');

    // a bottom sheet rises inside the column, not across the window
    await page.getByRole('button', { name: '消息通知' }).click();
    const sheet = page.getByRole('dialog', { name: '消息通知' });
    await expect(sheet).toBeVisible();
    await expectBottomBar(page.locator('.adm-popup-body').filter({ has: sheet }), column, 'the messages sheet');
    await sheet.getByRole('button', { name: '关闭' }).click();
    await expect(sheet).toHaveCount(0);

    // a dialog: centred on the column and no wider than 75% of it, as on a phone
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page.getByText('确定退出登录吗？')).toBeVisible();
    const dialog = await boxOf(page.locator('.adm-center-popup-body'));
    expectWithin(dialog, column, 'the dialog');
    expect(dialog.width).toBeLessThanOrEqual(COLUMN * 0.75 + 0.5);
    expect(Math.abs(dialog.x + dialog.width / 2 - (column.x + column.width / 2))).toBeLessThan(1);
    await page.getByRole('button', { name: '取消' }).click();
    await expect(page.getByText('确定退出登录吗？')).toHaveCount(0);
    await expect(page).toHaveURL(hashRoute(routes.account.index));
  });
});

test('the console keeps the whole window: it is laid out for desktops', async ({ page }) => {
  // a guest is asked to log in on the console's own full-width page
  await page.goto('/#/console');
  await expect(page.locator('.qgw-cs-gate')).toBeVisible();
  expect((await boxOf(page.locator('body'))).width).toBe(desk.width);
  expect((await boxOf(page.locator('.qgw-cs-gate'))).width).toBe(desk.width);

  await signInToConsole(page, 'admin');
  await expect(consoleNav(page)).toBeVisible();
  expect((await boxOf(page.locator('body'))).width).toBe(desk.width);
  const top = await boxOf(page.locator('.qgw-cs-top'));
  expect(top.x).toBe(0);
  expect(top.width).toBe(desk.width);
  // the side navigation of a wide screen, beside the page, and rem-sized text
  expect((await boxOf(page.locator('.qgw-cs-frame'))).width).toBe(desk.width);
  const nav = await boxOf(consoleNav(page));
  expect(nav.x).toBe(0);
  expect((await boxOf(page.locator('.qgw-cs-main'))).x).toBeGreaterThanOrEqual(nav.x + nav.width - 1);
  expect(await page.locator('.qgw-cs').evaluate((el) => getComputedStyle(el).fontSize)).toBe('15px');
  const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(background).not.toBe('rgb(228, 230, 234)');
});
