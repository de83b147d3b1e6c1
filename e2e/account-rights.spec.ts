/**
 * Personal-data rights, as a person does them: register, 我的 → 账号与隐私 → 下载我的数据 (the JSON
 * file holds their data), 注销账号 with the password, then signing in offers to cancel the closing,
 * and cancelling signs them in again.
 */
import { readFile } from 'node:fs/promises';
import { type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { accountRoutes, maskMobile, routes, storageKeys, type MyDataExport } from '@qgw/contracts';
import {
  at,
  expectTokenAccepted,
  expectTokenRefused,
  freshMobile,
  freshPassword,
  hashRoute,
  readStorage,
  seeText,
  sentSmsCode,
  submitLogin,
} from './support/app.js';
import { expectAccessible } from './support/accessibility.js';

async function registerThroughTheApp(page: Page, mobile: string, password: string): Promise<void> {
  await page.goto(at(routes.login.register));
  await page.getByLabel('手机号', { exact: true }).fill(mobile);
  await page.getByRole('button', { name: '获取验证码', exact: true }).click();
  await seeText(page, '验证码已发送');
  const smsCode = await sentSmsCode(page.request, mobile, 'register');
  expect(smsCode).toMatch(/^\d{6}$/);
  await page.getByLabel('验证码', { exact: true }).fill(smsCode!);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('确认密码', { exact: true }).fill(password);
  await page.getByLabel('我已阅读并同意《隐私政策》').check();
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await seeText(page, '注册成功');
  await expect(page).toHaveURL(hashRoute(routes.welcome.index));
}

test('下载我的数据, 注销账号, then signing in offers to cancel the closing, and cancelling signs in', async ({ page }) => {
  const mobile = freshMobile();
  const password = freshPassword();
  await registerThroughTheApp(page, mobile, password);

  // signed in (no WeChat: the bind page), then 我的 → 账号与隐私
  await page.goto(at(routes.login.index));
  await submitLogin(page, mobile, password);
  await expect(page).toHaveURL(hashRoute(routes.login.bind));
  const token = (await readStorage(page))[storageKeys.token]!;
  await page.goto(at(routes.account.index));
  await expect(page.getByText(maskMobile(mobile), { exact: true })).toBeVisible();
  await page.getByRole('link', { name: '账号与隐私' }).click();
  await expect(page).toHaveURL(hashRoute(accountRoutes.privacy));
  await expectAccessible(page, '账号与隐私');

  // the download: a JSON file of this person's data
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载我的数据' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^我的数据-\d{8}\.json$/);
  const doc = JSON.parse(await readFile((await download.path())!, 'utf8')) as MyDataExport;
  expect(doc).toMatchObject({ format: 'qgw-my-data', version: 1, profile: { mobile }, roles: ['applicant'], applications: [], files: [] });
  expect(doc.loginHistory.length).toBeGreaterThanOrEqual(1);
  await seeText(page, '数据已下载');

  // 注销账号 with the password
  await page.getByRole('button', { name: '我要注销账号' }).click();
  await expect(page.getByText(/15天内可用手机号和密码登录并撤销注销/)).toBeVisible();
  await page.getByLabel('当前密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '确认注销', exact: true }).click();
  await expect(page.getByText('注销后账号立即停用，确定注销吗？')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: '确认注销' }).click();
  await expect(page).toHaveURL(hashRoute(routes.login.index));
  await expect(page.getByText(/^账号已注销，\d{1,2}月\d{1,2}日前可登录撤销$/)).toBeVisible();
  expect((await readStorage(page))[storageKeys.token] ?? '').toBe('');
  await expectTokenRefused(page.request, token);
  // reloaded, the login screen is whole and still signed out; the closing notice does not come back
  await page.reload();
  await expect(page.getByLabel('手机号', { exact: true })).toBeVisible();
  await expect(page.getByText(/^账号已注销/)).toHaveCount(0);
  expect((await readStorage(page))[storageKeys.token] ?? '').toBe('');

  // signing in normally does not work: the dialog offers to cancel; 暂不 leaves it closed
  await submitLogin(page, mobile, password);
  const offer = page.getByRole('dialog');
  await expect(offer.getByText(/^账号注销中（将于 \d{1,2}月\d{1,2}日 删除），是否撤销注销？$/)).toBeVisible();
  await offer.getByRole('button', { name: '暂不' }).click();
  await expect(page).toHaveURL(hashRoute(routes.login.index));
  expect((await readStorage(page))[storageKeys.token] ?? '').toBe('');

  // again, and 撤销注销: reopened and signed in
  await submitLogin(page, mobile, password);
  await page.getByRole('dialog').getByRole('button', { name: '撤销注销' }).click();
  await expect(page).toHaveURL(hashRoute(routes.login.bind));
  const back = (await readStorage(page))[storageKeys.token];
  expect(back).toBeTruthy();
  expect((await expectTokenAccepted(page.request, back!)).mobile).toBe(mobile);
  // the reopened account, after a reload: 我的 shows it from the server
  await page.goto(at(routes.account.index));
  await page.reload();
  await expect(page.getByText(maskMobile(mobile), { exact: true })).toBeVisible();
});
