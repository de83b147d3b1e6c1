import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/*
 * Committee content: articles, leaders, subdivisions, the member directory and the webview
 * allowlist. Frozen once shipped; portable column types only (text, integer), as in 0001.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

const bool = (name: string) => sql`${sql.ref(name)} in (0, 1)`;

export const contentMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('content_articles')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('category', 'text', (c) =>
        c.notNull().check(sql`category in ('intro', 'news', 'document', 'programme', 'award')`),
      )
      // several NULLs are allowed by a unique constraint on both databases
      .addColumn('slug', 'text')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
      /** sanitised HTML: what is stored is already safe to render */
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
      .addColumn('updated_by', 'text')
      .addUniqueConstraint('content_articles_slug_unique', ['slug'])
      .execute();
    await db.schema
      .createIndex('content_articles_list_idx')
      .on('content_articles')
      .columns(['published', 'category', 'sort', 'published_at', 'id'])
      .execute();

    await db.schema
      .createTable('content_leaders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('leader_group', 'text', (c) => c.notNull().check(sql`leader_group in ('leadership', 'secretariat')`))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('photo_url', 'text')
      .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0).check(bool('published')))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text')
      .execute();

    await db.schema
      .createTable('content_subdivisions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0).check(bool('published')))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text')
      .execute();

    // no mobile or ID number column: the directory never holds what it must never show
    await db.schema
      .createTable('content_members')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      // no cascade: a subdivision with members cannot be deleted (the service says so first)
      .addColumn('subdivision_id', 'text', (c) => c.references('content_subdivisions.id'))
      .addColumn('region', 'text', (c) => c.notNull())
      .addColumn('organization', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('photo_url', 'text')
      .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('show_organization', 'integer', (c) => c.notNull().defaultTo(0).check(bool('show_organization')))
      .addColumn('show_title', 'integer', (c) => c.notNull().defaultTo(0).check(bool('show_title')))
      .addColumn('show_photo', 'integer', (c) => c.notNull().defaultTo(0).check(bool('show_photo')))
      .addColumn('show_bio', 'integer', (c) => c.notNull().defaultTo(0).check(bool('show_bio')))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0).check(bool('published')))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text')
      .execute();
    await db.schema
      .createIndex('content_members_subdivision_idx')
      .on('content_members')
      .columns(['subdivision_id', 'sort', 'id'])
      .execute();
    await db.schema.createIndex('content_members_region_idx').on('content_members').columns(['region', 'sort', 'id']).execute();

    await db.schema
      .createTable('content_webview_hosts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('host', 'text', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text')
      .addUniqueConstraint('content_webview_hosts_host_unique', ['host'])
      .execute();
  },

  async down(db: AnyDb) {
    for (const t of ['content_webview_hosts', 'content_members', 'content_subdivisions', 'content_leaders', 'content_articles']) {
      await db.schema.dropTable(t).execute();
    }
  },
};
