import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { routes, storageKeys } from '@qgw/contracts';
import { renderApp } from '../../test/render-app.js';
import { fail, ok, stubApi } from '../../test/api-stub.js';
import { profileOf, signIn, storedUserInfo } from '../../test/session-fixture.js';
import { navigateTo } from '../../lib/navigation.js';
import { checkAvatarFile } from './components/profile-screen.js';

afterEach(() => vi.unstubAllGlobals());

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const press = async (name: string) => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
};

/** Opens the account tab, then the given page on top of it, as a person would. */
async function openFromAccount(path: Parameters<typeof navigateTo>[0], params?: Record<string, string>) {
  const app = await renderApp(routes.account.index);
  await screen.findByText('退出登录');
  await act(async () => navigateTo(path, params));
  return app;
}

describe('my account tab', () => {
  test('logged out: 未登录 and 登录 / 注册 opens the login page', async () => {
    const app = await renderApp(routes.account.index);
    expect(await screen.findByText('未登录')).toBeTruthy();
    await press('登录 / 注册');
    await waitFor(() => expect(app.path()).toBe(routes.login.index));
  });

  test('logged in: nickname, masked mobile, the account links; 绑定微信 only without an openid', async () => {
    const info = signIn();
    stubApi({ '/v1/getUserInfo': ok(profileOf(info)) });
    await renderApp(routes.account.index);
    expect(await screen.findByText('小青')).toBeTruthy();
    expect(screen.getByText('138****1234')).toBeTruthy();
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('个人资料')).toBe('#/pages/update/index');
    expect(href('修改手机号')).toBe('#/pages/update/updatePhone');
    expect(href('修改密码')).toBe('#/pages/update/index?tab=password');
    expect(href('绑定微信')).toMatch(/^#\/pages\/login\/bind/);
  });

  test('bound: no 绑定微信 link', async () => {
    const info = signIn({ openid: 'o1' });
    stubApi({ '/v1/getUserInfo': ok(profileOf(info)) });
    await renderApp(routes.account.index);
    await screen.findByText('138****1234');
    expect(screen.queryByRole('link', { name: '绑定微信' })).toBeNull();
  });

  test('退出登录 → 确定退出登录吗？ → 确定: logout sent, session keys cleared, browserId kept, 已退出登录', async () => {
    const info = signIn();
    localStorage.setItem(storageKeys.browserId, 'f'.repeat(32));
    const api = stubApi({ '/v1/getUserInfo': ok(profileOf(info)), '/v1/logout': ok('已退出') });
    const app = await renderApp(routes.account.index);
    await press('退出登录');
    expect(await screen.findByText('确定退出登录吗？')).toBeTruthy();
    await press('确定');
    expect(await screen.findByText('已退出登录')).toBeTruthy();
    expect(await screen.findByText('未登录')).toBeTruthy();
    expect(api.callsTo('/v1/logout')[0]?.headers.authorization).toBe(info.token);
    expect(Object.keys({ ...localStorage })).toEqual([storageKeys.browserId]);
    expect(app.path()).toBe(routes.account.index);
  });
});

describe('password change (pages/update/index?tab=password)', () => {
  test('mismatch is caught before sending', async () => {
    signIn();
    const api = stubApi({ '/v1/getUserInfo': ok({}) });
    await renderApp(routes.update.index, '');
    await act(async () => navigateTo(routes.update.index, { tab: 'password' }));
    await screen.findByLabelText('确认新密码');
    type('当前密码', 'old password');
    type('新密码', 'new password 1');
    type('确认新密码', 'new password 2');
    await press('确认修改');
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(api.callsTo('/v1/updatePassword')).toHaveLength(0);
  });

  test('wrong current password: the server message', async () => {
    signIn();
    stubApi({ '/v1/updatePassword': fail('当前密码错误', 1107) });
    await renderApp(`${routes.update.index}?tab=password`);
    await screen.findByLabelText('确认新密码');
    type('当前密码', 'not it');
    type('新密码', 'new password 1');
    type('确认新密码', 'new password 1');
    await press('确认修改');
    expect(await screen.findByText('当前密码错误')).toBeTruthy();
  });

  test('success: 更改中, new token in token and user_info.token, 密码修改成功, back after 1 s', async () => {
    const info = signIn();
    let answer!: () => void;
    const answered = new Promise<void>((r) => (answer = r));
    let answeredAt = 0;
    const api = stubApi({
      '/v1/getUserInfo': ok(profileOf(info)),
      '/v1/updatePassword': async () => {
        await answered;
        answeredAt = performance.now();
        return ok({ token: 'rotated-token' });
      },
    });
    const app = await openFromAccount(routes.update.index, { tab: 'password' });
    await screen.findByLabelText('确认新密码');
    expect(document.querySelector('.adm-nav-bar')?.textContent).toContain('修改密码');
    type('当前密码', 'old password');
    type('新密码', 'new password 1');
    type('确认新密码', 'new password 1');
    await press('确认修改');
    expect(await screen.findByText('更改中')).toBeTruthy();
    await act(async () => answer());
    expect(await screen.findByText('密码修改成功')).toBeTruthy();
    expect(api.callsTo('/v1/updatePassword')[0]?.body).toMatchObject({ oldPassword: 'old password', newPassword: 'new password 1' });
    expect(localStorage.getItem(storageKeys.token)).toBe('rotated-token');
    expect(storedUserInfo().token).toBe('rotated-token');
    await waitFor(() => expect(app.path()).toBe(routes.account.index), { timeout: 3000 });
    expect(app.visits.at(-1)!.at - answeredAt).toBeGreaterThanOrEqual(950);
  });
});

describe('phone change (pages/update/updatePhone)', () => {
  test('success: token rotated, mobile and user_info updated, 手机号修改成功, back one level', async () => {
    const info = signIn();
    const api = stubApi({
      '/v1/getUserInfo': ok(profileOf(info)),
      '/v1/sendSmsCode': ok({ resendAfterSeconds: 60, expiresInSeconds: 300 }),
      '/v1/updatePhone': ok({ ...profileOf(info, { mobile: '13999998888', mobileMasked: '139****8888' }), token: 'phone-token' }),
    });
    const app = await openFromAccount(routes.update.updatePhone);
    await screen.findByLabelText('新手机号');
    type('新手机号', '13999998888');
    await press('获取验证码');
    expect(await screen.findByText('验证码已发送')).toBeTruthy();
    expect(api.callsTo('/v1/sendSmsCode')[0]?.body).toMatchObject({ mobile: '13999998888', purpose: 'changePhone' });
    type('验证码', '042917');
    type('当前密码', 'my password');
    await press('确认修改');
    expect(await screen.findByText('手机号修改成功')).toBeTruthy();
    await waitFor(() => expect(app.path()).toBe(routes.account.index));
    expect(api.callsTo('/v1/updatePhone')[0]?.body).toMatchObject({ newMobile: '13999998888', smsCode: '042917', password: 'my password' });
    expect(localStorage.getItem(storageKeys.token)).toBe('phone-token');
    expect(localStorage.getItem(storageKeys.mobile)).toBe('13999998888');
    expect(storedUserInfo()).toMatchObject({ token: 'phone-token', username: '13999998888', mobile: '13999998888' });
    expect(await screen.findByText('139****8888')).toBeTruthy();
  });

  test('an invalid new mobile is refused before sending', async () => {
    signIn();
    const api = stubApi({});
    await renderApp(routes.update.updatePhone);
    await screen.findByLabelText('新手机号');
    type('新手机号', '1234');
    type('验证码', '123456');
    type('当前密码', 'pw');
    await press('确认修改');
    expect(await screen.findByText('请输入正确的11位手机号')).toBeTruthy();
    type('新手机号', '13999998888');
    type('验证码', '');
    await press('确认修改');
    expect(await screen.findByText('请输入验证码')).toBeTruthy();
    expect(api.callsTo('/v1/updatePhone')).toHaveLength(0);
  });
});

describe('profile (pages/update/index)', () => {
  test('the avatar limit is shown before picking, and wrong files are refused', async () => {
    signIn();
    stubApi({ '/v1/getUserInfo': ok({}) });
    await renderApp(routes.update.index);
    expect(await screen.findByText('支持 JPG/PNG/WebP，不超过 2MB')).toBeTruthy();
    expect((screen.getByLabelText('上传头像') as HTMLInputElement).type).toBe('file');
    expect(checkAvatarFile(new File(['x'], 'a.gif', { type: 'image/gif' }))).toBe('仅支持 JPG/PNG/WebP 格式的图片');
    expect(checkAvatarFile(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'a.png', { type: 'image/png' }))).toBe('图片不能超过 2MB');
    expect(checkAvatarFile(new File(['x'], 'a.webp', { type: 'image/webp' }))).toBeNull();
  });

  test('save: 更改中, 保存成功, user_info.nickname updated, back one level', async () => {
    const info = signIn();
    const api = stubApi({
      '/v1/getUserInfo': ok(profileOf(info)),
      '/v1/updateProfile': ok(profileOf(info, { nickname: '新名字' })),
    });
    const app = await openFromAccount(routes.update.index);
    await screen.findByLabelText('昵称');
    type('昵称', '新名字');
    await press('保存');
    expect(await screen.findByText('保存成功')).toBeTruthy();
    await waitFor(() => expect(app.path()).toBe(routes.account.index));
    expect(api.callsTo('/v1/updateProfile')[0]?.body).toMatchObject({ nickname: '新名字' });
    expect(storedUserInfo().nickname).toBe('新名字');
    expect(await screen.findByText('新名字')).toBeTruthy();
  });

  test('a refused token on save: 登录已失效，请重新登录, session cleared, login page', async () => {
    signIn();
    stubApi({
      '/v1/getUserInfo': { status: 401, body: {} },
      '/v1/updateProfile': { status: 401, body: {} },
    });
    const app = await renderApp(routes.update.index);
    await screen.findByLabelText('昵称');
    await new Promise((r) => setTimeout(r, 50));
    expect(app.path()).toBe(routes.update.index);
    type('昵称', '改个名字');
    await press('保存');
    expect(await screen.findByText('登录已失效，请重新登录')).toBeTruthy();
    await waitFor(() => expect(app.path()).toBe(routes.login.index));
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
  });
});
