/**
 * The contracts' operation catalogue (packages/contracts/src/operations) against the app itself:
 *   - the routes the app registers are exactly the catalogue's operations plus its nonJsonRoutes;
 *   - each catalogued route validates with the catalogue's own request and response schemas (the
 *     routes that do not yet are listed below, one reason each, and the list may only shrink);
 *   - each operation's route refuses every caller below its access level — no session, an
 *     applicant's session, a console role without the second factor, a reviewer on an admin's
 *     operation — and lets the lowest caller at its level through the door (whatever the handler
 *     then makes of an empty request);
 *   - proof-catalog.ts, the matrix's finer view, agrees with the contract: its refinements only
 *     narrow the contract's level, and its non-JSON entries are the catalogue's nonJsonRoutes.
 * The role × owner × route matrix itself (proof-matrix.test.ts) proves the finer rules.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import {
  type Access,
  accessLevels,
  apiPaths,
  Code,
  type NonJsonRoute,
  nonJsonRoutes,
  type Operation,
  operationList,
  routeKey,
} from '@qgw/contracts';
import { type Answer, get, login, newUser, post, type TestUser } from './support/api.js';
import { grantRoles, newConsoleUser } from './support/console.js';
import { catalog, coarseOf, fromContract, nonJson, refinements } from './support/proof-catalog.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// every route of the app as it was declared (schemas, summary), recorded before any plugin runs
const declared = vi.hoisted(() => [] as RouteOptions[]);
vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof import('fastify')>();
  const make = real.default as unknown as (...args: unknown[]) => FastifyInstance;
  const wrapped = (...args: unknown[]) => {
    const app = make(...args);
    app.addHook('onRoute', (route) => {
      declared.push(route);
    });
    return app;
  };
  Object.assign(wrapped, make);
  return { ...real, default: wrapped, fastify: wrapped };
});

/**
 * Routes that do not (yet) validate with the catalogue's schemas or summary, as `"METHOD /path"
 * part`. Each is a change to make in apps/api/src: declare the route with the catalogue's entry
 * (`operationRoute(op)`, apps/api/src/plugins/operation-route.ts). None are left.
 */
const knownDeviations: Record<string, string> = {};

interface Route {
  key: string;
  method: string;
  url: string;
  options: RouteOptions;
}

/** The declared routes by "METHOD /url"; a GET's HEAD twin belongs to the GET (as in support/proof-route-registry.ts). */
function routesOf(app: FastifyInstance): Map<string, Route> {
  const byKey = new Map<string, Route>();
  for (const r of declared) {
    for (const m of Array.isArray(r.method) ? r.method : [r.method]) {
      const method = String(m).toUpperCase();
      const key = `${method} ${r.url}`;
      if (!byKey.has(key)) byKey.set(key, { key, method, url: r.url, options: r });
    }
  }
  for (const [key, r] of byKey) {
    if (r.method === 'HEAD' && (byKey.has(`GET ${r.url}`) || app.hasRoute({ method: 'GET', url: r.url }))) byKey.delete(key);
  }
  for (const r of byKey.values()) if (!app.hasRoute({ method: r.method as 'GET', url: r.url })) throw new Error(`${r.key} is not routed`);
  return byKey;
}

const nonJsonCovers = (n: NonJsonRoute, method: string, url: string): boolean =>
  n.method === method && (n.path === url || (n.subtree === true && (url === n.path || url.startsWith(`${n.path}/`))));

/** The data schema inside a route's 200 answer, ZEnvelopeOf(X) → X. */
function answerSchemaOf(r: RouteOptions): unknown {
  const envelope = (r.schema as { response?: Record<number, unknown> } | undefined)?.response?.[200] as
    | { options?: Array<{ shape?: { message?: unknown } }> }
    | undefined;
  return envelope?.options?.[0]?.shape?.message;
}

const ops = operationList();
let t: TestApp;
let routes: Map<string, Route>;

/** Callers, each with the token it calls with (none for a visitor). */
type Who = 'visitor' | 'applicant' | 'reviewerNo2fa' | 'adminNo2fa' | 'reviewer' | 'admin';
const tokens = {} as Record<Who, string | undefined>;

beforeAll(async () => {
  t = await createTestApp();
  routes = routesOf(t.app);
  tokens.visitor = undefined;
  const applicant = await newUser(t.app);
  tokens.applicant = applicant.token;
  const unverified = async (role: 'reviewer' | 'admin', u: TestUser) => {
    await grantRoles(t.db, u.id, [role]);
    return (await login(t.app, u.mobile, u.password)).token;
  };
  tokens.reviewerNo2fa = await unverified('reviewer', await newUser(t.app));
  tokens.adminNo2fa = await unverified('admin', await newUser(t.app));
  tokens.reviewer = (await newConsoleUser(t.app, t.db, t.clock, ['reviewer'])).token;
  tokens.admin = (await newConsoleUser(t.app, t.db, t.clock, ['admin'])).token;
}, 120_000);
afterAll(() => t?.close());

describe('the routes are the catalogue plus its non-JSON routes', () => {
  it('every registered route is a catalogued operation (same method and path) or a non-JSON route', () => {
    const catalogued = new Set(ops.map(routeKey));
    const stray = [...routes.values()].filter(
      (r) => !catalogued.has(r.key) && !nonJsonRoutes.some((n) => nonJsonCovers(n, r.method, r.url)),
    );
    expect(stray.map((r) => r.key)).toEqual([]);
  });

  it('every catalogued operation is routed, and every non-JSON route (unless optional) is registered', () => {
    expect(ops.filter((op) => !routes.has(routeKey(op))).map((op) => op.name)).toEqual([]);
    const absent = nonJsonRoutes.filter((n) => !n.optional && ![...routes.values()].some((r) => nonJsonCovers(n, r.method, r.url)));
    expect(absent.map(routeKey)).toEqual([]);
    // a catalogued operation is never also listed as non-JSON
    expect(ops.filter((op) => nonJsonRoutes.some((n) => nonJsonCovers(n, op.method, op.path))).map((op) => op.name)).toEqual([]);
  });

  it('each route validates with the catalogue’s schemas and says its summary (apart from the known deviations)', () => {
    const found: Record<string, string> = {};
    for (const op of ops) {
      const r = routes.get(routeKey(op))!.options;
      const schema = (r.schema ?? {}) as { body?: z.ZodType; querystring?: z.ZodType; summary?: string };
      const request = op.method === 'GET' ? schema.querystring : schema.body;
      if (request !== op.request) found[`${routeKey(op)} request`] = request ? 'another schema' : 'no schema';
      if (answerSchemaOf(r) !== op.response) found[`${routeKey(op)} response`] = answerSchemaOf(r) ? 'another schema' : 'no schema';
      if (schema.summary !== op.summary) found[`${routeKey(op)} summary`] = String(schema.summary);
    }
    expect(Object.keys(found).sort()).toEqual(Object.keys(knownDeviations).sort());
  });

  it('each route documents the token for every operation but the public ones', () => {
    const wrong = ops.filter((op) => {
      const security = (routes.get(routeKey(op))!.options.schema as { security?: unknown } | undefined)?.security;
      return op.access === 'public' ? security !== undefined : JSON.stringify(security) !== JSON.stringify([{ token: [] }]);
    });
    expect(wrong.map(routeKey)).toEqual([]);
  });
});

describe('a route declared from the catalogue answers as before', () => {
  it('logout: its body is an object; a null body, or none at all (validated as null), is refused and the session stays', async () => {
    const u = await newUser(t.app);
    const refused = async (payload?: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: apiPaths.logout,
        headers: { authorization: u.token, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.json()).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    };
    await refused('null');
    await refused();
    expect((await get(t.app, apiPaths.getUserInfo, {}, { token: u.token })).status).toBe(200);
    expect((await post(t.app, apiPaths.logout, {}, { token: u.token })).status).toBe(200);
    expect((await get(t.app, apiPaths.getUserInfo, {}, { token: u.token })).status).toBe(401);
  });
});

describe('proof-catalog agrees with the contract', () => {
  it('takes every catalogued operation’s access from the contract, refining only', () => {
    for (const op of ops) expect(fromContract[routeKey(op)]?.access, op.name).toBe(op.access);
    const problems: string[] = [];
    for (const [key, entry] of Object.entries(refinements)) {
      const contract = fromContract[key];
      if (!contract) problems.push(`${key}: refined but not in the contract's catalogue`);
      else if (coarseOf[entry.access] !== contract.access) problems.push(`${key}: ${entry.access} does not narrow the contract's ${contract.access}`);
    }
    expect(problems).toEqual([]);
    for (const [key, entry] of Object.entries(catalog)) if (fromContract[key]) expect(coarseOf[entry.access], key).toBe(fromContract[key].access);
  });

  it('classifies exactly the catalogue’s non-JSON routes', () => {
    const keys = Object.keys(nonJson);
    expect(keys.filter((k) => fromContract[k])).toEqual([]);
    const unlisted = keys.filter((k) => {
      const [method, url] = k.split(' ') as [string, string];
      return !nonJsonRoutes.some((n) => nonJsonCovers(n, method, url));
    });
    expect(unlisted).toEqual([]);
    const unclassified = nonJsonRoutes.filter((n) => !keys.some((k) => nonJsonCovers(n, ...(k.split(' ') as [string, string]))));
    expect(unclassified.map(routeKey)).toEqual([]);
  });
});

// ---- the door of every operation ------------------------------------------------------------------

/** What the route's guard answers each caller below the level: status/code. */
const refusedBy: Record<Access, Partial<Record<Who, string>>> = {
  public: {},
  session: { visitor: '401/4010' },
  signin: { visitor: '401/4010', applicant: '403/4030' },
  console: { visitor: '401/4010', applicant: '403/4030', reviewerNo2fa: '401/1401', adminNo2fa: '401/1401' },
  admin: { visitor: '401/4010', applicant: '403/4030', reviewerNo2fa: '403/4030', adminNo2fa: '401/1401', reviewer: '403/4030' },
};
/** The lowest caller each level lets through. */
const lowest: Record<Access, Who> = { public: 'visitor', session: 'applicant', signin: 'reviewerNo2fa', console: 'reviewer', admin: 'admin' };

const send = (op: Operation, token: string | undefined): Promise<Answer> =>
  op.method === 'GET' ? get(t.app, op.path, {}, token ? { token } : {}) : post(t.app, op.path, {}, token ? { token } : {});
const outcome = (a: Answer) => `${a.status}/${a.body.code}`;

describe('every operation refuses callers below its access level', () => {
  it('the codes are the ones the console client tells apart', () => {
    expect([Code.UNAUTHORIZED, Code.FORBIDDEN, Code.CONSOLE_MFA_REQUIRED]).toEqual([4010, 4030, 1401]);
    expect(Object.keys(refusedBy).sort()).toEqual([...accessLevels].sort());
  });

  it('below the level: the guard’s refusal, before any input is read', async () => {
    const wrong: string[] = [];
    for (const op of ops) {
      for (const [who, expected] of Object.entries(refusedBy[op.access]) as Array<[Who, string]>) {
        const got = outcome(await send(op, tokens[who]));
        if (got !== expected) wrong.push(`${who} ${routeKey(op)} → ${got}, expected ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('at the level: the lowest caller gets past the guard (an empty request then fails validation, or reads)', async () => {
    const refused: string[] = [];
    // last: what would close the caller's account or end its session
    const ending = ['closeAccount', 'logout'];
    const ordered = [...ops].sort((a, b) => ending.indexOf(a.name) - ending.indexOf(b.name));
    for (const op of ordered) {
      const a = await send(op, tokens[lowest[op.access]]);
      if (a.status === 401 || a.status === 403 || a.status >= 500) refused.push(`${lowest[op.access]} ${routeKey(op)} → ${outcome(a)}`);
    }
    expect(refused).toEqual([]);
  });
});
