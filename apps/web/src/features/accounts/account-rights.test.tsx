import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { accountRoutes, beijingCompactDate, Code, routes, storageKeys } from '@qgw/contracts';
import { renderApp } from '../../test/render-app.js';
import { fail, ok, stubApi } from '../../test/api-stub.js';
import { loginAnswer, profileOf, signIn } from '../../test/session-fixture.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const press = async (name: string) => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
};
/** The button of the dialog that is open (antd-mobile renders it in a portal). */
const pressInDialog = async (name: string) => {
  const dialog = await screen.findByRole('dialog');
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name })));
};

const exportDoc = { format: 'qgw-my-data', version: 1, profile: { id: 'user-1', mobile: '13812341234' } };

describe('我的 → 账号与隐私', () => {
  test('the account tab links to it', async () => {
    const info = signIn();
    stubApi({ '/v1/getUserInfo': ok(profileOf(info)) });
    await renderApp(routes.account.index);
    await screen.findByText('138****1234');
    expect(screen.getByRole('link', { name: '账号与隐私' }).getAttribute('href')).toBe(`#${accountRoutes.privacy}`);
  });

  test('signed out: asks to log in first', async () => {
    stubApi({});
    await renderApp(accountRoutes.privacy);
    expect(await screen.findByText('请先登录')).toBeTruthy();
  });

  test('下载我的数据: fetches the export with the token and saves 我的数据-YYYYMMDD.json', async () => {
    const info = signIn();
    const api = stubApi({ '/v1/exportMyData': { body: exportDoc } });
    const saved: Array<{ name: string; blob: Blob }> = [];
    let lastBlob: Blob | undefined;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => ((lastBlob = b), 'blob:qgw/1'), revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: lastBlob! });
    });
    await renderApp(accountRoutes.privacy);
    expect(await screen.findByText(/包含您的资料、全部申请/)).toBeTruthy();
    await press('下载我的数据');
    expect(await screen.findByText('数据已下载')).toBeTruthy();
    const [call] = api.callsTo('/v1/exportMyData');
    expect(call?.method).toBe('GET');
    expect(call?.headers.authorization).toBe(info.token);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe(`我的数据-${beijingCompactDate(Date.now())}.json`);
    expect(JSON.parse(await saved[0]!.blob.text())).toEqual(exportDoc);
  });

  test('注销账号 with the password: consequences shown, confirmed, session forgotten, login page with the erasure day', async () => {
    signIn();
    localStorage.setItem(storageKeys.browserId, 'f'.repeat(32));
    const api = stubApi({
      '/v1/closeAccount': ok({ closedAt: '2025-06-05T02:00:00.000Z', eraseAfter: '2025-06-20T02:00:00.000Z', withdrawn: 1 }),
    });
    const app = await renderApp(accountRoutes.privacy);
    expect(await screen.findByText(/15天内可用手机号和密码登录并撤销注销/)).toBeTruthy();
    await press('我要注销账号');
    type('当前密码', 'my password');
    await press('确认注销');
    expect(await screen.findByText('注销后账号立即停用，确定注销吗？')).toBeTruthy();
    await pressInDialog('确认注销');
    await waitFor(() => expect(app.path()).toBe(routes.login.index));
    expect(api.callsTo('/v1/closeAccount')[0]?.body).toEqual({ password: 'my password', platform: 'wap', rent_mode: 2 });
    expect(await screen.findByText('账号已注销，6月20日前可登录撤销')).toBeTruthy();
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(localStorage.getItem(storageKeys.browserId)).toBe('f'.repeat(32));
  });

  test('注销账号 with an SMS code: the closeAccount code goes to the account’s mobile; a refusal is a toast and nothing else', async () => {
    const info = signIn();
    const api = stubApi({
      '/v1/sendSmsCode': ok({ resendAfterSeconds: 60, expiresInSeconds: 300 }),
      '/v1/closeAccount': fail('验证码错误或已过期', Code.SMS_CODE_INVALID),
    });
    const app = await renderApp(accountRoutes.privacy);
    await press('我要注销账号');
    await act(async () => fireEvent.click(screen.getByRole('radio', { name: '短信验证码' })));
    await press('获取验证码');
    await waitFor(() => expect(api.callsTo('/v1/sendSmsCode')).toHaveLength(1));
    expect(api.callsTo('/v1/sendSmsCode')[0]?.body).toMatchObject({ mobile: info.username, purpose: 'closeAccount' });
    type('验证码', '123456');
    await press('确认注销');
    await pressInDialog('确认注销');
    expect(await screen.findByText('验证码错误或已过期')).toBeTruthy();
    expect(api.callsTo('/v1/closeAccount')[0]?.body).toEqual({ smsCode: '123456', platform: 'wap', rent_mode: 2 });
    expect(localStorage.getItem(storageKeys.token)).toBe(info.token);
    expect(app.path()).toBe(accountRoutes.privacy);
  });

  test('暂不 in the confirmation sends nothing', async () => {
    signIn();
    const api = stubApi({});
    await renderApp(accountRoutes.privacy);
    await press('我要注销账号');
    type('当前密码', 'my password');
    await press('确认注销');
    await pressInDialog('取消');
    expect(api.callsTo('/v1/closeAccount')).toHaveLength(0);
  });
});

describe('login while the account is closing', () => {
  test('ACCOUNT_CLOSING: 账号注销中（将于 X月X日 删除），是否撤销注销？ → 撤销注销 reopens and signs in', async () => {
    const info = loginAnswer({ openid: 'o1' });
    const api = stubApi({
      '/v1/login': fail('账号注销中（将于 6月20日 删除）', Code.ACCOUNT_CLOSING),
      '/v1/cancelCloseAccount': ok(info),
    });
    const app = await renderApp(routes.login.index);
    await screen.findByLabelText('手机号');
    type('手机号', '13812341234');
    type('密码', 'my password');
    await press('登录');
    expect(await screen.findByText('账号注销中（将于 6月20日 删除），是否撤销注销？')).toBeTruthy();
    await pressInDialog('撤销注销');
    await waitFor(() => expect(localStorage.getItem(storageKeys.token)).toBe(info.token));
    expect(api.callsTo('/v1/cancelCloseAccount')[0]?.body).toEqual({ mobile: '13812341234', password: 'my password', platform: 'wap', rent_mode: 2 });
    await waitFor(() => expect(app.path()).toBe(routes.home.index));
  });

  test('暂不 keeps it closed and signed out', async () => {
    const api = stubApi({ '/v1/login': fail('账号注销中（将于 6月20日 删除）', Code.ACCOUNT_CLOSING) });
    await renderApp(routes.login.index);
    await screen.findByLabelText('手机号');
    type('手机号', '13812341234');
    type('密码', 'my password');
    await press('登录');
    await pressInDialog('暂不');
    expect(api.callsTo('/v1/cancelCloseAccount')).toHaveLength(0);
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
  });
});
