import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

const bool = (name: string) => sql`${sql.ref(name)} in (0, 1)`;

/** content_articles as 0004 made it, with or without the season column. */
async function createArticles(db: AnyDb, name: string, withSeason: boolean) {
  let t = db.schema
    .createTable(name)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('category', 'text', (c) => c.notNull().check(sql`category in ('intro', 'news', 'document', 'programme', 'award')`))
    .addColumn('slug', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_url', 'text')
    .addColumn('attachments_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('award_quota', 'integer')
    .addColumn('award_prize', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0).check(bool('published')))
    .addColumn('published_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text');
  if (withSeason) t = t.addColumn('programme_id', 'text', (c) => c.references('programmes.id'));
  else t = t.addUniqueConstraint('content_articles_slug_unique', ['slug']);
  await t.execute();
}

const columns = [
  'id', 'category', 'slug', 'title', 'summary', 'body', 'cover_url', 'attachments_json', 'award_quota', 'award_prize', 'sort',
  'published', 'published_at', 'created_at', 'updated_at', 'updated_by',
];

/**
 * Season content: the programme's pages (category programme) and its awards (award) belong to a
 * season, so that opening the next season copies them instead of rewriting last year's award list.
 * Committee pages (intro, news, documents) stay seasonless (programme_id null).
 *
 * A slug is unique among the seasonless articles, and within a season: each season has its own
 * `cxb-overview`, and screens ask for it by the same name. SQLite cannot drop the old unique
 * constraint, so the table is rebuilt (as 0016 rebuilt rubric_versions); the existing programme
 * and award articles move into the current season (or the newest, or stay seasonless while no
 * programme exists). The way down keeps the current season's and drops other seasons' copies.
 * Frozen once shipped. Portable column types only.
 */
export const seasonContentMigration: Migration = {
  async up(db: AnyDb) {
    const season =
      (await db.selectFrom('programmes').select('id').where('is_current', '=', 1).executeTakeFirst()) ??
      (await db.selectFrom('programmes').select('id').orderBy('year', 'desc').limit(1).executeTakeFirst());
    const seasonId = (season?.id as string | undefined) ?? null;

    await createArticles(db, 'content_articles_by_season', true);
    await db
      .insertInto('content_articles_by_season')
      .columns([...columns, 'programme_id'])
      .expression(
        db
          .selectFrom('content_articles')
          .select(columns)
          .select(sql<string | null>`case when category in ('programme', 'award') then cast(${seasonId} as text) else null end`.as('programme_id')),
      )
      .execute();
    await db.schema.dropTable('content_articles').execute();
    await db.schema.alterTable('content_articles_by_season').renameTo('content_articles').execute();

    // a seasonless slug once; a season's slug once within its season
    await db.schema
      .createIndex('content_articles_slug_unique')
      .on('content_articles')
      .column('slug')
      .unique()
      .where(sql.ref('programme_id'), 'is', null)
      .execute();
    await db.schema
      .createIndex('content_articles_season_slug_unique')
      .on('content_articles')
      .columns(['programme_id', 'slug'])
      .unique()
      .where(sql.ref('programme_id'), 'is not', null)
      .execute();
    await db.schema
      .createIndex('content_articles_list_idx')
      .on('content_articles')
      .columns(['published', 'category', 'sort', 'published_at', 'id'])
      .execute();
    await db.schema.createIndex('content_articles_season_idx').on('content_articles').columns(['programme_id', 'category']).execute();
  },

  async down(db: AnyDb) {
    const current = await db.selectFrom('programmes').select('id').where('is_current', '=', 1).executeTakeFirst();
    const seasonId = (current?.id as string | undefined) ?? null;

    // the season's indexes go first: the rebuilt table's unique constraint takes the old name back
    await db.schema.dropIndex('content_articles_slug_unique').execute();
    await db.schema.dropIndex('content_articles_season_slug_unique').execute();
    await createArticles(db, 'content_articles_single', false);
    // one programme again: other seasons' copies (same slugs) have no place in it
    let rows = db.selectFrom('content_articles').select(columns);
    rows = seasonId
      ? rows.where((eb) => eb.or([eb('programme_id', 'is', null), eb('programme_id', '=', seasonId)]))
      : rows.where('programme_id', 'is', null);
    await db.insertInto('content_articles_single').columns(columns).expression(rows).execute();
    await db.schema.dropTable('content_articles').execute();
    await db.schema.alterTable('content_articles_single').renameTo('content_articles').execute();
    await db.schema
      .createIndex('content_articles_list_idx')
      .on('content_articles')
      .columns(['published', 'category', 'sort', 'published_at', 'id'])
      .execute();
  },
};
