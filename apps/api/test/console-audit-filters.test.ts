/**
 * The audit log's filters as the screen uses them: who by name (the start of a nickname, never an
 * id), and whole days in Beijing time (from the day's first second to the last, both days
 * included); bad input refused; admins only.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, Code, type ConsoleAuditResponse } from '@qgw/contracts';
import { data, get, newUser, type TestUser } from './support/api.js';
import { type ConsoleUser, newConsoleUser } from './support/console.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let admin: ConsoleUser;
let reviewer: ConsoleUser;
let applicant: TestUser;
// names no other test in a shared database has: an ASCII start, so case can be tried too
const tag = randomBytes(3).toString('hex');
const adminName = `Au${tag}管理员`;
const reviewerName = `Au${tag}评审`;
const oddName = `x%_${tag}`;
const entity = `probe-${tag}`;

/** Each entry: its instant (UTC) and actor; the Beijing day in the comment. */
const entries: { at: string; who: 'admin' | 'reviewer' | 'odd' | null }[] = [
  { at: '2031-04-01T15:59:59.000Z', who: 'admin' }, // 04-01 23:59:59
  { at: '2031-04-01T16:00:00.000Z', who: 'reviewer' }, // 04-02 00:00:00
  { at: '2031-04-02T08:00:00.000Z', who: null }, // 04-02 16:00:00
  { at: '2031-04-02T15:59:59.999Z', who: 'admin' }, // 04-02 23:59:59
  { at: '2031-04-02T16:00:00.000Z', who: 'odd' }, // 04-03 00:00:00
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await newConsoleUser(t.app, t.db, t.clock, ['admin']);
  reviewer = await newConsoleUser(t.app, t.db, t.clock, ['reviewer']);
  const odd = await newUser(t.app);
  applicant = await newUser(t.app);
  const ids = { admin: admin.id, reviewer: reviewer.id, odd: odd.id };
  for (const [id, nickname] of [[admin.id, adminName], [reviewer.id, reviewerName], [odd.id, oddName]] as const) {
    await t.db.updateTable('users').set({ nickname }).where('id', '=', id).execute();
  }
  await t.db
    .insertInto('audit_log')
    .values(entries.map((e, i) => ({
      id: randomUUID(), actor_id: e.who ? ids[e.who] : null, action: 'test.filter', entity, entity_id: `rec-${i}`,
      before_json: null, after_json: JSON.stringify({ i }), created_at: e.at,
    })))
    .execute();
});
afterAll(async () => {
  await t.close();
});

const browse = async (q: Record<string, string>) =>
  data(await get<ConsoleAuditResponse>(t.app, apiPaths.consoleAudit, { entity, limit: '100', ...q }, { token: admin.token })).items;
const positions = (items: { after: unknown }[]) => items.map((e) => (e.after as { i: number }).i).sort();

describe('who, by name', () => {
  it('matches the start of the actor\'s nickname, whatever the ASCII case', async () => {
    expect(positions(await browse({ actorName: `Au${tag}` }))).toEqual([0, 1, 3]);
    expect(positions(await browse({ actorName: `au${tag.toUpperCase()}评` }))).toEqual([1]);
    const mine = await browse({ actorName: adminName });
    expect(positions(mine)).toEqual([0, 3]);
    expect(mine.every((e) => e.actorName === adminName)).toBe(true);
  });

  it('matches only the start, and takes wildcards literally', async () => {
    expect(await browse({ actorName: `${tag}管理员` })).toEqual([]);
    expect(await browse({ actorName: '%' })).toEqual([]);
    expect(positions(await browse({ actorName: 'x%_' }))).toEqual([4]);
    expect(await browse({ actorName: 'x__' })).toEqual([]);
  });

  it('combines with the action and the days', async () => {
    expect(positions(await browse({ actorName: adminName, action: 'test.filter', fromDate: '2031-04-02', toDate: '2031-04-02' }))).toEqual([3]);
    expect(await browse({ actorName: adminName, action: 'test.other' })).toEqual([]);
  });
});

describe('days in Beijing time', () => {
  it('one day: from its first second to its last, Beijing wall clock', async () => {
    expect(positions(await browse({ fromDate: '2031-04-02', toDate: '2031-04-02' }))).toEqual([1, 2, 3]);
  });

  it('open ends, and a range of days', async () => {
    expect(positions(await browse({ fromDate: '2031-04-02' }))).toEqual([1, 2, 3, 4]);
    expect(positions(await browse({ toDate: '2031-04-01' }))).toEqual([0]);
    expect(positions(await browse({ fromDate: '2031-04-01', toDate: '2031-04-03' }))).toEqual([0, 1, 2, 3, 4]);
  });

  it('pages through a day without repeats', async () => {
    const first = data(await get<ConsoleAuditResponse>(t.app, apiPaths.consoleAudit, { entity, fromDate: '2031-04-02', toDate: '2031-04-02', limit: '2' }, { token: admin.token }));
    expect(first.items).toHaveLength(2);
    const rest = data(await get<ConsoleAuditResponse>(t.app, apiPaths.consoleAudit, { entity, fromDate: '2031-04-02', toDate: '2031-04-02', limit: '2', cursor: first.nextCursor! }, { token: admin.token }));
    expect(positions([...first.items, ...rest.items])).toEqual([1, 2, 3]);
    expect(rest.nextCursor).toBeNull();
  });
});

describe('refusals', () => {
  it('refuses bad dates, a reversed range and a name too long or blank', async () => {
    const bad: Record<string, string>[] = [
      { fromDate: '2031-13-01' },
      { toDate: '2031/04/01' },
      { fromDate: '2031-02-30' },
      { fromDate: '2031-04-01T00:00:00Z' },
      { fromDate: '2031-04-03', toDate: '2031-04-02' },
      { actorName: '名'.repeat(21) },
      { actorName: '   ' },
    ];
    for (const q of bad) {
      const res = await get(t.app, apiPaths.consoleAudit, q, { token: admin.token });
      expect(res.body, JSON.stringify(q)).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
  });

  it('answers nobody without a session, and no one but an admin', async () => {
    const q = { actorName: adminName };
    const none = await get(t.app, apiPaths.consoleAudit, q);
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ success: false, code: Code.UNAUTHORIZED });
    for (const token of [applicant.token, reviewer.token]) {
      const res = await get(t.app, apiPaths.consoleAudit, q, { token });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: Code.FORBIDDEN });
    }
  });
});
