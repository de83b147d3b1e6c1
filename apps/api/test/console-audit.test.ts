/**
 * The audit-log browser (admins): newest first, keyset pages that neither repeat nor skip (ties on
 * the timestamp included), filters by actor, action, entity, record and time; the log itself stays
 * append-only.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, Code, type ConsoleAuditEntry, type ConsoleAuditResponse } from '@qgw/contracts';
import { isoAt } from '../src/clock.js';
import { data, get } from './support/api.js';
import { type ConsoleUser, newConsoleUser } from './support/console.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let admin: ConsoleUser;
const base = Date.parse('2031-03-01T00:00:00.000Z');
const ours: { id: string; createdAt: string; actorId: string | null; action: string; entityId: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await newConsoleUser(t.app, t.db, t.clock, ['admin']);
  // 60 entries in the future (so they sort first), three per second: ties on created_at
  const rows = Array.from({ length: 60 }, (_, i) => {
    const createdAt = isoAt(base + Math.floor(i / 3) * 1000);
    const actorId = i % 2 === 0 ? admin.id : null;
    const action = i % 3 === 0 ? 'test.alpha' : 'test.beta';
    const entityId = `rec-${i % 4}`;
    const id = randomUUID();
    ours.push({ id, createdAt, actorId, action, entityId });
    return {
      id, actor_id: actorId, action, entity: 'probe', entity_id: entityId,
      before_json: JSON.stringify({ n: i - 1 }), after_json: JSON.stringify({ n: i }), created_at: createdAt,
    };
  });
  await t.db.insertInto('audit_log').values(rows).execute();
});
afterAll(async () => {
  await t.close();
});

const browse = async (q: Record<string, string>) => data(await get<ConsoleAuditResponse>(t.app, apiPaths.consoleAudit, q, { token: admin.token }));

async function all(q: Record<string, string>, limit = 7): Promise<ConsoleAuditEntry[]> {
  const out: ConsoleAuditEntry[] = [];
  let cursor: string | null = null;
  do {
    const page: ConsoleAuditResponse = await browse({ ...q, limit: String(limit), ...(cursor ? { cursor } : {}) });
    expect(page.items.length).toBeLessThanOrEqual(limit);
    out.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

/**
 * Newest first; ties on the timestamp in the database's own order of ids (a collation may sort
 * text differently from JavaScript), so pages are compared with one unpaged read.
 */
const newestFirst = (xs: typeof ours) => {
  const byTime = [...xs].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  return byTime.map((x) => x.createdAt);
};
const ids = (xs: typeof ours) => new Set(xs.map((x) => x.id));

async function expectPaged(q: Record<string, string>, subset: typeof ours, limit = 7) {
  const paged = await all(q, limit);
  const whole = (await browse({ ...q, limit: '100' })).items;
  expect(paged.map((e) => e.id)).toEqual(whole.map((e) => e.id));
  expect(new Set(paged.map((e) => e.id))).toEqual(ids(subset));
  expect(paged.map((e) => e.createdAt)).toEqual(newestFirst(subset));
  return paged;
}

describe('browsing', () => {
  it('pages through every entry once, newest first, ties broken by id', async () => {
    const got = await expectPaged({ entity: 'probe' }, ours);
    const top = got[0]!;
    expect(top.createdAt).toBe(isoAt(base + 19_000));
    expect([57, 58, 59]).toContain((top.after as { n: number }).n);
    expect(top.before).toEqual({ n: (top.after as { n: number }).n - 1 });
  });

  it('names the actor; the system has none', async () => {
    const got = await expectPaged({ entity: 'probe', actorId: admin.id }, ours.filter((x) => x.actorId === admin.id));
    expect(got.every((e) => e.actorName === admin.login.nickname)).toBe(true);
    const system = (await all({ entity: 'probe' })).filter((e) => e.actorId === null);
    expect(system.every((e) => e.actorName === null)).toBe(true);
  });

  it('filters by action, record and time range (from inclusive, to exclusive)', async () => {
    await expectPaged({ action: 'test.alpha' }, ours.filter((x) => x.action === 'test.alpha'));
    await expectPaged({ entity: 'probe', entityId: 'rec-1' }, ours.filter((x) => x.entityId === 'rec-1'), 2);
    const from = isoAt(base + 5000);
    const to = new Date(base + 9000).toISOString().replace('Z', '+00:00');
    const inRange = ours.filter((x) => x.createdAt >= from && x.createdAt < isoAt(base + 9000));
    expect(inRange).toHaveLength(12);
    await expectPaged({ entity: 'probe', from, to }, inRange, 5);
  });

  it('shows the console\'s own writes (the admin\'s second-factor activation)', async () => {
    const got = await all({ actorId: admin.id, action: 'mfa.activate' });
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ entity: 'user', entityId: admin.id, after: { mfa: 'active', recoveryCodes: 10 } });
  });

  it('refuses bad ranges and forged cursors', async () => {
    const q = { token: admin.token };
    const r1 = await get(t.app, apiPaths.consoleAudit, { from: isoAt(base + 2000), to: isoAt(base + 1000) }, q);
    expect(r1.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    const r2 = await get(t.app, apiPaths.consoleAudit, { from: 'yesterday' }, q);
    expect(r2.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    const forged = Buffer.from(JSON.stringify(['users', isoAt(base), 'x'])).toString('base64url');
    const r3 = await get(t.app, apiPaths.consoleAudit, { cursor: forged }, q);
    expect(r3.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    const r4 = await get(t.app, apiPaths.consoleAudit, { limit: '1000' }, q);
    expect(r4.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
  });

  it('the log stays append-only', async () => {
    await expect(t.db.updateTable('audit_log').set({ action: 'x' }).where('id', '=', ours[0]!.id).execute()).rejects.toThrow();
    await expect(t.db.deleteFrom('audit_log').where('id', '=', ours[0]!.id).execute()).rejects.toThrow();
  });
});
