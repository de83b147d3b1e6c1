import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { routes } from '@qgw/contracts';
import { at, holdFiles } from './support/app.js';

/**
 * index.html carries the home and login screens prerendered (decision record 0011): the right one
 * shows before the app's JavaScript has run, and the app replaces it with the live screen.
 */

const homeHeading = (page: Page) => page.getByRole('heading', { name: '2024 青年创新榜' });
const loginHeading = (page: Page) => page.getByRole('heading', { name: '欢迎回来' });
const shells = (page: Page) => page.locator('[data-qgw-shell]');
/** the app's chunk (the entry imports it once the shell is painted) */
const appChunk = /\/assets\/boot-[^/]+\.js$/;

/** Holds the app's chunk back from the page until `release` is called. */
const holdApp = (page: Page) => holdFiles(page, appChunk);

async function withoutJavaScript(browser: Browser, baseURL: string | undefined, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: { width: 390, height: 844 } });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test('without JavaScript, the login address shows the login screen from the HTML', async ({ browser, baseURL }) => {
  await withoutJavaScript(browser, baseURL, async (page) => {
    await page.goto(at(routes.login.index));
    await expect(loginHeading(page)).toBeVisible();
    await expect(page.getByText('登录青工委服务平台，参与评选与申报')).toBeVisible();
    await expect(page.getByLabel('手机号', { exact: true })).toBeVisible();
    await expect(page.getByLabel('密码', { exact: true })).toBeVisible();
    await expect(page.getByText('还没有账号？去注册')).toBeVisible();
    await expect(homeHeading(page)).toBeHidden();
  });
});

test('without JavaScript, the home address shows the home screen and no other address shows a shell', async ({ browser, baseURL }) => {
  await withoutJavaScript(browser, baseURL, async (page) => {
    await page.goto(at(routes.cxb2024.index));
    await expect(homeHeading(page)).toBeVisible();
    await expect(page.getByText('个人申报')).toBeVisible();
    await expect(loginHeading(page)).toBeHidden();

    for (const other of [routes.intro.index, routes.account.index, routes.login.register, '/pages/nowhere/index']) {
      await page.goto(at(other as typeof routes.intro.index));
      await expect(homeHeading(page), other).toBeHidden();
      await expect(loginHeading(page), other).toBeHidden();
    }
  });
});

test('before the app has loaded the login screen is painted; the app then replaces it, labels once', async ({ page }) => {
  const app = await holdApp(page);
  await page.goto(at(routes.login.index));
  await app.arrived();
  await expect(loginHeading(page)).toBeVisible();
  await expect(shells(page).filter({ visible: true })).toHaveCount(1);
  await expect(homeHeading(page)).toBeHidden();

  await app.release();
  await expect(shells(page)).toHaveCount(0);
  await expect(page.getByLabel('手机号', { exact: true })).toHaveCount(1);
  await expect(page.getByLabel('密码', { exact: true })).toHaveCount(1);
  await page.getByLabel('手机号', { exact: true }).fill('13800000000');
  await expect(page.getByLabel('手机号', { exact: true })).toHaveValue('13800000000');
  await expect(page.getByRole('button', { name: '登录', exact: true })).toHaveCount(1);
});

test('the shell of a screen has the live screen’s layout: nothing moves when the app takes over', async ({ page }) => {
  const boxes = async () =>
    page.evaluate(() =>
      ['.qgw-auth-heading', '.qgw-field', '.qgw-auth-submit', '.qgw-auth-switch'].map((sel) => {
        const el = Array.from(document.querySelectorAll(sel)).find((e) => e.getClientRects().length > 0);
        const r = el?.getBoundingClientRect();
        return r ? [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)] : null;
      }),
    );
  const app = await holdApp(page);
  await page.goto(at(routes.login.index));
  await app.arrived();
  await expect(loginHeading(page)).toBeVisible();
  const before = await boxes();
  expect(before.every((b) => b !== null)).toBe(true);

  await app.release();
  await expect(shells(page)).toHaveCount(0);
  await expect(loginHeading(page)).toBeVisible();
  expect(await boxes()).toEqual(before);
});

test('the home shell gives way to the live home, and a signed-in visitor never sees the sign-in link in between', async ({ page }) => {
  await page.goto(at(routes.cxb2024.index));
  await expect(homeHeading(page)).toBeVisible();
  await expect(shells(page)).toHaveCount(0);
  await expect(homeHeading(page)).toHaveCount(1);

  // what the HTML holds for the "my entries" card before the app knows who is there: a placeholder
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('2024 青年创新榜');
  expect(html).not.toContain('登录后查看我的申报');
});

test('a navigation while the app takes over the shell is not lost', async ({ page }) => {
  test.setTimeout(240_000);
  // a slow phone: the live screen's first render takes long enough for a navigation to land in it
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 10 });
  for (const delay of [0, 30, 60, 120, 250, 500]) {
    const app = await holdApp(page);
    await page.goto('about:blank');
    await page.goto(at(routes.cxb2024.index));
    await app.arrived();
    await expect(homeHeading(page)).toBeVisible();
    await app.release();
    await page.waitForTimeout(delay);
    await page.evaluate((hash) => {
      window.location.hash = hash;
    }, routes.login.register);
    await expect(page.getByRole('link', { name: '《隐私政策》' }), `hash changed ${delay} ms after the app arrived`).toBeVisible({ timeout: 30_000 });
    await expect(homeHeading(page)).toHaveCount(0);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});
