/**
 * Generated bad input for every applications POST (and the GETs that take parameters): whatever
 * arrives, the answer is the envelope, never a 5xx, and nothing is written.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  apiPaths,
  ZAddWorkRequest,
  ZApplyCompanyRequest,
  ZApplyPersonRequest,
  ZGetDraftRequest,
  ZGetRankUserRequest,
  ZGetWorkRequest,
  ZMemberApplyRequest,
  ZMemberUpdateRequest,
  ZRankUserApplyRequest,
  ZRankUserUpdateRequest,
  ZSaveDraftRequest,
  ZUpdateApplyCompanyRequest,
  ZUpdateApplyPersonRequest,
  ZUpdateWorkRequest,
  ZWithdrawRequest,
} from '@qgw/contracts';
import { newUser, type TestUser } from './support/api.js';
import {
  applicationCounts,
  companyForm,
  memberForm,
  personForm,
  rankUserForm,
  seedProgramme,
  themeIds,
  uploadsFor,
  workForm,
} from './support/applications.js';
import { bodyFor, expectEnvelopeFailure, keysOf } from './support/fuzz.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let u: TestUser;
let f: Awaited<ReturnType<typeof uploadsFor>>;
let theme: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedProgramme(t.db, t.clock);
  u = await newUser(t.app);
  f = await uploadsFor(t.app, u);
  theme = (await themeIds(t.app))[0]!;
});
afterAll(async () => {
  await t.close();
});

const RUNS = 40;

const value = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', ' ', 'null', '<script>alert(1)</script>', '😀'.repeat(300), 'x'.repeat(3100), '11010519491231002X', 'f_0123456789abcdef'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 20 }), { maxLength: 12 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);




const posts: Array<{ path: string; schema: z.ZodType }> = [
  { path: apiPaths.submit, schema: ZRankUserApplyRequest },
  { path: apiPaths.update, schema: ZRankUserUpdateRequest },
  { path: apiPaths.memberApply, schema: ZMemberApplyRequest },
  { path: apiPaths.memberUpdate, schema: ZMemberUpdateRequest },
  { path: apiPaths.applyPerson, schema: ZApplyPersonRequest },
  { path: apiPaths.updateApplyPerson, schema: ZUpdateApplyPersonRequest },
  { path: apiPaths.addWork, schema: ZAddWorkRequest },
  { path: apiPaths.updateWork, schema: ZUpdateWorkRequest },
  { path: apiPaths.applyCompany, schema: ZApplyCompanyRequest },
  { path: apiPaths.updateApplyCompany, schema: ZUpdateApplyCompanyRequest },
  { path: apiPaths.saveDraft, schema: ZSaveDraftRequest },
  { path: apiPaths.withdrawApplication, schema: ZWithdrawRequest },
];

describe.each(posts)('POST $path', ({ path, schema }) => {
  it('refuses generated bodies without a 5xx and without writing', async () => {
    const before = await applicationCounts(t.db);
    await fc.assert(
      fc.asyncProperty(bodyFor(keysOf(schema), value, ['status', 'score']), async (body) => {
        fc.pre(!schema.safeParse(body).success);
        const res = await t.app.inject({
          method: 'POST',
          url: path,
          headers: { 'content-type': 'application/json', authorization: u.token },
          payload: JSON.stringify(body),
        });
        expectEnvelopeFailure(res.statusCode, res.body);
      }),
      { numRuns: RUNS },
    );
    expect(await applicationCounts(t.db)).toEqual(before);
  });
});

describe('well-formed forms with references that are not the caller’s', () => {
  const fileRef = fc.stringMatching(/^[A-Za-z0-9_-]{16,40}$/);
  it('are refused without a 5xx and without writing', async () => {
    const before = await applicationCounts(t.db);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('submit', 'member', 'person', 'work', 'company', 'update', 'withdraw'),
        fileRef,
        fc.boolean(),
        async (which, ref, asDraft) => {
          const meta = asDraft ? { draftId: ref } : {};
          const cases: Record<string, [string, unknown]> = {
            submit: [apiPaths.submit, { ...rankUserForm(f.photo, ref), ...meta }],
            member: [apiPaths.memberApply, { ...memberForm(ref), ...meta }],
            person: [apiPaths.applyPerson, { ...personForm(asDraft ? f.photo : ref), ...meta }],
            work: [apiPaths.addWork, { ...workForm(asDraft ? theme : ref, [f.photo]), ...meta }],
            company: [apiPaths.applyCompany, { ...companyForm(asDraft ? f.license : ref), ...meta }],
            update: [apiPaths.updateApplyPerson, { ...personForm(f.photo), id: ref, version: 1 }],
            withdraw: [apiPaths.withdrawApplication, { id: ref, reason: '随机撤回' }],
          };
          const [path, body] = cases[which]!;
          const res = await t.app.inject({
            method: 'POST',
            url: path,
            headers: { 'content-type': 'application/json', authorization: u.token },
            payload: JSON.stringify(body),
          });
          expectEnvelopeFailure(res.statusCode, res.body);
        },
      ),
      { numRuns: 60 },
    );
    expect(await applicationCounts(t.db)).toEqual(before);
  });
});

describe('GET endpoints with parameters', () => {
  const query = fc.dictionary(
    fc.constantFrom('mobile', 'type', 'id', 'kind', '__proto__', 'x'),
    fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.constantFrom('check', 'info', 'work', 'person', 'rank_user', '13800000001'),
      fc.array(fc.string({ maxLength: 10 }), { minLength: 2, maxLength: 3 }),
    ),
    { maxKeys: 4 },
  );

  it.each([
    [apiPaths.getRankUser, ZGetRankUserRequest],
    [apiPaths.getWork, ZGetWorkRequest],
    [apiPaths.getDraft, ZGetDraftRequest],
  ] as const)('%s answers generated queries without a 5xx and only reads', async (url, schema) => {
    const before = await applicationCounts(t.db);
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const res = await t.app.inject({ method: 'GET', url, query: q, headers: { authorization: u.token } });
        expect(res.statusCode).toBeLessThan(500);
        const body = res.json() as { success: boolean };
        if (!schema.safeParse(q).success) expect(body.success).toBe(false);
      }),
      { numRuns: RUNS },
    );
    expect(await applicationCounts(t.db)).toEqual(before);
  });
});
