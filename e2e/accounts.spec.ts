import { type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { apiPaths, appConstants, maskMobile, routes, storageKeys } from '@qgw/contracts';
import {
  at,
  delayFromAnswerToRoute,
  expectTokenAccepted,
  expectTokenRefused,
  freshMobile,
  freshPassword,
  getUserInfo,
  hashRoute,
  holdApi,
  loginToBindPage,
  readStorage,
  readUserInfo,
  recordNavigation,
  registerViaApi,
  restartAt,
  seeText,
  sentSmsCode,
  sessionKeys,
  submitLogin,
  tinyPng,
} from './support/app.js';

async function fillRegisterForm(page: Page, f: { mobile: string; password: string; confirm?: string; nickname?: string; smsCode?: string }) {
  await page.getByLabel('手机号', { exact: true }).fill(f.mobile);
  if (f.smsCode !== undefined) await page.getByLabel('验证码', { exact: true }).fill(f.smsCode);
  await page.getByLabel('密码', { exact: true }).fill(f.password);
  await page.getByLabel('确认密码', { exact: true }).fill(f.confirm ?? f.password);
  if (f.nickname !== undefined) await page.getByLabel('昵称（选填）', { exact: true }).fill(f.nickname);
}

const consent = (page: Page) => page.getByLabel('我已阅读并同意《隐私政策》');

/**
 * 获取验证码 for the mobile already typed: 验证码已发送, the button counts down, and the code the
 * server texted is read from its development outbox (undefined when it sent none).
 */
async function getSmsCode(page: Page, mobile: string, purpose: 'register' | 'changePhone'): Promise<string | undefined> {
  await page.getByRole('button', { name: '获取验证码', exact: true }).click();
  await seeText(page, '验证码已发送');
  await expect(page.getByRole('button', { name: /^\d+秒后重新获取$/ })).toBeDisabled();
  return sentSmsCode(page.request, mobile, purpose);
}
const registerButton = (page: Page) => page.getByRole('button', { name: '注册', exact: true });

/** Opens the account tab of a logged-in user and waits for it to show who is logged in. */
async function openAccountTab(page: Page, mobile: string): Promise<void> {
  await page.goto(at(routes.account.index));
  await expect(page.getByText(maskMobile(mobile), { exact: true })).toBeVisible();
}

test.describe('register', () => {
  test('a fresh mobile with its texted code: 注册成功, all storage cleared, welcome page; the used code again is refused', async ({ page }) => {
    const mobile = freshMobile();
    const password = freshPassword();
    await page.goto(at(routes.home.index));
    // something left over from earlier use, so that "all local storage is cleared" is observable
    await page.evaluate((key) => localStorage.setItem(key, '9001'), storageKeys.applyStatus);

    await page.goto(at(routes.login.register));
    await page.getByRole('link', { name: '《隐私政策》' }).click();
    await expect(page.getByText(/个人信息/).first()).toBeVisible();
    await page.reload();

    await page.getByLabel('手机号', { exact: true }).fill(mobile);
    const smsCode = await getSmsCode(page, mobile, 'register');
    expect(smsCode).toMatch(/^\d{6}$/);
    await fillRegisterForm(page, { mobile, password, nickname: '小青', smsCode: smsCode! });
    await consent(page).check();
    await registerButton(page).click();
    await seeText(page, '注册成功');
    await expect(page).toHaveURL(hashRoute(routes.welcome.index));
    await expect(page.getByRole('heading', { name: '欢迎来到青工委服务平台' })).toBeVisible();
    // the fingerprint may be written again afterwards; nothing else may survive
    expect(Object.keys(await readStorage(page)).filter((k) => k !== storageKeys.browserId)).toEqual([]);

    await expect(page.getByRole('button', { name: '返回首页' })).toBeVisible();
    await page.getByRole('button', { name: '去登录' }).click();
    await expect(page).toHaveURL(hashRoute(routes.login.index));

    // a code is good once (and a registered mobile is sent no new one: apps/api/test/sms-codes.test.ts)
    await page.goto(at(routes.login.register));
    await fillRegisterForm(page, { mobile, password: freshPassword(), smsCode: smsCode! });
    await consent(page).check();
    await registerButton(page).click();
    await seeText(page, '验证码错误或已失效');
    await expect(page).toHaveURL(hashRoute(routes.login.register));
  });

  test('without a code, without consent, with mismatched or too short passwords nothing is sent and a toast says why', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === apiPaths.register) sent.push(r.url());
    });
    await page.goto(at(routes.login.register));
    const mobile = freshMobile();
    const password = freshPassword();

    await fillRegisterForm(page, { mobile, password });
    await registerButton(page).click();
    await seeText(page, '请输入验证码');

    await fillRegisterForm(page, { mobile, password, smsCode: '123456' });
    await registerButton(page).click();
    await seeText(page, '请阅读并同意隐私政策');

    await consent(page).check();
    await fillRegisterForm(page, { mobile, password, confirm: `${password}x` });
    await registerButton(page).click();
    await seeText(page, '两次输入的密码不一致');

    await fillRegisterForm(page, { mobile, password: 'Ab1-xyz' });
    await registerButton(page).click();
    await seeText(page, '密码至少8位');

    expect(sent).toEqual([]);
    await expect(page).toHaveURL(hashRoute(routes.login.register));
  });
});

test('a failed login shows 手机号或密码错误 (or the HTTP status when the server fails) and stores no session', async ({ page }) => {
  await page.goto(at(routes.login.index));
  await submitLogin(page, freshMobile(), freshPassword());
  await seeText(page, '手机号或密码错误');
  await expect(page).toHaveURL(hashRoute(routes.login.index));

  // an answer outside 2xx other than 401 (here: the server unavailable)
  await page.route((url) => url.pathname === apiPaths.login, (route) => route.fulfill({ status: 503, body: '' }));
  await submitLogin(page, freshMobile(), freshPassword());
  await seeText(page, '网络请求错误，状态码503');
  await expect(page).toHaveURL(hashRoute(routes.login.index));

  const stored = await readStorage(page);
  for (const key of sessionKeys) expect(stored[key], key).toBeUndefined();
});

test('password change: 更改中, 密码修改成功, back after 1 s; the old token and password are dead, the new ones work', async ({ page }) => {
  const user = await registerViaApi(page.request);
  await recordNavigation(page);
  await loginToBindPage(page, user);
  await openAccountTab(page, user.mobile);
  const oldToken = (await readStorage(page))[storageKeys.token] ?? '';
  expect(oldToken).not.toBe('');

  await page.getByText('修改密码', { exact: true }).click();
  await expect(page).toHaveURL(hashRoute(routes.update.index));
  expect(new URL(page.url()).hash).toContain('tab=password');
  await expect(page.locator('.adm-nav-bar').getByText('修改密码', { exact: true })).toBeVisible();

  const newPassword = freshPassword();
  await page.getByLabel('当前密码', { exact: true }).fill(`${user.password}-not`);
  await page.getByLabel('新密码', { exact: true }).fill(newPassword);
  await page.getByLabel('确认新密码', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: '确认修改' }).click();
  await seeText(page, '当前密码错误');
  expect((await readStorage(page))[storageKeys.token]).toBe(oldToken);
  await expectTokenAccepted(page.request, oldToken);

  await page.getByLabel('当前密码', { exact: true }).fill(user.password);
  const hold = await holdApi(page, apiPaths.updatePSD);
  await page.getByRole('button', { name: '确认修改' }).click();
  await hold.held;
  await seeText(page, '更改中');
  await hold.release();
  await seeText(page, '密码修改成功');
  await expect(page).toHaveURL(hashRoute(routes.account.index));
  const delay = await delayFromAnswerToRoute(page, apiPaths.updatePSD, routes.account.index);
  expect(delay).toBeGreaterThanOrEqual(appConstants.backAfterPasswordChangeMs - 50);
  expect(delay).toBeLessThan(appConstants.backAfterPasswordChangeMs + 2_000);

  const stored = await readStorage(page);
  const newToken = stored[storageKeys.token] ?? '';
  expect(newToken).not.toBe('');
  expect(newToken).not.toBe(oldToken);
  expect((await readUserInfo(page)).token).toBe(newToken);
  await expectTokenRefused(page.request, oldToken);
  await expectTokenAccepted(page.request, newToken);

  // the app keeps working with the new token
  await page.reload();
  await expect(page.getByText(maskMobile(user.mobile), { exact: true })).toBeVisible();
  await expect(page.getByText('登录已失效，请重新登录')).toHaveCount(0);
  await expect(page).toHaveURL(hashRoute(routes.account.index));

  await restartAt(page, routes.login.index);
  await submitLogin(page, user.mobile, user.password);
  await seeText(page, '手机号或密码错误');
  await submitLogin(page, user.mobile, newPassword);
  await expect(page).toHaveURL(hashRoute(routes.login.bind));
});

test('phone change with a code texted to the new mobile: 更改中, 手机号修改成功, back 1 level; storage holds the new mobile and token, the old token is dead', async ({ page }) => {
  const user = await registerViaApi(page.request);
  // the programme's own login screen is the same screen
  await loginToBindPage(page, user, routes.cxb2024.login);
  await openAccountTab(page, user.mobile);
  const oldToken = (await readStorage(page))[storageKeys.token] ?? '';

  await page.getByText('修改手机号', { exact: true }).click();
  await expect(page).toHaveURL(hashRoute(routes.update.updatePhone));
  await expect(page.locator('.adm-nav-bar').getByText('修改手机号', { exact: true })).toBeVisible();

  const newMobile = freshMobile();
  await page.getByLabel('新手机号', { exact: true }).fill(newMobile);
  // the code goes to the new mobile
  const smsCode = await getSmsCode(page, newMobile, 'changePhone');
  expect(smsCode).toMatch(/^\d{6}$/);
  await page.getByLabel('验证码', { exact: true }).fill(smsCode!);
  await page.getByLabel('当前密码', { exact: true }).fill(user.password);
  const hold = await holdApi(page, apiPaths.updatePhone);
  await page.getByRole('button', { name: '确认修改' }).click();
  await hold.held;
  await seeText(page, '更改中');
  await hold.release();
  await seeText(page, '手机号修改成功');
  await expect(page).toHaveURL(hashRoute(routes.account.index));
  await expect(page.getByText(maskMobile(newMobile), { exact: true })).toBeVisible();

  const stored = await readStorage(page);
  expect(stored[storageKeys.mobile]).toBe(newMobile);
  const info = await readUserInfo(page);
  expect(info.username).toBe(newMobile);
  if ('mobile' in info) expect(info.mobile).toBe(newMobile);
  const newToken = stored[storageKeys.token] ?? '';
  expect(newToken).not.toBe(oldToken);
  expect(info.token).toBe(newToken);

  await expectTokenRefused(page.request, oldToken);
  const profile = await expectTokenAccepted(page.request, newToken);
  expect(profile.mobile).toBe(newMobile);
});

test('profile: nickname and avatar saved with 更改中 / 保存成功, back 1 level; logging out clears the session', async ({ page }) => {
  const user = await registerViaApi(page.request);
  await loginToBindPage(page, user);
  await openAccountTab(page, user.mobile);
  await expect(page.getByText(user.nickname, { exact: true })).toBeVisible();
  await expect.poll(async () => (await readStorage(page))[storageKeys.browserId] ?? '').toMatch(/^[0-9a-f]{32}$/);
  const token = (await readStorage(page))[storageKeys.token] ?? '';

  await page.getByText('个人资料', { exact: true }).click();
  await expect(page).toHaveURL(hashRoute(routes.update.index));
  await expect(page.locator('.adm-nav-bar').getByText('个人资料', { exact: true })).toBeVisible();
  await expect(page.getByText('支持 JPG/PNG/WebP，不超过 2MB')).toBeVisible();

  const nickname = `新昵称${Date.now() % 1000}`;
  await page.getByLabel('昵称', { exact: true }).fill(nickname);
  await page.getByLabel('上传头像').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: tinyPng });
  const hold = await holdApi(page, apiPaths.updateProfile);
  await page.getByRole('button', { name: '保存' }).click();
  await hold.held;
  await seeText(page, '更改中');
  await hold.release();
  await seeText(page, '保存成功');
  await expect(page).toHaveURL(hashRoute(routes.account.index));
  await expect(page.getByText(nickname, { exact: true })).toBeVisible();
  expect((await readUserInfo(page)).nickname).toBe(nickname);

  const profile = await expectTokenAccepted(page.request, token);
  expect(profile.nickname).toBe(nickname);
  expect(typeof profile.avatar).toBe('string');
  const avatar = await page.request.get(String(profile.avatar));
  expect(avatar.status()).toBe(200);
  expect(avatar.headers()['content-type']).toMatch(/^image\/png/);

  // what a status look-up leaves behind (docs/requirements.md#storage-keys) belongs to this account too
  await page.evaluate((keys) => {
    localStorage.setItem(keys.applyDetail, JSON.stringify({ rankUser: { id: 'a1', data: { name: '张青' } } }));
    localStorage.setItem(keys.applyStatus, '9002');
    localStorage.setItem(keys.tempStatus, '1001');
    localStorage.setItem(keys.applyStatusMessage, '审核中');
  }, storageKeys);
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page.getByText('确定退出登录吗？')).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();
  await seeText(page, '已退出登录');
  await expect(page.getByText('未登录', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(hashRoute(routes.account.index));
  const stored = await readStorage(page);
  for (const key of sessionKeys) expect(stored[key], key).toBeUndefined();
  expect(stored[storageKeys.browserId]).toMatch(/^[0-9a-f]{32}$/);
  await expectTokenRefused(page.request, token);
});

test('a token the server refuses (401) ends the session: 登录已失效，请重新登录 and the login page', async ({ page }) => {
  await page.goto(at(routes.home.index));
  const tampered = 'x'.repeat(43);
  await page.evaluate(
    ({ tampered, keys }) => {
      const info = { token: tampered, username: '13900009999', id: '1', openid: null, nickname: '某人', new_user: true, erroMessage: '', roles: ['applicant'] };
      localStorage.setItem(keys.userInfo, JSON.stringify(info));
      localStorage.setItem(keys.token, tampered);
      localStorage.setItem(keys.mobile, info.username);
      localStorage.setItem(keys.uid, info.id);
      localStorage.setItem(keys.openid, '');
      localStorage.setItem(keys.applyDetail, JSON.stringify({ postList: [] }));
    },
    { tampered, keys: storageKeys },
  );
  expect((await getUserInfo(page.request, tampered)).status()).toBe(401);

  await page.goto(at(routes.update.index));
  await page.reload();
  await page.getByLabel('昵称', { exact: true }).fill('改个名字');
  await page.getByRole('button', { name: '保存' }).click();
  await seeText(page, '登录已失效，请重新登录');
  await expect(page).toHaveURL(hashRoute(routes.login.index));
  const stored = await readStorage(page);
  for (const key of sessionKeys) expect(stored[key], key).toBeUndefined();
});
