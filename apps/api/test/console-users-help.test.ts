/**
 * Administrators helping people (issue accounts-public): an admin has a password-reset code sent to
 * a user's phone (POST consoleUserSendResetCode) and invites a reviewer or admin by mobile (POST
 * consoleUserInvite). The admin never sees a code or a password; the invited account has none that
 * works until its owner sets one through the reset flow. Both audited without secrets; both refused
 * to everyone but a verified admin; the SMS limits of each mobile answer the admin as they answer
 * the person, the per-address limit of the public route does not.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  apiPaths, Code, type ConsoleMeResponse, type ConsoleUser, type ConsoleUserInviteResponse,
  type ConsoleUserSendResetCodeResponse, type ConsoleUsersResponse, maskMobile,
} from '@qgw/contracts';
import { verifyPassword } from '../src/modules/accounts/passwords.js';
import { data, get, login, newUser, post, sentSmsCode, strongPassword, type TestUser, uniqueMobile } from './support/api.js';
import { consoleLogin, type ConsoleUser as StaffUser, enrollAndActivate, newConsoleUser } from './support/console.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const MINUTE = 60_000;

let t: TestApp;
let admin: StaffUser;
let reviewer: StaffUser;
let applicant: TestUser;
let adminUnverified: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await newConsoleUser(t.app, t.db, t.clock, ['admin']);
  reviewer = await newConsoleUser(t.app, t.db, t.clock, ['reviewer']);
  applicant = await newUser(t.app);
  adminUnverified = (await login(t.app, admin.mobile, admin.password)).token;
});
afterAll(async () => {
  await t.close();
});
// the tests move the clock by minutes and days: the admin passes the second factor afresh for each
beforeEach(async () => {
  admin.token = await consoleLogin(t.app, t.clock, admin);
});

const as = () => ({ token: admin.token });
/** `token` null: no Authorization header at all */
const sendReset = (userId: unknown, token: string | null = admin.token) =>
  post<ConsoleUserSendResetCodeResponse>(t.app, apiPaths.consoleUserSendResetCode, { userId }, token === null ? {} : { token });
const invite = (body: Record<string, unknown>, token: string | null = admin.token) =>
  post<ConsoleUserInviteResponse>(t.app, apiPaths.consoleUserInvite, body, token === null ? {} : { token });
const auditRows = (entityId: string, action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', entityId).where('action', '=', action).execute();
const resetCodesIn = async (mobile: string) =>
  data(await get<{ codes: Array<{ purpose: string; code: string }> }>(t.app, apiPaths.devSmsOutbox, { mobile })).codes.filter(
    (c) => c.purpose === 'resetPassword',
  ).length;
const userByMobile = (mobile: string) => t.db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();
const rolesOf = async (id: string) =>
  (await t.db.selectFrom('user_roles').select('role').where('user_id', '=', id).orderBy('role').execute()).map((r) => r.role);
/** the public password reset, as the login screen's 找回密码 sends it */
const resetPassword = (mobile: string, smsCode: string, newPassword: string) =>
  post<string>(t.app, apiPaths.resetPassword, { mobile, smsCode, newPassword });

describe('POST consoleUserSendResetCode', () => {
  it('sends a resetPassword code to the user’s mobile; the answer holds no code; the code resets the password', async () => {
    const u = await newUser(t.app);
    const res = data(await sendReset(u.id));
    expect(res).toEqual({ mobileMasked: maskMobile(u.mobile), resendAfterSeconds: 60, expiresInSeconds: 300, notice: `验证码已发送至 ${maskMobile(u.mobile)}` });
    const code = await sentSmsCode(t.app, u.mobile, 'resetPassword');
    expect(code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(res)).not.toContain(code!);
    expect(JSON.stringify(res)).not.toContain(u.mobile);

    const newPassword = strongPassword();
    data(await resetPassword(u.mobile, code!, newPassword));
    await expect(login(t.app, u.mobile, u.password)).rejects.toThrow();
    expect((await login(t.app, u.mobile, newPassword)).id).toBe(u.id);
  });

  it('is audited as user.send_reset_code by the admin, with the mobile masked and no code', async () => {
    const u = await newUser(t.app);
    data(await sendReset(u.id));
    const code = (await sentSmsCode(t.app, u.mobile, 'resetPassword'))!;
    const rows = await auditRows(u.id, 'user.send_reset_code');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: admin.id, entity: 'user', entity_id: u.id });
    expect(JSON.parse(rows[0]!.after_json!)).toEqual({ to: maskMobile(u.mobile), purpose: 'resetPassword' });
    const text = JSON.stringify(rows);
    expect(text).not.toContain(code);
    expect(text).not.toContain(u.mobile);
  });

  it('the per-mobile limits answer the admin in Chinese: once a minute, then the day’s limit', async () => {
    const u = await newUser(t.app);
    data(await sendReset(u.id));
    const again = await sendReset(u.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: false, code: Code.SMS_TOO_SOON, message: '验证码已发送，请60秒后再获取' });
    // the registration's code and this one count: 10 in any 24 hours
    for (let sent = 2; sent < t.config.sms.perMobilePerDay; sent++) {
      t.clock.advance(MINUTE);
      data(await sendReset(u.id));
    }
    t.clock.advance(MINUTE);
    expect((await sendReset(u.id)).body).toEqual({ success: false, code: Code.SMS_DAILY_LIMIT, message: '该手机号今日获取验证码次数已达上限，请明天再试' });
    // a refused send is not audited as sent
    expect(await auditRows(u.id, 'user.send_reset_code')).toHaveLength(t.config.sms.perMobilePerDay - 1);
  });

  it('refuses a disabled account, sending nothing', async () => {
    const u = await newUser(t.app);
    data(await post(t.app, apiPaths.consoleUserDisable, { userId: u.id, disabled: true }, as()));
    const r = await sendReset(u.id);
    expect(r.body).toEqual({ success: false, code: Code.ACCOUNT_DISABLED, message: '该账号已停用，不能发送重置验证码（请先启用账号）' });
    expect(await resetCodesIn(u.mobile)).toBe(0);
    expect(await auditRows(u.id, 'user.send_reset_code')).toHaveLength(0);
    // enabled again, it can be sent one
    data(await post(t.app, apiPaths.consoleUserDisable, { userId: u.id, disabled: false }, as()));
    data(await sendReset(u.id));
    expect(await resetCodesIn(u.mobile)).toBe(1);
  });

  it('refuses bad and unknown user ids with HTTP 200 and a message', async () => {
    for (const userId of [undefined, '', 42, null, ['x'], 'x'.repeat(65)]) {
      const r = await sendReset(userId);
      expect({ userId, status: r.status, success: r.body.success, code: r.body.code }).toEqual({ userId, status: 200, success: false, code: Code.BAD_REQUEST });
      expect(typeof r.body.message).toBe('string');
    }
    expect((await sendReset('no-such-user')).body).toEqual({ success: false, code: Code.NOT_FOUND, message: '用户不存在' });
  });

  it('is not held by the public route’s per-address limit', async () => {
    const limited = await createTestApp({ env: { SMS_SEND_PER_IP_PER_HOUR: '1' } });
    try {
      const staff = await newConsoleUser(limited.app, limited.db, limited.clock, ['admin']);
      const ip = '10.7.7.7';
      // the one public send this address has: the staff's registration used another (the default) address
      data(await post(limited.app, apiPaths.sendSmsCode, { mobile: uniqueMobile(), purpose: 'register' }, { ip }));
      expect((await post(limited.app, apiPaths.sendSmsCode, { mobile: uniqueMobile(), purpose: 'register' }, { ip })).status).toBe(429);
      for (const target of [staff.id, staff.id]) {
        limited.clock.advance(MINUTE);
        data(await post(limited.app, apiPaths.consoleUserSendResetCode, { userId: target }, { token: staff.token, ip }));
      }
    } finally {
      await limited.close();
    }
  });
});

describe('POST consoleUserInvite', () => {
  it('creates an active account with the roles and no password that works; the code sent sets one', async () => {
    const mobile = uniqueMobile();
    // an extra field is ignored as everywhere: no password is ever set by an admin
    const res = data(await invite({ mobile, roles: ['reviewer'], password: 'Admin-Chosen-123' }));
    expect(res.codeSent).toBe(true);
    expect(res.notice).toBe(`已邀请，并已向 ${maskMobile(mobile)} 发送设置密码的验证码`);
    expect(res.user).toMatchObject({ mobileMasked: maskMobile(mobile), roles: ['reviewer'], status: 'active', mfaEnrolled: false, organization: null });
    expect(res.user.nickname).toBe(`用户${mobile.slice(-4)}`);
    expect(JSON.stringify(res)).not.toContain(mobile);

    const row = (await userByMobile(mobile))!;
    expect(row.id).toBe(res.user.id);
    expect(row.status).toBe('active');
    expect(await rolesOf(row.id)).toEqual(['reviewer']);
    // a well-formed argon2id hash nobody knows a password for
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    for (const password of ['Admin-Chosen-123', '', mobile, 'x', row.password_hash]) {
      expect(await verifyPassword(row.password_hash, password)).toBe(false);
    }
    for (const password of ['Admin-Chosen-123', mobile, strongPassword()]) {
      const r = await post(t.app, apiPaths.login, { mobile, password });
      expect(r.body).toMatchObject({ success: false, code: Code.INVALID_CREDENTIALS });
    }

    // the person sets a password with the code (找回密码), then signs in and starts the console
    const code = (await sentSmsCode(t.app, mobile, 'resetPassword'))!;
    expect(code).toMatch(/^\d{6}$/);
    const password = strongPassword();
    data(await resetPassword(mobile, code, password));
    const signedIn = await login(t.app, mobile, password);
    expect(signedIn).toMatchObject({ id: row.id, roles: ['reviewer'] });
    const me = data(await get<ConsoleMeResponse>(t.app, apiPaths.consoleMe, {}, { token: signedIn.token }));
    expect(me).toMatchObject({ roles: ['reviewer'], mfaEnrolled: false, mfaVerified: false });

    // it shows in the admin's list
    const list = data(await get<ConsoleUsersResponse>(t.app, apiPaths.consoleUsers, { q: mobile }, as()));
    expect(list.items.map((u) => u.id)).toEqual([row.id]);
  });

  it('every invitation stores a different unusable hash', async () => {
    const a = uniqueMobile();
    const b = uniqueMobile();
    data(await invite({ mobile: a, roles: ['reviewer'] }));
    data(await invite({ mobile: b, roles: ['reviewer'] }));
    expect((await userByMobile(a))!.password_hash).not.toBe((await userByMobile(b))!.password_hash);
  });

  it('an invited admin enrols the second factor at the first console visit before any admin screen answers', async () => {
    const mobile = uniqueMobile();
    const res = data(await invite({ mobile, roles: ['admin', 'reviewer'] }));
    expect(res.user.roles).toEqual(['admin', 'reviewer']);
    const password = strongPassword();
    data(await resetPassword(mobile, (await sentSmsCode(t.app, mobile, 'resetPassword'))!, password));
    const { token } = await login(t.app, mobile, password);
    const refused = await get(t.app, apiPaths.consoleUsers, {}, { token });
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 401, code: Code.CONSOLE_MFA_REQUIRED });
    await enrollAndActivate(t.app, t.clock, token);
    expect(data(await get<ConsoleUsersResponse>(t.app, apiPaths.consoleUsers, {}, { token })).items.length).toBeGreaterThan(0);
  });

  it('is audited as user.invite (and the code as user.send_reset_code), without mobile, code or hash', async () => {
    const mobile = uniqueMobile();
    const res = data(await invite({ mobile, roles: ['reviewer'] }));
    const code = (await sentSmsCode(t.app, mobile, 'resetPassword'))!;
    const [inv] = await auditRows(res.user.id, 'user.invite');
    expect(inv).toMatchObject({ actor_id: admin.id, entity: 'user', entity_id: res.user.id, before_json: null });
    expect(JSON.parse(inv!.after_json!)).toEqual({ mobile: maskMobile(mobile), nickname: `用户${mobile.slice(-4)}`, roles: ['reviewer'] });
    expect(await auditRows(res.user.id, 'user.send_reset_code')).toHaveLength(1);
    const text = JSON.stringify(await t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', res.user.id).execute());
    expect(text).not.toContain(mobile);
    expect(text).not.toContain(code);
    expect(text).not.toContain((await userByMobile(mobile))!.password_hash);
  });

  it('refuses a mobile that already has an account, adding no role and writing nothing', async () => {
    const before = await rolesOf(applicant.id);
    const audits = (await t.db.selectFrom('audit_log').select('id').execute()).length;
    const r = await invite({ mobile: applicant.mobile, roles: ['reviewer'] });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      success: false,
      code: Code.MOBILE_TAKEN,
      message: '该手机号已有账号，不能重复邀请；请在用户管理中找到该用户，在其页面设置角色',
    });
    expect(await rolesOf(applicant.id)).toEqual(before);
    expect((await t.db.selectFrom('audit_log').select('id').execute()).length).toBe(audits);
    expect(await resetCodesIn(applicant.mobile)).toBe(0);
  });

  it('two invitations of one mobile at once: one account', async () => {
    const mobile = uniqueMobile();
    const answers = await Promise.all([invite({ mobile, roles: ['reviewer'] }), invite({ mobile, roles: ['admin'] })]);
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect(answers.find((a) => !a.body.success)!.body).toMatchObject({ code: Code.MOBILE_TAKEN });
    expect(await t.db.selectFrom('users').select('id').where('mobile', '=', mobile).execute()).toHaveLength(1);
  });

  it('the account stands when the code cannot go now (the mobile’s daily limit): the answer says so', async () => {
    const mobile = uniqueMobile();
    // someone spent the mobile's codes for the day on registration attempts
    for (let i = 0; i < t.config.sms.perMobilePerDay; i++) {
      data(await post(t.app, apiPaths.sendSmsCode, { mobile, purpose: 'register' }));
      t.clock.advance(MINUTE);
    }
    const res = data(await invite({ mobile, roles: ['reviewer'] }));
    expect(res.codeSent).toBe(false);
    expect(res.notice).toBe(
      `已邀请，但设置密码的验证码未能发送至 ${maskMobile(mobile)}（该手机号今日获取验证码次数已达上限，请明天再试）；请稍后在该用户页面点击“发送重置验证码”`,
    );
    expect(await rolesOf(res.user.id)).toEqual(['reviewer']);
    expect(await resetCodesIn(mobile)).toBe(0);
    expect(await auditRows(res.user.id, 'user.invite')).toHaveLength(1);
    expect(await auditRows(res.user.id, 'user.send_reset_code')).toHaveLength(0);
    // a day later the admin sends it from the user's page
    t.clock.advance(24 * 60 * MINUTE);
    admin.token = await consoleLogin(t.app, t.clock, admin);
    data(await sendReset(res.user.id));
    expect(await resetCodesIn(mobile)).toBe(1);
  });

  it('refuses bad input with HTTP 200, BAD_REQUEST and a Chinese message, writing nothing', async () => {
    const users = (await t.db.selectFrom('users').select('id').execute()).length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ roles: ['reviewer'] }, '请输入手机号'],
      [{ mobile: '1234', roles: ['reviewer'] }, '请输入正确的11位手机号'],
      [{ mobile: '1380000000a', roles: ['reviewer'] }, '请输入正确的11位手机号'],
      [{ mobile: uniqueMobile() }, '请选择角色（评审或管理员）'],
      [{ mobile: uniqueMobile(), roles: 'reviewer' }, '请选择角色（评审或管理员）'],
      [{ mobile: uniqueMobile(), roles: [] }, '请至少选择一个角色'],
      [{ mobile: uniqueMobile(), roles: ['applicant'] }, '只能邀请评审或管理员'],
      [{ mobile: uniqueMobile(), roles: ['superuser'] }, '只能邀请评审或管理员'],
      [{ mobile: uniqueMobile(), roles: ['reviewer', 'reviewer'] }, '角色重复'],
      [{ mobile: uniqueMobile(), roles: ['reviewer', 'admin', 'reviewer'] }, '角色重复'],
    ];
    for (const [body, message] of cases) {
      const r = await invite(body);
      expect({ body, status: r.status, answer: r.body }).toEqual({ body, status: 200, answer: { success: false, code: Code.BAD_REQUEST, message } });
    }
    expect((await t.db.selectFrom('users').select('id').execute()).length).toBe(users);
  });
});

describe('who may', () => {
  it('no token, an applicant, a reviewer, an admin without the second factor: refused, nothing written or sent', async () => {
    const target = await newUser(t.app);
    const users = (await t.db.selectFrom('users').select('id').execute()).length;
    const audits = (await t.db.selectFrom('audit_log').select('id').execute()).length;
    const mobile = uniqueMobile();
    const callers: Array<[string, string | null, number, number]> = [
      ['none', null, 401, Code.UNAUTHORIZED],
      ['applicant', applicant.token, 403, Code.FORBIDDEN],
      ['reviewer', reviewer.token, 403, Code.FORBIDDEN],
      ['admin without second factor', adminUnverified, 401, Code.CONSOLE_MFA_REQUIRED],
    ];
    for (const [who, token, status, code] of callers) {
      const a = await sendReset(target.id, token);
      expect({ who, status: a.status, success: a.body.success, code: a.body.code }).toEqual({ who, status, success: false, code });
      const b = await invite({ mobile, roles: ['admin'] }, token);
      expect({ who, status: b.status, success: b.body.success, code: b.body.code }).toEqual({ who, status, success: false, code });
    }
    expect(await resetCodesIn(target.mobile)).toBe(0);
    expect(await userByMobile(mobile)).toBeUndefined();
    expect((await t.db.selectFrom('users').select('id').execute()).length).toBe(users);
    expect((await t.db.selectFrom('audit_log').select('id').execute()).length).toBe(audits);
  });

  it('an admin whose role went meanwhile cannot invite', async () => {
    const other = await newConsoleUser(t.app, t.db, t.clock, ['admin']);
    data(await post<ConsoleUser>(t.app, apiPaths.consoleUserRoles, { userId: other.id, roles: ['reviewer'] }, as()));
    const r = await invite({ mobile: uniqueMobile(), roles: ['admin'] }, other.token);
    expect(r.status).toBe(403);
  });

});
