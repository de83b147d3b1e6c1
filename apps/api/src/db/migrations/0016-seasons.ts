import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/** The 评选设置 that belong to a season (they moved out of the console-wide settings here). */
const seasonSettingKeys = ['blind_review', 'min_reviews', 'target_reviewers', 'quota'];

/**
 * Seasons: the programme runs every year, and each year's programme row is a season. Exactly one
 * is current (is_current, enforced by a partial unique index): applicants see it, the console
 * defaults to it. Rubrics (criteria and versions) and the 评选设置 (blind review, minimum reviews,
 * target reviewers, quota) become the season's, so that opening the next season never rewrites the
 * rules last year's reviews and decisions were made under.
 *
 * The existing data moves into the newest programme, which becomes the current season: its rubric
 * criteria, its kinds' rubric versions and its settings. Without any programme (a new install)
 * nothing moves: the seed creates the first season. Frozen once shipped. Portable column types only.
 */
export const seasonsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('programmes')
      .addColumn('is_current', 'integer', (c) => c.notNull().defaultTo(0).check(sql`is_current in (0, 1)`))
      .execute();
    // at most one current season: the database, not only the code, holds the rule
    await db.schema
      .createIndex('programmes_one_current')
      .on('programmes')
      .column('is_current')
      .unique()
      .where(sql.ref('is_current'), '=', 1)
      .execute();
    const newest = await db.selectFrom('programmes').select('id').orderBy('year', 'desc').limit(1).executeTakeFirst();
    const seasonId = newest?.id as string | undefined;
    if (seasonId) await db.updateTable('programmes').set({ is_current: 1 }).where('id', '=', seasonId).execute();

    await db.schema
      .createTable('programme_settings')
      .addColumn('programme_id', 'text', (c) => c.notNull().references('programmes.id').onDelete('cascade'))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('value_json', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text')
      .addPrimaryKeyConstraint('programme_settings_pk', ['programme_id', 'key'])
      .execute();
    if (seasonId) {
      const rows = await db.selectFrom('console_settings').selectAll().where('key', 'in', seasonSettingKeys).execute();
      if (rows.length > 0) {
        await db
          .insertInto('programme_settings')
          .values(rows.map((r) => ({ programme_id: seasonId, key: r.key, value_json: r.value_json, updated_at: r.updated_at, updated_by: r.updated_by })))
          .execute();
        await db.deleteFrom('console_settings').where('key', 'in', seasonSettingKeys).execute();
      }
    }

    // null only while no season exists (a rubric set up before the first one); no foreign key, so
    // that SQLite can drop the column again on the way down
    await db.schema.alterTable('rubric_criteria').addColumn('programme_id', 'text').execute();
    if (seasonId) await db.updateTable('rubric_criteria').set({ programme_id: seasonId }).execute();
    await db.schema.createIndex('rubric_criteria_season_idx').on('rubric_criteria').columns(['programme_id', 'kind', 'sort']).execute();

    // a kind's version, now per season: rebuilt, as neither database changes a primary key in place
    await db.schema
      .createTable('rubric_versions_by_season')
      .addColumn('programme_id', 'text', (c) => c.notNull().references('programmes.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().check(sql`version >= 1`))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .addPrimaryKeyConstraint('rubric_versions_season_pk', ['programme_id', 'kind'])
      .execute();
    if (seasonId) {
      const versions = await db.selectFrom('rubric_versions').selectAll().execute();
      if (versions.length > 0) {
        await db
          .insertInto('rubric_versions_by_season')
          .values(versions.map((v) => ({ programme_id: seasonId, kind: v.kind, version: v.version, created_at: v.created_at, created_by: v.created_by })))
          .execute();
      }
    }
    await db.schema.dropTable('rubric_versions').execute();
    await db.schema.alterTable('rubric_versions_by_season').renameTo('rubric_versions').execute();
  },

  async down(db: AnyDb) {
    const current = await db.selectFrom('programmes').select('id').where('is_current', '=', 1).executeTakeFirst();
    const seasonId = current?.id as string | undefined;

    await db.schema
      .createTable('rubric_versions_by_kind')
      .addColumn('kind', 'text', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull().check(sql`version >= 1`))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .execute();
    if (seasonId) {
      const versions = await db.selectFrom('rubric_versions').selectAll().where('programme_id', '=', seasonId).execute();
      if (versions.length > 0) {
        await db
          .insertInto('rubric_versions_by_kind')
          .values(versions.map((v) => ({ kind: v.kind, version: v.version, created_at: v.created_at, created_by: v.created_by })))
          .execute();
      }
    }
    await db.schema.dropTable('rubric_versions').execute();
    await db.schema.alterTable('rubric_versions_by_kind').renameTo('rubric_versions').execute();

    // other seasons' criteria have no place in a single programme: only the current season's stay
    if (seasonId) {
      await db.deleteFrom('rubric_criteria').where((eb) => eb.or([eb('programme_id', '!=', seasonId), eb('programme_id', 'is', null)])).execute();
    }
    await db.schema.dropIndex('rubric_criteria_season_idx').execute();
    await db.schema.alterTable('rubric_criteria').dropColumn('programme_id').execute();

    if (seasonId) {
      const rows = await db.selectFrom('programme_settings').selectAll().where('programme_id', '=', seasonId).execute();
      for (const r of rows) {
        const value = { value_json: r.value_json, updated_at: r.updated_at, updated_by: r.updated_by };
        await db
          .insertInto('console_settings')
          .values({ key: r.key, ...value })
          .onConflict((oc) => oc.column('key').doUpdateSet(value))
          .execute();
      }
    }
    await db.schema.dropTable('programme_settings').execute();
    await db.schema.dropIndex('programmes_one_current').execute();
    await db.schema.alterTable('programmes').dropColumn('is_current').execute();
  },
};
