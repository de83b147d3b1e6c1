import { type Kysely, sql } from 'kysely';
import type { ArticleCategory } from '@qgw/contracts';
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

  bySlug(db: Db, slug: string): Promise<ArticleRow | undefined> {
    return db.selectFrom('content_articles').selectAll().where('slug', '=', slug).executeTakeFirst();
  },
};
