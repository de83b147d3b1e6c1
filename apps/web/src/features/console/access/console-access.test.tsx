import { afterEach, describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiPaths, storageKeys, type ConsoleMeResponse, type ConsoleUser } from '@qgw/contracts';
import { renderApp } from '../../../test/render-app.js';
import { fail, ok, stubApi, type RecordedCall } from '../../../test/api-stub.js';
import { profileOf, signIn } from '../../../test/session-fixture.js';

afterEach(() => vi.unstubAllGlobals());

const me = (over: Partial<ConsoleMeResponse> = {}): ConsoleMeResponse => ({
  user: { id: 'user-1', nickname: '小青', mobileMasked: '138****1234', avatar: null },
  roles: ['applicant', 'admin'],
  mfaEnrolled: true,
  mfaVerified: false,
  consoleExpiresAt: null,
  recoveryCodesLeft: 10,
  ...over,
});

const consoleUser = (over: Partial<ConsoleUser> = {}): ConsoleUser => ({
  id: 'u-2',
  nickname: '评审甲',
  mobileMasked: '138****0002',
  avatar: null,
  roles: ['applicant', 'reviewer'],
  status: 'active',
  mfaEnrolled: true,
  organization: null,
  createdAt: '2024-05-01T00:00:00.000Z',
  ...over,
});

function asAdmin() {
  const info = signIn({ roles: ['applicant', 'admin'] });
  return ok(profileOf(info));
}

const typeInto = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const usersPage = ok({ items: [consoleUser()], nextCursor: null });

describe('console second factor', () => {
  test('not enrolled: QR code and secret, a wrong code is refused with the server message, then recovery codes once, then the screen', async () => {
    let verified = false;
    const api = stubApi({
      [apiPaths.getUserInfo]: asAdmin(),
      [apiPaths.consoleMe]: () => ok(me({ mfaEnrolled: verified, mfaVerified: verified })),
      [apiPaths.consoleMfaEnroll]: ok({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP', qrDataUrl: 'data:image/png;base64,AAAA' }),
      [apiPaths.consoleMfaActivate]: (c: RecordedCall) => {
        if ((c.body as { code: string }).code !== '123456') return fail('验证码不正确', 1404);
        verified = true;
        return ok({ recoveryCodes: ['AAAA-BBBB-CCCC-DDDD', 'EEEE-FFFF-GGGG-HHHH'], consoleExpiresAt: '2030-01-01T00:00:00.000Z' });
      },
      [apiPaths.consoleUsers]: usersPage,
    });
    await renderApp('/console/admin/users');
    expect(await screen.findByRole('heading', { name: '设置二次验证' })).toBeTruthy();
    expect((await screen.findByAltText('二次验证二维码')).getAttribute('src')).toBe('data:image/png;base64,AAAA');
    expect(screen.getByLabelText('密钥').textContent).toBe('JBSWY3DPEHPK3PXP');
    expect(api.callsTo(apiPaths.consoleUsers)).toHaveLength(0);

    typeInto('验证码', '000000');
    fireEvent.click(screen.getByRole('button', { name: '启用' }));
    expect((await screen.findByRole('alert')).textContent).toBe('验证码不正确');

    typeInto('验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '启用' }));
    const codes = await screen.findByRole('list', { name: '恢复码' });
    expect(codes.textContent).toContain('AAAA-BBBB-CCCC-DDDD');
    expect(api.callsTo(apiPaths.consoleMfaActivate).at(-1)?.body).toMatchObject({ code: '123456' });
    expect(api.callsTo(apiPaths.consoleUsers)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: '我已保存' }));
    expect(await screen.findByRole('link', { name: '管理：评审甲' })).toBeTruthy();
    expect(screen.queryByText('AAAA-BBBB-CCCC-DDDD')).toBeNull();
  });

  test('a code that is not 6 digits is not sent', async () => {
    const api = stubApi({ [apiPaths.getUserInfo]: asAdmin(), [apiPaths.consoleMe]: ok(me()) });
    await renderApp('/console/admin/users');
    await screen.findByLabelText('验证码');
    typeInto('验证码', '12');
    fireEvent.click(screen.getByRole('button', { name: '验证' }));
    expect(await screen.findByText('请输入6位动态验证码')).toBeTruthy();
    expect(api.callsTo(apiPaths.consoleMfaVerify)).toHaveLength(0);
  });

  test('enrolled: wrong TOTP code shows the message; a recovery code opens the console', async () => {
    let verified = false;
    const api = stubApi({
      [apiPaths.getUserInfo]: asAdmin(),
      [apiPaths.consoleMe]: () => ok(me({ mfaVerified: verified })),
      [apiPaths.consoleMfaVerify]: (c: RecordedCall) => {
        const body = c.body as { code?: string; recoveryCode?: string };
        if (body.recoveryCode !== 'ABCDEFGHJKMNPQRS') return fail('验证码不正确', 1404);
        verified = true;
        return ok({ consoleExpiresAt: '2030-01-01T00:00:00.000Z', recoveryCodesLeft: 9 });
      },
      [apiPaths.consoleUsers]: usersPage,
    });
    await renderApp('/console/admin/users');
    expect(await screen.findByRole('heading', { name: '二次验证' })).toBeTruthy();
    typeInto('验证码', '654321');
    fireEvent.click(screen.getByRole('button', { name: '验证' }));
    expect((await screen.findByRole('alert')).textContent).toBe('验证码不正确');
    expect(api.callsTo(apiPaths.consoleMfaVerify)[0]?.body).toMatchObject({ code: '654321' });

    fireEvent.click(screen.getByRole('button', { name: '使用恢复码' }));
    typeInto('恢复码', 'abcd-efgh-jkmn-pqrs');
    fireEvent.click(screen.getByRole('button', { name: '验证' }));
    expect(await screen.findByRole('link', { name: '管理：评审甲' })).toBeTruthy();
    const sent = api.callsTo(apiPaths.consoleMfaVerify).at(-1)?.body as Record<string, unknown>;
    expect(sent.recoveryCode).toBe('ABCDEFGHJKMNPQRS');
    expect(sent.code).toBeUndefined();
  });

  test('verification expiring mid-session (401 1401) brings back the TOTP step and keeps the session', async () => {
    let expired = false;
    stubApi({
      [apiPaths.getUserInfo]: asAdmin(),
      [apiPaths.consoleMe]: () => ok(me({ mfaVerified: !expired })),
      [apiPaths.consoleUsers]: () => (expired ? { status: 401, body: { success: false, code: 1401, message: '请先完成二次验证' } } : usersPage),
    });
    await renderApp('/console/admin/users');
    expect(await screen.findByRole('link', { name: '管理：评审甲' })).toBeTruthy();
    expired = true;
    typeInto('搜索用户', '评审');
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(await screen.findByRole('heading', { name: '二次验证' })).toBeTruthy();
    expect(screen.getByLabelText('验证码')).toBeTruthy();
    expect(localStorage.getItem(storageKeys.token)).toBeTruthy();
  });

  test('the TOTP step covers a page whose verification expired, and what was typed there is kept', async () => {
    let expired = false;
    stubApi({
      [apiPaths.getUserInfo]: asAdmin(),
      [apiPaths.consoleMe]: () => ok(me({ mfaVerified: !expired })),
      [apiPaths.consoleUsers]: () => (expired ? { status: 401, body: { success: false, code: 1401, message: '请先完成二次验证' } } : usersPage),
      [apiPaths.consoleMfaVerify]: () => {
        expired = false;
        return ok({ consoleExpiresAt: '2099-01-01T00:00:00.000Z', recoveryCodesLeft: 10 });
      },
    });
    await renderApp('/console/admin/users');
    expect(await screen.findByRole('link', { name: '管理：评审甲' })).toBeTruthy();
    expired = true;
    typeInto('搜索用户', '评审甲乙丙');
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(await screen.findByRole('heading', { name: '二次验证' })).toBeTruthy();
    // the page is out of sight and out of reach, not gone
    expect(screen.queryByRole('textbox', { name: '搜索用户' })).toBeNull();
    typeInto('验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '验证' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: '二次验证' })).toBeNull());
    expect((screen.getByLabelText('搜索用户') as HTMLInputElement).value).toBe('评审甲乙丙');
  });

  test('a verified reviewer is refused on an admin-only screen', async () => {
    const info = signIn({ roles: ['applicant', 'admin'] });
    stubApi({
      [apiPaths.getUserInfo]: ok(profileOf(info)),
      [apiPaths.consoleMe]: ok(me({ roles: ['applicant', 'reviewer'], mfaVerified: true })),
    });
    await renderApp('/console/admin/audit');
    expect(await screen.findByText('该功能仅对评审专家和管理员开放。')).toBeTruthy();
    expect(screen.queryByLabelText('验证码')).toBeNull();
  });

  test('every console page, content editing included, asks for the code first', async () => {
    const info = signIn({ roles: ['applicant', 'admin'] });
    const api = stubApi({ [apiPaths.getUserInfo]: ok(profileOf(info)), [apiPaths.consoleMe]: ok(me()) });
    await renderApp('/console/content/articles');
    expect(await screen.findByRole('heading', { name: '二次验证' })).toBeTruthy();
    expect(api.callsTo(apiPaths.contentAdminArticles)).toHaveLength(0);
  });

  test('a reviewer enters the console on the review queue, with the reviewing navigation only', async () => {
    const info = signIn({ roles: ['applicant', 'reviewer'] });
    stubApi({ [apiPaths.getUserInfo]: ok(profileOf(info)), [apiPaths.consoleMe]: ok(me({ roles: ['applicant', 'reviewer'], mfaVerified: true })) });
    const app = await renderApp('/console/signin');
    const nav = await screen.findByRole('navigation', { name: '后台导航' });
    await waitFor(() => expect(app.path()).toBe('/console/review'));
    expect(Array.from(nav.querySelectorAll('a')).map((a) => a.textContent)).toEqual(['评审队列']);
  });
});
