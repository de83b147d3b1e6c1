import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/*
 * Reviewing and decisions (docs/decisions/0008-review-and-decisions.md): assignments, declared
 * conflicts of interest, reviews, staged decisions, the applicant's in-app notifications and the
 * outbound delivery log; plus the indexes that keep the console queue's keyset pages and its
 * searches fast at a million applications. Frozen once shipped. Portable column types only.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;
const outcome = (column: string) => sql`${sql.ref(column)} in ('approve', 'reject', 'return')`;

export const reviewMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('review_assignments')
      .addColumn('application_id', 'text', (c) => c.notNull().references('applications.id').onDelete('cascade'))
      .addColumn('reviewer_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('manual', 'auto', 'csv')`))
      .addColumn('assigned_by', 'text')
      .addColumn('assigned_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('review_assignments_pk', ['application_id', 'reviewer_id'])
      .execute();
    // a reviewer's queue and load
    await db.schema
      .createIndex('review_assignments_reviewer_idx')
      .on('review_assignments')
      .columns(['reviewer_id', 'application_id'])
      .execute();

    // a declared conflict keeps the reviewer off the application for good
    await db.schema
      .createTable('review_conflicts')
      .addColumn('application_id', 'text', (c) => c.notNull().references('applications.id').onDelete('cascade'))
      .addColumn('reviewer_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('declared_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('review_conflicts_pk', ['application_id', 'reviewer_id'])
      .execute();

    await db.schema
      .createTable('reviews')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('application_id', 'text', (c) => c.notNull().references('applications.id').onDelete('cascade'))
      .addColumn('reviewer_id', 'text', (c) => c.notNull().references('users.id'))
      // {criterionId: score}; criteria retired later keep their scores here
      .addColumn('scores_json', 'text', (c) => c.notNull())
      // weighted total 0..100, two decimals
      .addColumn('total', 'double precision', (c) => c.notNull())
      .addColumn('recommendation', 'text', (c) => c.notNull().check(outcome('recommendation')))
      .addColumn('comment_to_applicant', 'text', (c) => c.notNull())
      .addColumn('private_note', 'text', (c) => c.notNull())
      .addColumn('submitted_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('reviews_application_reviewer_unique', ['application_id', 'reviewer_id'])
      .execute();
    await db.schema.createIndex('reviews_reviewer_idx').on('reviews').column('reviewer_id').execute();

    await db.schema
      .createTable('staged_decisions')
      .addColumn('application_id', 'text', (c) => c.primaryKey().references('applications.id').onDelete('cascade'))
      .addColumn('decision', 'text', (c) => c.notNull().check(outcome('decision')))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('staged_by', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('staged_at', 'text', (c) => c.notNull())
      // the application's version once staged: release only applies to exactly that state
      .addColumn('app_version', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('staged_decisions_staged_at_idx').on('staged_decisions').column('staged_at').execute();

    await db.schema
      .createTable('notifications')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('application_id', 'text', (c) => c.references('applications.id').onDelete('set null'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('read_at', 'text')
      .execute();
    await db.schema
      .createIndex('notifications_user_idx')
      .on('notifications')
      .columns(['user_id', 'created_at', 'id'])
      .execute();
    await sql`create index notifications_unread_idx on notifications (user_id) where read_at is null`.execute(db);

    await db.schema
      .createTable('notification_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('notification_id', 'text', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
      .addColumn('application_id', 'text')
      .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('wechat', 'sms')`))
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('sent', 'failed', 'skipped')`))
      // masked: 138****1234, or the first characters of an openid
      .addColumn('recipient', 'text')
      .addColumn('detail', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('notification_deliveries_created_idx')
      .on('notification_deliveries')
      .columns(['created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('notification_deliveries_application_idx')
      .on('notification_deliveries')
      .column('application_id')
      .execute();

    // ---- the console queue: newest change first, keyset on (updated_at, id), per filter ----
    const queueIndex = async (name: string, lead: string[]) =>
      db.schema.createIndex(name).on('applications').columns([...lead, 'updated_at', 'id']).execute();
    await queueIndex('applications_queue_idx', []);
    await queueIndex('applications_queue_status_idx', ['status']);
    await queueIndex('applications_queue_kind_idx', ['kind']);
    await queueIndex('applications_queue_programme_idx', ['programme_id']);
    await queueIndex('applications_queue_theme_idx', ['theme_id']);
    // name prefix search: LIKE 'q%' can use these (PostgreSQL needs pattern ops under a
    // non-C collation; SQLite's case-insensitive LIKE needs a NOCASE index)
    if (isPostgres(db)) {
      await sql`create index applications_name_prefix_idx on applications (applicant_name text_pattern_ops)`.execute(db);
    } else {
      await sql`create index applications_name_prefix_idx on applications (applicant_name collate nocase)`.execute(db);
    }
    // masked mobile search (138****1234): computed from the account's current mobile, so a phone
    // change needs no second copy to keep in step
    await sql`create index users_mobile_mask_idx on users (substr(mobile, 1, 3), substr(mobile, 8, 4))`.execute(db);
  },

  async down(db: AnyDb) {
    await sql`drop index if exists users_mobile_mask_idx`.execute(db);
    for (const i of [
      'applications_name_prefix_idx',
      'applications_queue_theme_idx',
      'applications_queue_programme_idx',
      'applications_queue_kind_idx',
      'applications_queue_status_idx',
      'applications_queue_idx',
    ]) {
      await sql`drop index if exists ${sql.id(i)}`.execute(db);
    }
    for (const t of [
      'notification_deliveries',
      'notifications',
      'staged_decisions',
      'reviews',
      'review_conflicts',
      'review_assignments',
    ]) {
      await db.schema.dropTable(t).execute();
    }
  },
};
