import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths, Code, sessionPolicy, type UpdatePhoneResponse, type UserProfile } from '@qgw/contracts';
import { accountsRepository } from '../src/modules/accounts/accounts.repository.js';
import { TOUCH_INTERVAL_MS } from '../src/modules/accounts/sessions.js';
import { data, get, login, newUser, post, smsCodeFor, strongPassword, uniqueMobile } from './support/api.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      // a role-guarded probe: only tests register it
      app.get('/v1/__test/admin-only', { onRequest: app.requireRole('admin') }, async () => ({ success: true, code: 0, message: 'ok' }));
    },
  });
});
afterAll(() => t.close());

const unauthorized = { success: false, code: Code.UNAUTHORIZED, message: '登录已失效，请重新登录' };
const profileOf = (token: string) => get<UserProfile>(t.app, apiPaths.getUserInfo, {}, { token });

describe('authentication', () => {
  it('accepts the token bare and with Bearer', async () => {
    const u = await newUser(t.app);
    expect(data(await profileOf(u.token)).id).toBe(u.id);
    expect(data(await profileOf(`Bearer ${u.token}`)).id).toBe(u.id);
  });

  it('answers 401 with the envelope for a missing, empty or unknown token', async () => {
    for (const token of [undefined, '', 'null', 'undefined', 'Bearer ', 'x'.repeat(43), 'not a token']) {
      const a = await get(t.app, apiPaths.getUserInfo, {}, token === undefined ? {} : { token });
      expect(a.status).toBe(401);
      expect(a.body).toEqual(unauthorized);
    }
  });

  it('guards every account endpoint: no token, a made-up one, or a revoked one gives 401', async () => {
    const u = await newUser(t.app);
    const revoked = await login(t.app, u.mobile, u.password);
    data(await post(t.app, apiPaths.logout, {}, { token: revoked.token }));
    const calls: Array<[method: 'GET' | 'POST', url: string, payload: Record<string, unknown>]> = [
      ['GET', apiPaths.getUserInfo, {}],
      ['POST', apiPaths.updateProfile, { nickname: '新' }],
      ['POST', apiPaths.updatePSD, { oldPassword: u.password, newPassword: strongPassword() }],
      ['POST', apiPaths.updatePhone, { password: u.password, newMobile: uniqueMobile(), smsCode: '123456' }],
      ['POST', apiPaths.logout, {}],
      ['POST', apiPaths.uploadAvatar, {}],
      ['GET', apiPaths.wxAuthorizeUrl, {}],
      ['GET', apiPaths.bindUser, { code: 'c', state: 's' }],
    ];
    for (const token of [undefined, 'A'.repeat(43), revoked.token]) {
      for (const [method, url, payload] of calls) {
        const a =
          method === 'GET'
            ? await get(t.app, url, payload as Record<string, string>, token === undefined ? {} : { token })
            : await post(t.app, url, payload, token === undefined ? {} : { token });
        expect(a.status, `${method} ${url}`).toBe(401);
        expect(a.body).toEqual(unauthorized);
      }
    }
    // and nothing changed for the account
    expect(data(await profileOf(u.token)).mobile).toBe(u.mobile);
    await login(t.app, u.mobile, u.password);
  });

  it('shows each caller only their own profile', async () => {
    const a = await newUser(t.app);
    const b = await newUser(t.app);
    const pa = data(await profileOf(a.token));
    const pb = data(await profileOf(b.token));
    expect(pa).toMatchObject({ id: a.id, mobile: a.mobile, mobileMasked: `${a.mobile.slice(0, 3)}****${a.mobile.slice(7)}` });
    expect(pb.id).toBe(b.id);
    expect(JSON.stringify(pa)).not.toContain(b.mobile);
  });

  it('answers 403 when the role is missing and lets the role through', async () => {
    const u = await newUser(t.app);
    const denied = await get(t.app, '/v1/__test/admin-only', {}, { token: u.token });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ success: false, code: Code.FORBIDDEN, message: '没有权限执行此操作' });
    expect((await get(t.app, '/v1/__test/admin-only', {}, {})).status).toBe(401);
    await t.db.insertInto('user_roles').values({ user_id: u.id, role: 'admin', created_at: new Date().toISOString() }).execute();
    expect((await get(t.app, '/v1/__test/admin-only', {}, { token: u.token })).status).toBe(200);
  });

  it('ends the sessions of a disabled account', async () => {
    const u = await newUser(t.app);
    await t.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', u.id).execute();
    expect((await profileOf(u.token)).status).toBe(401);
  });
});

describe('revocation', () => {
  it('logout kills the token and only that session', async () => {
    const u = await newUser(t.app);
    const other = await login(t.app, u.mobile, u.password);
    const a = await post(t.app, apiPaths.logout, {}, { token: u.token });
    expect(a.body).toEqual({ success: true, code: 0, message: '已退出登录' });
    expect((await profileOf(u.token)).status).toBe(401);
    expect((await post(t.app, apiPaths.logout, {}, { token: u.token })).status).toBe(401);
    expect((await profileOf(other.token)).status).toBe(200);
    expect(await t.services.audit.list({ actorId: u.id, action: 'session.logout' })).toHaveLength(1);
  });

  it('a password change ends every session and hands the caller a fresh token', async () => {
    const u = await newUser(t.app);
    const other = await login(t.app, u.mobile, u.password);
    const newPassword = strongPassword();
    const a = await post<{ token: string }>(t.app, apiPaths.updatePSD, { oldPassword: u.password, newPassword }, { token: u.token });
    const { token } = data(a);
    expect(token).not.toBe(u.token);
    expect((await profileOf(u.token)).status).toBe(401);
    expect((await profileOf(other.token)).status).toBe(401);
    expect(data(await profileOf(token)).id).toBe(u.id);
    // the old password is gone, the new one works
    expect((await post(t.app, apiPaths.login, { mobile: u.mobile, password: u.password })).body).toMatchObject({
      code: Code.INVALID_CREDENTIALS,
    });
    await login(t.app, u.mobile, newPassword);
    const audit = await t.services.audit.list({ entityId: u.id, action: 'user.update_password' });
    expect(audit[0]?.after).toEqual({ sessionsRevoked: 2 });
  });

  it('a login whose password check overlapped a password change gets no session (the change ended them all)', async () => {
    const u = await newUser(t.app);
    // what the login read before the change committed: the account with its old hash
    const before = await accountsRepository.loginRecordByMobile(t.db, u.mobile, undefined);
    data(await post(t.app, apiPaths.updatePSD, { oldPassword: u.password, newPassword: strongPassword() }, { token: u.token }));
    const stale = vi.spyOn(accountsRepository, 'loginRecordByMobile').mockResolvedValueOnce(before);
    try {
      const late = await post(t.app, apiPaths.login, { mobile: u.mobile, password: u.password });
      expect(late.body).toMatchObject({ success: false, code: Code.INVALID_CREDENTIALS });
    } finally {
      stale.mockRestore();
    }
    const sessions = await t.db.selectFrom('sessions').select('id').where('user_id', '=', u.id).where('revoked_at', 'is', null).execute();
    expect(sessions).toHaveLength(1); // the fresh token the change handed back, nothing more
  });

  it('a phone change ends every session and hands the caller a fresh token', async () => {
    const u = await newUser(t.app);
    const other = await login(t.app, u.mobile, u.password);
    const newMobile = uniqueMobile();
    const smsCode = await smsCodeFor(t.app, newMobile, 'changePhone');
    const a = await post<UpdatePhoneResponse>(t.app, apiPaths.updatePhone, { password: u.password, newMobile, smsCode }, { token: u.token });
    const m = data(a);
    expect(m).toMatchObject({ id: u.id, mobile: newMobile, mobileMasked: `${newMobile.slice(0, 3)}****${newMobile.slice(7)}` });
    expect((await profileOf(u.token)).status).toBe(401);
    expect((await profileOf(other.token)).status).toBe(401);
    expect(data(await profileOf(m.token)).mobile).toBe(newMobile);
    await login(t.app, newMobile, u.password);
    expect((await post(t.app, apiPaths.login, { mobile: u.mobile, password: u.password })).body).toMatchObject({
      code: Code.INVALID_CREDENTIALS,
    });
  });
});

describe('expiry', () => {
  it('ends a session left unused for the idle time, and keeps a used one alive', async () => {
    const idle = await newUser(t.app);
    const busy = await newUser(t.app);
    const step = sessionPolicy.idleMs / 4;
    for (let i = 0; i < 4; i++) {
      t.clock.advance(step);
      expect((await profileOf(busy.token)).status).toBe(200);
    }
    // idle.token was last used idleMs ago
    expect((await profileOf(idle.token)).status).toBe(401);
    t.clock.advance(step);
    expect((await profileOf(busy.token)).status).toBe(200);
  });

  it('ends a session at the absolute limit however often it is used', async () => {
    const u = await newUser(t.app);
    const step = sessionPolicy.idleMs / 2;
    let elapsed = 0;
    while (elapsed + step < sessionPolicy.absoluteMs) {
      t.clock.advance(step);
      elapsed += step;
      expect((await profileOf(u.token)).status).toBe(200);
    }
    t.clock.advance(sessionPolicy.absoluteMs - elapsed);
    expect((await profileOf(u.token)).status).toBe(401);
  });

  it('writes last_used_at at most once a minute', async () => {
    const u = await newUser(t.app);
    const lastUsed = async () =>
      (await t.db.selectFrom('sessions').select('last_used_at').where('user_id', '=', u.id).executeTakeFirstOrThrow()).last_used_at;
    const first = await lastUsed();
    t.clock.advance(TOUCH_INTERVAL_MS / 2);
    await profileOf(u.token);
    expect(await lastUsed()).toBe(first);
    t.clock.advance(TOUCH_INTERVAL_MS / 2);
    await profileOf(u.token);
    expect(await lastUsed()).not.toBe(first);
  });
});
