/**
 * The screens a verification code opens: 验证码登录 on the login page, and 忘记密码. Both answer
 * as the server does (the same login flow; a reset goes back to login with the mobile filled in),
 * and a busy address's challenge (HTTP 428) before a code is sent is shown and then sent again.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { accountRoutes, Code, routes, storageKeys } from '@qgw/contracts';
import { renderApp } from '../../test/render-app.js';
import { fail, ok, stubApi } from '../../test/api-stub.js';
import { loginAnswer } from '../../test/session-fixture.js';

vi.mock('./components/challenge-widget.js', () => ({
  default: function StandIn({ onSolved }: { onSolved: (altcha: string) => void }) {
    return (
      <button type="button" onClick={() => onSolved('solution-1')}>
        完成人机验证
      </button>
    );
  },
}));

afterEach(() => vi.unstubAllGlobals());

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const press = async (name: string) => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
};
const sent = ok({ resendAfterSeconds: 60, expiresInSeconds: 300 });

describe('验证码登录 (login page)', () => {
  test('two tabs; the code tab keeps the mobile, sends a login code and signs in as a password login does', async () => {
    const info = loginAnswer();
    const api = stubApi({ '/v1/sendSmsCode': sent, '/v1/loginBySms': ok(info) });
    const app = await renderApp(routes.login.index);
    await screen.findByLabelText('手机号');
    expect(screen.getByRole('tab', { name: '密码登录' }).getAttribute('aria-selected')).toBe('true');
    type('手机号', '13812341234');
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: '验证码登录' })));

    expect(screen.getByRole('tab', { name: '验证码登录' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByLabelText('密码', { exact: true })).toBeNull();
    expect((screen.getByLabelText('手机号', { exact: true }) as HTMLInputElement).value).toBe('13812341234');
    expect(screen.getByText('未注册的手机号请先注册')).toBeTruthy();
    await press('获取验证码');
    expect(await screen.findByText('验证码已发送')).toBeTruthy();
    expect(api.callsTo('/v1/sendSmsCode')[0]?.body).toEqual({ mobile: '13812341234', purpose: 'login', platform: 'wap', rent_mode: 2 });

    type('验证码', '123456');
    await press('登录');
    await waitFor(() => expect(app.path()).toBe(routes.login.bind));
    expect(api.callsTo('/v1/loginBySms')[0]?.body).toEqual({ mobile: '13812341234', smsCode: '123456', platform: 'wap', rent_mode: 2 });
    expect(localStorage.getItem(storageKeys.token)).toBe(info.token);
    expect(api.callsTo('/v1/login')).toHaveLength(0);
  });

  test('a code of the wrong shape is refused before sending; a wrong code is the server’s message and nothing is stored', async () => {
    const api = stubApi({ '/v1/loginBySms': fail('验证码错误或已失效', 1601) });
    await renderApp(routes.login.index);
    await screen.findByLabelText('手机号');
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: '验证码登录' })));
    type('手机号', '13812341234');
    type('验证码', '12');
    await press('登录');
    expect(await screen.findByText('请输入6位数字验证码')).toBeTruthy();
    expect(api.callsTo('/v1/loginBySms')).toHaveLength(0);
    type('验证码', '654321');
    await press('登录');
    expect(await screen.findByText('验证码错误或已失效')).toBeTruthy();
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
  });

  test('a busy address is asked for a challenge before a code is sent; solved, the code is asked for again', async () => {
    const api = stubApi({
      '/v1/sendSmsCode': ({ body }) =>
        (body as { altcha?: string }).altcha
          ? sent
          : { status: 428, body: { success: false, code: Code.CHALLENGE_REQUIRED, message: '当前网络请求过多，请完成人机验证后重试' } },
    });
    await renderApp(routes.login.index);
    await screen.findByLabelText('手机号');
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: '验证码登录' })));
    type('手机号', '13812341234');
    await press('获取验证码');
    expect(await screen.findByText('当前网络请求过多，请完成人机验证后重试')).toBeTruthy();
    await press('完成人机验证');
    expect(await screen.findByText('验证码已发送')).toBeTruthy();
    expect(api.callsTo('/v1/sendSmsCode').map((c) => c.body)).toEqual([
      { mobile: '13812341234', purpose: 'login', platform: 'wap', rent_mode: 2 },
      { mobile: '13812341234', purpose: 'login', altcha: 'solution-1', platform: 'wap', rent_mode: 2 },
    ]);
  });
});

describe('忘记密码 (pages/login/forgotPassword)', () => {
  test('reached from login with the mobile typed there', async () => {
    const app = await renderApp(routes.login.index);
    await screen.findByLabelText('手机号');
    type('手机号', '13812341234');
    await act(async () => fireEvent.click(screen.getByRole('link', { name: '忘记密码？' })));
    await waitFor(() => expect(app.path()).toBe(accountRoutes.forgotPassword));
    expect(await screen.findByRole('button', { name: '重置密码' })).toBeTruthy();
    expect((screen.getByLabelText('手机号', { exact: true }) as HTMLInputElement).value).toBe('13812341234');
    expect(document.querySelector('.adm-nav-bar')?.textContent).toContain('忘记密码');
  });

  test('checks before sending (the code, the new password’s length, the two passwords alike); then resets and opens login with the mobile', async () => {
    const api = stubApi({ '/v1/sendSmsCode': sent, '/v1/resetPassword': ok('密码已重置，请使用新密码登录') });
    const app = await renderApp(accountRoutes.forgotPassword);
    await screen.findByLabelText('验证码');
    type('手机号', '13812341234');
    await press('获取验证码');
    expect(await screen.findByText('验证码已发送')).toBeTruthy();
    expect(api.callsTo('/v1/sendSmsCode')[0]?.body).toMatchObject({ mobile: '13812341234', purpose: 'resetPassword' });

    await press('重置密码');
    expect(await screen.findByText('请输入验证码')).toBeTruthy();
    type('验证码', '123456');
    type('新密码', 'short');
    await press('重置密码');
    expect(await screen.findByText('密码至少8位')).toBeTruthy();
    type('新密码', 'a brand new password');
    type('确认新密码', 'another password');
    await press('重置密码');
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(api.callsTo('/v1/resetPassword')).toHaveLength(0);

    type('确认新密码', 'a brand new password');
    await press('重置密码');
    expect(await screen.findByText('密码已重置，请使用新密码登录')).toBeTruthy();
    await waitFor(() => expect(app.path()).toBe(routes.login.index));
    expect(api.callsTo('/v1/resetPassword')[0]?.body).toEqual({
      mobile: '13812341234',
      smsCode: '123456',
      newPassword: 'a brand new password',
      platform: 'wap',
      rent_mode: 2,
    });
    expect((await screen.findByLabelText('手机号', { exact: true }) as HTMLInputElement).value).toBe('13812341234');
  });

  test('a wrong code is the server’s message, and the page stays', async () => {
    stubApi({ '/v1/resetPassword': fail('验证码错误或已失效', 1601) });
    const app = await renderApp(accountRoutes.forgotPassword);
    await screen.findByLabelText('验证码');
    type('手机号', '13812341234');
    type('验证码', '123456');
    type('新密码', 'a brand new password');
    type('确认新密码', 'a brand new password');
    await press('重置密码');
    expect(await screen.findByText('验证码错误或已失效')).toBeTruthy();
    expect(app.path()).toBe(accountRoutes.forgotPassword);
  });
});

describe('back where the person was going', () => {
  test('a login opened with ?redirect= returns there once signed in (with an openid), not home', async () => {
    stubApi({ '/v1/login': ok({ ...loginAnswer(), openid: 'o-1' }) });
    const app = await renderApp(`${routes.login.index}?redirect=${encodeURIComponent('/pages/cxb2024/personApply')}`);
    await screen.findByLabelText('手机号');
    type('手机号', '13812341234');
    type('密码', 'my password');
    await press('登录');
    await waitFor(() => expect(app.path()).toBe(routes.cxb2024.personApply));
  });

  test('another site in ?redirect= is ignored: home', async () => {
    stubApi({ '/v1/login': ok({ ...loginAnswer(), openid: 'o-1' }) });
    const app = await renderApp(`${routes.login.index}?redirect=${encodeURIComponent('https://evil.example/')}`);
    await screen.findByLabelText('手机号');
    type('手机号', '13812341234');
    type('密码', 'my password');
    await press('登录');
    await waitFor(() => expect(app.path()).toBe(routes.home.index));
  });

  test('without an openid the bind page keeps it, and 跳过 leads there', async () => {
    stubApi({ '/v1/login': ok({ ...loginAnswer(), openid: null }) });
    const app = await renderApp(`${routes.login.index}?redirect=${encodeURIComponent('/console')}`);
    await screen.findByLabelText('手机号');
    type('手机号', '13812341234');
    type('密码', 'my password');
    await press('登录');
    await waitFor(() => expect(app.path()).toBe(routes.login.bind));
    expect(new URLSearchParams(app.search()).get('redirect')).toBe('/console');
  });
});

