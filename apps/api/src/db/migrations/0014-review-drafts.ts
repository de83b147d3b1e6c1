import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/**
 * A reviewer's score sheet not yet submitted (the console's autosave): one row per application and
 * reviewer, replaced as they type, deleted when the review is submitted, the assignment goes or the
 * reviewer's account is erased. Scores are kept as JSON like a review's; nothing here is ever read
 * by anyone but its author. Both foreign keys cascade, so a deleted application or account leaves
 * no draft behind. Frozen once shipped. Portable column types only.
 */
export const reviewDraftsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('review_drafts')
      .addColumn('application_id', 'text', (c) => c.notNull().references('applications.id').onDelete('cascade'))
      .addColumn('reviewer_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // {criterionId: score}, only the criteria scored so far
      .addColumn('scores_json', 'text', (c) => c.notNull())
      .addColumn('recommendation', 'text', (c) => c.check(sql`recommendation in ('approve', 'reject', 'return')`))
      .addColumn('comment_to_applicant', 'text', (c) => c.notNull())
      .addColumn('private_note', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('review_drafts_pk', ['application_id', 'reviewer_id'])
      .execute();
    // a reviewer's desk (which of my assignments have a draft) and an erasure's sweep
    await db.schema.createIndex('review_drafts_reviewer_idx').on('review_drafts').columns(['reviewer_id', 'application_id']).execute();
  },

  async down(db: AnyDb) {
    await db.schema.dropTable('review_drafts').execute();
  },
};
