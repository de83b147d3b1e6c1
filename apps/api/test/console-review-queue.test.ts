/**
 * The console queue: keyset pages (fast-check: for any filter and page size, the pages concatenate
 * to exactly the filtered set in order, with no duplicates, even while rows are added between
 * pages), drafts never listed, reviewers limited to their assignments, search by name prefix or
 * masked mobile, and query plans that walk an index instead of sorting the table.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { CompiledQuery, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApplicationKind, type ApplicationStatus, apiPaths, applicationKinds, applicationStatuses, Code, type ConsoleQueueItem,
  type ConsoleQueueResponse,
} from '@qgw/contracts';
import { isoAt } from '../src/clock.js';
import type { Database } from '../src/db/schema.js';
import { queuePage, queueQuery } from '../src/modules/review/queue.repository.js';
import { data, get } from './support/api.js';
import { createWorld, type ReviewWorld } from './support/console-review.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let w: ReviewWorld;
let programmeId: string;
let themes: string[];
const names = ['张青', '张青山', '李明', '王芳', '欧阳青禾', '张'];

async function insertUser(db: Kysely<Database>, mobile: string): Promise<string> {
  const id = randomUUID();
  const now = isoAt(Date.now());
  await db
    .insertInto('users')
    .values({ id, mobile, password_hash: 'not-a-login', nickname: '用户', avatar: null, status: 'active', new_user: 0, created_at: now, updated_at: now })
    .execute();
  return id;
}

let seq = 0;
/** An application row as the applications module writes it (works: any number per user). */
async function insertApplication(db: Kysely<Database>, o: { userId: string; kind: ApplicationKind; status: ApplicationStatus; updatedAt: string; name: string; themeId: string | null }) {
  const id = randomUUID();
  await db
    .insertInto('applications')
    .values({
      id,
      kind: o.kind,
      user_id: o.userId,
      programme_id: o.kind === 'membership' ? null : programmeId,
      status: o.status,
      version: 1,
      title: o.kind === 'work' ? `作品${++seq}` : o.name,
      applicant_name: o.name,
      organization: '某单位',
      theme_id: o.themeId,
      data_json: '{}',
      id_number_enc: null,
      reason: null,
      submitted_at: o.status === 'draft' ? null : o.updatedAt,
      decided_at: null,
      created_at: o.updatedAt,
      updated_at: o.updatedAt,
    })
    .execute();
  return id;
}

/** Few distinct timestamps, so that many rows tie on updated_at and the id decides. */
const stamps = Array.from({ length: 6 }, (_, i) => isoAt(Date.UTC(2024, 4, 1 + i)));
const mobiles = ['13812341234', '13899991234', '13812345678', '13912341234', '13800001234'];

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  programmeId = (await t.db.selectFrom('programmes').select('id').executeTakeFirstOrThrow()).id;
  themes = (await t.db.selectFrom('themes').select('id').orderBy('sort').execute()).map((r) => r.id);
  const users = [];
  for (const m of mobiles) users.push(await insertUser(t.db, m));
  let n = 0;
  for (const kind of applicationKinds) {
    for (const status of applicationStatuses) {
      for (let k = 0; k < 4; k++) {
        n++;
        // one live application per user, kind and programme (works excepted): a fresh user where needed
        const userId = kind === 'work' ? users[n % users.length]! : await insertUser(t.db, `137${String(n).padStart(8, '0')}`);
        await insertApplication(t.db, {
          userId,
          kind,
          status,
          updatedAt: stamps[n % stamps.length]!,
          name: names[n % names.length]!,
          themeId: kind === 'work' ? themes[n % themes.length]! : null,
        });
      }
    }
  }
});
afterAll(async () => {
  await t.close();
});

interface Filter {
  kind?: ApplicationKind | undefined;
  status?: ApplicationStatus | undefined;
  themeId?: string | undefined;
  q?: string | undefined;
}

async function walk(token: string, f: Filter, limit: number, between?: () => Promise<void>): Promise<ConsoleQueueItem[]> {
  const out: ConsoleQueueItem[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 500; guard++) {
    const query: Record<string, string> = { limit: String(limit) };
    for (const [k, v] of Object.entries(f)) if (v !== undefined) query[k] = v;
    if (cursor) query.cursor = cursor;
    const page: ConsoleQueueResponse = data(await get<ConsoleQueueResponse>(t.app, apiPaths.consoleQueue, query, { token }));
    expect(page.items.length).toBeLessThanOrEqual(limit);
    out.push(...page.items);
    if (!page.nextCursor) return out;
    cursor = page.nextCursor;
    await between?.();
  }
  throw new Error('pagination did not end');
}

/** The expected order, as the database itself orders the filtered set. */
async function expected(f: Filter, only?: string[]): Promise<string[]> {
  let q = t.db.selectFrom('applications').select('id').where('status', '<>', 'draft');
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.themeId) q = q.where('theme_id', '=', f.themeId);
  if (only) q = q.where('id', 'in', only.length > 0 ? only : ['none']);
  return (await q.orderBy('updated_at', 'desc').orderBy('id', 'desc').execute()).map((r) => r.id);
}

describe('keyset pagination', () => {
  it('pages concatenate to the full ordered set, without duplicates, for any filter and page size', async () => {
    let pages = 0;
    expect((await expected({})).length).toBe(applicationKinds.length * (applicationStatuses.length - 1) * 4);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          // unset half of the time (fast-check's option: nil once in `freq`)
          kind: fc.option(fc.constantFrom(...applicationKinds), { freq: 2, nil: undefined }),
          status: fc.option(fc.constantFrom(...applicationStatuses.filter((s) => s !== 'draft')), { freq: 2, nil: undefined }),
          themeId: fc.oneof(
            { weight: 4, arbitrary: fc.constant(undefined) },
            { weight: 1, arbitrary: fc.constantFrom(...themes) },
          ),
        }),
        fc.integer({ min: 1, max: 15 }),
        async (f, limit) => {
          const ids = (await walk(w.admin.token, f, limit)).map((i) => i.id);
          pages += Math.ceil(ids.length / limit);
          expect(new Set(ids).size).toBe(ids.length);
          expect(ids).toEqual(await expected(f));
        },
      ),
      { numRuns: 30 },
    );
    // the runs did page
    expect(pages).toBeGreaterThan(30);
  });

  it('never repeats a row when rows change between pages', async () => {
    const users = await t.db.selectFrom('users').select('id').where('mobile', 'in', mobiles).execute();
    let added = 0;
    const before = await expected({});
    const seen = await walk(w.admin.token, {}, 7, async () => {
      // new entries arrive while the admin scrolls: they sort before the cursor, so they wait for a reload
      added++;
      await insertApplication(t.db, { userId: users[0]!.id, kind: 'work', status: 'submitted', updatedAt: isoAt(Date.now() + added * 1000), name: '新来', themeId: themes[0]! });
    });
    const ids = seen.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    // everything that existed when the scroll began is seen exactly once
    expect(ids).toEqual(before);
  });

  it('refuses a cursor it did not make', async () => {
    const res = await get(t.app, apiPaths.consoleQueue, { cursor: 'bm90LWEtY3Vyc29y' }, { token: w.admin.token });
    expect(res.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
  });
});

describe('scope and search', () => {
  it('drafts are never listed', async () => {
    const all = await walk(w.admin.token, {}, 100);
    expect(all.some((i) => i.status === 'draft')).toBe(false);
    expect((await get(t.app, apiPaths.consoleQueue, { status: 'draft' }, { token: w.admin.token })).body).toMatchObject({ success: true, message: { items: [] } });
  });

  it('a reviewer pages through exactly their assignments', async () => {
    const pool = await expected({});
    const mine = pool.filter((_, i) => i % 3 === 0).slice(0, 17);
    const now = isoAt(Date.now());
    await t.db
      .insertInto('review_assignments')
      .values(mine.map((id) => ({ application_id: id, reviewer_id: w.reviewer.id, method: 'manual' as const, assigned_by: w.admin.id, assigned_at: now })))
      .execute();
    const ids = (await walk(w.reviewer.token, {}, 4)).map((i) => i.id);
    expect(ids).toEqual(await expected({}, mine));
    // filters narrow within the assignments, never beyond them
    const work = (await walk(w.reviewer.token, { kind: 'work' }, 3)).map((i) => i.id);
    expect(work).toEqual(await expected({ kind: 'work' }, mine));
  });

  it('finds by name prefix and by masked mobile (first 3 and last 4 digits)', async () => {
    const byName = await walk(w.admin.token, { q: '张青' }, 10);
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((i) => i.applicantName?.startsWith('张青'))).toBe(true);
    const allZhang = (await walk(w.admin.token, {}, 100)).filter((i) => i.applicantName?.startsWith('张青'));
    expect(byName.map((i) => i.id)).toEqual(allZhang.map((i) => i.id));

    const byMobile = await walk(w.admin.token, { q: '138****1234' }, 10);
    const owners = await t.db
      .selectFrom('applications as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.id', 'u.mobile'])
      .where('a.id', 'in', byMobile.map((i) => i.id).concat(['none']))
      .execute();
    expect(new Set(owners.map((o) => o.mobile))).toEqual(new Set(['13812341234', '13899991234', '13800001234']));
    expect(byMobile.every((i) => i.mobileMasked === '138****1234')).toBe(true);

    // both ways of finding a name (walking the queue, or the name index) answer the same pages
    for (const prefix of ['张', '张青', '欧', '李明', '无']) {
      const f = { programmeIds: null, search: { by: 'name' as const, prefix }, limit: 50 };
      const walked = await queuePage(t.db, { ...f, walkNames: true });
      expect(await queuePage(t.db, { ...f, walkNames: false }), prefix).toEqual(walked);
      expect(await queuePage(t.db, f), prefix).toEqual(walked);
    }

    // wildcards are taken literally
    expect(data(await get<ConsoleQueueResponse>(t.app, apiPaths.consoleQueue, { q: '_' }, { token: w.admin.token })).items).toEqual([]);
    expect((await get(t.app, apiPaths.consoleQueue, { q: '138**1234' }, { token: w.admin.token })).body).toMatchObject({ success: false });
  });
});

describe('query plans', () => {
  /** EXPLAIN of the queue's own query: it must walk an index in order, not sort the table. */
  async function plan(f: Parameters<typeof queueQuery>[1]): Promise<string> {
    const compiled = queueQuery(t.db, f)!.compile();
    if (t.dialect === 'sqlite') {
      const r = await t.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]));
      return r.rows.map((x) => x.detail).join('\n');
    }
    return t.db.transaction().execute(async (trx) => {
      // on a tiny table the planner would rightly prefer a sequential scan; ask what it does at scale
      await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
      const r = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
      return r.rows.map((x) => x['QUERY PLAN']).join('\n');
    });
  }

  it('uses the (filter, updated_at, id) indexes for the keyset', async () => {
    const after = { updatedAt: stamps[3]!, id: randomUUID() };
    for (const [f, index] of [
      [{ programmeIds: null, after, limit: 21 }, 'applications_queue_idx'],
      [{ programmeIds: null, status: 'submitted' as const, after, limit: 21 }, 'applications_queue_status_idx'],
      [{ programmeIds: null, kind: 'work' as const, after, limit: 21 }, 'applications_queue_kind_idx'],
      [{ programmeIds: null, themeId: themes[0]!, after, limit: 21 }, 'applications_queue_theme_idx'],
    ] as const) {
      const p = await plan(f);
      expect(p, JSON.stringify(f)).toContain(index);
      expect(p).not.toMatch(/TEMP B-TREE FOR ORDER BY|Sort Key/);
    }
    const mobile = await plan({ programmeIds: null, search: { by: 'mobile', first3: '138', last4: '1234' }, limit: 21 });
    expect(mobile).toContain('users_mobile_mask_idx');
    const name = await plan({ programmeIds: null, search: { by: 'name', prefix: '张青' }, limit: 21, walkNames: false });
    expect(name).toContain('applications_name_prefix_idx');
    // the page is picked from the name index alone; only the page's own rows are read from the table
    if (t.dialect === 'sqlite') expect(name).toContain('COVERING INDEX applications_name_prefix_idx');
    // a common name walks the queue's order instead, so the first matches end the scan
    const common = await plan({ programmeIds: null, search: { by: 'name', prefix: '张' }, limit: 21, walkNames: true });
    expect(common).not.toContain('applications_name_prefix_idx');
    // (PostgreSQL, told to avoid sequential scans on a tiny table, may sort it; at scale it walks)
    if (t.dialect === 'sqlite') expect(common).toContain('applications_queue_idx');
  });

  it('drives a reviewer’s queue from their assignments, not from the whole table', async () => {
    const p = await plan({ programmeIds: null, assignedTo: w.reviewer.id, after: { updatedAt: stamps[3]!, id: randomUUID() }, limit: 21 });
    expect(p).toContain('review_assignments_reviewer_idx');
    expect(p).not.toContain('applications_queue_idx');
  });
});
