/**
 * What a texted code lets a person do without their password: sign in on the 验证码登录 tab, and
 * set a new password on 忘记密码 (reached from login). Codes are read from the stack's development
 * outbox, as a phone would receive them.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { accountRoutes, apiPaths, appConstants, maskMobile, routes, storageKeys } from '@qgw/contracts';
import {
  at,
  expectTokenAccepted,
  expectTokenRefused,
  freshMobile,
  freshPassword,
  hashRoute,
  readStorage,
  registerViaApi,
  seeText,
  sentSmsCode,
  submitLogin,
} from './support/app.js';
import { expectAccessible } from './support/accessibility.js';

/** 获取验证码 for the mobile typed: 验证码已发送 and the countdown, whether or not a code went out. */
async function askForCode(page: Page): Promise<void> {
  await page.getByRole('button', { name: '获取验证码', exact: true }).click();
  await seeText(page, '验证码已发送');
  await expect(page.getByRole('button', { name: /^\d+秒后重新获取$/ })).toBeDisabled();
}

/** A session started through the API, as another device of the same person would hold it. */
async function apiLogin(page: Page, mobile: string, password: string): Promise<string> {
  const res = await page.request.post(apiPaths.login, { data: { mobile, password, ...appConstants.fixedRequestFields } });
  const body = (await res.json()) as { success: boolean; message: { token: string } };
  expect(body.success, 'the API login succeeds').toBe(true);
  return body.message.token;
}

test('验证码登录: the code texted to the phone signs in, as a password would (the bind page for an account without WeChat)', async ({ page }) => {
  const user = await registerViaApi(page.request);
  await page.goto(at(routes.login.index));
  await page.getByLabel('手机号', { exact: true }).fill(user.mobile);
  await page.getByRole('tab', { name: '验证码登录' }).click();
  await expect(page.getByRole('tab', { name: '验证码登录' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('密码', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('手机号', { exact: true })).toHaveValue(user.mobile);
  await expectAccessible(page, 'the 验证码登录 tab');

  await askForCode(page);
  const code = await sentSmsCode(page.request, user.mobile, 'login');
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel('验证码', { exact: true }).fill(code!);
  await page.getByRole('button', { name: '登录', exact: true }).click();

  await expect(page).toHaveURL(hashRoute(routes.login.bind));
  const token = (await readStorage(page))[storageKeys.token];
  expect(token).toBeTruthy();
  expect((await expectTokenAccepted(page.request, token!)).mobile).toBe(user.mobile);

  // the screen it ends on survives a reload, and the session holds: 我的 shows the account
  await page.reload();
  await expect(page.locator('.adm-nav-bar').getByText('绑定微信', { exact: true })).toBeVisible();
  await expect(page.getByText('绑定微信后可接收审核结果通知')).toBeVisible();
  await page.goto(at(routes.account.index));
  await page.reload();
  await expect(page.getByText(maskMobile(user.mobile), { exact: true })).toBeVisible();
});

test('验证码登录 with a wrong code says so and stores no session; an unregistered mobile is told nothing, and sent nothing', async ({ page }) => {
  const user = await registerViaApi(page.request);
  await page.goto(at(routes.login.index));
  await page.getByRole('tab', { name: '验证码登录' }).click();
  await page.getByLabel('手机号', { exact: true }).fill(user.mobile);
  await page.getByLabel('验证码', { exact: true }).fill('000000');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await seeText(page, '验证码错误或已失效');
  expect((await readStorage(page))[storageKeys.token] ?? '').toBe('');

  const stranger = freshMobile();
  await page.getByLabel('手机号', { exact: true }).fill(stranger);
  await askForCode(page);
  expect(await sentSmsCode(page.request, stranger, 'login')).toBeUndefined();
});

test('忘记密码: from login with the mobile filled in; a texted code and a new password; every session ends; login opens with the mobile, and only the new password works', async ({ page }) => {
  const user = await registerViaApi(page.request);
  const otherDevice = await apiLogin(page, user.mobile, user.password);

  await page.goto(at(routes.login.index));
  await page.getByLabel('手机号', { exact: true }).fill(user.mobile);
  await page.getByRole('link', { name: '忘记密码？' }).click();
  await expect(page).toHaveURL(hashRoute(accountRoutes.forgotPassword));
  await expect(page.locator('.adm-nav-bar')).toContainText('忘记密码');
  await expect(page.getByLabel('手机号', { exact: true })).toHaveValue(user.mobile);
  await expectAccessible(page, '忘记密码');

  await askForCode(page);
  const code = await sentSmsCode(page.request, user.mobile, 'resetPassword');
  expect(code).toMatch(/^\d{6}$/);
  const newPassword = freshPassword();
  await page.getByLabel('验证码', { exact: true }).fill(code!);
  await page.getByLabel('新密码', { exact: true }).fill(newPassword);
  await page.getByLabel('确认新密码', { exact: true }).fill(`${newPassword}x`);
  await page.getByRole('button', { name: '重置密码', exact: true }).click();
  await seeText(page, '两次输入的密码不一致');
  await expect(page).toHaveURL(hashRoute(accountRoutes.forgotPassword));

  await page.getByLabel('确认新密码', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: '重置密码', exact: true }).click();
  await seeText(page, '密码已重置，请使用新密码登录');
  await expect(page).toHaveURL(hashRoute(routes.login.index));
  await expect(page.getByLabel('手机号', { exact: true })).toHaveValue(user.mobile);
  await expectTokenRefused(page.request, otherDevice);

  await submitLogin(page, user.mobile, user.password);
  await seeText(page, '手机号或密码错误');
  await page.getByLabel('密码', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(hashRoute(routes.login.bind));
});

test('忘记密码 opened by direct link: a complete page; an unregistered mobile is answered alike and sent no code', async ({ page }) => {
  await page.goto(at(accountRoutes.forgotPassword));
  await page.reload();
  await expect(page.getByRole('button', { name: '重置密码', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '想起密码了？返回登录' })).toBeVisible();
  const stranger = freshMobile();
  await page.getByLabel('手机号', { exact: true }).fill(stranger);
  await askForCode(page);
  expect(await sentSmsCode(page.request, stranger, 'resetPassword')).toBeUndefined();
  await page.getByRole('link', { name: '想起密码了？返回登录' }).click();
  await expect(page).toHaveURL(hashRoute(routes.login.index));
});
