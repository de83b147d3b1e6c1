/**
 * Administrators helping people, in the console on a phone: the demo admin signs in with the second
 * factor, invites a reviewer by mobile on 用户管理 (the new account is in the list, a password-setting
 * code went to that mobile, and with it the person sets a password and signs in), then opens the demo
 * applicant's page and sends a password-reset code after a confirmation that says the admin will not
 * see it; the development outbox holds that code for the applicant's mobile.
 */
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { apiPaths, appConstants, maskMobile } from '@qgw/contracts';
import { freshMobile, freshPassword, sentSmsCode } from './support/app.js';
import { consoleNav, phoneContext, signInToConsole } from './support/console.js';
import { expect, test } from './support/test.js';

test.describe.configure({ mode: 'serial' });

/** the demo applicant the seed creates */
const demoApplicantMobile = '13800000001';

let context: BrowserContext;
let admin: Page;
const uncaught: string[] = [];

test.beforeAll(async ({ browser }) => {
  context = await phoneContext(browser);
  admin = await context.newPage();
  admin.on('pageerror', (e) => uncaught.push(e.message));
});

test.afterAll(async () => {
  expect(uncaught, 'no page threw').toEqual([]);
  await context.close();
});

const post = async (request: APIRequestContext, path: string, data: Record<string, unknown>) => {
  const res = await request.post(path, { data: { ...data, ...appConstants.fixedRequestFields } });
  expect(res.status()).toBe(200);
  return (await res.json()) as { success: boolean; code: number; message: unknown };
};

async function openPeople(page: Page) {
  await consoleNav(page).getByRole('link', { name: '用户管理' }).click();
  await expect(page.getByRole('heading', { name: '用户管理' })).toBeVisible();
}

test('the admin invites a reviewer, who shows in the list and can set a password with the code sent', async ({ request }) => {
  test.setTimeout(120_000);
  const mobile = freshMobile();
  await signInToConsole(admin, 'admin');
  await openPeople(admin);

  await admin.getByRole('button', { name: '邀请成员' }).click();
  const form = admin.getByRole('form', { name: '邀请评审专家或管理员' });
  await expect(form).toBeVisible();
  await form.getByLabel('手机号', { exact: true }).fill(mobile);
  await expect(form.getByRole('checkbox', { name: '评审专家' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: '管理员' })).not.toBeChecked();
  await form.getByRole('button', { name: '发送邀请' }).click();

  await expect(admin.getByRole('status').filter({ hasText: `已邀请，并已向 ${maskMobile(mobile)} 发送设置密码的验证码` })).toBeVisible();
  const row = admin.getByRole('list', { name: '用户管理' }).getByRole('listitem').filter({ hasText: maskMobile(mobile) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('评审专家');
  await expect(row.getByRole('link', { name: `管理：用户${mobile.slice(-4)}` })).toBeVisible();

  // the person: no password works yet; the code sets one, and then the login holds the reviewer role
  const code = await sentSmsCode(request, mobile, 'resetPassword');
  expect(code, 'a password-setting code went to the invited mobile').toMatch(/^\d{6}$/);
  const password = freshPassword();
  expect(await post(request, apiPaths.login, { mobile, password })).toMatchObject({ success: false });
  expect(await post(request, apiPaths.resetPassword, { mobile, smsCode: code, newPassword: password })).toMatchObject({ success: true });
  const login = await post(request, apiPaths.login, { mobile, password });
  expect(login).toMatchObject({ success: true, message: { roles: ['reviewer'] } });
});

test('the admin sends the demo applicant a reset code, without seeing it', async ({ request }) => {
  const before = await sentSmsCode(request, demoApplicantMobile, 'resetPassword');
  await openPeople(admin);
  await admin.getByRole('searchbox').fill(demoApplicantMobile);
  await admin.getByRole('search').getByRole('button', { name: '搜索' }).click();
  const rows = admin.getByRole('list', { name: '用户管理' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await rows.getByRole('link', { name: '管理：演示申请人' }).click();
  await expect(admin.getByRole('heading', { name: '演示申请人' })).toBeVisible();

  await admin.getByRole('button', { name: '发送重置验证码' }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText('验证码将以短信发送至该用户手机，管理员看不到验证码');
  await dialog.getByRole('button', { name: '发送', exact: true }).click();
  await expect(admin.getByRole('status').filter({ hasText: `验证码已发送至 ${maskMobile(demoApplicantMobile)}` })).toBeVisible();

  const code = await sentSmsCode(request, demoApplicantMobile, 'resetPassword');
  expect(code, 'the outbox holds a reset code for the applicant').toMatch(/^\d{6}$/);
  expect(before, 'it is a new one').toBeUndefined();
  // nowhere on the admin's screen
  await expect(admin.getByText(code!)).toHaveCount(0);
});
