/**
 * Role × route: every reviewing and decisions endpoint called by an applicant, a reviewer the
 * application is assigned to, a reviewer it is not assigned to, an admin, a reviewer whose session
 * skipped the second factor, and nobody. No caller without the right gets a 2xx, and nothing is
 * written by any refused call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, Code, type ConsoleQueueResponse } from '@qgw/contracts';
import { login, newUser, type TestUser } from './support/api.js';
import type { ConsoleUser } from './support/console.js';
import { assign, createWorld, reviewCounts, type ReviewWorld, setRubric, submittedPerson } from './support/console-review.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let w: ReviewWorld;
let applicant: TestUser;
let appId: string;
let criteria: string[];
let unverifiedToken: string;

type Caller = 'none' | 'applicant' | 'unverified' | 'reviewerAssigned' | 'reviewerOther' | 'admin';

interface Route {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** query (GET) or JSON body (POST); csv = a text/csv body */
  payload: () => Record<string, unknown> | { csv: string };
  /** who may call it successfully */
  allowed: Caller[];
}

const routes: Route[] = [
  { name: 'queue', method: 'GET', path: apiPaths.consoleQueue, payload: () => ({}), allowed: ['reviewerAssigned', 'reviewerOther', 'admin'] },
  { name: 'application', method: 'GET', path: apiPaths.consoleApplication, payload: () => ({ id: appId }), allowed: ['reviewerAssigned', 'admin'] },
  { name: 'reveal', method: 'POST', path: apiPaths.consoleReveal, payload: () => ({ id: appId, field: 'mobile' }), allowed: ['reviewerAssigned', 'admin'] },
  { name: 'assign', method: 'POST', path: apiPaths.consoleAssign, payload: () => ({ applicationIds: [appId], reviewerIds: [w.reviewer2.id] }), allowed: ['admin'] },
  { name: 'assignAuto', method: 'POST', path: apiPaths.consoleAssignAuto, payload: () => ({ applicationIds: [appId], perApplication: 3 }), allowed: ['admin'] },
  { name: 'assignCsv', method: 'POST', path: apiPaths.consoleAssignCsv, payload: () => ({ csv: `application_id,reviewer_mobile\n${appId},${w.reviewer2.mobile}\n` }), allowed: ['admin'] },
  { name: 'unassign', method: 'POST', path: apiPaths.consoleUnassign, payload: () => ({ applicationId: appId, reviewerId: w.reviewer.id }), allowed: ['admin'] },
  { name: 'unassignMany', method: 'POST', path: apiPaths.consoleUnassignMany, payload: () => ({ applicationIds: [appId], reviewerIds: [w.reviewer.id] }), allowed: ['admin'] },
  { name: 'queueIds', method: 'GET', path: apiPaths.consoleQueueIds, payload: () => ({}), allowed: ['admin'] },
  { name: 'reviewers', method: 'GET', path: apiPaths.consoleReviewers, payload: () => ({}), allowed: ['admin'] },
  { name: 'conflict', method: 'POST', path: apiPaths.consoleConflict, payload: () => ({ applicationId: appId, reason: '曾为其导师' }), allowed: ['reviewerAssigned'] },
  {
    name: 'review',
    method: 'POST',
    path: apiPaths.consoleReview,
    payload: () => ({ applicationId: appId, scores: { [criteria[0]!]: 8, [criteria[1]!]: 7, [criteria[2]!]: 4 }, recommendation: 'approve' }),
    allowed: ['reviewerAssigned'],
  },
  { name: 'stage', method: 'POST', path: apiPaths.consoleDecisionStage, payload: () => ({ applicationId: appId, decision: 'reject', reason: '材料不全', version: 0 }), allowed: ['admin'] },
  { name: 'stageMany', method: 'POST', path: apiPaths.consoleDecisionStageMany, payload: () => ({ applicationIds: [appId], decision: 'reject', reason: '材料不全' }), allowed: ['admin'] },
  { name: 'unstage', method: 'POST', path: apiPaths.consoleDecisionUnstage, payload: () => ({ applicationId: appId, version: 0 }), allowed: ['admin'] },
  { name: 'staged', method: 'GET', path: apiPaths.consoleDecisionsStaged, payload: () => ({}), allowed: ['admin'] },
  { name: 'preview', method: 'GET', path: apiPaths.consoleDecisionPreview, payload: () => ({ applicationId: appId }), allowed: ['admin'] },
  { name: 'release', method: 'POST', path: apiPaths.consoleDecisionRelease, payload: () => ({ applicationIds: [appId], expectedCount: 1 }), allowed: ['admin'] },
  { name: 'deliveries', method: 'GET', path: apiPaths.consoleDeliveries, payload: () => ({}), allowed: ['admin'] },
  { name: 'export', method: 'GET', path: apiPaths.consoleExport, payload: () => ({ format: 'csv' }), allowed: ['admin'] },
  { name: 'exportMedia', method: 'GET', path: apiPaths.consoleExportMedia, payload: () => ({ applicationId: appId }), allowed: ['admin'] },
];

const callers: Caller[] = ['none', 'applicant', 'unverified', 'reviewerAssigned', 'reviewerOther', 'admin'];

function tokenOf(c: Caller): string | undefined {
  const users: Record<Exclude<Caller, 'none' | 'unverified'>, TestUser | ConsoleUser> = {
    applicant,
    reviewerAssigned: w.reviewer,
    reviewerOther: w.reviewer2,
    admin: w.admin,
  };
  if (c === 'none') return undefined;
  if (c === 'unverified') return unverifiedToken;
  return users[c].token;
}

async function call(route: Route, caller: Caller) {
  const token = tokenOf(caller);
  const p = route.payload();
  const headers: Record<string, string> = token ? { authorization: token } : {};
  const res =
    route.method === 'GET'
      ? await t.app.inject({ method: 'GET', url: route.path, query: p as Record<string, string>, headers })
      : 'csv' in p
        ? await t.app.inject({ method: 'POST', url: route.path, payload: p.csv as string, headers: { ...headers, 'content-type': 'text/csv' } })
        : await t.app.inject({ method: 'POST', url: route.path, payload: p, headers: { ...headers, 'content-type': 'application/json' } });
  let body: { success?: boolean; code?: number; message?: unknown } = {};
  try {
    body = res.json();
  } catch {
    // files (exports) answer no JSON
  }
  return { status: res.statusCode, body, headers: res.headers };
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  criteria = await setRubric(t.app, w.admin.token, 'person');
  const p = await submittedPerson(t);
  applicant = p.applicant;
  appId = p.id;
  await assign(t.app, w.admin.token, [appId], [w.reviewer.id]);
  // the assigned reviewer in a second session that never passed the second factor
  unverifiedToken = (await login(t.app, w.reviewer.mobile, w.reviewer.password)).token;
});
afterAll(async () => {
  await t.close();
});

describe('role × route', () => {
  it('no caller without the right gets a 2xx, and refused calls write nothing', async () => {
    const before = await reviewCounts(t);
    const leaks: string[] = [];
    for (const route of routes) {
      for (const caller of callers) {
        if (route.allowed.includes(caller)) continue;
        const a = await call(route, caller);
        if ((a.status >= 200 && a.status < 300) || a.body.success === true) leaks.push(`${caller} ${route.name} → ${a.status}`);
        // the refusal says why
        const adminOnly = route.allowed.every((c) => c === 'admin');
        const expected = caller === 'none' ? 401 : caller === 'unverified' && !adminOnly ? 401 : 403;
        expect(a.status, `${caller} ${route.name}`).toBe(expected);
        if (caller === 'unverified' && !adminOnly) expect(a.body.code).toBe(Code.CONSOLE_MFA_REQUIRED);
      }
    }
    expect(leaks).toEqual([]);
    expect(await reviewCounts(t)).toEqual(before);
  });

  it('a reviewer not assigned is told so (403 NOT_ASSIGNED) and never sees the application in the queue', async () => {
    const a = await call(routes.find((r) => r.name === 'application')!, 'reviewerOther');
    expect(a.status).toBe(403);
    expect(a.body.code).toBe(Code.NOT_ASSIGNED);
    // even with filters that would match it
    const q = await t.app.inject({ method: 'GET', url: apiPaths.consoleQueue, query: { kind: 'person', q: '张' }, headers: { authorization: w.reviewer2.token } });
    const page = (q.json() as { message: ConsoleQueueResponse }).message;
    expect(page.items.map((i) => i.id)).not.toContain(appId);
  });

  it('the allowed callers get their answers', async () => {
    for (const name of ['queue', 'application', 'reveal']) {
      for (const caller of routes.find((r) => r.name === name)!.allowed) {
        const a = await call(routes.find((r) => r.name === name)!, caller);
        expect(a.status, `${caller} ${name}`).toBe(200);
        expect(a.body.success, `${caller} ${name}`).toBe(true);
      }
    }
    const queue = await call(routes[0]!, 'reviewerAssigned');
    expect((queue.body.message as ConsoleQueueResponse).items.map((i) => i.id)).toEqual([appId]);
    for (const name of ['reviewers', 'staged', 'deliveries', 'export']) {
      const a = await call(routes.find((r) => r.name === name)!, 'admin');
      expect(a.status, name).toBe(200);
    }
  });

  it('the applicant’s notification endpoints need a session', async () => {
    const none = await t.app.inject({ method: 'GET', url: apiPaths.getNotifications });
    expect(none.statusCode).toBe(401);
    const read = await t.app.inject({ method: 'POST', url: apiPaths.readNotification, payload: { all: true } });
    expect(read.statusCode).toBe(401);
    const someone = await newUser(t.app);
    const own = await t.app.inject({ method: 'GET', url: apiPaths.getNotifications, headers: { authorization: someone.token } });
    expect(own.json()).toMatchObject({ success: true, message: { items: [], unread: 0 } });
  });
});
