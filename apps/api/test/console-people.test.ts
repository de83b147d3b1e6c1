/**
 * People (admins): search and keyset pages of users, roles (an admin keeps their own admin role),
 * MFA reset, reviewer organisations; every change audited with who, before and after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths, Code, type ConsoleMeResponse, type ConsoleMfaEnrollResponse, type ConsoleUser, type ConsoleUsersResponse,
  maskMobile,
} from '@qgw/contracts';
import { reviewerOrganization } from '../src/modules/admin/people.repository.js';
import { data, get, login, newUser, post, type TestUser } from './support/api.js';
import { codeNow, type ConsoleUser as StaffUser, newConsoleUser, nextStep } from './support/console.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let admin: StaffUser;
let users: TestUser[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await newConsoleUser(t.app, t.db, t.clock, ['admin']);
  users = [];
  for (let i = 0; i < 7; i++) {
    t.clock.advance(1000);
    users.push(await newUser(t.app));
  }
});
afterAll(async () => {
  await t.close();
});

const as = () => ({ token: admin.token });
const list = async (q: Record<string, string> = {}) => data(await get<ConsoleUsersResponse>(t.app, apiPaths.consoleUsers, q, as()));
const lastAudit = (entityId: string, action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', entityId).where('action', '=', action).orderBy('created_at', 'desc').executeTakeFirstOrThrow();

describe('listing users', () => {
  it('pages newest first by keyset, each user once, mobiles masked', async () => {
    const seen: ConsoleUser[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ConsoleUsersResponse = await list({ limit: '3', ...(cursor ? { cursor } : {}) });
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen.map((u) => u.id)).toEqual([...users].reverse().map((u) => u.id).concat(admin.id));
    for (const u of users) {
      const row = seen.find((x) => x.id === u.id)!;
      expect(row.mobileMasked).toBe(maskMobile(u.mobile));
      expect(JSON.stringify(row)).not.toContain(u.mobile);
    }
    const a = seen.find((x) => x.id === admin.id)!;
    expect(a).toMatchObject({ roles: ['admin', 'applicant'], mfaEnrolled: true, status: 'active', organization: null });
  });

  it('a user added while paging neither repeats nor shifts the later pages', async () => {
    const first = await list({ limit: '2' });
    t.clock.advance(1000);
    const late = await newUser(t.app);
    const second = await list({ limit: '2', cursor: first.nextCursor! });
    expect(second.items.map((x) => x.id)).toEqual([users[4]!.id, users[3]!.id]);
    expect(second.items.some((x) => x.id === late.id)).toBe(false);
    users.push(late);
  });

  it('finds by full mobile, by masked mobile, by digits, and filters by role', async () => {
    const u = users[2]!;
    expect((await list({ q: u.mobile })).items.map((x) => x.id)).toEqual([u.id]);
    expect((await list({ q: maskMobile(u.mobile) })).items.map((x) => x.id)).toContain(u.id);
    expect((await list({ q: u.mobile.slice(3, 9) })).items.map((x) => x.id)).toContain(u.id);
    expect((await list({ role: 'admin' })).items.map((x) => x.id)).toEqual([admin.id]);
    expect((await list({ q: '100%_no_such' })).items).toEqual([]);
    expect((await list({ status: 'disabled' })).items).toEqual([]);
  });

  it('refuses a forged cursor', async () => {
    const r = await get(t.app, apiPaths.consoleUsers, { cursor: Buffer.from('["audit","x","y"]').toString('base64url') }, as());
    expect(r.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    const junk = await get(t.app, apiPaths.consoleUsers, { cursor: 'not-a-cursor' }, as());
    expect(junk.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
  });
});

describe('roles', () => {
  it('replaces a user\'s roles and audits before/after', async () => {
    const u = users[0]!;
    const r = data(await post<ConsoleUser>(t.app, apiPaths.consoleUserRoles, { userId: u.id, roles: ['reviewer', 'applicant'] }, as()));
    expect(r.roles).toEqual(['applicant', 'reviewer']);
    const rows = await t.db.selectFrom('user_roles').select('role').where('user_id', '=', u.id).orderBy('role').execute();
    expect(rows.map((x) => x.role)).toEqual(['applicant', 'reviewer']);
    const a = await lastAudit(u.id, 'user.roles');
    expect(a.actor_id).toBe(admin.id);
    expect(JSON.parse(a.before_json!)).toEqual({ roles: ['applicant'] });
    expect(JSON.parse(a.after_json!)).toEqual({ roles: ['applicant', 'reviewer'] });
    // the new reviewer can start the console sign-in at once
    expect((await get(t.app, apiPaths.consoleMe, {}, { token: u.token })).status).toBe(200);
  });

  it('an admin cannot remove their own admin role; another admin can', async () => {
    const r = await post(t.app, apiPaths.consoleUserRoles, { userId: admin.id, roles: ['applicant'] }, as());
    expect(r.body).toMatchObject({ success: false, code: Code.SELF_CHANGE_REFUSED });
    expect((await t.db.selectFrom('user_roles').select('role').where('user_id', '=', admin.id).execute()).map((x) => x.role)).toContain('admin');

    const other = await newConsoleUser(t.app, t.db, t.clock, ['admin']);
    const done = data(await post<ConsoleUser>(t.app, apiPaths.consoleUserRoles, { userId: other.id, roles: ['reviewer'] }, as()));
    expect(done.roles).toEqual(['reviewer']);
    // keeping one's own admin role while adding another is fine
    data(await post(t.app, apiPaths.consoleUserRoles, { userId: admin.id, roles: ['admin', 'applicant', 'reviewer'] }, as()));
  });

  it('two admins removing each other at the same moment: one change stands, an admin remains', async () => {
    const activeAdmins = async () =>
      (await t.db.selectFrom('users as u').innerJoin('user_roles as r', 'r.user_id', 'u.id').select('u.id')
        .where('r.role', '=', 'admin').where('u.status', '=', 'active').execute()).map((x) => x.id);
    for (const how of ['roles', 'disable', 'one of each'] as const) {
      const a = await newConsoleUser(t.app, t.db, t.clock, ['admin']);
      const b = await newConsoleUser(t.app, t.db, t.clock, ['admin']);
      const demote = (actor: StaffUser, who: StaffUser) => post(t.app, apiPaths.consoleUserRoles, { userId: who.id, roles: ['applicant'] }, { token: actor.token });
      const disable = (actor: StaffUser, who: StaffUser) => post(t.app, apiPaths.consoleUserDisable, { userId: who.id, disabled: true }, { token: actor.token });
      const [first, second] = await Promise.all(
        how === 'roles' ? [demote(a, b), demote(b, a)] : how === 'disable' ? [disable(a, b), disable(b, a)] : [demote(a, b), disable(b, a)],
      );
      const outcomes = [first, second].map((r) => (r.body as { success: boolean }).success);
      expect(outcomes.filter(Boolean), how).toHaveLength(1);
      const still = (await activeAdmins()).filter((id) => id === a.id || id === b.id);
      expect(still, how).toHaveLength(1);
    }
  });

  it('validates the role list and the user', async () => {
    for (const roles of [[], ['root'], ['admin', 'admin']]) {
      const r = await post(t.app, apiPaths.consoleUserRoles, { userId: users[1]!.id, roles }, as());
      expect(r.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
    const missing = await post(t.app, apiPaths.consoleUserRoles, { userId: 'no-such-user', roles: ['reviewer'] }, as());
    expect(missing.body).toMatchObject({ success: false, code: Code.NOT_FOUND });
  });
});

describe('MFA reset', () => {
  it('forgets the authenticator, ends console verifications, and the user enrols again', async () => {
    const r = await newConsoleUser(t.app, t.db, t.clock, ['reviewer']);
    const m1 = data(await get<ConsoleMeResponse>(t.app, apiPaths.consoleMe, {}, { token: r.token }));
    expect(m1).toMatchObject({ mfaEnrolled: true, mfaVerified: true });

    const after = data(await post<ConsoleUser>(t.app, apiPaths.consoleUserResetMfa, { userId: r.id }, as()));
    expect(after.mfaEnrolled).toBe(false);
    expect(await t.db.selectFrom('mfa_recovery_codes').select('id').where('user_id', '=', r.id).execute()).toEqual([]);
    // the session lives, the console asks again, and the old secret and recovery codes are worthless
    const m2 = data(await get<ConsoleMeResponse>(t.app, apiPaths.consoleMe, {}, { token: r.token }));
    expect(m2).toMatchObject({ mfaEnrolled: false, mfaVerified: false });
    nextStep(t.clock);
    const old = await post(t.app, apiPaths.consoleMfaVerify, { code: codeNow(r.secret, t.clock) }, { token: r.token });
    expect(old.body).toMatchObject({ code: Code.MFA_NOT_ENROLLED });
    const e = data(await post<ConsoleMfaEnrollResponse>(t.app, apiPaths.consoleMfaEnroll, {}, { token: r.token }));
    expect(e.secret).not.toBe(r.secret);
    data(await post(t.app, apiPaths.consoleMfaActivate, { code: codeNow(e.secret, t.clock) }, { token: r.token }));

    const a = await lastAudit(r.id, 'mfa.reset');
    expect(a.actor_id).toBe(admin.id);
    expect(JSON.parse(a.before_json!)).toEqual({ mfa: 'active' });
    expect(JSON.parse(a.after_json!)).toMatchObject({ mfa: 'none', verificationsEnded: 1 });
  });

  it('not one\'s own', async () => {
    const r = await post(t.app, apiPaths.consoleUserResetMfa, { userId: admin.id }, as());
    expect(r.body).toMatchObject({ success: false, code: Code.SELF_CHANGE_REFUSED });
    expect((await t.db.selectFrom('mfa_totp').select('status').where('user_id', '=', admin.id).executeTakeFirst())?.status).toBe('active');
  });
});

describe('reviewer profiles', () => {
  it('records, changes and clears a reviewer\'s organisation (audited), for reviewers and admins only', async () => {
    const r = await newConsoleUser(t.app, t.db, t.clock, ['reviewer']);
    const set = data(await post<ConsoleUser>(t.app, apiPaths.consoleReviewerProfile, { userId: r.id, organization: '  青城科技有限公司 ' }, as()));
    expect(set.organization).toBe('青城科技有限公司');
    expect(await reviewerOrganization(t.db, r.id)).toBe('青城科技有限公司');
    t.clock.advance(1000);
    data(await post(t.app, apiPaths.consoleReviewerProfile, { userId: r.id, organization: '市青年创新研究中心' }, as()));
    const a = await lastAudit(r.id, 'reviewer.profile');
    expect(JSON.parse(a.before_json!)).toEqual({ organization: '青城科技有限公司' });
    expect(JSON.parse(a.after_json!)).toEqual({ organization: '市青年创新研究中心' });
    expect((await list({ role: 'reviewer' })).items.find((x) => x.id === r.id)?.organization).toBe('市青年创新研究中心');

    const cleared = data(await post<ConsoleUser>(t.app, apiPaths.consoleReviewerProfile, { userId: r.id, organization: '' }, as()));
    expect(cleared.organization).toBeNull();
    expect(await reviewerOrganization(t.db, r.id)).toBeNull();

    const plain = await post(t.app, apiPaths.consoleReviewerProfile, { userId: users[3]!.id, organization: '某单位' }, as());
    expect(plain.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    const long = await post(t.app, apiPaths.consoleReviewerProfile, { userId: r.id, organization: '单'.repeat(101) }, as());
    expect(long.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
  });
});

describe('one user', () => {
  it('answers a user as the list shows them, by id; an unknown id is NOT_FOUND, a malformed one BAD_REQUEST', async () => {
    const u = users[1]!;
    const fromList = (await list({ q: u.mobile })).items[0]!;
    const one = data(await get<ConsoleUser>(t.app, apiPaths.consoleUser, { userId: u.id }, as()));
    expect(one).toEqual(fromList);
    expect(JSON.stringify(one)).not.toContain(u.mobile);
    expect((await get(t.app, apiPaths.consoleUser, { userId: 'no-such-user' }, as())).body).toMatchObject({ success: false, code: Code.NOT_FOUND });
    expect((await get(t.app, apiPaths.consoleUser, {}, as())).body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    expect((await get(t.app, apiPaths.consoleUser, { userId: 'x'.repeat(500) }, as())).body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
  });

  it('is for admins only: no token 401, an applicant or a reviewer 403', async () => {
    const u = users[1]!;
    expect((await get(t.app, apiPaths.consoleUser, { userId: u.id })).status).toBe(401);
    const applicant = await newUser(t.app);
    expect((await get(t.app, apiPaths.consoleUser, { userId: u.id }, { token: applicant.token })).status).toBe(403);
    const r = await newConsoleUser(t.app, t.db, t.clock, ['reviewer']);
    expect((await get(t.app, apiPaths.consoleUser, { userId: u.id }, { token: r.token })).status).toBe(403);
  });
});

describe('the people endpoints are for admins who passed the second factor', () => {
  it('reviewers get 403, unverified admins 401 CONSOLE_MFA_REQUIRED', async () => {
    const r = await newConsoleUser(t.app, t.db, t.clock, ['reviewer']);
    expect((await get(t.app, apiPaths.consoleUsers, {}, { token: r.token })).status).toBe(403);
    const { token } = await login(t.app, admin.mobile, admin.password);
    const res = await get(t.app, apiPaths.consoleUsers, {}, { token });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: Code.CONSOLE_MFA_REQUIRED });
  });
});
