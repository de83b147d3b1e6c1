import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { apiPaths, storageKeys, type ConsoleMeResponse } from '@qgw/contracts';
import { renderApp } from '../../../test/render-app.js';
import { fail, ok, stubApi, type RecordedCall } from '../../../test/api-stub.js';
import { loginAnswer, profileOf, signIn } from '../../../test/session-fixture.js';

afterEach(() => vi.unstubAllGlobals());

const typeInto = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const press = async (name: string) => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
};

/** An admin whose login answers no openid (the bind page would follow on a phone). */
const adminLogin = loginAnswer({ roles: ['applicant', 'admin'], nickname: '演示管理员', openid: null });

function consoleApi(extra: Parameters<typeof stubApi>[0] = {}) {
  let verified = false;
  const me = (): ConsoleMeResponse => ({
    user: { id: adminLogin.id, nickname: adminLogin.nickname, mobileMasked: '138****1234', avatar: null },
    roles: adminLogin.roles,
    mfaEnrolled: true,
    mfaVerified: verified,
    consoleExpiresAt: null,
    recoveryCodesLeft: 10,
  });
  return stubApi({
    [apiPaths.login]: ok(adminLogin),
    [apiPaths.getUserInfo]: ok(profileOf(adminLogin)),
    [apiPaths.consoleMe]: () => ok(me()),
    [apiPaths.consoleMfaVerify]: (c: RecordedCall) => {
      if ((c.body as { code?: string }).code !== '123456') return fail('验证码不正确', 1404);
      verified = true;
      return ok({ consoleExpiresAt: '2099-01-01T00:00:00.000Z', recoveryCodesLeft: 10 });
    },
    [apiPaths.consoleUsers]: ok({ items: [], nextCursor: null }),
    [apiPaths.logout]: ok('ok'),
    ...extra,
  });
}

describe('console login', () => {
  test('logged out on a console page: 去登录 opens the console login, which returns there after the second factor', async () => {
    const api = consoleApi();
    const app = await renderApp('/console/admin/users');
    expect(await screen.findByText('请先登录')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: '去登录' })));
    await waitFor(() => expect(app.path()).toBe('/console/login'));
    expect(new URLSearchParams(app.search()).get('redirect')).toBe('/console/admin/users');

    expect(await screen.findByRole('heading', { name: '登录管理后台' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('手机号'));
    typeInto('手机号', '13812341234');
    typeInto('密码', 'my password');
    await press('登录');
    // no WeChat bind page at a desk: straight back to the page, where the second factor comes first
    await waitFor(() => expect(app.path()).toBe('/console/admin/users'));
    expect(api.callsTo(apiPaths.login)[0]?.body).toMatchObject({ mobile: '13812341234', password: 'my password' });
    expect(await screen.findByRole('heading', { name: '二次验证' })).toBeTruthy();
    const code = screen.getByLabelText('验证码') as HTMLInputElement;
    expect(document.activeElement).toBe(code);
    expect(code.inputMode).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');

    // a wrong code: said once, under the field, and the field keeps the focus
    typeInto('验证码', '000000');
    await press('验证');
    expect((await screen.findByRole('alert')).textContent).toBe('验证码不正确');
    expect(screen.getAllByText('验证码不正确')).toHaveLength(1);
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(code);

    typeInto('验证码', '123456');
    await press('验证');
    expect(await screen.findByRole('heading', { name: '用户管理' })).toBeTruthy();
    expect(app.path()).toBe('/console/admin/users');

    // the top bar names the person and offers 退出, back to the console login
    const person = screen.getByRole('group', { name: '当前登录' });
    expect(person.textContent).toContain('演示管理员');
    expect(person.textContent).toContain('管理员');
    await press('退出');
    await waitFor(() => expect(app.path()).toBe('/console/login'));
    expect(api.callsTo(apiPaths.logout)).toHaveLength(1);
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
  });

  test('a code not of 6 digits is said once, not sent', async () => {
    signIn(adminLogin);
    const api = consoleApi();
    await renderApp('/console/admin/users');
    await screen.findByRole('heading', { name: '二次验证' });
    typeInto('验证码', '12');
    await press('验证');
    expect((await screen.findByRole('alert')).textContent).toBe('请输入6位动态验证码');
    expect(screen.getAllByText('请输入6位动态验证码')).toHaveLength(1);
    expect(api.callsTo(apiPaths.consoleMfaVerify)).toHaveLength(0);
  });

  test('a redirect outside the console is ignored: the second factor, then the console home', async () => {
    consoleApi();
    const app = await renderApp('/console/login?redirect=%2Fpages%2Faccount%2Findex');
    await screen.findByRole('heading', { name: '登录管理后台' });
    typeInto('手机号', '13812341234');
    typeInto('密码', 'my password');
    await press('登录');
    await waitFor(() => expect(app.path()).toBe('/console/signin'));
  });

  test('by SMS code: the login code is asked for, then the code login is sent', async () => {
    const api = consoleApi({
      [apiPaths.sendSmsCode]: ok({ resendAfterSeconds: 60 }),
      [apiPaths.loginBySms]: ok(adminLogin),
    });
    const app = await renderApp('/console/login?redirect=%2Fconsole%2Fadmin%2Fusers');
    await screen.findByRole('heading', { name: '登录管理后台' });
    fireEvent.click(screen.getByRole('tab', { name: '验证码登录' }));
    typeInto('手机号', '13812341234');
    await press('获取验证码');
    await waitFor(() => expect(api.callsTo(apiPaths.sendSmsCode)[0]?.body).toMatchObject({ mobile: '13812341234', purpose: 'login' }));
    const sms = screen.getByLabelText('短信验证码');
    expect(sms.getAttribute('autocomplete')).toBe('one-time-code');
    typeInto('短信验证码', '654321');
    await press('登录');
    await waitFor(() => expect(app.path()).toBe('/console/admin/users'));
    expect(api.callsTo(apiPaths.loginBySms)[0]?.body).toMatchObject({ mobile: '13812341234', smsCode: '654321' });
  });

  test('an expired session on a console page sends the person to the console login, back to that page', async () => {
    signIn(adminLogin);
    stubApi({
      [apiPaths.getUserInfo]: { status: 401, body: { success: false, code: 4010, message: '请先登录' } },
      [apiPaths.consoleMe]: { status: 401, body: { success: false, code: 4010, message: '请先登录' } },
    });
    const app = await renderApp('/console/admin/audit', '');
    await waitFor(() => expect(app.path()).toBe('/console/login'));
    expect(new URLSearchParams(app.search()).get('redirect')).toBe('/console/admin/audit');
  });
});
