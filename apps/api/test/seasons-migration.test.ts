/**
 * Migration 0016 (seasons): the single programme a database holds becomes the first season, the
 * current one, and takes the rubric criteria, the kinds' rubric versions and the 评选设置 with it;
 * applications, themes and reviews are left exactly as they were. On SQLite and PostgreSQL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateRetryingCatalogueRaces, migrateToLatest } from '../src/db/migrations/index.js';
import { createFreshDatabase, type FreshDatabase, testDatabaseUrl } from './support/test-app.js';

const dialectName = testDatabaseUrl ? 'postgres' : 'sqlite';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables as they were before 0016
type AnyDb = Kysely<any>;

const at = '2024-05-01T00:00:00.000Z';

describe(`migration 0016 (seasons) on ${dialectName}`, () => {
  let dir: string;
  let fresh: FreshDatabase;
  let db: AnyDb;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'qgw-seasons-'));
    fresh = await createFreshDatabase(dir);
    db = fresh.db as unknown as AnyDb;
    const { error } = await migrateRetryingCatalogueRaces(fresh.db, (migrator) => migrator.migrateTo('0015-rubric-versions'));
    expect(error).toBeUndefined();

    const programme = (id: string, year: number) => ({
      id, year, name: `${year} 青年创新榜`, opens_at: at, closes_at: at, review_ends_at: at, results_at: at,
      phase_override: null, created_at: at, updated_at: at,
    });
    await db.insertInto('programmes').values([programme('p2023', 2023), programme('p2024', 2024)]).execute();
    await db.insertInto('themes').values({ id: 't1', programme_id: 'p2024', name: '科技创新', description: '', sort: 1, active: 1 }).execute();
    await db.insertInto('users').values({
      id: 'u1', mobile: '13900000001', password_hash: 'x', nickname: 'n', avatar: null, status: 'active', new_user: 0, created_at: at, updated_at: at,
    }).execute();
    await db.insertInto('applications').values({
      id: 'a1', kind: 'person', user_id: 'u1', programme_id: 'p2024', status: 'approved', version: 3, title: '张三', applicant_name: '张三',
      organization: null, theme_id: null, data_json: '{}', id_number_enc: null, reason: null, submitted_at: at, decided_at: at, created_at: at, updated_at: at,
    }).execute();
    const criterion = (id: string, kind: string, active: 0 | 1) => ({
      id, kind, name: id, description: '', weight: 100, max_score: 10, sort: 1, active, created_at: at, updated_at: at, updated_by: null, anchors_json: '[]',
    });
    await db.insertInto('rubric_criteria').values([criterion('c1', 'person', 1), criterion('c0', 'person', 0), criterion('c2', 'work', 1)]).execute();
    await db.insertInto('rubric_versions').values({ kind: 'person', version: 3, created_at: at, created_by: 'u1' }).execute();
    await db.insertInto('reviews').values({
      id: 'r1', application_id: 'a1', reviewer_id: 'u1', scores_json: '{"c0":8}', total: 80, recommendation: 'approve', comment_to_applicant: '',
      private_note: '', submitted_at: at, updated_at: at, rubric_version: 2, needs_rescore: 1,
    }).execute();
    const setting = (key: string, value: unknown) => ({ key, value_json: JSON.stringify(value), updated_at: at, updated_by: 'u1' });
    await db.insertInto('console_settings').values([
      setting('blind_review', true), setting('min_reviews', { person: 2 }), setting('target_reviewers', { work: 4 }), setting('quota', { person: 5 }),
      setting('rubric_saved:person', at),
    ]).execute();

    await migrateToLatest(fresh.db);
  });
  afterAll(async () => {
    await fresh.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('makes the newest programme the one current season', async () => {
    const rows = await db.selectFrom('programmes').select(['id', 'is_current']).orderBy('year').execute();
    expect(rows.map((r) => [r.id, Number(r.is_current)])).toEqual([['p2023', 0], ['p2024', 1]]);
    // the database holds the rule: a second current season is refused
    await expect(db.updateTable('programmes').set({ is_current: 1 }).where('id', '=', 'p2023').execute()).rejects.toThrow();
  });

  it('moves the rubric criteria, retired ones included, and the kinds\' versions into the first season', async () => {
    const criteria = await db.selectFrom('rubric_criteria').select(['id', 'programme_id', 'active']).orderBy('id').execute();
    expect(criteria.map((c) => [c.id, c.programme_id, Number(c.active)])).toEqual([['c0', 'p2024', 0], ['c1', 'p2024', 1], ['c2', 'p2024', 1]]);
    const versions = await db.selectFrom('rubric_versions').selectAll().execute();
    expect(versions.map((v) => ({ ...v, version: Number(v.version) }))).toEqual([
      { programme_id: 'p2024', kind: 'person', version: 3, created_at: at, created_by: 'u1' },
    ]);
  });

  it('moves the 评选设置 into the first season and keeps the console-wide ones', async () => {
    const moved = await db.selectFrom('programme_settings').select(['programme_id', 'key', 'value_json', 'updated_by']).orderBy('key').execute();
    expect(moved).toEqual([
      { programme_id: 'p2024', key: 'blind_review', value_json: 'true', updated_by: 'u1' },
      { programme_id: 'p2024', key: 'min_reviews', value_json: '{"person":2}', updated_by: 'u1' },
      { programme_id: 'p2024', key: 'quota', value_json: '{"person":5}', updated_by: 'u1' },
      { programme_id: 'p2024', key: 'target_reviewers', value_json: '{"work":4}', updated_by: 'u1' },
    ]);
    const left = await db.selectFrom('console_settings').select('key').execute();
    expect(left.map((r) => r.key)).toEqual(['rubric_saved:person']);
  });

  it('leaves applications, themes and reviews as they were', async () => {
    expect(await db.selectFrom('applications').select(['id', 'programme_id', 'status', 'version']).execute()).toEqual([
      { id: 'a1', programme_id: 'p2024', status: 'approved', version: 3 },
    ]);
    expect(await db.selectFrom('themes').select(['id', 'programme_id']).execute()).toEqual([{ id: 't1', programme_id: 'p2024' }]);
    const [r] = await db.selectFrom('reviews').select(['id', 'scores_json', 'rubric_version', 'needs_rescore']).execute();
    expect({ ...r, rubric_version: Number(r!.rubric_version), needs_rescore: Number(r!.needs_rescore) }).toEqual({
      id: 'r1', scores_json: '{"c0":8}', rubric_version: 2, needs_rescore: 1,
    });
  });

  it('goes down to a single programme again with the current season\'s rubric and settings', async () => {
    const { error } = await migrateRetryingCatalogueRaces(fresh.db, (migrator) => migrator.migrateTo('0015-rubric-versions'));
    expect(error).toBeUndefined();
    expect((await db.selectFrom('rubric_versions').select(['kind', 'version']).execute()).map((v) => [v.kind, Number(v.version)])).toEqual([['person', 3]]);
    expect((await db.selectFrom('console_settings').select('key').orderBy('key').execute()).map((r) => r.key)).toEqual([
      'blind_review', 'min_reviews', 'quota', 'rubric_saved:person', 'target_reviewers',
    ]);
    expect(await db.selectFrom('rubric_criteria').select('id').orderBy('id').execute()).toEqual([{ id: 'c0' }, { id: 'c1' }, { id: 'c2' }]);
    await migrateToLatest(fresh.db);
    expect(await db.selectFrom('programmes').select('id').where('is_current', '=', 1).execute()).toEqual([{ id: 'p2024' }]);
  });
});
