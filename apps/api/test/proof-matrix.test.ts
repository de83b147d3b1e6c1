/**
 * Role × owner × route over every operation the app routes (taken from the app itself,
 * support/proof-route-registry.ts): a visitor, the applicant who owns what the request names,
 * another applicant, the reviewer the application is assigned to, a reviewer it is not assigned
 * to, sessions of a reviewer and of an admin that skipped the second factor, and a verified admin
 * (support/proof-catalog.ts says who may call what: the contracts' operation catalogue, refined).
 *
 * Every request is one the right caller gets a success with — proved in the last part, where the
 * right caller sends each of them (in an order that lets the destructive ones come last) — so a
 * guard that let the wrong caller through would show as a 2xx. The first part sends each operation's
 * request as every caller without the right: 0 unauthorized 2xx, no 5xx, nothing written.
 */
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { operationList, routeKey } from '@qgw/contracts';
import { allowed, type Caller, callers, catalog, coarseOf } from './support/proof-catalog.js';
import { statePrint } from './support/proof-db.js';
import { leaked, ops, send, setUpMatrixWorld, specs, w } from './support/proof-requests.js';
import { testDatabaseUrl } from './support/test-app.js';

vi.mock('fastify', async (importOriginal) => (await import('./support/proof-route-registry.js')).recordingFastify(await importOriginal()));

// every SQL text SQLite compiles (the statement cache compiles each text once), for the last test
const compiled = vi.spyOn(BetterSqlite3.prototype, 'prepare');

beforeAll(() => setUpMatrixWorld(), 120_000);
afterAll(() => w.close());

// ---- the matrix -------------------------------------------------------------------------------------

describe('role × owner × route over every operation', () => {
  it('every operation is classified and has a request', () => {
    expect(ops.length).toBeGreaterThan(100);
    const missing = ops.filter((o) => !catalog[o.key] || !specs[o.key]).map((o) => o.key);
    expect(missing).toEqual([]);
    const stale = Object.keys(specs).filter((k) => !ops.some((o) => o.key === k) && !catalog[k]?.optional);
    expect(stale).toEqual([]);
  });

  it('covers every operation of the contracts’ catalogue, at its access level or a refinement of it', () => {
    const uncovered = operationList().filter((op) => !ops.some((o) => o.key === routeKey(op))).map((op) => op.name);
    expect(uncovered).toEqual([]);
    const loosened = operationList().filter((op) => coarseOf[catalog[routeKey(op)]!.access] !== op.access).map((op) => op.name);
    expect(loosened).toEqual([]);
  });

  const refusals: Record<string, Record<string, string>> = {};

  it('no caller without the right gets a 2xx, nor a 5xx; refused requests write nothing', async () => {
    const before = await statePrint(w.t);
    const leaks: string[] = [];
    const faults: string[] = [];
    let sent = 0;
    for (const op of ops) {
      const entry = catalog[op.key]!;
      const r = await specs[op.key]!.req();
      for (const caller of callers) {
        if (allowed[entry.access].includes(caller)) continue;
        const a = await send(op, r, w.tokens[caller]);
        sent++;
        if (a.status >= 500) faults.push(`${caller} ${op.key} → ${a.status}`);
        if (leaked(op, a)) leaks.push(`${caller} ${op.key} → ${a.status} ${a.body.slice(0, 120)}`);
        (refusals[op.key] ??= {})[caller] = `${a.status}${a.json ? `/${String(a.json.code)}` : ''}`;
        if (caller === 'visitor') expect(a.status, `visitor ${op.key}`).toBe(401);
      }
    }
    expect(faults).toEqual([]);
    expect(leaks).toEqual([]);
    expect(await statePrint(w.t)).toEqual(before);
    console.info(`[proof-matrix] ${ops.length} operations, ${sent} refused calls, 0 unauthorized 2xx`);
  });

  it('refusals say why: 401 without a session, 401 CONSOLE_MFA_REQUIRED without the second factor, 403 without the role', () => {
    const consoleAccess = new Set(['console', 'assigned', 'reviewing', 'admin']);
    const mismatched: string[] = [];
    for (const op of ops) {
      const access = catalog[op.key]!.access;
      if (!consoleAccess.has(access)) continue;
      const got = refusals[op.key] ?? {};
      const want: Partial<Record<Caller, string>> = {
        visitor: '401/4010', owner: '403/4030', other: '403/4030',
        adminNo2fa: '401/1401', reviewerNo2fa: access === 'admin' ? '403/4030' : '401/1401',
        ...(access === 'admin' ? { reviewer: '403/4030', reviewer2: '403/4030' } : {}),
      };
      for (const [caller, status] of Object.entries(want)) if (got[caller] !== undefined && got[caller] !== status) mismatched.push(`${caller} ${op.key}: ${got[caller]}, expected ${status}`);
    }
    expect(mismatched).toEqual([]);
  });

  it('the right caller succeeds with every one of those requests', async () => {
    const failures: string[] = [];
    const ordered = [...ops].sort((a, b) => (specs[a.key]!.order ?? 0) - (specs[b.key]!.order ?? 0) || a.key.localeCompare(b.key));
    for (const op of ordered) {
      const spec = specs[op.key]!;
      const entry = catalog[op.key]!;
      await spec.prepare?.();
      const r = await spec.req();
      // reads by every caller with the right; anything else by one
      const who: Array<[string, string | undefined]> =
        op.method === 'GET' && !entry.writes && !spec.as
          ? allowed[entry.access].map((c) => [c, w.tokens[c]])
          : [['', spec.as ? await spec.as() : w.tokens[allowed[entry.access].includes('owner') ? 'owner' : allowed[entry.access][0]!]]];
      for (const [caller, token] of who) {
        const a = await send(op, r, token);
        const ok = a.status === (spec.ok ?? 200) && (a.json ? a.json.success !== false : true);
        if (!ok) failures.push(`${caller || 'right caller'} ${op.key} → ${a.status} ${a.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it.skipIf(!!testDatabaseUrl)('on SQLite no statement binds a value the planner reads (so none is planned anew on every run)', async () => {
    // SQLite plans a statement again each time a parameter it planned with is bound: a bound LIMIT or
    // OFFSET, and a bound constant compared as a partial index's predicate compares it (a query with
    // `status <> ?` against `where status <> 'withdrawn'`). db/sqlite-compiler.ts inlines the limits;
    // such constants are written as literals (decision 0016). A LIKE prefix stays bound on purpose:
    // the name search needs its value planned to use the index.
    const op = (o: string) => (o === '!=' ? '<>' : o);
    const partial = (await w.t.db
      .selectFrom('sqlite_master' as never)
      .select(['tbl_name as table', 'sql'] as never[])
      .where('type' as never, '=', 'index' as never)
      .where('sql' as never, 'like', '% where %' as never)
      .execute()) as Array<{ table: string; sql: string }>;
    // per table, the "column operator" terms its partial indexes' predicates hold
    const terms = new Map<string, Set<string>>();
    for (const { table, sql } of partial) {
      for (const m of sql.split(/ where /i)[1]!.matchAll(/\b([a-z_]+)\s*(<>|!=|<=|>=|=|<|>)/gi)) {
        (terms.get(table) ?? terms.set(table, new Set()).get(table)!).add(`${m[1]!.toLowerCase()} ${op(m[2]!)}`);
      }
    }
    expect(terms.get('applications')?.has('status <>')).toBe(true);
    const bindsPredicate = (sql: string) =>
      [...terms].some(
        ([table, held]) =>
          sql.includes(`"${table}"`) &&
          [...sql.matchAll(/"([a-z_]+)"\s*(<>|!=|<=|>=|=|<|>)\s*\?/gi)].some((m) => held.has(`${m[1]!.toLowerCase()} ${op(m[2]!)}`)),
      );
    const texts = [...new Set(compiled.mock.calls.map((c) => String(c[0])))];
    expect(texts.length).toBeGreaterThan(100);
    expect(texts.filter((sql) => /\b(limit|offset)\s+\?/i.test(sql) || bindsPredicate(sql))).toEqual([]);
  });
});
