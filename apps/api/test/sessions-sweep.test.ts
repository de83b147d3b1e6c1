import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths, sessionPolicy, type UserProfile } from '@qgw/contracts';
import { isoAt } from '../src/clock.js';
import { newRowId } from '../src/db/row-id.js';
import { expiredBatch, SESSION_SWEEP_EVERY_MS, SWEEP_BATCH } from '../src/modules/accounts/sessions.js';
import { data, get, login, newUser, post } from './support/api.js';
import { createTestApp, type TestApp, testDatabaseUrl } from './support/test-app.js';

/**
 * Expired sessions are deleted by an hourly sweep of every user's sessions (decision 0019), not
 * at their user's next login. The app's hourly timer is faked, so the test moves it on.
 */
let t: TestApp;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const statusOf = async (token: string) => (await get<UserProfile>(t.app, apiPaths.getUserInfo, {}, { token })).status;
const stored = async (ids: string[]) =>
  ids.length === 0 ? 0 : (await t.db.selectFrom('sessions').select('id').where('id', 'in', ids).execute()).length;
const sessionIdsOf = async (userId: string) => (await t.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).map((r) => r.id);

/** Real time passing (the fake timers leave setTimeout alone), until `done` or two seconds. */
async function until(done: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (await done()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

describe('expired sessions are swept', () => {
  it('deletes the sessions past their absolute expiry, of every user, and only those', async () => {
    const returning = await newUser(t.app);
    const gone = await newUser(t.app); // never logs in again
    const loggedOut = await login(t.app, returning.mobile, returning.password);
    data(await post(t.app, apiPaths.logout, {}, { token: loggedOut.token }));
    const early = [...(await sessionIdsOf(returning.id)), ...(await sessionIdsOf(gone.id))];
    expect(early).toHaveLength(3);

    t.clock.advance(sessionPolicy.absoluteMs / 2);
    const later = await login(t.app, returning.mobile, returning.password);
    // a login deletes nothing: the logged-out session is refused, and kept until it expires
    expect(await stored(early)).toBe(3);
    expect(await statusOf(loggedOut.token)).toBe(401);
    await t.services.sessions.sweepExpired();
    expect(await stored(early)).toBe(3);

    // the later session is used on the way, so it is not left idle
    t.clock.advance(sessionPolicy.absoluteMs / 4 + 500);
    expect(await statusOf(later.token)).toBe(200);
    t.clock.advance(sessionPolicy.absoluteMs / 4 + 500);
    // expired: refused at once, whether swept or not
    expect(await statusOf(returning.token)).toBe(401);
    expect(await t.services.sessions.sweepExpired()).toBeGreaterThanOrEqual(3);
    expect(await stored(early)).toBe(0);
    // the later login's session is live and stays
    expect(await sessionIdsOf(returning.id)).toHaveLength(1);
    expect(await statusOf(later.token)).toBe(200);
  });

  it('goes through a backlog larger than one batch in one sweep', async () => {
    const u = await newUser(t.app);
    const past = isoAt(t.clock.now() - 1_000);
    const backlog = SWEEP_BATCH * 2 + 37;
    const rows = Array.from({ length: backlog }, () => ({
      id: newRowId(), user_id: u.id, token_hash: randomBytes(32).toString('hex'), created_at: past, last_used_at: past, expires_at: past, revoked_at: null,
    }));
    for (let i = 0; i < rows.length; i += 200) await t.db.insertInto('sessions').values(rows.slice(i, i + 200)).execute();
    expect(await t.services.sessions.sweepExpired()).toBe(backlog);
    expect(await sessionIdsOf(u.id)).toHaveLength(1);
    expect(await statusOf(u.token)).toBe(200);
  });

  it('runs every hour while the server is up', async () => {
    const u = await newUser(t.app);
    const [id] = await sessionIdsOf(u.id);
    t.clock.advance(sessionPolicy.absoluteMs + 1_000);
    expect(await stored([id!])).toBe(1);
    vi.advanceTimersByTime(SESSION_SWEEP_EVERY_MS);
    expect(await until(async () => (await stored([id!])) === 0)).toBe(true);
  });

  // SQLite's plan; PostgreSQL picks by its statistics, and a test's few rows make any plan right
  it.skipIf(testDatabaseUrl !== undefined)('finds expired sessions through their index, not by reading the table', async () => {
    const q = expiredBatch(t.db, isoAt(t.clock.now())).compile();
    const plan = await sql.raw<{ detail: string }>(`explain query plan ${q.sql.replaceAll('?', `'${isoAt(t.clock.now())}'`)}`).execute(t.db);
    const steps = plan.rows.map((r) => r.detail).join(' | ');
    expect(steps).toContain('sessions_expires_at_idx');
    expect(steps).not.toMatch(/SCAN sessions(?! USING)/);
  });
});
