/**
 * Role × route matrix over every console access and administration endpoint: no token, an
 * applicant, reviewers and admins with and without the second factor. Each request carries a body
 * that would succeed for the right caller, so a guard that let the wrong one through would show up
 * as a 2xx. No refused request writes anything. Every console path is swept for visitors and
 * applicants, whoever's module serves it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, Code, type ConsoleThemesResponse } from '@qgw/contracts';
import { seedDemoProgramme } from '../src/db/seed-programme.js';
import { data, get, login, newUser, post, type TestUser, uniqueMobile } from './support/api.js';
import { type ConsoleUser, grantRoles, newConsoleUser } from './support/console.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let admin: ConsoleUser;
let reviewer: ConsoleUser;
let applicant: TestUser;
let victim: TestUser;
let themeId: string;
const actors: Record<string, string | undefined> = {};

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoProgramme(t.db, t.clock.now, { applicantMobile: '13900000000' });
  admin = await newConsoleUser(t.app, t.db, t.clock, ['admin']);
  reviewer = await newConsoleUser(t.app, t.db, t.clock, ['reviewer']);
  applicant = await newUser(t.app);
  victim = await newUser(t.app);
  await grantRoles(t.db, victim.id, ['reviewer']);
  themeId = data(await get<ConsoleThemesResponse>(t.app, apiPaths.consoleThemes, {}, { token: admin.token })).items[0]!.id;
  actors.none = undefined;
  actors.applicant = applicant.token;
  actors.reviewerUnverified = (await login(t.app, reviewer.mobile, reviewer.password)).token;
  actors.reviewer = reviewer.token;
  actors.adminUnverified = (await login(t.app, admin.mobile, admin.password)).token;
});
afterAll(async () => {
  await t.close();
});

type Route = { method: 'GET' | 'POST'; path: string; input: () => Record<string, unknown> };

const adminRoutes: Route[] = [
  { method: 'GET', path: apiPaths.consoleUsers, input: () => ({}) },
  { method: 'GET', path: apiPaths.consoleUser, input: () => ({ userId: victim.id }) },
  { method: 'POST', path: apiPaths.consoleUserRoles, input: () => ({ userId: victim.id, roles: ['admin', 'applicant'] }) },
  { method: 'POST', path: apiPaths.consoleUserDisable, input: () => ({ userId: victim.id, disabled: true }) },
  { method: 'POST', path: apiPaths.consoleUserResetMfa, input: () => ({ userId: reviewer.id }) },
  // not the victim: the disable above leaves it disabled, which this route refuses
  { method: 'POST', path: apiPaths.consoleUserSendResetCode, input: () => ({ userId: applicant.id }) },
  { method: 'POST', path: apiPaths.consoleUserInvite, input: () => ({ mobile: uniqueMobile(), roles: ['admin'] }) },
  { method: 'POST', path: apiPaths.consoleReviewerProfile, input: () => ({ userId: victim.id, organization: '越权单位' }) },
  { method: 'GET', path: apiPaths.consoleProgramme, input: () => ({}) },
  { method: 'POST', path: apiPaths.consoleProgramme, input: () => ({ phaseOverride: 'closed', blindReview: true }) },
  { method: 'GET', path: apiPaths.consoleThemes, input: () => ({}) },
  { method: 'POST', path: apiPaths.consoleThemeCreate, input: () => ({ name: '越权主题' }) },
  { method: 'POST', path: apiPaths.consoleThemeUpdate, input: () => ({ id: themeId, name: '越权改名' }) },
  { method: 'POST', path: apiPaths.consoleThemeDelete, input: () => ({ id: themeId }) },
  { method: 'GET', path: apiPaths.consoleRubrics, input: () => ({}) },
  { method: 'POST', path: apiPaths.consoleRubrics, input: () => ({ kind: 'work', criteria: [{ name: '越权', weight: 100, maxScore: 10 }] }) },
  { method: 'GET', path: apiPaths.consoleAudit, input: () => ({}) },
];

/** The sign-in steps: any reviewer or admin session, verified or not. */
const signInRoutes: Route[] = [
  { method: 'GET', path: apiPaths.consoleMe, input: () => ({}) },
  { method: 'POST', path: apiPaths.consoleMfaEnroll, input: () => ({}) },
  { method: 'POST', path: apiPaths.consoleMfaActivate, input: () => ({ code: '000000' }) },
  { method: 'POST', path: apiPaths.consoleMfaVerify, input: () => ({ code: '000000' }) },
];

const call = (r: Route, token: string | undefined) => {
  const o = token === undefined ? {} : { token };
  return r.method === 'GET' ? get(t.app, r.path, r.input() as Record<string, string>, o) : post(t.app, r.path, r.input(), o);
};

const counted = ['users', 'user_roles', 'sessions', 'audit_log', 'mfa_totp', 'mfa_recovery_codes', 'console_verifications',
  'reviewer_profiles', 'rubric_criteria', 'console_settings', 'themes', 'programmes', 'sms_codes'] as const;
async function snapshot() {
  const out: Record<string, unknown> = {};
  for (const table of counted) {
    out[table] = await t.db.selectFrom(table).selectAll().execute();
  }
  // touching last_used_at is a read's bookkeeping, not a change
  out.sessions = (out.sessions as { id: string; revoked_at: string | null }[]).map((s) => [s.id, s.revoked_at]);
  out.console_verifications = (out.console_verifications as { session_id: string; expires_at: string }[]).map((v) => [v.session_id, v.expires_at]);
  return out;
}

describe('admin routes', () => {
  const expected: Record<string, { status: number; code: number }> = {
    none: { status: 401, code: Code.UNAUTHORIZED },
    applicant: { status: 403, code: Code.FORBIDDEN },
    reviewerUnverified: { status: 403, code: Code.FORBIDDEN },
    reviewer: { status: 403, code: Code.FORBIDDEN },
    adminUnverified: { status: 401, code: Code.CONSOLE_MFA_REQUIRED },
  };

  it('refuse every caller but a verified admin, with the right status and code, writing nothing', async () => {
    const before = await snapshot();
    const unauthorized2xx: string[] = [];
    for (const r of adminRoutes) {
      for (const [actor, want] of Object.entries(expected)) {
        const res = await call(r, actors[actor]);
        if (res.status >= 200 && res.status < 300) unauthorized2xx.push(`${actor} ${r.method} ${r.path}`);
        expect({ actor, path: r.path, status: res.status, code: res.body.code }).toEqual({ actor, path: r.path, ...want });
      }
    }
    expect(unauthorized2xx).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('a verified admin gets through on every one (the bodies are valid)', async () => {
    for (const r of adminRoutes) {
      const res = await call(r, admin.token);
      expect({ path: r.path, status: res.status }).toEqual({ path: r.path, status: 200 });
      expect({ path: r.path, success: res.body.success }).toEqual({ path: r.path, success: true });
    }
  });
});

describe('sign-in routes', () => {
  it('need a reviewer or admin session; visitors and applicants are refused without writing', async () => {
    const before = await snapshot();
    for (const r of signInRoutes) {
      expect((await call(r, undefined)).status).toBe(401);
      expect((await call(r, applicant.token)).status).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
    for (const r of signInRoutes) {
      for (const token of [actors.reviewerUnverified, actors.adminUnverified]) {
        expect((await call(r, token)).status).toBe(200);
      }
    }
  });
});

describe('every console path', () => {
  const consolePaths = Object.values(apiPaths).filter((p) => p.startsWith('/v1/console/'));

  it('answers visitors and applicants with no 2xx, by GET or POST', async () => {
    expect(consolePaths.length).toBeGreaterThanOrEqual(adminRoutes.length);
    const leaks: string[] = [];
    for (const path of consolePaths) {
      for (const token of [undefined, applicant.token]) {
        for (const method of ['GET', 'POST'] as const) {
          const res = await call({ method, path, input: () => ({}) }, token);
          if (res.status < 300) leaks.push(`${token ? 'applicant' : 'visitor'} ${method} ${path} → ${res.status}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });
});
