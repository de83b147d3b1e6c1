import type { Kysely } from 'kysely';
import { type ArticleCategory, Code, isSeasonalCategory } from '@qgw/contracts';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { articlesRepository as articles } from './articles.repository.js';
import { contentStrings as s } from './content.strings.js';

/**
 * Which season an article belongs to (docs/decisions/0024-seasons.md): the programme's pages and
 * awards belong to one, the committee's pages to none. The console names a season by its id;
 * without one, the current season (null while no season exists).
 */

type Db = Kysely<Database>;

/** The season an admin names, checked; without one the current season. */
export async function seasonOf(db: Db, programmeId: string | undefined): Promise<string | null> {
  if (programmeId !== undefined) {
    if (!(await articles.season(db, programmeId))) throw new AppError(Code.BAD_REQUEST, s.seasonUnknown);
    return programmeId;
  }
  return (await articles.currentSeason(db))?.id ?? null;
}

/**
 * The season an article is saved in: none for a seasonless category; for a programme page or an
 * award the season named, else the one it already had, else the current season.
 */
export async function articleSeason(db: Db, category: ArticleCategory, named: string | undefined, had: string | null): Promise<string | null> {
  if (!isSeasonalCategory(category)) return null;
  if (named === undefined && had !== null) return had;
  return seasonOf(db, named);
}
