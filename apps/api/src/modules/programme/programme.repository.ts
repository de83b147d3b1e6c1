import { type Kysely, sql } from 'kysely';
import type { Database, ProgrammesTable, ThemesTable } from '../../db/schema.js';

/** SQL for programmes and their themes. Every method takes the executor, so it can run in a transaction. */

export type ProgrammeRow = ProgrammesTable;
export type ThemeRow = ThemesTable;
/** A theme with how many applications name it (the console's theme list). */
export type ThemeWithCount = ThemesTable & { application_count: number | string | null };
export type ProgrammeDates = Pick<
  ProgrammesTable,
  'name' | 'opens_at' | 'closes_at' | 'review_ends_at' | 'results_at' | 'phase_override' | 'min_age' | 'max_age'
>;
export type ThemeChanges = Partial<Pick<ThemesTable, 'name' | 'description' | 'sort' | 'active'>>;

function themesWithCounts(db: Kysely<Database>, programmeId: string | null) {
  const q = db
    .selectFrom('themes')
    .selectAll('themes')
    .select((eb) =>
      eb
        .selectFrom('applications')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .whereRef('applications.theme_id', '=', 'themes.id')
        .as('application_count'),
    );
  return programmeId === null ? q : q.where('themes.programme_id', '=', programmeId);
}

export const programmeRepository = {
  /** The current season: the programme people apply to now (exactly one is current, migration 0016). */
  current(db: Kysely<Database>): Promise<ProgrammeRow | undefined> {
    return db.selectFrom('programmes').selectAll().where('is_current', '=', 1).executeTakeFirst();
  },

  byId(db: Kysely<Database>, id: string): Promise<ProgrammeRow | undefined> {
    return db.selectFrom('programmes').selectAll().where('id', '=', id).executeTakeFirst();
  },

  activeThemes(db: Kysely<Database>, programmeId: string): Promise<ThemeRow[]> {
    return db
      .selectFrom('themes')
      .selectAll()
      .where('programme_id', '=', programmeId)
      .where('active', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  },

  activeTheme(db: Kysely<Database>, programmeId: string, themeId: string): Promise<ThemeRow | undefined> {
    return db
      .selectFrom('themes')
      .selectAll()
      .where('id', '=', themeId)
      .where('programme_id', '=', programmeId)
      .where('active', '=', 1)
      .executeTakeFirst();
  },

  // ---- the console's programme administration ----

  async updateProgramme(db: Kysely<Database>, id: string, next: ProgrammeDates, updatedAt: string): Promise<void> {
    await db.updateTable('programmes').set({ ...next, updated_at: updatedAt }).where('id', '=', id).execute();
  },

  /** Every theme of the programme with its application count, in the console's order. */
  themesWithCounts(db: Kysely<Database>, programmeId: string): Promise<ThemeWithCount[]> {
    return themesWithCounts(db, programmeId).orderBy('themes.sort').orderBy('themes.id').execute();
  },

  /** A theme with its count; programmeId null: of whichever season it belongs to. */
  themeWithCount(db: Kysely<Database>, programmeId: string | null, id: string): Promise<ThemeWithCount | undefined> {
    return themesWithCounts(db, programmeId).where('themes.id', '=', id).executeTakeFirst();
  },

  async maxThemeSort(db: Kysely<Database>, programmeId: string): Promise<number> {
    const max = await db
      .selectFrom('themes')
      .select((eb) => eb.fn.max('sort').as('m'))
      .where('programme_id', '=', programmeId)
      .executeTakeFirst();
    return Number(max?.m ?? 0);
  },

  async insertTheme(db: Kysely<Database>, row: ThemeRow): Promise<void> {
    await db.insertInto('themes').values(row).execute();
  },

  async updateTheme(db: Kysely<Database>, id: string, changes: ThemeChanges): Promise<void> {
    await db.updateTable('themes').set(changes).where('id', '=', id).execute();
  },

  async deleteTheme(db: Kysely<Database>, id: string): Promise<void> {
    await db.deleteFrom('themes').where('id', '=', id).execute();
  },

  /** Whether another theme of the programme has this name, whatever its case. */
  async themeNameTaken(db: Kysely<Database>, programmeId: string, name: string, exceptId: string | null): Promise<boolean> {
    let q = db
      .selectFrom('themes')
      .select('id')
      .where('programme_id', '=', programmeId)
      .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`);
    if (exceptId) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  },

  all(db: Kysely<Database>): Promise<ProgrammeRow[]> {
    return db.selectFrom('programmes').selectAll().execute();
  },

  async themeName(db: Kysely<Database>, id: string): Promise<string | undefined> {
    return (await db.selectFrom('themes').select('name').where('id', '=', id).executeTakeFirst())?.name;
  },
};
