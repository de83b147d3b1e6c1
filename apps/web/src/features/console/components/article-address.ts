import { useSearchParams } from 'react-router';
import { type ArticleCategory, type ConsoleSeason, isSeasonalCategory, ZArticleCategory } from '@qgw/contracts';
import type { SeasonChoice } from './season-select.js';

/**
 * What the 文章 screens keep in the address: the category (?category=) and, for the programme's
 * pages and awards, which season's (?season=, as every console screen names it: '' the current
 * season, else a season's id; docs/decisions/0024-seasons.md). The committee's pages belong to no
 * season; the season stays in the address while they are shown, so coming back to 奖项 keeps it.
 */

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function useArticleCategory(): ArticleCategory {
  const [params] = useSearchParams();
  const parsed = ZArticleCategory.safeParse(params.get('category'));
  return parsed.success ? parsed.data : 'news';
}

/** The season in the address; anything malformed is the current season (a hand-edited link must not break the screen). */
export function useArticleSeason(): SeasonChoice {
  const [params] = useSearchParams();
  const v = params.get('season') ?? '';
  return ID.test(v) ? v : '';
}

/** The address's search for a category and a season (the current one left out). */
export function articlesSearch(category: ArticleCategory, season: SeasonChoice): string {
  const out = new URLSearchParams({ category });
  if (season) out.set('season', season);
  return out.toString();
}

/** The season the server is asked for: a programme page's or award's chosen one (none: the current season). */
export const programmeIdOf = (category: ArticleCategory, season: SeasonChoice): string | undefined =>
  isSeasonalCategory(category) && season ? season : undefined;

/** A season as the address names it: the current one as ''. */
export function seasonChoiceOf(programmeId: string | null, seasons: readonly ConsoleSeason[] | undefined): SeasonChoice | undefined {
  if (programmeId === null) return undefined;
  return seasons?.find((x) => x.id === programmeId)?.current ? '' : programmeId;
}
