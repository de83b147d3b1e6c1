import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/*
 * Uploaded files (docs/decisions/0005-uploads.md). Frozen once shipped. The bytes live on disk
 * under DATA_DIR/uploads; a row exists for every file there and nowhere else.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

export const filesMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('files')
      .addColumn('id', 'text', (c) => c.primaryKey())
      // no cascade: deleting an account must not strand its files on disk
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('image', 'video')`))
      .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('photo', 'work', 'license', 'video')`))
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull().check(sql`size >= 0`))
      .addColumn('storage_key', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('uploading', 'complete')`))
      .addColumn('application_id', 'text', (c) => c.references('applications.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('completed_at', 'text')
      .addUniqueConstraint('files_storage_key_unique', ['storage_key'])
      .execute();
    await db.schema.createIndex('files_owner_idx').on('files').columns(['owner_id', 'kind', 'status']).execute();
    await db.schema.createIndex('files_application_idx').on('files').column('application_id').execute();
    // the sweeper looks for uploads abandoned half-way
    await db.schema.createIndex('files_status_created_idx').on('files').columns(['status', 'created_at']).execute();
  },

  async down(db: AnyDb) {
    await db.schema.dropTable('files').execute();
  },
};
