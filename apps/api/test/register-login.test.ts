import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, Code, type LoginResponse } from '@qgw/contracts';
import { data, login, newUser, post, register, rowCounts, sentSmsCode, smsCodeFor, strongPassword, uniqueMobile } from './support/api.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /v1/registerUser', () => {
  it('registers an applicant, stores only an argon2id hash, and audits it', async () => {
    const mobile = uniqueMobile();
    const password = strongPassword();
    const smsCode = await smsCodeFor(t.app, mobile, 'register');
    const a = await post(t.app, apiPaths.register, { mobile, password, nickname: '小青', agree: true, smsCode });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ success: true, code: Code.OK, message: '注册成功' });

    const user = await t.db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirstOrThrow();
    expect(user.nickname).toBe('小青');
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=12288,t=4,p=1\$/);
    expect(user.password_hash).not.toContain(password);
    expect(user.new_user).toBe(1);
    const roles = await t.db.selectFrom('user_roles').select('role').where('user_id', '=', user.id).execute();
    expect(roles.map((r) => r.role)).toEqual(['applicant']);
    const audit = await t.services.audit.list({ entityId: user.id, action: 'user.register' });
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0])).not.toContain(mobile);
  });

  it('gives a default nickname when none is sent', async () => {
    const { mobile } = await register(t.app);
    const user = await t.db.selectFrom('users').select('nickname').where('mobile', '=', mobile).executeTakeFirstOrThrow();
    expect(user.nickname).toBe(`用户${mobile.slice(-4)}`);
  });

  it('refuses a taken mobile: no code is sent to it, and a code sent before it was taken meets MOBILE_TAKEN; nothing written', async () => {
    const { mobile } = await register(t.app);
    t.clock.advance(60_000);
    data(await post(t.app, apiPaths.sendSmsCode, { mobile, purpose: 'register' }));
    // the outbox still holds only the code the registration used
    const used = await sentSmsCode(t.app, mobile, 'register');
    const before = await rowCounts(t.db);
    const a = await post(t.app, apiPaths.register, { mobile, password: strongPassword(), agree: true, smsCode: used! });
    expect(a.body).toEqual({ success: false, code: Code.SMS_CODE_INVALID, message: '验证码错误或已失效' });
    expect(await rowCounts(t.db)).toEqual(before);

    // a mobile taken after its code was sent (here by a phone change)
    const free = uniqueMobile();
    const code = await smsCodeFor(t.app, free, 'register');
    const mover = await newUser(t.app);
    const moveCode = await smsCodeFor(t.app, free, 'changePhone');
    data(await post(t.app, apiPaths.updatePhone, { password: mover.password, newMobile: free, smsCode: moveCode }, { token: mover.token }));
    const taken = await rowCounts(t.db);
    const b = await post(t.app, apiPaths.register, { mobile: free, password: strongPassword(), agree: true, smsCode: code });
    expect(b.status).toBe(200);
    expect(b.body).toEqual({ success: false, code: Code.MOBILE_TAKEN, message: '该手机号已注册' });
    expect(await rowCounts(t.db)).toEqual(taken);
  });

  it('refuses common passwords case-insensitively, and the mobile as password', async () => {
    for (const password of ['password', 'PassWord1', 'iloveyou', 'QWERTYUIOP']) {
      const a = await post(t.app, apiPaths.register, { mobile: uniqueMobile(), password, agree: true, smsCode: '123456' });
      expect(a.body).toEqual({ success: false, code: Code.WEAK_PASSWORD, message: '密码过于常见，请换一个' });
    }
    const mobile = uniqueMobile();
    const a = await post(t.app, apiPaths.register, { mobile, password: mobile, agree: true, smsCode: '123456' });
    expect(a.body).toMatchObject({ success: false, code: Code.WEAK_PASSWORD });
  });

  it('answers bad input with HTTP 200, code 4000 and the schema message', async () => {
    const smsCode = '123456';
    const cases: Array<[unknown, string]> = [
      [{ mobile: uniqueMobile(), password: strongPassword(), smsCode }, '请阅读并同意隐私政策'],
      [{ mobile: uniqueMobile(), password: strongPassword(), agree: false, smsCode }, '请阅读并同意隐私政策'],
      [{ mobile: '12345', password: strongPassword(), agree: true, smsCode }, '请输入正确的11位手机号'],
      [{ mobile: uniqueMobile(), password: 'short', agree: true, smsCode }, '密码至少8位'],
      [{ mobile: uniqueMobile(), password: 'x'.repeat(129), agree: true, smsCode }, '密码最多128位'],
      [{ mobile: uniqueMobile(), password: strongPassword(), agree: true }, '请输入验证码'],
      [{ mobile: uniqueMobile(), password: strongPassword(), agree: true, smsCode: '12345' }, '请输入6位数字验证码'],
    ];
    for (const [body, message] of cases) {
      const a = await post(t.app, apiPaths.register, body);
      expect(a.status).toBe(200);
      expect(a.body).toEqual({ success: false, code: Code.BAD_REQUEST, message });
    }
  });

  it('ignores fields the client may not set (roles)', async () => {
    const mobile = uniqueMobile();
    const password = strongPassword();
    const smsCode = await smsCodeFor(t.app, mobile, 'register');
    data(await post(t.app, apiPaths.register, { mobile, password, agree: true, smsCode, roles: ['admin'] }));
    expect((await login(t.app, mobile, password)).roles).toEqual(['applicant']);
  });
});

describe('POST /v1/login', () => {
  it('answers the fields the client reads and starts a session stored only as a hash', async () => {
    const { mobile, password } = await register(t.app);
    const a = await post<LoginResponse>(t.app, apiPaths.login, { mobile, password });
    const m = data(a);
    expect(m).toMatchObject({ username: mobile, openid: null, new_user: true, erroMessage: '', roles: ['applicant'] });
    expect(m.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    expect(Object.keys(m).sort()).toEqual(
      ['erroMessage', 'id', 'new_user', 'nickname', 'openid', 'roles', 'token', 'username'].sort(),
    );
    const sessions = await t.db.selectFrom('sessions').selectAll().where('user_id', '=', m.id).execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(sessions)).not.toContain(m.token);
  });

  it('gives the same answer for an unknown mobile and a wrong password', async () => {
    const { mobile } = await register(t.app);
    const wrong = await post(t.app, apiPaths.login, { mobile, password: 'not-the-password' });
    const unknown = await post(t.app, apiPaths.login, { mobile: uniqueMobile(), password: 'not-the-password' });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toEqual({ success: false, code: Code.INVALID_CREDENTIALS, message: '手机号或密码错误' });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('takes comparable time for an unknown mobile and a wrong password', async () => {
    const { mobile } = await register(t.app);
    const time = async (m: string) => {
      const start = performance.now();
      await post(t.app, apiPaths.login, { mobile: m, password: 'not-the-password' });
      return performance.now() - start;
    };
    await time(uniqueMobile()); // warm the dummy hash
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      wrong.push(await time(mobile));
      unknown.push(await time(uniqueMobile()));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
    // both run one argon2id verification; without the dummy hash the unknown case is ~100x faster
    expect(median(unknown)).toBeGreaterThan(median(wrong) / 4);
  });

  it('refuses a disabled account only once the password is right', async () => {
    const { mobile, password } = await register(t.app);
    await t.db.updateTable('users').set({ status: 'disabled' }).where('mobile', '=', mobile).execute();
    const wrong = await post(t.app, apiPaths.login, { mobile, password: 'not-the-password' });
    expect(wrong.body).toMatchObject({ code: Code.INVALID_CREDENTIALS });
    const right = await post(t.app, apiPaths.login, { mobile, password });
    expect(right.body).toMatchObject({ success: false, code: Code.ACCOUNT_DISABLED });
  });

  it('never truncates a password and counts it in characters', async () => {
    const mobile = uniqueMobile();
    const password = '密'.repeat(100) + '😀'.repeat(28); // 128 characters, 156 UTF-16 units
    const smsCode = await smsCodeFor(t.app, mobile, 'register');
    data(await post(t.app, apiPaths.register, { mobile, password, agree: true, smsCode }));
    expect((await login(t.app, mobile, password)).username).toBe(mobile);
    const cut = await post(t.app, apiPaths.login, { mobile, password: password.slice(0, -2) });
    expect(cut.body).toMatchObject({ code: Code.INVALID_CREDENTIALS });
  });

  it('accepts the mobile with surrounding spaces as the same account', async () => {
    const { mobile, password } = await register(t.app);
    expect((await login(t.app, ` ${mobile} `, password)).username).toBe(mobile);
  });

  it.each([
    ['weak ones', { memoryCost: 4096, timeCost: 1 }],
    // hashes stored before the move to 12 MiB × 4 passes keep working and are moved at the next login
    ['the earlier 19 MiB × 2 passes', { memoryCost: 19_456, timeCost: 2 }],
  ])('rehashes a password stored with outdated parameters (%s) at the next login', async (_, params) => {
    const { hash } = await import('@node-rs/argon2');
    const { mobile, password } = await register(t.app);
    const old = await hash(password, { algorithm: 2, parallelism: 1, ...params });
    await t.db.updateTable('users').set({ password_hash: old }).where('mobile', '=', mobile).execute();
    await login(t.app, mobile, password);
    const user = await t.db.selectFrom('users').select('password_hash').where('mobile', '=', mobile).executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=12288,t=4,p=1\$/);
    await login(t.app, mobile, password);
  });
});
