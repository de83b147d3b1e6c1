/**
 * Generated bad input for every reviewing and decisions endpoint, sent by callers who may use
 * them: whatever arrives, the answer is the envelope, never a 5xx, and nothing is written.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  apiPaths,
  ZConsoleAssignAutoRequest,
  ZConsoleAssignRequest,
  ZConsoleConflictRequest,
  ZConsoleReleaseRequest,
  ZConsoleRevealRequest,
  ZConsoleReviewRequest,
  ZConsoleStageDecisionRequest,
  ZConsoleStageManyRequest,
  ZConsoleUnassignManyRequest,
  ZConsoleUnassignRequest,
  ZConsoleUnstageDecisionRequest,
  ZReadNotificationRequest,
} from '@qgw/contracts';
import { newUser, type TestUser } from './support/api.js';
import { assign, createWorld, reviewCounts, type ReviewWorld, setRubric, submittedPerson } from './support/console-review.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let w: ReviewWorld;
let applicant: TestUser;
let appId: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  await setRubric(t.app, w.admin.token, 'person');
  const p = await submittedPerson(t);
  appId = p.id;
  await assign(t.app, w.admin.token, [appId], [w.reviewer.id]);
  applicant = await newUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const RUNS = 25;

/** Values of every shape, the real application id among them so that parsing gets past the id. */
const value = () =>
  fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom('', ' ', 'null', '<script>alert(1)</script>', '😀'.repeat(300), 'x'.repeat(3000), '138****1234', '%_\\', 'a\u0000b', appId),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.oneof(fc.string({ maxLength: 20 }), fc.constant(appId), fc.integer()), { maxLength: 12 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), fc.double(), fc.string({ maxLength: 4 })), { maxKeys: 4 }),
  );

const bodyFor = (keys: string[]) =>
  fc.oneof(
    fc.record(Object.fromEntries(keys.map((k) => [k, value()])), { requiredKeys: [] }),
    fc.dictionary(fc.constantFrom(...keys, '__proto__', 'constructor', 'status', 'total'), value(), { maxKeys: 8 }),
    fc.jsonValue({ maxDepth: 3 }),
  );

/** Well-formed cursors of each list carrying values the server never put there. */
const craftedCursors = ['q1', 'n1', 'd1', 'q2.mean.desc', 'q2.submitted.asc'].flatMap((tag) =>
  [[tag, 'a\u0000', 'b'], [tag, '2024-05-01T00:00:00.000Z', 'x\u0000'], [tag, "2024' or 1=1 --", 'id'], [tag, 1e300, 'id'], [tag, -5, "id' --"]].map((v) =>
    Buffer.from(JSON.stringify(v)).toString('base64url'),
  ),
);

const queryFor = (keys: string[]) =>
  fc.dictionary(
    fc.constantFrom(...keys),
    fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('', '0', '-1', '101', '1e3', 'true', 'a\u0000b', appId, '138****1234', 'x'.repeat(600), ...craftedCursors)),
    { maxKeys: keys.length },
  );

/**
 * Each operation with the request schema it takes: a generated body that schema accepts is a valid
 * request (a reviewer may well declare a conflict on the application assigned to them), not bad
 * input, so it is left out.
 */
const posts: Array<{ path: string; keys: string[]; schema: z.ZodType; token: () => string }> = [
  { path: apiPaths.consoleReveal, keys: ['id', 'field'], schema: ZConsoleRevealRequest, token: () => w.reviewer.token },
  { path: apiPaths.consoleAssign, keys: ['applicationIds', 'reviewerIds'], schema: ZConsoleAssignRequest, token: () => w.admin.token },
  { path: apiPaths.consoleAssignAuto, keys: ['applicationIds', 'perApplication'], schema: ZConsoleAssignAutoRequest, token: () => w.admin.token },
  { path: apiPaths.consoleUnassign, keys: ['applicationId', 'reviewerId'], schema: ZConsoleUnassignRequest, token: () => w.admin.token },
  { path: apiPaths.consoleConflict, keys: ['applicationId', 'reason'], schema: ZConsoleConflictRequest, token: () => w.reviewer.token },
  {
    path: apiPaths.consoleReview,
    keys: ['applicationId', 'scores', 'recommendation', 'commentToApplicant', 'privateNote'],
    schema: ZConsoleReviewRequest,
    token: () => w.reviewer.token,
  },
  { path: apiPaths.consoleDecisionStage, keys: ['applicationId', 'decision', 'reason', 'version'], schema: ZConsoleStageDecisionRequest, token: () => w.admin.token },
  { path: apiPaths.consoleDecisionUnstage, keys: ['applicationId', 'version'], schema: ZConsoleUnstageDecisionRequest, token: () => w.admin.token },
  { path: apiPaths.consoleUnassignMany, keys: ['applicationIds', 'reviewerIds'], schema: ZConsoleUnassignManyRequest, token: () => w.admin.token },
  { path: apiPaths.consoleDecisionStageMany, keys: ['applicationIds', 'decision', 'reason', 'override'], schema: ZConsoleStageManyRequest, token: () => w.admin.token },
  { path: apiPaths.consoleDecisionRelease, keys: ['applicationIds', 'expectedCount'], schema: ZConsoleReleaseRequest, token: () => w.admin.token },
  { path: apiPaths.readNotification, keys: ['id', 'all'], schema: ZReadNotificationRequest, token: () => applicant.token },
];

const gets: Array<{ path: string; keys: string[]; token: () => string }> = [
  { path: apiPaths.consoleQueue, keys: ['kind', 'status', 'themeId', 'programmeId', 'phase', 'reviewerId', 'unassigned', 'staged', 'q', 'cursor', 'limit'], token: () => w.admin.token },
  { path: apiPaths.consoleQueue, keys: ['q', 'cursor', 'limit', 'reviewerId', 'sort', 'order'], token: () => w.reviewer.token },
  { path: apiPaths.consoleQueue, keys: ['sort', 'order', 'cursor', 'limit', 'kind', 'staged'], token: () => w.admin.token },
  { path: apiPaths.consoleQueueIds, keys: ['kind', 'status', 'themeId', 'reviewerId', 'unassigned', 'staged', 'q'], token: () => w.admin.token },
  { path: apiPaths.consoleApplication, keys: ['id'], token: () => w.reviewer2.token },
  { path: apiPaths.consoleDecisionPreview, keys: ['applicationId'], token: () => w.admin.token },
  { path: apiPaths.consoleDecisionsStaged, keys: ['kind'], token: () => w.admin.token },
  { path: apiPaths.consoleDeliveries, keys: ['applicationId', 'channel', 'status', 'cursor', 'limit'], token: () => w.admin.token },
  // no valid format among the generated values: an export would (rightly) be audited
  { path: apiPaths.consoleExport, keys: ['format', 'kind', 'status'], token: () => w.admin.token },
  { path: apiPaths.getNotifications, keys: ['unreadOnly', 'cursor', 'limit'], token: () => applicant.token },
];

function expectEnvelope(status: number, body: string) {
  expect(status).toBeLessThan(500);
  const parsed = JSON.parse(body) as { success: unknown; code: unknown; message: unknown };
  expect(typeof parsed.success).toBe('boolean');
  expect(typeof parsed.code).toBe('number');
}

describe('fuzzed bodies', () => {
  for (const route of posts) {
    it(`POST ${route.path}: no 5xx, nothing written`, async () => {
      const before = await reviewCounts(t);
      await fc.assert(
        fc.asyncProperty(bodyFor(route.keys), async (body) => {
          fc.pre(!route.schema.safeParse(body).success);
          const res = await t.app.inject({
            method: 'POST',
            url: route.path,
            headers: { authorization: route.token(), 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          expectEnvelope(res.statusCode, res.body);
        }),
        { numRuns: RUNS },
      );
      expect(await reviewCounts(t)).toEqual(before);
    });
  }

  it('POST assign/csv: arbitrary text, no 5xx, nothing written', async () => {
    const before = await reviewCounts(t);
    const line = fc.array(fc.oneof(fc.string({ maxLength: 20 }), fc.constant(appId), fc.constant('"'), fc.constant('13800000000'), fc.constant('a\u0000b')), { maxLength: 4 }).map((f) => f.join(','));
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(line, { maxLength: 8 }), async (withHeader, lines) => {
        const text = [...(withHeader ? ['application_id,reviewer_mobile'] : []), ...lines].join('\n');
        const res = await t.app.inject({
          method: 'POST',
          url: apiPaths.consoleAssignCsv,
          headers: { authorization: w.admin.token, 'content-type': 'text/csv' },
          payload: text,
        });
        expectEnvelope(res.statusCode, res.body);
      }),
      { numRuns: RUNS },
    );
    expect(await reviewCounts(t)).toEqual(before);
  });
});

describe('fuzzed query strings', () => {
  for (const route of gets) {
    it(`GET ${route.path}: no 5xx, nothing written`, async () => {
      const before = await reviewCounts(t);
      await fc.assert(
        fc.asyncProperty(queryFor(route.keys), async (query) => {
          const res = await t.app.inject({ method: 'GET', url: route.path, query, headers: { authorization: route.token() } });
          expectEnvelope(res.statusCode, res.body);
        }),
        { numRuns: RUNS },
      );
      expect(await reviewCounts(t)).toEqual(before);
    });
  }
});
