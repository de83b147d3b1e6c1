import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/**
 * Rubric versions and score anchors. A kind's rubric starts at version 1 (no row); saving it as a
 * new version once reviews exist bumps the number here and flags those reviews as needing
 * re-scoring, so totals given under different rubrics are never averaged together. Each review
 * records the version it was scored against. Anchors are a criterion's {score, label} guide as
 * JSON. Frozen once shipped. Portable column types only.
 */
export const rubricVersionsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.createTable('rubric_versions')
      .addColumn('kind', 'text', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull().check(sql`version >= 1`))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .execute();
    await db.schema.alterTable('rubric_criteria').addColumn('anchors_json', 'text', (c) => c.notNull().defaultTo('[]')).execute();
    await db.schema.alterTable('reviews').addColumn('rubric_version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    await db.schema
      .alterTable('reviews')
      .addColumn('needs_rescore', 'integer', (c) => c.notNull().defaultTo(0).check(sql`needs_rescore in (0, 1)`))
      .execute();
  },

  async down(db: AnyDb) {
    await db.schema.alterTable('reviews').dropColumn('needs_rescore').execute();
    await db.schema.alterTable('reviews').dropColumn('rubric_version').execute();
    await db.schema.alterTable('rubric_criteria').dropColumn('anchors_json').execute();
    await db.schema.dropTable('rubric_versions').execute();
  },
};
