import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/**
 * The ages a programme's person entries are open to (whole years on its closing day, Beijing time),
 * plain columns of the programme so that copying a programme row carries them. Existing programmes
 * get the default range, 18–40. The service keeps min_age ≤ max_age. Frozen once shipped. Portable
 * column types only.
 */
export const programmeAgeRangeMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('programmes')
      .addColumn('min_age', 'integer', (c) => c.notNull().defaultTo(18).check(sql`min_age >= 0`))
      .execute();
    await db.schema
      .alterTable('programmes')
      .addColumn('max_age', 'integer', (c) => c.notNull().defaultTo(40).check(sql`max_age >= 0`))
      .execute();
  },

  async down(db: AnyDb) {
    await db.schema.alterTable('programmes').dropColumn('max_age').execute();
    await db.schema.alterTable('programmes').dropColumn('min_age').execute();
  },
};
