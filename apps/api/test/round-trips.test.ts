/**
 * How many statements and transactions the three hot paths the benchmark measures run per request
 * (docs/decisions/0026-postgres-round-trips.md): the authenticated rank-user look-up, a login and a
 * membership submission. On PostgreSQL each statement (BEGIN and COMMIT included) is a round trip
 * to the database's process; on SQLite a statement is a call into the library and a transaction a
 * savepoint of the group commit (decision 0014). Counted through the app's own Kysely instance
 * (db/index.ts onStatement), transactions at the driver. The bounds are the counts after decision
 * 0026: a change that adds a statement to one of these paths fails here and has to say why.
 *
 * Before decision 0026 (statements per request; PostgreSQL's include BEGIN and COMMIT):
 *
 *   request                                   PostgreSQL            SQLite
 *   look-up, session used within a minute     2                     2
 *   look-up, session idle over a minute       3 (the touch)         3
 *   login                                     6 (1 transaction)     4 (1 transaction)
 *   membership submission                     6 (1 transaction)     4 (1 transaction)
 *
 * After it (the bounds below):
 *
 *   look-up, session used within a minute     2                     2
 *   look-up, session idle over a minute       2 (touch in the read) 3
 *   login                                     2 (no transaction)    3 (1 transaction)
 *   membership submission                     4 (1 transaction)     4 (1 transaction)
 *
 * Since decision 0028 a new submission on PostgreSQL is one statement with no transaction: with its
 * session check, 2 (SQLite: 4, 1 transaction).
 *
 * Since decision 0027 a session checked on PostgreSQL within the last 30 s is answered from memory:
 * the look-up's repeat is then 1 statement (test/sessions-remembered.test.ts). The bounds below
 * still hold for a session the server has not checked lately.
 */
import { PostgresDriver } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths, Code, type SubmitResponse } from '@qgw/contracts';
import { GroupCommitDriver } from '../src/db/group-commit.js';
import { TOUCH_INTERVAL_MS } from '../src/modules/accounts/sessions.js';
import { data, get, login, newUser, post, type TestUser } from './support/api.js';
import { memberForm, rankUserForm, seedProgramme, uploadImage, uploadVideo } from './support/applications.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let recording: string[] | null = null;
const begun = [vi.spyOn(GroupCommitDriver.prototype, 'beginTransaction'), vi.spyOn(PostgresDriver.prototype, 'beginTransaction')];

beforeAll(async () => {
  t = await createTestApp({ onStatement: (sql) => recording?.push(sql) });
  // a rank-user application needs a programme open for submissions
  await seedProgramme(t.db, t.clock);
});
afterAll(async () => {
  await t.close();
});

interface Trips {
  statements: string[];
  transactions: number;
}

/** The statements and transactions `request` ran. */
async function counted<T>(request: () => Promise<T>): Promise<{ answer: T } & Trips> {
  recording = [];
  const before = begun.reduce((n, spy) => n + spy.mock.calls.length, 0);
  try {
    const answer = await request();
    return { answer, statements: recording, transactions: begun.reduce((n, spy) => n + spy.mock.calls.length, 0) - before };
  } finally {
    recording = null;
  }
}

/** What the counts are held to, per database: statements as the database sees them, and transactions. */
const bound = (pg: number, sqlite: number) => (t.dialect === 'postgres' ? pg : sqlite);

const lastUsedOf = async (u: TestUser) =>
  (await t.db.selectFrom('sessions').select('last_used_at').where('user_id', '=', u.id).executeTakeFirstOrThrow()).last_used_at;

const check = (u: TestUser) => get(t.app, apiPaths.getRankUser, { mobile: u.mobile, type: 'check' }, { token: u.token });

describe('the authenticated look-up (getRankUserInfo, type check)', () => {
  it('with no application, the session used a moment ago', async () => {
    const u = await newUser(t.app);
    const { answer, statements, transactions } = await counted(() => check(u));
    expect(answer.body).toMatchObject({ success: true, code: Code.NO_APPLICATION });
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(bound(2, 2));
    expect(transactions).toBe(0);
  });

  it('with a submitted application', async () => {
    const u = await newUser(t.app);
    const form = rankUserForm(await uploadImage(t.app, u.token), await uploadVideo(t.app, u.token));
    data(await post<SubmitResponse>(t.app, apiPaths.submit, form, { token: u.token }));
    const { answer, statements, transactions } = await counted(() => check(u));
    expect(answer.body).toMatchObject({ success: true, code: Code.UNDER_REVIEW });
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(bound(2, 2));
    expect(transactions).toBe(0);
  });

  it('with the session last used over a minute ago (its last use is written)', async () => {
    const u = await newUser(t.app);
    t.clock.advance(TOUCH_INTERVAL_MS + 1000);
    const { answer, statements, transactions } = await counted(() => check(u));
    expect(answer.body).toMatchObject({ success: true, code: Code.NO_APPLICATION });
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(bound(2, 3));
    expect(transactions).toBe(0);
    expect(await lastUsedOf(u)).toBe(new Date(t.clock.now()).toISOString());
    // used again within the minute: nothing is written
    t.clock.advance(TOUCH_INTERVAL_MS - 1);
    const again = await counted(() => check(u));
    expect(again.statements.length).toBeLessThanOrEqual(2);
    expect(await lastUsedOf(u)).toBe(new Date(t.clock.now() - TOUCH_INTERVAL_MS + 1).toISOString());
  });
});

describe('a login (POST /v1/login)', () => {
  it('with the right password', async () => {
    const u = await newUser(t.app);
    const { answer, statements, transactions } = await counted(() => login(t.app, u.mobile, u.password));
    expect(answer.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(bound(2, 3));
    expect(transactions).toBeLessThanOrEqual(bound(0, 1));
  });
});

describe('a membership submission (POST memberApply)', () => {
  it('the first one, with its photo', async () => {
    const u = await newUser(t.app);
    const form = memberForm(await uploadImage(t.app, u.token));
    const { answer, statements, transactions } = await counted(() => post<SubmitResponse>(t.app, apiPaths.memberApply, form, { token: u.token }));
    expect(data(answer).status).toBe('submitted');
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(bound(2, 4));
    expect(transactions).toBeLessThanOrEqual(bound(0, 1));
  });
});
