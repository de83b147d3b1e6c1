/**
 * The console queue at scale: fills a scratch database with ROWS applications (default a million)
 * and times the queue's own queries — first page, a page deep in the scroll, each filter, both
 * searches and a reviewer's queue. SQLite in a temporary directory by default; PostgreSQL when
 * DATABASE_URL is set (a scratch schema, dropped afterwards).
 *
 *   node --import tsx bench/console-queue.ts            ROWS=200000 node --import tsx bench/console-queue.ts
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { applicationKinds } from '@qgw/contracts';
import { openDatabase } from '../apps/api/src/db/index.js';
import { migrateToLatest } from '../apps/api/src/db/migrations/index.js';
import { type QueueFilter, queuePage } from '../apps/api/src/modules/review/queue.repository.js';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const BATCH = 1000;
const statuses = ['submitted', 'under_review', 'approved', 'rejected', 'returned', 'withdrawn', 'draft'] as const;
const names = ['张青', '李明', '王芳', '赵磊', '陈静', '刘洋', '杨帆', '黄蕾', '周杰', '吴敏'];

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'qgw-bench-'));
  const url = process.env.DATABASE_URL;
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(statement);
    await c.end();
  };
  if (url) await admin(`create schema ${schema}`);
  const handle = openDatabase(url ? { databaseUrl: url, pgSearchPath: schema } : { sqliteFile: join(dir, 'app.db') });
  const { db } = handle;
  try {
    await migrateToLatest(db);
    const now = new Date().toISOString();
    const programmeId = randomUUID();
    await db.insertInto('programmes').values({
      id: programmeId, year: 2024, name: 'bench', opens_at: now, closes_at: now, review_ends_at: now, results_at: now,
      phase_override: null, created_at: now, updated_at: now, is_current: 0, min_age: 18, max_age: 40,
    }).execute();
    const themeIds = Array.from({ length: 5 }, () => randomUUID());
    await db.insertInto('themes').values(themeIds.map((id, i) => ({ id, programme_id: programmeId, name: `主题${i}`, description: '', sort: i, active: 1 as const }))).execute();
    const reviewerId = randomUUID();

    const t0 = performance.now();
    const users = Math.ceil(ROWS / 5);
    for (let start = 0; start < users; start += BATCH) {
      const chunk = Array.from({ length: Math.min(BATCH, users - start) }, (_, i) => ({
        id: `u${start + i}`,
        mobile: `13${String(start + i).padStart(9, '0')}`,
        password_hash: 'x', nickname: 'n', avatar: null, status: 'active' as const, new_user: 0 as const, created_at: now, updated_at: now,
      }));
      await db.insertInto('users').values(chunk).execute();
    }
    await db.insertInto('users').values({ id: reviewerId, mobile: '19900000000', password_hash: 'x', nickname: 'r', avatar: null, status: 'active', new_user: 0, created_at: now, updated_at: now }).execute();
    const base = Date.UTC(2024, 0, 1);
    for (let start = 0; start < ROWS; start += BATCH) {
      const chunk = Array.from({ length: Math.min(BATCH, ROWS - start) }, (_, i) => {
        const n = start + i;
        const at = new Date(base + Math.floor(n / 3) * 1000).toISOString();
        return {
          id: randomUUID(),
          // five per user, one of each kind: the one-live-per-kind rule holds
          kind: applicationKinds[n % 5]!,
          user_id: `u${Math.floor(n / 5)}`,
          programme_id: programmeId,
          status: statuses[n % statuses.length]!,
          version: 1,
          title: names[n % names.length]!,
          applicant_name: `${names[n % names.length]}${n % 97}`,
          organization: null,
          theme_id: n % 5 === 3 ? themeIds[Math.floor(n / 5) % themeIds.length]! : null,
          data_json: '{}',
          id_number_enc: null,
          reason: null,
          submitted_at: at,
          decided_at: null,
          created_at: at,
          updated_at: at,
        };
      });
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('applications').values(chunk).execute();
      });
    }
    // a reviewer with two thousand assignments
    const sample = await db.selectFrom('applications').select('id').where('status', '=', 'under_review').limit(2000).execute();
    await db.insertInto('review_assignments').values(sample.map((s) => ({ application_id: s.id, reviewer_id: reviewerId, method: 'manual' as const, assigned_by: null, assigned_at: now }))).execute();
    // three hundred staged decisions, on the oldest applications
    const oldest = await db.selectFrom('applications').select('id').where('status', '=', 'under_review').orderBy('updated_at').limit(300).execute();
    await db.insertInto('staged_decisions').values(oldest.map((o) => ({ application_id: o.id, decision: 'approve' as const, reason: '', staged_by: reviewerId, staged_at: now, app_version: 1 }))).execute();
    // PostgreSQL: fresh statistics and visibility map, as autovacuum leaves them after a load (13+);
    // SQLite gets none, as in production, which never runs ANALYZE
    if (handle.dialect === 'postgres') await sql`vacuum analyze`.execute(db);
    console.log(`${handle.dialect}: ${ROWS} applications loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const deep = await db.selectFrom('applications').select(['updated_at', 'id']).orderBy('updated_at', 'desc').orderBy('id', 'desc').offset(Math.floor(ROWS * 0.8)).limit(1).executeTakeFirstOrThrow();
    const after = { updatedAt: deep.updated_at, id: deep.id };
    const cases: Array<[string, QueueFilter]> = [
      ['first page', { programmeIds: null, limit: 21 }],
      ['page at 80 % of the scroll', { programmeIds: null, after, limit: 21 }],
      ['status filter, deep', { programmeIds: null, status: 'under_review', after, limit: 21 }],
      ['kind filter, deep', { programmeIds: null, kind: 'work', after, limit: 21 }],
      ['theme filter, deep', { programmeIds: null, themeId: themeIds[0]!, after, limit: 21 }],
      ['programme filter, deep', { programmeIds: [programmeId], after, limit: 21 }],
      ['name prefix 张青1 (1 %)', { programmeIds: null, search: { by: 'name', prefix: '张青1' }, limit: 21 }],
      ['name prefix 张 (10 %)', { programmeIds: null, search: { by: 'name', prefix: '张' }, limit: 21 }],
      ['name prefix 张 (10 %), deep', { programmeIds: null, search: { by: 'name', prefix: '张' }, after, limit: 21 }],
      ['name prefix 欧 (none)', { programmeIds: null, search: { by: 'name', prefix: '欧' }, limit: 21 }],
      ['name prefix 张青12 (0.1 %), deep', { programmeIds: null, search: { by: 'name', prefix: '张青12' }, after, limit: 21 }],
      ['masked mobile 130****1234', { programmeIds: null, search: { by: 'mobile', first3: '130', last4: '1234' }, limit: 21 }],
      ['reviewer queue (2000 assigned)', { programmeIds: null, assignedTo: reviewerId, limit: 21 }],
      ['staged decisions (300)', { programmeIds: null, staged: true, limit: 21 }],
      ['unassigned, submitted', { programmeIds: null, status: 'submitted', unassigned: true, limit: 21 }],
    ];
    for (const [label, f] of cases) {
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < 15; i++) {
        const s = performance.now();
        rows = (await queuePage(db, f)).length;
        times.push(performance.now() - s);
      }
      times.sort((a, b) => a - b);
      console.log(`${label.padEnd(34)} median ${times[7]!.toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms (${rows} rows)`);
    }
  } finally {
    await handle.destroy();
    if (url) await admin(`drop schema ${schema} cascade`);
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
