import { type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { defaultRoute, routes, storageKeys, tabBar } from '@qgw/contracts';
import { appStarted, at, hashRoute, readStorage } from './support/app.js';

const tabNav = (page: Page) => page.getByRole('navigation', { name: '标签栏' });
const homeHeading = (page: Page) => page.getByRole('heading', { name: '2024 青年创新榜' });

test('the window title is 青工委服务平台 and an empty hash opens the programme home', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('青工委服务平台');
  await expect(page).toHaveURL(hashRoute(defaultRoute));
  await expect(homeHeading(page)).toBeVisible();
  await expect(tabNav(page)).toBeVisible();
});

test('the page and its scripts arrive compressed by the build, Brotli first: nothing is compressed again per visit', async ({ page }) => {
  const scripts: { url: string; encoding: string | undefined }[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push({ url: res.url(), encoding: res.headers()['content-encoding'] });
  });
  const document = await page.goto('/');
  expect(document?.headers()['content-encoding']).toBe('br');
  await appStarted(page);
  // every script of the first screen big enough to be worth compressing came as the build's .br copy
  const sizes = await Promise.all(scripts.map(async (s) => ({ ...s, bytes: (await (await page.request.get(s.url, { headers: { 'accept-encoding': 'identity' } })).body()).length })));
  const worth = sizes.filter((s) => s.bytes >= 1024);
  expect(worth.length).toBeGreaterThan(2);
  expect(worth.filter((s) => s.encoding !== 'br')).toEqual([]);
});

test('the tab bar shows 首页 / 青工委介绍 / 我的 in #333 on #fff with a white border, and switches tabs', async ({ page }) => {
  await page.goto(at(routes.home.index));
  await appStarted(page);
  const nav = tabNav(page);
  const links = nav.getByRole('link');
  await expect(links).toHaveText(tabBar.list.map((t) => t.text));
  for (const [i, tab] of tabBar.list.entries()) {
    await expect(links.nth(i)).toHaveAttribute('href', new RegExp(`#${tab.path}$`));
  }

  const navStyle = await nav.evaluate((el) => {
    const s = getComputedStyle(el);
    return { background: s.backgroundColor, borderColor: s.borderTopColor, borderStyle: s.borderTopStyle, borderWidth: s.borderTopWidth };
  });
  expect(navStyle.background).toBe('rgb(255, 255, 255)');
  expect(navStyle.borderColor).toBe('rgb(255, 255, 255)');
  expect(navStyle.borderStyle).toBe('solid');
  expect(parseFloat(navStyle.borderWidth)).toBeGreaterThan(0);
  // the active tab is highlighted; the others carry the tab bar's text colour
  for (const text of ['青工委介绍', '我的']) {
    const color = await nav.getByText(text, { exact: true }).evaluate((el) => getComputedStyle(el).color);
    expect(color, `colour of ${text}`).toBe('rgb(51, 51, 51)');
  }

  await nav.getByRole('link', { name: '青工委介绍' }).click();
  await expect(page).toHaveURL(hashRoute(routes.intro.index));
  await expect(page.getByRole('heading', { name: '青工委介绍' })).toBeVisible();
  await expect(tabNav(page)).toBeVisible();

  await tabNav(page).getByRole('link', { name: '我的' }).click();
  await expect(page).toHaveURL(hashRoute(routes.account.index));
  await expect(page.getByText('未登录', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '登录 / 注册' })).toBeVisible();

  await tabNav(page).getByRole('link', { name: '首页' }).click();
  await expect(page).toHaveURL(hashRoute(routes.home.index));
  await expect(homeHeading(page)).toBeVisible();
});

test('pages are laid out for a 750-wide design: stylesheet lengths are in vw', async ({ page }) => {
  await page.goto('/');
  await expect(homeHeading(page)).toBeVisible();
  const usesVw = await page.evaluate(() =>
    Array.from(document.styleSheets).some((sheet) => {
      try {
        return Array.from(sheet.cssRules).some((rule) => /\d(\.\d+)?vw\b/.test(rule.cssText));
      } catch {
        return false;
      }
    }),
  );
  expect(usesVw).toBe(true);
});

test('a page off the tab bar has a navigation bar with its title and a back arrow', async ({ page }) => {
  await page.goto(at(routes.account.index));
  await page.getByRole('button', { name: '登录 / 注册' }).click();
  await expect(page).toHaveURL(hashRoute(routes.login.index));
  await expect(page.locator('.adm-nav-bar').getByText('登录', { exact: true })).toBeVisible();
  await expect(tabNav(page)).toHaveCount(0);

  await page.getByRole('link', { name: '还没有账号？去注册' }).click();
  await expect(page).toHaveURL(hashRoute(routes.login.register));
  await expect(page.locator('.adm-nav-bar').getByText('注册', { exact: true })).toBeVisible();

  await page.getByLabel('返回').click();
  await expect(page).toHaveURL(hashRoute(routes.login.index));
  await page.getByLabel('返回').click();
  await expect(page).toHaveURL(hashRoute(routes.account.index));
  await expect(tabNav(page)).toBeVisible();
});

test('an unknown route says 页面不存在 and leads back home', async ({ page }) => {
  await page.goto('/#/pages/nowhere/index');
  await expect(page.getByText('页面不存在', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(new RegExp(`${hashRoute(routes.home.index).source}|${hashRoute(defaultRoute).source}`));
  await expect(homeHeading(page)).toBeVisible();
});

test('a browser fingerprint is kept under browserId: 32 hex characters, stable for the same browser', async ({ page }) => {
  await page.goto('/');
  const browserId = () => readStorage(page).then((s) => s[storageKeys.browserId]);
  await expect.poll(browserId).toMatch(/^[0-9a-f]{32}$/);
  const first = await browserId();

  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect.poll(browserId).toBe(first);
});

test.describe('a screen that cannot be loaded', () => {
  const chunk = /\/assets\/.+\.js(\?.*)?$/;

  test('a failed chunk shows 页面加载失败 and 重试 loads it', async ({ page }) => {
    await page.goto('/');
    await expect(homeHeading(page)).toBeVisible();
    // the app itself must have loaded before its chunks are held back
    await appStarted(page);
    await page.route(chunk, (route) => route.abort('failed'));
    await page.goto(at(routes.login.register));
    await expect(page.getByText('页面加载失败', { exact: true })).toBeVisible();

    await page.unroute(chunk);
    await page.getByRole('button', { name: '重试' }).click();
    await expect(page.getByLabel('确认密码', { exact: true })).toBeVisible();
  });

  test('a chunk still loading after 120 s shows 页面加载失败 instead of a blank page', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await expect(homeHeading(page)).toBeVisible();
    // the app itself must have loaded before its chunks are held back, and with it what the app
    // loads once the browser is idle (the fingerprint's code), which the fake clock would hold back
    await appStarted(page);
    await page.clock.runFor(1_000);
    await expect.poll(async () => (await readStorage(page))[storageKeys.browserId] ?? '').toMatch(/^[0-9a-f]{32}$/);
    const stalled: { continue(): Promise<void> }[] = [];
    await page.route(chunk, (route) => {
      stalled.push(route);
    });
    await page.goto(at(routes.login.register));
    await expect.poll(() => stalled.length).toBeGreaterThan(0);

    await page.clock.fastForward(119_000);
    await expect(page.getByText('页面加载失败', { exact: true })).toHaveCount(0);
    await page.clock.fastForward(1_000);
    await expect(page.getByText('页面加载失败', { exact: true })).toBeVisible();

    await page.unroute(chunk);
    await Promise.all(stalled.map((r) => r.continue().catch(() => undefined)));
    await page.getByRole('button', { name: '重试' }).click();
    await expect(page.getByLabel('确认密码', { exact: true })).toBeVisible();
  });
});
