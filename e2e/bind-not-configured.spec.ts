import { expect, test } from './support/test.js';
import { opsPaths, routes, storageKeys } from '@qgw/contracts';
import { at, hashRoute, readStorage, registerViaApi, submitLogin } from './support/app.js';
import { urls } from './support/stack-env.js';

// the second server of the stack: WeChat not configured, as on a fresh machine
test.use({ baseURL: urls.plainApp });

test.beforeAll(async ({ request }) => {
  await expect
    .poll(async () => (await request.get(`${urls.plainApp}${opsPaths.health}`).catch(() => null))?.status(), {
      timeout: 60_000,
    })
    .toBe(200);
});

test('without WeChat configured a login goes straight home; the bind page, opened from 我的, says so and 跳过，进入首页 reaches home', async ({ page }) => {
  const user = await registerViaApi(page.request);
  // nothing to bind: the login does not stop on the bind page
  await page.goto(at(routes.login.index));
  await submitLogin(page, user.mobile, user.password);
  await expect(page).toHaveURL(hashRoute(routes.home.index));
  await expect(page.getByRole('heading', { name: '2024 青年创新榜' })).toBeVisible();
  const stored = await readStorage(page);
  expect(stored[storageKeys.openid]).toBe('');
  expect(stored[storageKeys.token]).toBeTruthy();

  // still unbound: the account tab offers the bind page again, and nobody is stuck there
  await page.getByRole('navigation', { name: '标签栏' }).getByRole('link', { name: '我的' }).click();
  await page.getByText('绑定微信', { exact: true }).click();
  await expect(page).toHaveURL(hashRoute(routes.login.bind));
  await expect(page.getByText('当前未配置微信授权，可跳过')).toBeVisible();
  await expect(page.getByRole('button', { name: '微信授权绑定' })).toHaveCount(0);
  await page.getByRole('button', { name: '跳过，进入首页' }).click();
  await expect(page).toHaveURL(hashRoute(routes.home.index));
});
