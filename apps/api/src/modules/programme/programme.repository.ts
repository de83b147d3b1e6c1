import type { Kysely } from 'kysely';
import type { Database, ProgrammesTable, ThemesTable } from '../../db/schema.js';

/** SQL for programmes and their themes. Every method takes the executor, so it can run in a transaction. */

export type ProgrammeRow = ProgrammesTable;
export type ThemeRow = ThemesTable;

export const programmeRepository = {
  /** The programme people apply to now: the latest year. */
  current(db: Kysely<Database>): Promise<ProgrammeRow | undefined> {
    return db.selectFrom('programmes').selectAll().orderBy('year', 'desc').limit(1).executeTakeFirst();
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
};
