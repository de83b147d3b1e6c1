import { type Kysely, sql } from 'kysely';
import type { Database, ProgrammesTable } from '../../db/schema.js';

/** SQL for seasons (one programme row per year). Every method takes the executor, so it can run in a transaction. */

export type SeasonRow = ProgrammesTable & { application_count: number | string | null; theme_count: number | string | null };

export const seasonsRepository = {
  /** Every season, newest year first, with its applications past the draft and its themes counted. */
  list(db: Kysely<Database>): Promise<SeasonRow[]> {
    return db
      .selectFrom('programmes as p')
      .selectAll('p')
      .select((eb) => [
        eb
          .selectFrom('applications as a')
          .select((e) => e.fn.countAll<number | string>().as('n'))
          .whereRef('a.programme_id', '=', 'p.id')
          .where('a.status', '!=', sql.lit('draft'))
          .as('application_count'),
        eb
          .selectFrom('themes as t')
          .select((e) => e.fn.countAll<number | string>().as('n'))
          .whereRef('t.programme_id', '=', 'p.id')
          .as('theme_count'),
      ])
      .orderBy('p.year', 'desc')
      .execute();
  },

  byId(db: Kysely<Database>, id: string): Promise<ProgrammesTable | undefined> {
    return db.selectFrom('programmes').selectAll().where('id', '=', id).executeTakeFirst();
  },

  current(db: Kysely<Database>): Promise<ProgrammesTable | undefined> {
    return db.selectFrom('programmes').selectAll().where('is_current', '=', 1).executeTakeFirst();
  },

  async yearTaken(db: Kysely<Database>, year: number): Promise<boolean> {
    return (await db.selectFrom('programmes').select('id').where('year', '=', year).executeTakeFirst()) !== undefined;
  },

  async insertSeason(db: Kysely<Database>, row: ProgrammesTable): Promise<void> {
    await db.insertInto('programmes').values(row).execute();
  },

  /** Makes `id` the one current season (the old one first: the index allows one current at a time). */
  async setCurrent(db: Kysely<Database>, id: string, updatedAt: string): Promise<void> {
    await db.updateTable('programmes').set({ is_current: 0 }).where('is_current', '=', 1).where('id', '!=', id).execute();
    await db.updateTable('programmes').set({ is_current: 1, updated_at: updatedAt }).where('id', '=', id).execute();
  },

  // ---- what a new season copies from an earlier one ----

  themes(db: Kysely<Database>, programmeId: string) {
    return db.selectFrom('themes').selectAll().where('programme_id', '=', programmeId).orderBy('sort').orderBy('id').execute();
  },

  async insertThemes(db: Kysely<Database>, rows: Database['themes'][]): Promise<void> {
    if (rows.length > 0) await db.insertInto('themes').values(rows).execute();
  },

  /** The season's criteria in use (retired ones scored only that season's reviews). */
  activeCriteria(db: Kysely<Database>, programmeId: string) {
    return db
      .selectFrom('rubric_criteria')
      .selectAll()
      .where('programme_id', '=', programmeId)
      .where('active', '=', 1)
      .orderBy('kind')
      .orderBy('sort')
      .orderBy('id')
      .execute();
  },

  async insertCriteria(db: Kysely<Database>, rows: Database['rubric_criteria'][]): Promise<void> {
    if (rows.length > 0) await db.insertInto('rubric_criteria').values(rows).execute();
  },

  rubricVersions(db: Kysely<Database>, programmeId: string) {
    return db.selectFrom('rubric_versions').selectAll().where('programme_id', '=', programmeId).execute();
  },

  async insertRubricVersions(db: Kysely<Database>, rows: Database['rubric_versions'][]): Promise<void> {
    if (rows.length > 0) await db.insertInto('rubric_versions').values(rows).execute();
  },

  /** The season's programme pages and awards (content the committee edits per season). */
  articles(db: Kysely<Database>, programmeId: string) {
    return db.selectFrom('content_articles').selectAll().where('programme_id', '=', programmeId).orderBy('sort').orderBy('id').execute();
  },

  async insertArticles(db: Kysely<Database>, rows: Database['content_articles'][]): Promise<void> {
    if (rows.length > 0) await db.insertInto('content_articles').values(rows).execute();
  },

  settings(db: Kysely<Database>, programmeId: string) {
    return db.selectFrom('programme_settings').selectAll().where('programme_id', '=', programmeId).orderBy('key').execute();
  },

  async insertSettings(db: Kysely<Database>, rows: Database['programme_settings'][]): Promise<void> {
    if (rows.length > 0) await db.insertInto('programme_settings').values(rows).execute();
  },
};
