/**
 * On PostgreSQL a server remembers the sessions it has checked lately and answers them without a
 * round trip, for as long as its change feed is live
 * (docs/decisions/0027-sessions-remembered-between-round-trips.md). These tests hold it to what
 * the session rules promise without it: whatever changes a session's answer — its end, its user's
 * status or roles — on this server, on another, or by SQL outside every server, is seen by every
 * server at once (within the moment a notification takes), and while the feed is down nothing is
 * answered from memory. SQLite remembers nothing (one server, no round trip to save).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { apiPaths, Code } from '@qgw/contracts';
import type { ClosableChangeFeed } from '../src/db/change-feed.js';
import { sessionChangesOf } from '../src/db/index.js';
import { get, newUser, post, type TestUser } from './support/api.js';
import { createInstance, createTestApp, type TestApp, type TestInstance, testDatabaseUrl } from './support/test-app.js';

let t: TestApp;
let other: TestInstance;
let statements: string[] | null = null;

/** How long a change may take to reach another server: a notification on the same machine. */
const AT_ONCE_MS = 2000;

const check = (app: FastifyInstance, u: TestUser) => get(app, apiPaths.getRankUser, { mobile: u.mobile, type: 'check' }, { token: u.token });

/** Polls `answer` until it gives `wanted` or AT_ONCE_MS have passed; answers how long it took. */
async function within<T>(answer: () => Promise<T>, wanted: (x: T) => boolean): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (wanted(await answer())) return Date.now() - start;
    if (Date.now() - start > AT_ONCE_MS) throw new Error(`not seen within ${AT_ONCE_MS} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const live = async (feed: ClosableChangeFeed | undefined) => within(async () => feed?.live === true, Boolean);

/** SQL outside every server, as an operator would run it. */
async function operator(statement: string, values: unknown[]): Promise<void> {
  const c = new pg.Client({ connectionString: testDatabaseUrl, options: `-c search_path=${t.pgSchema}` });
  await c.connect();
  try {
    await c.query(statement, values);
  } finally {
    await c.end();
  }
}

describe.skipIf(!testDatabaseUrl)('sessions remembered between round trips (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await createTestApp({ onStatement: (sql) => statements?.push(sql) });
    other = await createInstance(t);
    await live(sessionChangesOf(t.db) as ClosableChangeFeed);
    await live(sessionChangesOf(other.db) as ClosableChangeFeed);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('answers a session checked a moment ago without a statement for it', async () => {
    const u = await newUser(t.app);
    expect((await check(t.app, u)).body).toMatchObject({ code: Code.NO_APPLICATION });
    statements = [];
    expect((await check(t.app, u)).body).toMatchObject({ code: Code.NO_APPLICATION });
    const seen = statements;
    statements = null;
    // the look-up's own read only
    expect(seen.filter((s) => /"sessions"/.test(s)), seen.join('\n')).toEqual([]);
    expect(seen.length).toBe(1);
  });

  it('a session ended on one server is refused on the other at once', async () => {
    const u = await newUser(t.app);
    expect((await check(other.app, u)).status).toBe(200);
    expect((await check(other.app, u)).status).toBe(200);
    expect((await post(t.app, apiPaths.logout, {}, { token: u.token })).status).toBe(200);
    // on the server that ended it, the very next request
    expect((await check(t.app, u)).status).toBe(401);
    await within(() => check(other.app, u), (r) => r.status === 401);
  });

  it('a user disabled by SQL outside every server is refused on both at once', async () => {
    const u = await newUser(t.app);
    for (const app of [t.app, other.app]) expect((await check(app, u)).status).toBe(200);
    await operator(`update users set status = 'disabled' where id = $1`, [u.id]);
    for (const app of [t.app, other.app]) await within(() => check(app, u), (r) => r.status === 401);
  });

  it('a role given or taken on one server is seen by the other at once', async () => {
    const u = await newUser(t.app);
    const roles = async () => (await other.modules.accounts.sessions.authenticate(u.token))?.user.roles;
    expect(await roles()).toEqual(['applicant']);
    await t.db.insertInto('user_roles').values({ user_id: u.id, role: 'reviewer', created_at: new Date().toISOString() }).execute();
    await within(roles, (r) => r?.includes('reviewer') === true);
    // and on the server that wrote it, at once
    expect((await t.modules.accounts.sessions.authenticate(u.token))?.user.roles).toEqual(['applicant', 'reviewer']);
    await t.db.deleteFrom('user_roles').where('user_id', '=', u.id).where('role', '=', 'reviewer').execute();
    expect((await t.modules.accounts.sessions.authenticate(u.token))?.user.roles).toEqual(['applicant']);
    await within(roles, (r) => r?.includes('reviewer') === false);
  });

  it('a change inside a transaction is told at its commit, not before', async () => {
    const u = await newUser(t.app);
    expect((await check(t.app, u)).status).toBe(200);
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ status: 'disabled' }).where('id', '=', u.id).execute();
      // not committed: the session is still good, and a check now may remember it
      expect((await check(t.app, u)).status).toBe(200);
    });
    expect((await check(t.app, u)).status).toBe(401);
  });

  it('while the change feed is down nothing is answered from memory, and it comes back by itself', async () => {
    const feed = sessionChangesOf(other.db) as ClosableChangeFeed;
    const u = await newUser(t.app);
    expect((await check(other.app, u)).status).toBe(200);
    // the feed's connection dropped (a database restart, a network cut)
    await operator(`select pg_terminate_backend(pid) from pg_stat_activity where pid = $1`, [feed.backendPid]);
    await within(async () => feed.live, (l) => !l);
    // ended by SQL outside every server: no notification can reach a feed that is down
    await operator(`update sessions set revoked_at = $1 where user_id = $2`, [new Date().toISOString(), u.id]);
    expect((await check(other.app, u)).status).toBe(401);
    // listening again, with a growing pause between attempts (the first after half a second)
    await live(feed);
    const v = await newUser(t.app);
    expect((await check(other.app, v)).status).toBe(200);
  });
});
