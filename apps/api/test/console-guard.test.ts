/**
 * The console guard: no session 401, wrong role 403, second factor not passed (or expired) 401
 * CONSOLE_MFA_REQUIRED; the console's own lifetimes (30 min idle, 12 h absolute) judged by an
 * injectable clock and configurable; disabling an account ends its sessions at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths, Code, consolePolicy, type ConsoleMeResponse, type ConsoleUserDisableResponse, type ConsoleUsersResponse,
} from '@qgw/contracts';
import { ok } from '../src/plugins/errors.js';
import { requireConsole } from '../src/modules/console-access/console-guard.js';
import { data, get, login, newUser, post, type TestUser } from './support/api.js';
import { codeNow, consoleLogin, type ConsoleUser, grantRoles, newConsoleUser, nextStep } from './support/console.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const probe = '/v1/console/test-probe';
const adminProbe = '/v1/console/test-admin-probe';

let t: TestApp;
let admin: ConsoleUser;
let reviewer: ConsoleUser;
let applicant: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      app.get(probe, { onRequest: requireConsole(app, 'reviewer', 'admin') }, async () => ok('reviewer-or-admin'));
      // as a preHandler too: the guard works in either position
      app.post(adminProbe, { preHandler: requireConsole(app, 'admin') }, async () => ok('admin'));
    },
  });
  admin = await newConsoleUser(t.app, t.db, t.clock, ['admin']);
  reviewer = await newConsoleUser(t.app, t.db, t.clock, ['reviewer']);
  applicant = await newUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const me = async (token: string) => data(await get<ConsoleMeResponse>(t.app, apiPaths.consoleMe, {}, { token }));

describe('who gets through', () => {
  it('no token or a dead token: 401 UNAUTHORIZED, before the body is read', async () => {
    for (const token of [undefined, '', 'null', 'x'.repeat(43)]) {
      const r = await get(t.app, probe, {}, token === undefined ? {} : { token });
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ success: false, code: Code.UNAUTHORIZED });
    }
    // an invalid body on an admin route without a token: still 401, not a validation answer
    const bad = await post(t.app, apiPaths.consoleUserDisable, { userId: 42, disabled: 'maybe' });
    expect(bad.status).toBe(401);
  });

  it('an applicant: 403', async () => {
    const r = await get(t.app, probe, {}, { token: applicant.token });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ success: false, code: Code.FORBIDDEN });
  });

  it('a reviewer who never enrolled: 401 CONSOLE_MFA_REQUIRED, and me says what to do', async () => {
    const u = await newUser(t.app);
    await grantRoles(t.db, u.id, ['reviewer']);
    const r = await get(t.app, probe, {}, { token: u.token });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ success: false, code: Code.CONSOLE_MFA_REQUIRED });
    expect(await me(u.token)).toMatchObject({ mfaEnrolled: false, mfaVerified: false });
  });

  it('an enrolled reviewer on a new session: 401 CONSOLE_MFA_REQUIRED until the code is given', async () => {
    const { token } = await login(t.app, reviewer.mobile, reviewer.password);
    const r = await get(t.app, probe, {}, { token });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: Code.CONSOLE_MFA_REQUIRED });
    expect(await me(token)).toMatchObject({ mfaEnrolled: true, mfaVerified: false, consoleExpiresAt: null });
    nextStep(t.clock);
    data(await post(t.app, apiPaths.consoleMfaVerify, { code: codeNow(reviewer.secret, t.clock) }, { token }));
    expect(data(await get(t.app, probe, {}, { token }))).toBe('reviewer-or-admin');
  });

  it('a verified reviewer: in, but 403 on admin routes (onRequest and preHandler alike)', async () => {
    expect(data(await get(t.app, probe, {}, { token: reviewer.token }))).toBe('reviewer-or-admin');
    expect((await post(t.app, adminProbe, {}, { token: reviewer.token })).status).toBe(403);
    expect((await get(t.app, apiPaths.consoleUsers, {}, { token: reviewer.token })).status).toBe(403);
  });

  it('a verified admin: in everywhere; an unverified admin session is not', async () => {
    expect(data(await get(t.app, probe, {}, { token: admin.token }))).toBe('reviewer-or-admin');
    expect(data(await post(t.app, adminProbe, {}, { token: admin.token }))).toBe('admin');
    data(await get(t.app, apiPaths.consoleUsers, {}, { token: admin.token }));
    const { token } = await login(t.app, admin.mobile, admin.password);
    const r = await post(t.app, adminProbe, {}, { token });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: Code.CONSOLE_MFA_REQUIRED });
  });

  it('losing the role takes effect on the next request', async () => {
    const u = await newConsoleUser(t.app, t.db, t.clock, ['reviewer']);
    data(await get(t.app, probe, {}, { token: u.token }));
    data(await post(t.app, apiPaths.consoleUserRoles, { userId: u.id, roles: ['applicant'] }, { token: admin.token }));
    expect((await get(t.app, probe, {}, { token: u.token })).status).toBe(403);
  });
});

describe('console lifetimes (injectable clock)', () => {
  const minute = 60_000;

  it(`dies after ${consolePolicy.idleMs / minute} minutes without a console request; the session lives on`, async () => {
    const token = await consoleLogin(t.app, t.clock, reviewer);
    const start = Date.parse((await me(token)).consoleExpiresAt!);
    expect(start).toBe(t.clock.now() + consolePolicy.idleMs);

    // used every 25 minutes, it stays open well past 30 minutes
    for (let i = 0; i < 3; i++) {
      t.clock.advance(25 * minute);
      data(await get(t.app, probe, {}, { token }));
    }
    // polling `me` is not use: it does not keep the console open
    t.clock.advance(20 * minute);
    expect((await me(token)).mfaVerified).toBe(true);
    t.clock.advance(11 * minute);
    expect((await me(token)).mfaVerified).toBe(false);
    const r = await get(t.app, probe, {}, { token });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: Code.CONSOLE_MFA_REQUIRED });
    expect(r.body.message).toContain('过期');
    // the applicant side of the same session still works
    data(await get(t.app, apiPaths.getUserInfo, {}, { token }));
    // a new code opens the console again on the same session
    nextStep(t.clock);
    data(await post(t.app, apiPaths.consoleMfaVerify, { code: codeNow(reviewer.secret, t.clock) }, { token }));
    data(await get(t.app, probe, {}, { token }));
  });

  it(`dies ${consolePolicy.absoluteMs / 3_600_000} hours after the code, however busy`, async () => {
    const token = await consoleLogin(t.app, t.clock, reviewer);
    const verifiedAt = t.clock.now();
    while (t.clock.now() + 20 * minute < verifiedAt + consolePolicy.absoluteMs) {
      t.clock.advance(20 * minute);
      data(await get(t.app, probe, {}, { token }));
    }
    expect(Date.parse((await me(token)).consoleExpiresAt!)).toBe(verifiedAt + consolePolicy.absoluteMs);
    t.clock.advance(verifiedAt + consolePolicy.absoluteMs - t.clock.now());
    expect((await get(t.app, probe, {}, { token })).body).toMatchObject({ code: Code.CONSOLE_MFA_REQUIRED });
    data(await get(t.app, apiPaths.getUserInfo, {}, { token }));
  });

  it('ends with its session (logout)', async () => {
    const token = await consoleLogin(t.app, t.clock, reviewer);
    data(await get(t.app, probe, {}, { token }));
    data(await post(t.app, apiPaths.logout, {}, { token }));
    expect((await get(t.app, probe, {}, { token })).status).toBe(401);
  });

  it('lifetimes are configurable', async () => {
    const t2 = await createTestApp({ env: { CONSOLE_IDLE_MS: String(5 * minute), CONSOLE_ABSOLUTE_MS: String(60 * minute) } });
    try {
      const u = await newConsoleUser(t2.app, t2.db, t2.clock, ['admin']);
      const m = data(await get<ConsoleMeResponse>(t2.app, apiPaths.consoleMe, {}, { token: u.token }));
      expect(Date.parse(m.consoleExpiresAt!)).toBe(t2.clock.now() + 5 * minute);
      t2.clock.advance(5 * minute);
      expect((await get(t2.app, apiPaths.consoleUsers, {}, { token: u.token })).body).toMatchObject({ code: Code.CONSOLE_MFA_REQUIRED });
    } finally {
      await t2.close();
    }
  });
});

describe('disabling an account', () => {
  // the clock moved hours above: a fresh console login for the admin
  let adminToken: string;
  beforeAll(async () => {
    adminToken = await consoleLogin(t.app, t.clock, admin);
  });

  it('ends all its sessions at once, console and applicant side; enabling lets it log in again', async () => {
    const u = await newConsoleUser(t.app, t.db, t.clock, ['reviewer']);
    const second = await consoleLogin(t.app, t.clock, u);
    const third = (await login(t.app, u.mobile, u.password)).token;
    for (const token of [u.token, second]) data(await get(t.app, probe, {}, { token }));

    const res = data(
      await post<ConsoleUserDisableResponse>(t.app, apiPaths.consoleUserDisable, { userId: u.id, disabled: true }, { token: adminToken }),
    );
    expect(res.sessionsEnded).toBe(3);
    expect(res.user.status).toBe('disabled');
    for (const token of [u.token, second, third]) {
      expect((await get(t.app, probe, {}, { token })).status).toBe(401);
      expect((await get(t.app, apiPaths.getUserInfo, {}, { token })).status).toBe(401);
    }
    const live = await t.db.selectFrom('sessions').select('id').where('user_id', '=', u.id).where('revoked_at', 'is', null).execute();
    expect(live).toEqual([]);
    expect(await t.db.selectFrom('console_verifications').select('session_id').where('user_id', '=', u.id).execute()).toEqual([]);
    const refused = await post(t.app, apiPaths.login, { mobile: u.mobile, password: u.password });
    expect(refused.body).toMatchObject({ success: false, code: Code.ACCOUNT_DISABLED });

    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', u.id)
      .where('action', '=', 'user.disable')
      .executeTakeFirstOrThrow();
    expect(audit.actor_id).toBe(admin.id);
    expect(JSON.parse(audit.before_json!)).toEqual({ status: 'active' });
    expect(JSON.parse(audit.after_json!)).toEqual({ status: 'disabled', sessionsEnded: 3 });

    const enabled = data(
      await post<ConsoleUserDisableResponse>(t.app, apiPaths.consoleUserDisable, { userId: u.id, disabled: false }, { token: adminToken }),
    );
    expect(enabled).toMatchObject({ sessionsEnded: 0, user: { status: 'active' } });
    // old sessions stay dead; a new login works, and needs the second factor again
    expect((await get(t.app, apiPaths.getUserInfo, {}, { token: u.token })).status).toBe(401);
    const fresh = await consoleLogin(t.app, t.clock, u);
    data(await get(t.app, probe, {}, { token: fresh }));
  });

  it('an admin cannot disable themselves', async () => {
    const r = await post(t.app, apiPaths.consoleUserDisable, { userId: admin.id, disabled: true }, { token: adminToken });
    expect(r.body).toMatchObject({ success: false, code: Code.SELF_CHANGE_REFUSED });
    const list = data(await get<ConsoleUsersResponse>(t.app, apiPaths.consoleUsers, { role: 'admin' }, { token: adminToken }));
    expect(list.items.find((x) => x.id === admin.id)?.status).toBe('active');
  });
});
