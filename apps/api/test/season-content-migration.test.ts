/**
 * Migration 0018 (season content): the programme pages and awards move into the current season
 * whole (every column, the slugs kept), the committee pages stay seasonless, and a slug becomes
 * unique within its season. The way down keeps the current season's and restores the single
 * programme's unique slugs. On SQLite and PostgreSQL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateRetryingCatalogueRaces, migrateToLatest } from '../src/db/migrations/index.js';
import { createFreshDatabase, type FreshDatabase, testDatabaseUrl } from './support/test-app.js';

const dialectName = testDatabaseUrl ? 'postgres' : 'sqlite';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables as they were before 0018
type AnyDb = Kysely<any>;

const at = '2024-05-01T00:00:00.000Z';
const article = (id: string, category: string, slug: string | null, extra: Record<string, unknown> = {}) => ({
  id, category, slug, title: `标题 ${id}`, summary: '摘要', body: '<p>正文</p>', cover_url: null, attachments_json: '[]',
  award_quota: null, award_prize: null, sort: 10, published: 1, published_at: at, created_at: at, updated_at: at, updated_by: 'u1', ...extra,
});
const rows = [
  article('a-intro', 'intro', 'intro'),
  article('a-news', 'news', null, { published: 0, published_at: null }),
  article('a-overview', 'programme', 'cxb-overview'),
  article('a-award', 'award', null, { award_quota: 10, award_prize: '证书及奖金 20000 元', sort: 0 }),
];

describe(`migration 0018 (season content) on ${dialectName}`, () => {
  let dir: string;
  let fresh: FreshDatabase;
  let db: AnyDb;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'qgw-season-content-'));
    fresh = await createFreshDatabase(dir);
    db = fresh.db as unknown as AnyDb;
    const { error } = await migrateRetryingCatalogueRaces(fresh.db, (migrator) => migrator.migrateTo('0016-seasons'));
    expect(error).toBeUndefined();
    const programme = (id: string, year: number, current: 0 | 1) => ({
      id, year, name: `${year} 青年创新榜`, opens_at: at, closes_at: at, review_ends_at: at, results_at: at,
      phase_override: null, created_at: at, updated_at: at, is_current: current,
    });
    // the current season is not the newest: the content goes to the current one
    await db.insertInto('programmes').values([programme('p2024', 2024, 1), programme('p2025', 2025, 0)]).execute();
    await db.insertInto('content_articles').values(rows).execute();
    await migrateToLatest(fresh.db);
  });
  afterAll(async () => {
    await fresh.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('moves the programme pages and awards into the current season, every column kept', async () => {
    const after = await db.selectFrom('content_articles').selectAll().orderBy('id').execute();
    const norm = (r: Record<string, unknown>) => ({ ...r, sort: Number(r.sort), published: Number(r.published), award_quota: r.award_quota === null ? null : Number(r.award_quota) });
    expect(after.map(norm)).toEqual(
      [...rows].sort((a, b) => a.id.localeCompare(b.id)).map((r) => ({ ...r, programme_id: r.category === 'programme' || r.category === 'award' ? 'p2024' : null })),
    );
  });

  it('makes a slug unique within its season and among the committee pages', async () => {
    await db.insertInto('content_articles').values(article('a-overview-2025', 'programme', 'cxb-overview', { programme_id: 'p2025' })).execute();
    await expect(db.insertInto('content_articles').values(article('a-dup', 'programme', 'cxb-overview', { programme_id: 'p2025' })).execute()).rejects.toThrow();
    await expect(db.insertInto('content_articles').values(article('a-intro2', 'news', 'intro')).execute()).rejects.toThrow();
  });

  it('goes down keeping the current season\'s pages and the single programme\'s unique slugs', async () => {
    const { error } = await migrateRetryingCatalogueRaces(fresh.db, (migrator) => migrator.migrateTo('0016-seasons'));
    expect(error).toBeUndefined();
    expect((await db.selectFrom('content_articles').select('id').orderBy('id').execute()).map((r) => r.id)).toEqual(['a-award', 'a-intro', 'a-news', 'a-overview']);
    await expect(db.insertInto('content_articles').values(article('a-dup', 'news', 'cxb-overview')).execute()).rejects.toThrow();
    await migrateToLatest(fresh.db);
    expect((await db.selectFrom('content_articles').select('programme_id').where('id', '=', 'a-award').executeTakeFirstOrThrow()).programme_id).toBe('p2024');
  });
});
