import { type Kysely, sql } from 'kysely';
import { type ArticleCategory, seasonalCategories } from '@qgw/contracts';
import type { ContentArticlesTable, Database } from '../../db/schema.js';
import { after, containsPattern, decodeCursor, type KeyPart, type KeyValue, pageOf } from '../../db/keyset.js';
import { tableOps } from './table-ops.repository.js';

/** SQL for articles. Every method takes the executor, so it can run in a transaction. */

export type ArticleRow = ContentArticlesTable;
type Db = Kysely<Database>;

/** List order: sort ascending, then the most recently published first, then id. */
const CURSOR_TAG = 'a';
const KEY_SHAPE = ['n', 's', 's'] as const;
const keyParts: KeyPart[] = [
  { expr: sql.ref('sort') },
  // drafts have no publication time: they come last within their sort value
  { expr: sql`coalesce(published_at, '')`, desc: true },
  { expr: sql.ref('id') },
];
const keyOf = (r: ArticleRow): KeyValue[] => [r.sort, r.published_at ?? '', r.id];

export interface ArticleListQuery {
  category?: ArticleCategory | undefined;
  /**
   * the season whose programme pages and awards are listed (the seasonless articles always are);
   * null: before any season exists, only seasonless ones and those of no season
   */
  seasonId: string | null;
  /** true → published only (the public); undefined → every article (admins) */
  published?: boolean | undefined;
  q?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

export const articlesRepository = {
  ...tableOps('content_articles'),

  async list(db: Db, query: ArticleListQuery) {
    let qb = db.selectFrom('content_articles').selectAll();
    if (query.published !== undefined) qb = qb.where('published', '=', query.published ? 1 : 0);
    if (query.category) qb = qb.where('category', '=', query.category);
    const season = query.seasonId;
    qb = qb.where((eb) =>
      season === null
        ? eb('programme_id', 'is', null)
        : eb.or([eb('category', 'not in', [...seasonalCategories]), eb('programme_id', '=', season)]),
    );
    if (query.q) {
      const pattern = containsPattern(query.q);
      qb = qb.where((eb) =>
        eb.or([
          sql<boolean>`lower(title) like ${pattern} escape '\\'`,
          sql<boolean>`lower(summary) like ${pattern} escape '\\'`,
        ]),
      );
    }
    if (query.cursor) {
      const values = decodeCursor(query.cursor, CURSOR_TAG, KEY_SHAPE);
      qb = qb.where((eb) => after(eb, keyParts, values));
    }
    const rows = await qb
      .orderBy('sort', 'asc')
      .orderBy(sql`coalesce(published_at, '')`, 'desc')
      .orderBy('id', 'asc')
      .limit(query.limit + 1)
      .execute();
    return pageOf(rows, query.limit, CURSOR_TAG, keyOf);
  },

  /** A slug among the seasonless articles and the season's (null: the seasonless ones only). */
  bySlug(db: Db, slug: string, seasonId: string | null): Promise<ArticleRow | undefined> {
    return db
      .selectFrom('content_articles')
      .selectAll()
      .where('slug', '=', slug)
      .where((eb) => (seasonId === null ? eb('programme_id', 'is', null) : eb.or([eb('programme_id', 'is', null), eb('programme_id', '=', seasonId)])))
      .executeTakeFirst();
  },

  /** Whether a slug is taken in the same scope: among the seasonless articles, or within one season. */
  slugOwner(db: Db, slug: string, seasonId: string | null): Promise<{ id: string } | undefined> {
    return db
      .selectFrom('content_articles')
      .select('id')
      .where('slug', '=', slug)
      .where((eb) => (seasonId === null ? eb('programme_id', 'is', null) : eb('programme_id', '=', seasonId)))
      .executeTakeFirst();
  },

  // ---- seasons (the programme rows): which one an article belongs to, which are public ----

  currentSeason(db: Db): Promise<{ id: string; year: number; name: string } | undefined> {
    return db.selectFrom('programmes').select(['id', 'year', 'name']).where('is_current', '=', 1).executeTakeFirst();
  },

  season(db: Db, id: string): Promise<{ id: string; year: number; name: string } | undefined> {
    return db.selectFrom('programmes').select(['id', 'year', 'name']).where('id', '=', id).executeTakeFirst();
  },

  seasonOfYear(db: Db, year: number): Promise<{ id: string; year: number; name: string } | undefined> {
    return db.selectFrom('programmes').select(['id', 'year', 'name']).where('year', '=', year).executeTakeFirst();
  },

  /** Seasons up to a year, newest first. */
  seasonsUpTo(db: Db, year: number): Promise<{ id: string; year: number; name: string }[]> {
    return db.selectFrom('programmes').select(['id', 'year', 'name']).where('year', '<=', year).orderBy('year', 'desc').execute();
  },
};
