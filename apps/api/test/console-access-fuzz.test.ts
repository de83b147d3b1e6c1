/**
 * Generated bad input for every console access and administration endpoint, sent by a verified
 * admin (the caller who gets furthest): whatever arrives, the answer is the envelope, never a 5xx,
 * and nothing is written.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  apiPaths, ZConsoleAuditRequest, ZConsoleMfaActivateRequest, ZConsoleMfaVerifyRequest, ZConsoleProgrammeUpdateRequest,
  ZConsoleReviewerProfileRequest, ZConsoleRubricsUpdateRequest, ZConsoleThemeCreateRequest, ZConsoleThemeDeleteRequest,
  ZConsoleThemeUpdateRequest, ZConsoleUserDisableRequest, ZConsoleUserInviteRequest, ZConsoleUserResetMfaRequest,
  ZConsoleUserRolesRequest, ZConsoleUserSendResetCodeRequest, ZConsoleUsersRequest, ZConsoleUserRequest,
} from '@qgw/contracts';
import { seedDemoProgramme } from '../src/db/seed-programme.js';
import { newUser } from './support/api.js';
import { type ConsoleUser, newConsoleUser } from './support/console.js';
import { bodyFor, expectEnvelopeFailure, keysOf } from './support/fuzz.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let admin: ConsoleUser;
let userIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoProgramme(t.db, t.clock.now, { applicantMobile: '13900000000' });
  admin = await newConsoleUser(t.app, t.db, t.clock, ['admin']);
  userIds = [admin.id, (await newUser(t.app)).id];
});
afterAll(async () => {
  await t.close();
});

const RUNS = 40;

const value = () =>
  fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom(...userIds, '', ' ', 'null', '000000', '13912345678', '<script>alert(1)</script>', '😀'.repeat(300), 'x'.repeat(3000),
      'admin', 'reviewer', 'work', 'closed', '2024-13-45T99:99:99Z', 'AAAA-BBBB-CCCC-DDDD'),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.oneof(fc.string({ maxLength: 20 }), fc.record({ name: fc.string(), weight: fc.integer(), maxScore: fc.integer() })), { maxLength: 12 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  );



const tables = ['users', 'user_roles', 'sessions', 'audit_log', 'mfa_totp', 'mfa_recovery_codes', 'console_verifications',
  'reviewer_profiles', 'rubric_criteria', 'console_settings', 'themes', 'programmes', 'sms_codes'] as const;
async function state() {
  const out: Record<string, unknown> = {};
  for (const table of tables) out[table] = await t.db.selectFrom(table).selectAll().execute();
  out.sessions = (out.sessions as { id: string; revoked_at: string | null }[]).map((s) => [s.id, s.revoked_at]);
  out.console_verifications = (out.console_verifications as { session_id: string; expires_at: string }[]).map((v) => [v.session_id, v.expires_at]);
  return out;
}


const posts: Array<{ path: string; schema: z.ZodType }> = [
  { path: apiPaths.consoleMfaActivate, schema: ZConsoleMfaActivateRequest },
  { path: apiPaths.consoleMfaVerify, schema: ZConsoleMfaVerifyRequest },
  { path: apiPaths.consoleUserRoles, schema: ZConsoleUserRolesRequest },
  { path: apiPaths.consoleUserDisable, schema: ZConsoleUserDisableRequest },
  { path: apiPaths.consoleUserResetMfa, schema: ZConsoleUserResetMfaRequest },
  { path: apiPaths.consoleUserSendResetCode, schema: ZConsoleUserSendResetCodeRequest },
  { path: apiPaths.consoleUserInvite, schema: ZConsoleUserInviteRequest },
  { path: apiPaths.consoleReviewerProfile, schema: ZConsoleReviewerProfileRequest },
  { path: apiPaths.consoleProgramme, schema: ZConsoleProgrammeUpdateRequest },
  { path: apiPaths.consoleThemeCreate, schema: ZConsoleThemeCreateRequest },
  { path: apiPaths.consoleThemeUpdate, schema: ZConsoleThemeUpdateRequest },
  { path: apiPaths.consoleThemeDelete, schema: ZConsoleThemeDeleteRequest },
  { path: apiPaths.consoleRubrics, schema: ZConsoleRubricsUpdateRequest },
];

describe.each(posts)('POST $path', ({ path, schema }) => {
  it('refuses generated bodies without a 5xx and without writing', async () => {
    const before = await state();
    await fc.assert(
      fc.asyncProperty(bodyFor(keysOf(schema), value(), ['status', 'roles']), async (body) => {
        fc.pre(!schema.safeParse(body).success);
        const res = await t.app.inject({
          method: 'POST',
          url: path,
          headers: { 'content-type': 'application/json', authorization: admin.token },
          payload: JSON.stringify(body),
        });
        expectEnvelopeFailure(res.statusCode, res.body);
      }),
      { numRuns: RUNS },
    );
    expect(await state()).toEqual(before);
  });

  it('refuses broken JSON, other content types and oversized bodies the same way', async () => {
    const before = await state();
    const cases: Array<{ type: string; payload: string | Buffer }> = [
      { type: 'application/json', payload: '{"userId": ' },
      { type: 'application/json', payload: '' },
      { type: 'text/plain', payload: 'userId=1' },
      { type: 'application/x-www-form-urlencoded', payload: 'userId=1&disabled=true' },
      { type: 'application/json', payload: JSON.stringify({ padding: 'x'.repeat(70 * 1024) }) },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': c.type, authorization: admin.token }, payload: c.payload });
      expectEnvelopeFailure(res.statusCode, res.body);
    }
    expect(await state()).toEqual(before);
  });
});

describe('GET endpoints with parameters', () => {
  const query = fc.dictionary(
    fc.constantFrom('q', 'role', 'status', 'cursor', 'limit', 'actorId', 'action', 'entity', 'entityId', 'from', 'to', '__proto__'),
    fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.constantFrom('admin', 'reviewer', 'disabled', '0', '-1', '101', '1e3', '138****0000', '%', '_', '\\', 'eyJ4Ijox',
        Buffer.from('["users","2024-01-01T00:00:00.000Z","x"]').toString('base64url'),
        Buffer.from('["audit",1,2]').toString('base64url'), '2024-02-30T00:00:00Z'),
      fc.array(fc.string({ maxLength: 10 }), { minLength: 2, maxLength: 3 }),
    ),
    { maxKeys: 5 },
  );

  it.each([
    [apiPaths.consoleUsers, ZConsoleUsersRequest],
    [apiPaths.consoleUser, ZConsoleUserRequest],
    [apiPaths.consoleAudit, ZConsoleAuditRequest],
  ] as const)('%s answers generated queries without a 5xx and only reads', async (url, schema) => {
    const before = await state();
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const res = await t.app.inject({ method: 'GET', url, query: q, headers: { authorization: admin.token } });
        expect(res.statusCode).toBeLessThan(500);
        const body = res.json() as { success: boolean };
        if (!schema.safeParse(q).success) expect(body.success).toBe(false);
      }),
      { numRuns: RUNS * 2 },
    );
    expect(await state()).toEqual(before);
  });
});
