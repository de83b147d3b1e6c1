import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { routes, storageKeys } from '@qgw/contracts';
import { renderApp } from '../../test/render-app.js';
import { fail, ok, stubApi } from '../../test/api-stub.js';
import { loginAnswer, signIn, storedUserInfo } from '../../test/session-fixture.js';
import { navigateTo } from '../../lib/navigation.js';

afterEach(() => vi.unstubAllGlobals());

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const press = async (name: string) => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
};

describe('login (pages/login/index and pages/cxb2024/login)', () => {
  test('labelled fields, the 登录 button, the register link and the nav title', async () => {
    await renderApp(routes.cxb2024.login);
    expect(await screen.findByLabelText('手机号')).toBeTruthy();
    expect(screen.getByLabelText('密码')).toBeTruthy();
    expect(screen.getByRole('button', { name: '登录' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '还没有账号？去注册' }).getAttribute('href')).toBe('#/pages/login/register');
    expect(screen.getByLabelText('返回')).toBeTruthy();
    expect(document.querySelector('.adm-nav-bar')?.textContent).toContain('登录');
  });

  test('empty form: the contract’s message as a toast and nothing sent', async () => {
    const api = stubApi({});
    await renderApp(routes.login.index);
    await screen.findByLabelText('手机号');
    await press('登录');
    expect(await screen.findByText('请输入手机号')).toBeTruthy();
    type('手机号', '13812341234');
    await press('登录');
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  test('no openid: 加载中 while waiting; user_info, token, mobile, uid, openid stored; bind page with mobile and token', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((r) => (answer = r));
    const info = loginAnswer();
    const api = stubApi({ '/v1/login': async () => (await answered, ok(info)) });
    const app = await renderApp(routes.login.index);
    await screen.findByLabelText('手机号');
    type('手机号', '13812341234');
    type('密码', 'my password');
    await press('登录');
    expect(await screen.findByText('加载中')).toBeTruthy();
    await act(async () => answer());

    await waitFor(() => expect(app.path()).toBe(routes.login.bind));
    expect(api.callsTo('/v1/login')[0]?.body).toEqual({ mobile: '13812341234', password: 'my password', platform: 'wap', rent_mode: 2 });
    expect(storedUserInfo()).toEqual(info);
    expect(localStorage.getItem(storageKeys.token)).toBe(info.token);
    expect(localStorage.getItem(storageKeys.mobile)).toBe(info.username);
    expect(localStorage.getItem(storageKeys.uid)).toBe(info.id);
    expect(localStorage.getItem(storageKeys.openid)).toBe('');
    const params = new URLSearchParams(app.search());
    expect(params.get('mobile')).toBe(info.username);
    expect(params.get('token')).toBe(info.token);
  });

  test('signing in over another account\'s session leaves nothing of that account behind', async () => {
    signIn({ id: 'user-a', username: '13900000001', token: 'tok-account-a-aaaaaaaaaaaaaaa' });
    localStorage.setItem(storageKeys.applyDetail, JSON.stringify({ postList: [{ id: 'a-1', title: '甲的申报' }] }));
    localStorage.setItem(storageKeys.tempStatus, '1001');
    localStorage.setItem(storageKeys.applyStatus, '0');
    localStorage.setItem(storageKeys.applyStatusMessage, '');
    const info = loginAnswer({ id: 'user-b', username: '13900000002', token: 'tok-account-b-bbbbbbbbbbbbbbb' });
    stubApi({ '/v1/login': ok(info) });
    const app = await renderApp(routes.login.index);
    await screen.findByLabelText('手机号');
    type('手机号', info.username);
    type('密码', 'my password');
    await press('登录');
    await waitFor(() => expect(app.path()).toBe(routes.login.bind));
    expect(localStorage.getItem(storageKeys.uid)).toBe('user-b');
    for (const key of [storageKeys.applyDetail, storageKeys.tempStatus, storageKeys.applyStatus, storageKeys.applyStatusMessage]) {
      expect(localStorage.getItem(key), key).toBeNull();
    }
  });

  test('with an openid: home tab, 登录成功..., and 1 s later back to the page before login', async () => {
    const info = loginAnswer({ openid: 'o-wx-1' });
    let answeredAt = 0;
    stubApi({
      '/v1/login': () => {
        answeredAt = performance.now();
        return ok(info);
      },
    });
    const app = await renderApp(routes.intro.index);
    await screen.findByRole('heading', { name: '青工委介绍' });
    await act(async () => navigateTo(routes.login.index));
    await screen.findByLabelText('手机号');
    type('手机号', info.username);
    type('密码', 'my password');
    await press('登录');

    await waitFor(() => expect(app.path()).toBe(routes.home.index));
    expect(await screen.findByText('登录成功...')).toBeTruthy();
    expect(localStorage.getItem(storageKeys.openid)).toBe('o-wx-1');
    await waitFor(() => expect(app.path()).toBe(routes.intro.index), { timeout: 3000 });
    const back = app.visits.at(-1)!;
    expect(app.visits.at(-2)?.path).toBe(routes.home.index);
    expect(back.at - answeredAt).toBeGreaterThanOrEqual(950);
  });

  test('with an openid and no page before: stays home', async () => {
    stubApi({ '/v1/login': ok(loginAnswer({ openid: 'o-wx-1' })) });
    const app = await renderApp(routes.login.index);
    await screen.findByLabelText('手机号');
    type('手机号', '13812341234');
    type('密码', 'x');
    await press('登录');
    await waitFor(() => expect(app.path()).toBe(routes.home.index));
    await new Promise((r) => setTimeout(r, 1300));
    expect(app.path()).toBe(routes.home.index);
  });

  test('failure: the server message as a toast, nothing stored', async () => {
    stubApi({ '/v1/login': fail('手机号或密码错误', 1101) });
    const app = await renderApp(routes.login.index);
    await screen.findByLabelText('手机号');
    type('手机号', '13812341234');
    type('密码', 'wrong');
    await press('登录');
    expect(await screen.findByText('手机号或密码错误')).toBeTruthy();
    expect(app.path()).toBe(routes.login.index);
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(localStorage.getItem(storageKeys.userInfo)).toBeNull();
  });
});

describe('register (pages/login/register)', () => {
  const fill = (f: { mobile?: string; smsCode?: string; password?: string; confirm?: string; nickname?: string }) => {
    if (f.mobile !== undefined) type('手机号', f.mobile);
    if (f.smsCode !== undefined) type('验证码', f.smsCode);
    if (f.password !== undefined) type('密码', f.password);
    if (f.confirm !== undefined) type('确认密码', f.confirm);
    if (f.nickname !== undefined) type('昵称（选填）', f.nickname);
  };
  const consent = () => screen.getByLabelText('我已阅读并同意《隐私政策》') as HTMLInputElement;

  test('checks before sending: consent, matching passwords, the contract’s password length', async () => {
    const api = stubApi({ '/v1/registerUser': ok('注册成功') });
    await renderApp(routes.login.register);
    await screen.findByLabelText('确认密码');
    fill({ mobile: '13812341234', password: 'long enough pw', confirm: 'long enough pw' });
    await press('注册');
    expect(await screen.findByText('请输入验证码')).toBeTruthy();
    fill({ smsCode: '123456' });
    await press('注册');
    expect(await screen.findByText('请阅读并同意隐私政策')).toBeTruthy();

    fireEvent.click(consent());
    expect(consent().checked).toBe(true);
    fill({ confirm: 'long enough pw!' });
    await press('注册');
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();

    fill({ password: 'short', confirm: 'short' });
    await press('注册');
    expect(await screen.findByText('密码至少8位')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  test('the privacy notice opens from its link without ticking the box', async () => {
    await renderApp(routes.login.register);
    await screen.findByLabelText('确认密码');
    await act(async () => fireEvent.click(screen.getByRole('link', { name: '《隐私政策》' })));
    expect((await screen.findAllByText(/个人信息/)).length).toBeGreaterThan(0);
    expect(consent().checked).toBe(false);
  });

  test('success: 注册成功, all local storage cleared, welcome page', async () => {
    localStorage.setItem(storageKeys.applyStatus, '9001');
    localStorage.setItem(storageKeys.token, 'old');
    const api = stubApi({ '/v1/registerUser': ok('注册成功') });
    const app = await renderApp(routes.login.register);
    await screen.findByLabelText('确认密码');
    fill({ mobile: '13812341234', smsCode: '042917', password: '任意 字符 都可以', confirm: '任意 字符 都可以', nickname: '小青' });
    fireEvent.click(consent());
    await press('注册');
    await waitFor(() => expect(app.path()).toBe(routes.welcome.index));
    expect(await screen.findByText('注册成功')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: '欢迎来到青工委服务平台' })).toBeTruthy();
    expect(Object.keys({ ...localStorage }).filter((k) => k !== storageKeys.browserId)).toEqual([]);
    expect(api.callsTo('/v1/registerUser')[0]?.body).toEqual({
      mobile: '13812341234',
      smsCode: '042917',
      password: '任意 字符 都可以',
      nickname: '小青',
      agree: true,
      platform: 'wap',
      rent_mode: 2,
    });
  });

  test('failure: the server message as a toast, still on the register page', async () => {
    stubApi({ '/v1/registerUser': fail('该手机号已注册', 1102) });
    const app = await renderApp(routes.login.register);
    await screen.findByLabelText('确认密码');
    fill({ mobile: '13812341234', smsCode: '123456', password: 'long enough pw', confirm: 'long enough pw' });
    fireEvent.click(consent());
    await press('注册');
    expect(await screen.findByText('该手机号已注册')).toBeTruthy();
    expect(app.path()).toBe(routes.login.register);
  });
});

describe('获取验证码 (register)', () => {
  test('sends the mobile with purpose register, says 验证码已发送 and counts down 60 s before another', async () => {
    const api = stubApi({ '/v1/sendSmsCode': ok({ resendAfterSeconds: 60, expiresInSeconds: 300 }) });
    await renderApp(routes.login.register);
    await screen.findByLabelText('验证码');
    type('手机号', '13812341234');
    await press('获取验证码');
    expect(await screen.findByText('验证码已发送')).toBeTruthy();
    expect(api.callsTo('/v1/sendSmsCode')[0]?.body).toEqual({ mobile: '13812341234', purpose: 'register', platform: 'wap', rent_mode: 2 });
    const counting = await screen.findByRole('button', { name: /^(60|59)秒后重新获取$/ });
    expect((counting as HTMLButtonElement).disabled).toBe(true);
    await act(async () => fireEvent.click(counting));
    expect(api.callsTo('/v1/sendSmsCode')).toHaveLength(1);
  });

  test('a wrong mobile is refused before sending; the server’s refusal is a toast and the button stays', async () => {
    const api = stubApi({ '/v1/sendSmsCode': fail('验证码已发送，请30秒后再获取', 1602) });
    await renderApp(routes.login.register);
    await screen.findByLabelText('验证码');
    type('手机号', '1234');
    await press('获取验证码');
    expect(await screen.findByText('请输入正确的11位手机号')).toBeTruthy();
    expect(api.callsTo('/v1/sendSmsCode')).toHaveLength(0);
    type('手机号', '13812341234');
    await press('获取验证码');
    expect(await screen.findByText('验证码已发送，请30秒后再获取')).toBeTruthy();
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeTruthy();
  });
});

describe('welcome (pages/welcome/index)', () => {
  test('去登录 opens the login page; 返回首页 the home tab', async () => {
    const app = await renderApp(routes.welcome.index);
    await press('去登录');
    await waitFor(() => expect(app.path()).toBe(routes.login.index));
    const again = await renderApp(routes.welcome.index);
    await press('返回首页');
    await waitFor(() => expect(again.path()).toBe(routes.home.index));
  });
});
