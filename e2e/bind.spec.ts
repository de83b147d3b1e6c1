import { type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { apiPaths, maskMobile, routes, storageKeys } from '@qgw/contracts';
import {
  at,
  delayFromAnswerToRoute,
  expectTokenAccepted,
  hashQuery,
  hashRoute,
  holdApi,
  loginToBindPage,
  readStorage,
  readUserInfo,
  recordNavigation,
  registerViaApi,
  restartAt,
  seeText,
  submitLogin,
  type TestUser,
} from './support/app.js';
import { authorizationFor, exchanges, setWechatMode } from './support/wechat-control.js';
import { urls } from './support/stack-env.js';

const isBindCall = (url: string) => new URL(url).pathname === apiPaths.bindUser;

/** Clicks a button that sends the browser to WeChat and returns the bind call made when it comes back. */
async function authoriseVia(page: Page, button: string) {
  const call = page.waitForRequest((r) => isBindCall(r.url()));
  const answer = page.waitForResponse((r) => isBindCall(r.url()));
  await page.getByRole('button', { name: button }).click();
  const request = await call;
  const response = await answer;
  const query = new URL(request.url()).searchParams;
  return {
    code: query.get('code') ?? '',
    state: query.get('state') ?? '',
    query,
    authorization: await request.headerValue('authorization'),
    body: (await response.json()) as { success: boolean; code: number; message: unknown },
  };
}

test('log in without WeChat → bind page → WeChat authorises → 绑定成功 → home; the next login goes home and back after 1 s', async ({ page, request }) => {
  const user: TestUser = await registerViaApi(page.request);
  await recordNavigation(page);
  await page.goto(at(routes.login.index));
  await expect(page.locator('.adm-nav-bar').getByText('登录', { exact: true })).toBeVisible();

  const hold = await holdApi(page, apiPaths.login);
  await submitLogin(page, user.mobile, user.password);
  await hold.held;
  await seeText(page, '加载中');
  await hold.release();

  // no openid yet: the bind page, with mobile and token
  await expect(page).toHaveURL(hashRoute(routes.login.bind));
  const stored = await readStorage(page);
  const token = stored[storageKeys.token] ?? '';
  expect(token.length).toBeGreaterThanOrEqual(22);
  expect(stored[storageKeys.mobile]).toBe(user.mobile);
  expect(stored[storageKeys.openid]).toBe('');
  expect(stored[storageKeys.uid]).toBeTruthy();
  expect(await readUserInfo(page)).toMatchObject({ token, username: user.mobile, id: stored[storageKeys.uid], openid: null });
  expect(hashQuery(page).get('mobile')).toBe(user.mobile);
  expect(hashQuery(page).get('token')).toBe(token);
  await expect(page.locator('.adm-nav-bar').getByText('绑定微信', { exact: true })).toBeVisible();
  await expect(page.getByText('绑定微信后可接收审核结果通知')).toBeVisible();

  // the browser goes to WeChat and comes back with code and state
  const bind = await authoriseVia(page, '微信授权绑定');
  expect(bind.body.success).toBe(true);
  expect(bind.authorization).toContain(token);
  expect(bind.query.get('platform')).toBe('wap');
  expect(bind.query.get('rent_mode')).toBe('2');
  const granted = await authorizationFor(request, bind.state);
  expect(granted.code).toBe(bind.code);
  expect(granted.scope).toBe('snsapi_base');
  expect(granted.responseType).toBe('code');
  expect(granted.redirectUri.startsWith(urls.app)).toBe(true);

  await seeText(page, '绑定成功');
  await expect(page).toHaveURL(hashRoute(routes.home.index));
  expect(new URL(page.url()).search, 'code and state leave the address bar').toBe('');
  expect((await readStorage(page))[storageKeys.openid]).toBe(granted.openid);
  expect((await readUserInfo(page)).openid).toBe(granted.openid);
  expect((await expectTokenAccepted(request, token)).openid).toBe(granted.openid);

  await page.getByRole('navigation', { name: '标签栏' }).getByRole('link', { name: '我的' }).click();
  await expect(page.getByText(maskMobile(user.mobile), { exact: true })).toBeVisible();
  await expect(page.getByText('绑定微信', { exact: true })).toHaveCount(0);

  // a second login, now with an openid: home, 登录成功..., then back to where the person came from
  await restartAt(page, routes.account.index);
  await expect(page.getByText('未登录', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '登录 / 注册' }).click();
  await expect(page).toHaveURL(hashRoute(routes.login.index));
  await submitLogin(page, user.mobile, user.password);
  await seeText(page, '登录成功...');
  await expect(page).toHaveURL(hashRoute(routes.account.index));
  await expect(page.getByText(maskMobile(user.mobile), { exact: true })).toBeVisible();
  // popstate and hashchange both report the step back; consecutive repeats are one navigation
  const visited = (await page.evaluate(() => (window.__navLog ?? []).map((n) => n.hash))).filter(
    (hash, i, all) => hash !== all[i - 1],
  );
  expect(visited.at(-2), 'the home tab first').toMatch(hashRoute(routes.home.index));
  const delay = await delayFromAnswerToRoute(page, apiPaths.login, routes.account.index);
  expect(delay).toBeGreaterThanOrEqual(950);
  expect(delay).toBeLessThan(3_000);
  expect((await readStorage(page))[storageKeys.openid]).toBe(granted.openid);
});

test('WeChat timing out, failing or answering a snapshot user binds nothing and says so; 重新授权 then binds; a replayed state is refused', async ({ page, request }) => {
  const user = await registerViaApi(page.request);
  await loginToBindPage(page, user);
  const token = (await readStorage(page))[storageKeys.token] ?? '';

  try {
    let button = '微信授权绑定';
    for (const mode of ['timeout', 'error500', 'snapshot'] as const) {
      await setWechatMode(request, mode);
      const asked = await exchanges(request);
      const bind = await authoriseVia(page, button);
      expect(bind.body.success, `bind with WeChat in ${mode} mode`).toBe(false);
      expect(await exchanges(request)).toBeGreaterThan(asked);
      expect(typeof bind.body.message).toBe('string');
      await seeText(page, String(bind.body.message));
      await expect(page.getByRole('button', { name: '重新授权' })).toBeVisible();
      await expect(page.getByRole('button', { name: '跳过，进入首页' })).toBeVisible();
      await expect(page).toHaveURL(hashRoute(routes.login.bind));
      expect(new URL(page.url()).search, 'code and state leave the address bar').toBe('');
      expect((await readStorage(page))[storageKeys.openid]).toBe('');
      expect((await expectTokenAccepted(request, token)).openid).toBeNull();
      button = '重新授权';
    }
  } finally {
    await setWechatMode(request, 'normal');
  }

  const bind = await authoriseVia(page, '重新授权');
  expect(bind.body.success).toBe(true);
  const granted = await authorizationFor(request, bind.state);
  await seeText(page, '绑定成功');
  await expect(page).toHaveURL(hashRoute(routes.home.index));
  expect((await readStorage(page))[storageKeys.openid]).toBe(granted.openid);

  // the same WeChat answer brought back again (history, a shared link) binds nothing
  const replay = page.waitForResponse((r) => isBindCall(r.url()));
  await page.goto(`/?code=${encodeURIComponent(bind.code)}&state=${encodeURIComponent(bind.state)}#${routes.login.bind}`);
  const answer = (await (await replay).json()) as { success: boolean; message: unknown };
  expect(answer.success).toBe(false);
  await seeText(page, String(answer.message));
  await expect(page.getByRole('button', { name: '跳过，进入首页' })).toBeVisible();
  expect((await expectTokenAccepted(request, token)).openid).toBe(granted.openid);

  // the same answer carried in the hash's query instead is read, and refused, too
  const replayInHash = page.waitForResponse((r) => isBindCall(r.url()));
  await page.goto(at(routes.login.bind, { code: bind.code, state: bind.state }));
  await page.reload();
  expect(((await (await replayInHash).json()) as { success: boolean }).success).toBe(false);
  await expect(page.getByRole('button', { name: '重新授权' })).toBeVisible();
  expect((await readStorage(page))[storageKeys.openid]).toBe(granted.openid);

  await page.getByRole('button', { name: '跳过，进入首页' }).click();
  await expect(page).toHaveURL(hashRoute(routes.home.index));
});
