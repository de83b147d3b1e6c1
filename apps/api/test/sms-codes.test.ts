/**
 * SMS verification codes (docs/security.md "SMS verification codes"): POST /v1/sendSmsCode and what
 * a code opens — registration, a phone change, a password reset, an SMS login — with their limits
 * (one send per mobile and purpose a minute, 10 a day per mobile, 5 wrong tries per code, 5 minutes'
 * validity), and answers that never tell whether a mobile is registered. The development outbox
 * (GET /v1/dev/smsOutbox) stands in for the phone; it does not exist in production.
 */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, Code, type LoginResponse, type SendSmsCodeResponse, type SmsPurpose, smsPurposes } from '@qgw/contracts';
import {
  type Answer,
  data,
  get,
  login,
  newUser,
  post,
  register,
  rowCounts,
  sentSmsCode,
  smsCodeFor,
  strongPassword,
  uniqueMobile,
} from './support/api.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    logStream: new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    }),
  });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const send = (mobile: string, purpose: SmsPurpose, ip?: string) => post<SendSmsCodeResponse>(t.app, apiPaths.sendSmsCode, { mobile, purpose }, ip ? { ip } : {});
const codeRows = () => t.db.selectFrom('sms_codes').selectAll().execute();
/** the answer as a client compares it: status and body */
const shape = (a: Answer) => ({ status: a.status, body: a.body });
/** a wrong code: any six digits but the right one */
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe('POST /v1/sendSmsCode', () => {
  it('sends 6 digits to the outbox, answers the waits, and stores neither the mobile nor the code', async () => {
    const mobile = uniqueMobile();
    const a = await send(mobile, 'register');
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ success: true, code: Code.OK, message: { resendAfterSeconds: 60, expiresInSeconds: 300 } });
    const code = await sentSmsCode(t.app, mobile, 'register');
    expect(code).toMatch(/^\d{6}$/);
    const outbox = data(await get<{ codes: Array<{ purpose: string; code: string; sentAt: string; expiresAt: string }> }>(t.app, apiPaths.devSmsOutbox, { mobile }));
    expect(outbox.codes).toHaveLength(1);
    expect(Date.parse(outbox.codes[0]!.expiresAt) - Date.parse(outbox.codes[0]!.sentAt)).toBe(5 * MINUTE);
    const all = JSON.stringify(await t.db.selectFrom('sms_codes').selectAll().execute());
    expect(all).not.toContain(mobile);
    expect(all).not.toContain(`"${code}"`);
    expect(all).toMatch(/"mobile_key":"[0-9a-f]{64}"/);
  });

  it('refuses bad input with HTTP 200, BAD_REQUEST and the schema’s message, writing nothing', async () => {
    const before = await rowCounts(t.db);
    const codes = (await codeRows()).length;
    const cases: Array<[unknown, string]> = [
      [{ purpose: 'register' }, '请输入手机号'],
      [{ mobile: '1234', purpose: 'register' }, '请输入正确的11位手机号'],
      [{ mobile: uniqueMobile() }, '验证码用途无效'],
      [{ mobile: uniqueMobile(), purpose: 'admin' }, '验证码用途无效'],
      [{ mobile: [uniqueMobile()], purpose: 'login' }, '请输入手机号'],
    ];
    for (const [body, message] of cases) {
      const a = await post(t.app, apiPaths.sendSmsCode, body);
      expect(a.status, JSON.stringify(body)).toBe(200);
      expect(a.body).toEqual({ success: false, code: Code.BAD_REQUEST, message });
    }
    expect(await rowCounts(t.db)).toEqual(before);
    expect(await codeRows()).toHaveLength(codes);
  });

  it('one send per mobile and purpose a minute: SMS_TOO_SOON says how long; other purposes and mobiles are not held', async () => {
    const mobile = uniqueMobile();
    const first = await smsCodeFor(t.app, mobile, 'register');
    t.clock.advance(59_000);
    const again = await send(mobile, 'register');
    expect(again.body).toEqual({ success: false, code: Code.SMS_TOO_SOON, message: '验证码已发送，请1秒后再获取' });
    expect((await send(mobile, 'changePhone')).body).toMatchObject({ success: true });
    expect((await send(uniqueMobile(), 'register')).body).toMatchObject({ success: true });
    t.clock.advance(1_000);
    const second = await smsCodeFor(t.app, mobile, 'register');
    // only the newest code counts
    const early = await post(t.app, apiPaths.register, { mobile, password: strongPassword(), agree: true, smsCode: first });
    if (first !== second) expect(early.body).toMatchObject({ success: false, code: Code.SMS_CODE_INVALID });
    data(await post(t.app, apiPaths.register, { mobile, password: strongPassword(), agree: true, smsCode: second }));
  });

  it('at most 10 codes per mobile in any 24 hours, every purpose together', async () => {
    const mobile = uniqueMobile();
    const purposes: SmsPurpose[] = ['register', 'changePhone', 'login', 'resetPassword'];
    for (let i = 0; i < 10; i++) {
      expect((await send(mobile, purposes[i % 4]!)).body, `send ${i + 1}`).toMatchObject({ success: true });
      if (i % 4 === 3) t.clock.advance(MINUTE);
    }
    t.clock.advance(MINUTE);
    const eleventh = await send(mobile, 'register');
    expect(eleventh.body).toEqual({ success: false, code: Code.SMS_DAILY_LIMIT, message: '该手机号今日获取验证码次数已达上限，请明天再试' });
    // another mobile is not held
    expect((await send(uniqueMobile(), 'register')).body).toMatchObject({ success: true });
    // a day after the first ones, they no longer count
    t.clock.advance(24 * 60 * MINUTE - 3 * MINUTE);
    expect((await send(mobile, 'register')).body).toMatchObject({ success: true });
  });

  it('answers 429 past the per-address limit', async () => {
    const limited = await createTestApp({ env: { SMS_SEND_PER_IP_PER_HOUR: '3' } });
    try {
      for (let i = 0; i < 3; i++) data(await post(limited.app, apiPaths.sendSmsCode, { mobile: uniqueMobile(), purpose: 'register' }, { ip: '10.9.8.7' }));
      const a = await post(limited.app, apiPaths.sendSmsCode, { mobile: uniqueMobile(), purpose: 'register' }, { ip: '10.9.8.7' });
      expect(a.status).toBe(429);
      expect(a.body).toMatchObject({ success: false, code: Code.RATE_LIMITED });
      data(await post(limited.app, apiPaths.sendSmsCode, { mobile: uniqueMobile(), purpose: 'register' }, { ip: '10.9.8.6' }));
    } finally {
      await limited.close();
    }
  });

  it('a busy address is asked for a proof-of-work challenge (HTTP 428) before anything is sent', async () => {
    const busy = await createTestApp({ env: { CHALLENGE_PER_IP_PER_MINUTE: '2' } });
    try {
      for (let i = 0; i < 2; i++) data(await post(busy.app, apiPaths.sendSmsCode, { mobile: uniqueMobile(), purpose: 'register' }, { ip: '10.9.8.5' }));
      const rows = (await busy.db.selectFrom('sms_codes').select('id').execute()).length;
      const a = await post(busy.app, apiPaths.sendSmsCode, { mobile: uniqueMobile(), purpose: 'register' }, { ip: '10.9.8.5' });
      expect(a.status).toBe(428);
      expect(a.body).toMatchObject({ success: false, code: Code.CHALLENGE_REQUIRED });
      expect(await busy.db.selectFrom('sms_codes').select('id').execute()).toHaveLength(rows);
    } finally {
      await busy.close();
    }
  });

  it('sends at once for one mobile and purpose: exactly one goes', async () => {
    const mobile = uniqueMobile();
    const rowsBefore = (await codeRows()).length;
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(mobile, 'register')));
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect(answers.filter((a) => !a.body.success && a.body.code === Code.SMS_TOO_SOON)).toHaveLength(5);
    expect((await codeRows()).length - rowsBefore).toBe(1);
  });

  it('logs that a code was sent, with the mobile masked and never the code', async () => {
    const mobile = uniqueMobile();
    const from = lines.length;
    const code = await smsCodeFor(t.app, mobile, 'register');
    const text = lines.slice(from).join('');
    expect(text).toContain('verification code sent to the development outbox');
    expect(text).toContain(`${mobile.slice(0, 3)}****${mobile.slice(7)}`);
    expect(text).not.toContain(mobile);
    expect(text).not.toContain(code);
  });
});

describe('what the answers do not tell', () => {
  it('a registered and an unregistered mobile get the same answer for every purpose, limits included; only the right one is sent a code', async () => {
    const known = await newUser(t.app);
    // past the minute its registration's code holds
    t.clock.advance(MINUTE);
    const held = async (mobile: string, purpose: SmsPurpose) =>
      data(await get<{ codes: Array<{ purpose: string }> }>(t.app, apiPaths.devSmsOutbox, { mobile })).codes.filter((c) => c.purpose === purpose).length;
    for (const purpose of smsPurposes) {
      const unknown = uniqueMobile();
      const heldBefore = await held(known.mobile, purpose);
      const a = await send(known.mobile, purpose);
      const b = await send(unknown, purpose);
      expect(shape(b), purpose).toEqual(shape(a));
      // the minute's hold too
      expect(shape(await send(unknown, purpose)), purpose).toEqual(shape(await send(known.mobile, purpose)));
      const toKnown = purpose === 'login' || purpose === 'resetPassword' || purpose === 'closeAccount';
      expect(await held(known.mobile, purpose), purpose).toBe(heldBefore + (toKnown ? 1 : 0));
      expect(await held(unknown, purpose), purpose).toBe(toKnown ? 0 : 1);
      t.clock.advance(MINUTE);
    }
  });

  it('a wrong code for a known and an unknown mobile is refused alike (login and reset)', async () => {
    const known = await newUser(t.app);
    const unknown = uniqueMobile();
    for (const m of [known.mobile, unknown]) {
      data(await send(m, 'login'));
      data(await send(m, 'resetPassword'));
    }
    const loginCode = (await sentSmsCode(t.app, known.mobile, 'login'))!;
    const resetCode = (await sentSmsCode(t.app, known.mobile, 'resetPassword'))!;
    const newPassword = strongPassword();
    const loginKnown = await post(t.app, apiPaths.loginBySms, { mobile: known.mobile, smsCode: wrongFor(loginCode) });
    const loginUnknown = await post(t.app, apiPaths.loginBySms, { mobile: unknown, smsCode: wrongFor(loginCode) });
    expect(loginKnown.body).toEqual({ success: false, code: Code.SMS_CODE_INVALID, message: '验证码错误或已失效' });
    expect(shape(loginUnknown)).toEqual(shape(loginKnown));
    const resetKnown = await post(t.app, apiPaths.resetPassword, { mobile: known.mobile, smsCode: wrongFor(resetCode), newPassword });
    const resetUnknown = await post(t.app, apiPaths.resetPassword, { mobile: unknown, smsCode: wrongFor(resetCode), newPassword });
    expect(resetKnown.body).toEqual({ success: false, code: Code.SMS_CODE_INVALID, message: '验证码错误或已失效' });
    expect(shape(resetUnknown)).toEqual(shape(resetKnown));
    // a mobile never sent anything: the same again
    expect(shape(await post(t.app, apiPaths.loginBySms, { mobile: uniqueMobile(), smsCode: '123456' }))).toEqual(shape(loginKnown));
  });
});

describe('a code’s life', () => {
  it('5 wrong tries kill it: the right code is refused after them, and a new code works', async () => {
    const u = await newUser(t.app);
    const code = await smsCodeFor(t.app, u.mobile, 'login');
    const wrong = wrongFor(code);
    for (let i = 1; i <= 4; i++) {
      expect((await post(t.app, apiPaths.loginBySms, { mobile: u.mobile, smsCode: wrong })).body, `try ${i}`).toEqual({
        success: false, code: Code.SMS_CODE_INVALID, message: '验证码错误或已失效',
      });
    }
    const fifth = await post(t.app, apiPaths.loginBySms, { mobile: u.mobile, smsCode: wrong });
    expect(fifth.body).toEqual({ success: false, code: Code.SMS_CODE_INVALID, message: '验证码错误次数过多，请重新获取' });
    const right = await post(t.app, apiPaths.loginBySms, { mobile: u.mobile, smsCode: code });
    expect(right.body).toEqual({ success: false, code: Code.SMS_CODE_INVALID, message: '验证码错误次数过多，请重新获取' });
    t.clock.advance(MINUTE);
    const fresh = await smsCodeFor(t.app, u.mobile, 'login');
    expect(data(await post<LoginResponse>(t.app, apiPaths.loginBySms, { mobile: u.mobile, smsCode: fresh })).id).toBe(u.id);
  });

  it('wrong tries sent at once are counted before they are compared: never more than 5', async () => {
    const u = await newUser(t.app);
    const code = await smsCodeFor(t.app, u.mobile, 'login');
    await Promise.all(Array.from({ length: 12 }, () => post(t.app, apiPaths.loginBySms, { mobile: u.mobile, smsCode: wrongFor(code) })));
    const rows = await t.db.selectFrom('sms_codes').select(['attempts']).where('purpose', '=', 'login').orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    expect(rows[0]!.attempts).toBe(5);
    expect((await post(t.app, apiPaths.loginBySms, { mobile: u.mobile, smsCode: code })).body).toMatchObject({ code: Code.SMS_CODE_INVALID });
  });

  it('is valid 5 minutes: at 4:59 it works, at 5:00 it is refused', async () => {
    const a = uniqueMobile();
    const codeA = await smsCodeFor(t.app, a, 'register');
    t.clock.advance(5 * MINUTE - 1_000);
    data(await post(t.app, apiPaths.register, { mobile: a, password: strongPassword(), agree: true, smsCode: codeA }));
    const b = uniqueMobile();
    const codeB = await smsCodeFor(t.app, b, 'register');
    t.clock.advance(5 * MINUTE);
    const late = await post(t.app, apiPaths.register, { mobile: b, password: strongPassword(), agree: true, smsCode: codeB });
    expect(late.body).toEqual({ success: false, code: Code.SMS_CODE_INVALID, message: '验证码错误或已失效' });
    expect(await t.db.selectFrom('users').select('id').where('mobile', '=', b).executeTakeFirst()).toBeUndefined();
  });

  it('is used once', async () => {
    const u = await newUser(t.app);
    const code = await smsCodeFor(t.app, u.mobile, 'login');
    data(await post(t.app, apiPaths.loginBySms, { mobile: u.mobile, smsCode: code }));
    expect((await post(t.app, apiPaths.loginBySms, { mobile: u.mobile, smsCode: code })).body).toMatchObject({ code: Code.SMS_CODE_INVALID });
  });

  it('rows older than a day are swept', async () => {
    data(await send(uniqueMobile(), 'register'));
    const before = (await codeRows()).length;
    t.clock.advance(24 * 60 * MINUTE + 1);
    const swept = await t.services.smsCodes.sweep();
    expect(swept).toBe(before);
    expect(await codeRows()).toHaveLength(0);
  });
});

describe('POST /v1/registerUser with a code', () => {
  it('without a code, with a wrong one, another mobile’s or another purpose’s: refused, nothing written; with its own: registered', async () => {
    const mobile = uniqueMobile();
    const password = strongPassword();
    const code = await smsCodeFor(t.app, mobile, 'register');
    const otherMobileCode = await smsCodeFor(t.app, uniqueMobile(), 'register');
    const otherPurposeCode = await smsCodeFor(t.app, mobile, 'changePhone');
    const before = await rowCounts(t.db);
    const without = await post(t.app, apiPaths.register, { mobile, password, agree: true });
    expect(without.body).toEqual({ success: false, code: Code.BAD_REQUEST, message: '请输入验证码' });
    for (const smsCode of [wrongFor(code), otherMobileCode, otherPurposeCode].filter((c) => c !== code)) {
      const a = await post(t.app, apiPaths.register, { mobile, password, agree: true, smsCode });
      expect(a.body).toEqual({ success: false, code: Code.SMS_CODE_INVALID, message: '验证码错误或已失效' });
    }
    expect(await rowCounts(t.db)).toEqual(before);
    expect(data(await post(t.app, apiPaths.register, { mobile, password, agree: true, smsCode: code }))).toBe('注册成功');
    expect((await login(t.app, mobile, password)).username).toBe(mobile);
  });

  it('a weak password is refused before the code is spent', async () => {
    const mobile = uniqueMobile();
    const code = await smsCodeFor(t.app, mobile, 'register');
    expect((await post(t.app, apiPaths.register, { mobile, password: 'password', agree: true, smsCode: code })).body).toMatchObject({ code: Code.WEAK_PASSWORD });
    data(await post(t.app, apiPaths.register, { mobile, password: strongPassword(), agree: true, smsCode: code }));
  });
});

describe('POST /v1/updatePhone with a code', () => {
  it('needs a changePhone code sent to the new number: the old number’s, another number’s or a register code will not do', async () => {
    const u = await newUser(t.app);
    const newMobile = uniqueMobile();
    const registerCode = await smsCodeFor(t.app, newMobile, 'register');
    const otherNumberCode = await smsCodeFor(t.app, uniqueMobile(), 'changePhone');
    const oldNumberLogin = await smsCodeFor(t.app, u.mobile, 'login');
    const code = await smsCodeFor(t.app, newMobile, 'changePhone');
    const before = await rowCounts(t.db);
    for (const smsCode of [registerCode, otherNumberCode, oldNumberLogin, wrongFor(code)].filter((c) => c !== code)) {
      const a = await post(t.app, apiPaths.updatePhone, { password: u.password, newMobile, smsCode }, { token: u.token });
      expect(a.body).toEqual({ success: false, code: Code.SMS_CODE_INVALID, message: '验证码错误或已失效' });
    }
    expect((await post(t.app, apiPaths.updatePhone, { password: u.password, newMobile }, { token: u.token })).body).toEqual({
      success: false, code: Code.BAD_REQUEST, message: '请输入验证码',
    });
    expect(await rowCounts(t.db)).toEqual(before);
    const moved = data(await post<{ mobile: string; token: string }>(t.app, apiPaths.updatePhone, { password: u.password, newMobile, smsCode: code }, { token: u.token }));
    expect(moved.mobile).toBe(newMobile);
    expect((await login(t.app, newMobile, u.password)).id).toBe(u.id);
  });

  it('a wrong password is refused before the code is spent', async () => {
    const u = await newUser(t.app);
    const newMobile = uniqueMobile();
    const code = await smsCodeFor(t.app, newMobile, 'changePhone');
    expect((await post(t.app, apiPaths.updatePhone, { password: 'not-the-password', newMobile, smsCode: code }, { token: u.token })).body).toMatchObject({
      code: Code.WRONG_PASSWORD,
    });
    data(await post(t.app, apiPaths.updatePhone, { password: u.password, newMobile, smsCode: code }, { token: u.token }));
  });
});

describe('POST /v1/resetPassword', () => {
  it('sets the new password and ends every session of the account; the old password is dead', async () => {
    const u = await newUser(t.app);
    const second = await login(t.app, u.mobile, u.password);
    const newPassword = strongPassword();
    const code = await smsCodeFor(t.app, u.mobile, 'resetPassword');
    const a = await post(t.app, apiPaths.resetPassword, { mobile: u.mobile, smsCode: code, newPassword });
    expect(a.body).toEqual({ success: true, code: Code.OK, message: '密码已重置，请使用新密码登录' });
    for (const token of [u.token, second.token]) expect((await get(t.app, apiPaths.getUserInfo, {}, { token })).status).toBe(401);
    expect((await post(t.app, apiPaths.login, { mobile: u.mobile, password: u.password })).body).toMatchObject({ code: Code.INVALID_CREDENTIALS });
    expect((await login(t.app, u.mobile, newPassword)).id).toBe(u.id);
    const [entry] = await t.services.audit.list({ entityId: u.id, action: 'user.reset_password' });
    expect(entry?.after).toEqual({ sessionsRevoked: 2 });
    expect(JSON.stringify(entry)).not.toContain(u.mobile);
  });

  it('applies the new-password rules (length, the common list, not the mobile) before spending the code', async () => {
    const u = await newUser(t.app);
    const code = await smsCodeFor(t.app, u.mobile, 'resetPassword');
    const short = await post(t.app, apiPaths.resetPassword, { mobile: u.mobile, smsCode: code, newPassword: 'short' });
    expect(short.body).toEqual({ success: false, code: Code.BAD_REQUEST, message: '密码至少8位' });
    const common = await post(t.app, apiPaths.resetPassword, { mobile: u.mobile, smsCode: code, newPassword: 'iloveyou' });
    expect(common.body).toEqual({ success: false, code: Code.WEAK_PASSWORD, message: '密码过于常见，请换一个' });
    const asMobile = await post(t.app, apiPaths.resetPassword, { mobile: u.mobile, smsCode: code, newPassword: u.mobile });
    expect(asMobile.body).toEqual({ success: false, code: Code.WEAK_PASSWORD, message: '密码不能与手机号相同' });
    for (const body of [{ mobile: u.mobile, newPassword: strongPassword() }, { smsCode: code, newPassword: strongPassword() }, { mobile: u.mobile, smsCode: code }]) {
      expect((await post(t.app, apiPaths.resetPassword, body)).body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
    data(await post(t.app, apiPaths.resetPassword, { mobile: u.mobile, smsCode: code, newPassword: strongPassword() }));
  });

  it('refuses a disabled account', async () => {
    const u = await newUser(t.app);
    const code = await smsCodeFor(t.app, u.mobile, 'resetPassword');
    await t.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', u.id).execute();
    expect((await post(t.app, apiPaths.resetPassword, { mobile: u.mobile, smsCode: code, newPassword: strongPassword() })).body).toMatchObject({
      success: false, code: Code.ACCOUNT_DISABLED,
    });
  });
});

describe('POST /v1/loginBySms', () => {
  it('answers as /v1/login does: the same fields and values but the token, and the session works', async () => {
    const u = await newUser(t.app);
    const byPassword = await login(t.app, u.mobile, u.password);
    const code = await smsCodeFor(t.app, u.mobile, 'login');
    const a = await post<LoginResponse>(t.app, apiPaths.loginBySms, { mobile: u.mobile, smsCode: code });
    expect(a.status).toBe(200);
    const bySms = data(a);
    expect(Object.keys(bySms).sort()).toEqual(Object.keys(byPassword).sort());
    expect({ ...bySms, token: 'x' }).toEqual({ ...byPassword, token: 'x' });
    // the seed's bind flow: no openid yet, so the client goes on to the bind page
    expect(bySms).toMatchObject({ username: u.mobile, id: u.id, openid: null, roles: ['applicant'] });
    expect(bySms.token).not.toBe(byPassword.token);
    expect(data(await get<{ id: string }>(t.app, apiPaths.getUserInfo, {}, { token: bySms.token })).id).toBe(u.id);
    const [entry] = await t.services.audit.list({ actorId: u.id, action: 'session.login' }).then((l) => l.filter((e) => (e.after as { method?: string } | null)?.method === 'sms'));
    expect(entry).toBeTruthy();
  });

  it('starts the account’s count of wrong passwords again, as a password login does', async () => {
    const u = await newUser(t.app);
    for (let i = 0; i < t.config.login.maxFailuresPerAccount; i++) {
      await post(t.app, apiPaths.login, { mobile: u.mobile, password: 'not-the-password' }, { ip: '10.7.7.7' });
    }
    // past the limit, a password login to the account needs a challenge, from any address
    expect((await post(t.app, apiPaths.login, { mobile: u.mobile, password: u.password }, { ip: '10.7.7.8' })).status).toBe(428);
    const code = await smsCodeFor(t.app, u.mobile, 'login');
    data(await post(t.app, apiPaths.loginBySms, { mobile: u.mobile, smsCode: code }, { ip: '10.7.7.8' }));
    expect((await post<LoginResponse>(t.app, apiPaths.login, { mobile: u.mobile, password: u.password }, { ip: '10.7.7.8' })).body).toMatchObject({ success: true });
  });

  it('refuses bad input, and a disabled account even with the right code', async () => {
    for (const body of [{ mobile: uniqueMobile() }, { smsCode: '123456' }, { mobile: uniqueMobile(), smsCode: '12345' }, { mobile: uniqueMobile(), smsCode: 'abcdef' }]) {
      expect((await post(t.app, apiPaths.loginBySms, body)).body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
    const u = await newUser(t.app);
    const code = await smsCodeFor(t.app, u.mobile, 'login');
    await t.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', u.id).execute();
    expect((await post(t.app, apiPaths.loginBySms, { mobile: u.mobile, smsCode: code })).body).toEqual({
      success: false, code: Code.ACCOUNT_DISABLED, message: '账号已停用，请联系管理员',
    });
  });

  it('an unregistered mobile is sent no login code, and registering is what it can do', async () => {
    const mobile = uniqueMobile();
    data(await send(mobile, 'login'));
    expect(await sentSmsCode(t.app, mobile, 'login')).toBeUndefined();
    const { password } = await register(t.app, mobile);
    expect((await login(t.app, mobile, password)).username).toBe(mobile);
  });
});

describe('production', () => {
  it('has no development outbox (404), and without a provider refuses every mobile alike with SMS_UNAVAILABLE', async () => {
    const prod = await createTestApp({
      env: { NODE_ENV: 'production', DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'), FILE_URL_SECRET: randomBytes(32).toString('base64') },
    });
    try {
      const outbox = await get(prod.app, apiPaths.devSmsOutbox, { mobile: uniqueMobile() });
      expect(outbox.status).toBe(404);
      expect(outbox.body).toEqual({ success: false, code: Code.NOT_FOUND, message: '请求的资源不存在' });
      const answers = await Promise.all(smsPurposes.map((purpose) => post(prod.app, apiPaths.sendSmsCode, { mobile: uniqueMobile(), purpose })));
      for (const a of answers) expect(a.body).toEqual({ success: false, code: Code.SMS_UNAVAILABLE, message: '短信服务暂不可用，请稍后再试' });
      expect(await prod.db.selectFrom('sms_codes').select('id').execute()).toEqual([]);
    } finally {
      await prod.close();
    }
  });
});
