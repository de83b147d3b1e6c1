/**
 * Administrators helping people on the console's people screens: 邀请成员 on the users list (a
 * mobile and console roles; the new person shows in the list) and 发送重置验证码 on a user's page
 * (asked first; the code goes to the user's phone, the admin never sees it).
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths, type ConsoleMeResponse, type ConsoleUser } from '@qgw/contracts';
import { renderApp } from '../../../test/render-app.js';
import { fail, ok, stubApi } from '../../../test/api-stub.js';
import { profileOf, signIn } from '../../../test/session-fixture.js';

afterEach(() => vi.unstubAllGlobals());

const me: ConsoleMeResponse = {
  user: { id: 'user-1', nickname: '小青', mobileMasked: '138****1234', avatar: null },
  roles: ['applicant', 'admin'],
  mfaEnrolled: true,
  mfaVerified: true,
  consoleExpiresAt: '2030-01-01T00:00:00.000Z',
  recoveryCodesLeft: 10,
};

const user = (over: Partial<ConsoleUser> = {}): ConsoleUser => ({
  id: 'u-2',
  nickname: '申请人甲',
  mobileMasked: '138****0001',
  avatar: null,
  roles: ['applicant'],
  status: 'active',
  mfaEnrolled: false,
  organization: null,
  createdAt: '2024-05-01T00:00:00.000Z',
  ...over,
});

function verifiedAdmin(handlers: Parameters<typeof stubApi>[0]) {
  const info = signIn({ roles: ['applicant', 'admin'] });
  return stubApi({ [apiPaths.getUserInfo]: ok(profileOf(info)), [apiPaths.consoleMe]: ok(me), ...handlers });
}

describe('邀请成员', () => {
  test('mobile and roles are sent; the notice is shown and the list, read again, shows the new person', async () => {
    const invited = user({ id: 'u-9', nickname: '用户0002', mobileMasked: '138****0002', roles: ['admin', 'reviewer'] });
    let afterInvite = false;
    const api = verifiedAdmin({
      [apiPaths.consoleUsers]: () => ok({ items: afterInvite ? [invited, user()] : [user()], nextCursor: null }),
      [apiPaths.consoleUserInvite]: () => {
        afterInvite = true;
        return ok({ user: invited, codeSent: true, notice: '已邀请，并已向 138****0002 发送设置密码的验证码' });
      },
    });
    await renderApp('/console/admin/users');
    await screen.findByRole('link', { name: '管理：申请人甲' });
    fireEvent.click(screen.getByRole('button', { name: '邀请成员' }));
    const form = await screen.findByRole('form', { name: '邀请评审专家或管理员' });
    // 评审专家 is ticked to begin with; the applicant role is not offered
    expect((within(form).getByRole('checkbox', { name: '评审专家' }) as HTMLInputElement).checked).toBe(true);
    expect(within(form).queryByRole('checkbox', { name: '申请人' })).toBeNull();
    expect(form.textContent).toContain('忘记密码');
    fireEvent.change(within(form).getByLabelText('手机号'), { target: { value: '13800000002' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: '管理员' }));
    fireEvent.click(within(form).getByRole('button', { name: '发送邀请' }));
    await waitFor(() => expect(api.callsTo(apiPaths.consoleUserInvite)).toHaveLength(1));
    expect(api.callsTo(apiPaths.consoleUserInvite)[0]?.body).toMatchObject({ mobile: '13800000002', roles: ['reviewer', 'admin'] });
    expect((await screen.findAllByText('已邀请，并已向 138****0002 发送设置密码的验证码')).length).toBeGreaterThan(0);
    expect(await screen.findByRole('link', { name: '管理：用户0002' })).toBeTruthy();
  });

  test('a bad mobile or no role is refused before sending; a taken mobile shows the server’s message', async () => {
    const api = verifiedAdmin({
      [apiPaths.consoleUsers]: ok({ items: [user()], nextCursor: null }),
      [apiPaths.consoleUserInvite]: fail('该手机号已有账号，不能重复邀请；请在用户管理中找到该用户，在其页面设置角色', 1102),
    });
    await renderApp('/console/admin/users');
    fireEvent.click(await screen.findByRole('button', { name: '邀请成员' }));
    const form = await screen.findByRole('form', { name: '邀请评审专家或管理员' });
    fireEvent.change(within(form).getByLabelText('手机号'), { target: { value: '1380000' } });
    fireEvent.click(within(form).getByRole('button', { name: '发送邀请' }));
    expect(await screen.findByText('请输入正确的11位手机号')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('手机号'), { target: { value: '13800000001' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: '评审专家' }));
    fireEvent.click(within(form).getByRole('button', { name: '发送邀请' }));
    expect(await screen.findByText('请至少选择一个角色')).toBeTruthy();
    expect(api.callsTo(apiPaths.consoleUserInvite)).toHaveLength(0);

    fireEvent.click(within(form).getByRole('checkbox', { name: '评审专家' }));
    fireEvent.click(within(form).getByRole('button', { name: '发送邀请' }));
    expect(await screen.findByText(/该手机号已有账号/)).toBeTruthy();
    expect(api.callsTo(apiPaths.consoleUserInvite)).toHaveLength(1);
  });
});

describe('发送重置验证码', () => {
  test('asks first, saying the admin will not see the code; then sends and shows where it went', async () => {
    const api = verifiedAdmin({
      [apiPaths.consoleUsers]: ok({ items: [user()], nextCursor: null }),
      [apiPaths.consoleUserSendResetCode]: () =>
        ok({ mobileMasked: '138****0001', resendAfterSeconds: 60, expiresInSeconds: 300, notice: '验证码已发送至 138****0001' }),
    });
    await renderApp('/console/admin/users');
    fireEvent.click(await screen.findByRole('link', { name: '管理：申请人甲' }));
    fireEvent.click(await screen.findByRole('button', { name: '发送重置验证码' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('申请人甲');
    expect(dialog.textContent).toContain('验证码将以短信发送至该用户手机，管理员看不到验证码');
    expect(api.callsTo(apiPaths.consoleUserSendResetCode)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '发送' }));
    await waitFor(() => expect(api.callsTo(apiPaths.consoleUserSendResetCode)).toHaveLength(1));
    expect(api.callsTo(apiPaths.consoleUserSendResetCode)[0]?.body).toMatchObject({ userId: 'u-2' });
    expect((await screen.findAllByText('验证码已发送至 138****0001')).length).toBeGreaterThan(0);
  });

  test('cancelled: nothing is sent; refused: the server’s reason is shown', async () => {
    const api = verifiedAdmin({
      [apiPaths.consoleUsers]: ok({ items: [user()], nextCursor: null }),
      [apiPaths.consoleUserSendResetCode]: fail('验证码已发送，请60秒后再获取', 1602),
    });
    await renderApp('/console/admin/users');
    fireEvent.click(await screen.findByRole('link', { name: '管理：申请人甲' }));
    fireEvent.click(await screen.findByRole('button', { name: '发送重置验证码' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '取消' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo(apiPaths.consoleUserSendResetCode)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: '发送重置验证码' }));
    // the cancelled dialog may still be closing: the newest one is this
    await waitFor(() => expect(screen.getAllByRole('button', { name: '发送' }).length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByRole('button', { name: '发送' }).at(-1)!);
    expect((await screen.findAllByText('验证码已发送，请60秒后再获取')).length).toBeGreaterThan(0);
    expect(api.callsTo(apiPaths.consoleUserSendResetCode)).toHaveLength(1);
  });

  test('a disabled account cannot be sent one', async () => {
    verifiedAdmin({ [apiPaths.consoleUser]: ok(user({ status: 'disabled' })) });
    await renderApp('/console/admin/users/u-2');
    const button = await screen.findByRole('button', { name: '发送重置验证码' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});
