import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/*
 * Programmes, their themes and every kind of application (docs/requirements.md#lifecycle). Frozen once shipped.
 * Portable column types only (text, integer), so the same statements run on SQLite and PostgreSQL;
 * partial and expression indexes are supported by both.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

const kinds = sql`kind in ('rank_user', 'membership', 'person', 'work', 'company')`;
const statuses = sql`status in ('draft', 'submitted', 'under_review', 'approved', 'rejected', 'returned', 'withdrawn')`;

export const applicationsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('programmes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('opens_at', 'text', (c) => c.notNull())
      .addColumn('closes_at', 'text', (c) => c.notNull())
      .addColumn('review_ends_at', 'text', (c) => c.notNull())
      .addColumn('results_at', 'text', (c) => c.notNull())
      .addColumn('phase_override', 'text', (c) =>
        c.check(sql`phase_override is null or phase_override in ('not_open', 'open', 'reviewing', 'results', 'closed')`),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('programmes_year_unique', ['year'])
      .execute();

    await db.schema
      .createTable('themes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('programme_id', 'text', (c) => c.notNull().references('programmes.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1).check(sql`active in (0, 1)`))
      .execute();
    await db.schema.createIndex('themes_programme_idx').on('themes').columns(['programme_id', 'sort']).execute();

    await db.schema
      .createTable('applications')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull().check(kinds))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      // membership belongs to no programme
      .addColumn('programme_id', 'text', (c) => c.references('programmes.id'))
      .addColumn('status', 'text', (c) => c.notNull().check(statuses))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('applicant_name', 'text')
      .addColumn('organization', 'text')
      .addColumn('theme_id', 'text', (c) => c.references('themes.id'))
      // the form without the ID number, which lives only in id_number_enc (AES-256-GCM)
      .addColumn('data_json', 'text', (c) => c.notNull())
      .addColumn('id_number_enc', 'text')
      // the reviewer's reason for a return or rejection
      .addColumn('reason', 'text')
      .addColumn('submitted_at', 'text')
      .addColumn('decided_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('applications_user_kind_idx').on('applications').columns(['user_id', 'kind']).execute();
    await db.schema
      .createIndex('applications_kind_status_idx')
      .on('applications')
      .columns(['kind', 'status', 'updated_at', 'id'])
      .execute();
    // At most one live application per user, kind and programme (works excepted): the database, not a
    // read-then-write in code, settles two concurrent first submissions. NULLs are distinct in a unique
    // index on both databases, hence coalesce for membership, which has no programme.
    await sql`
      create unique index applications_one_live_idx
      on applications (user_id, kind, coalesce(programme_id, ''))
      where status <> 'withdrawn' and kind <> 'work'`.execute(db);
  },

  async down(db: AnyDb) {
    for (const t of ['applications', 'themes', 'programmes']) await db.schema.dropTable(t).execute();
  },
};
