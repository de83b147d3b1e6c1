import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleSeason } from '@qgw/contracts';
import { call } from '../../../../lib/request.js';
import { accessAdminOps, adminKeys } from '../../admin/api/operations.js';
import { ALL_SEASONS, MEMBERSHIP_ONLY, type SeasonChoice, seasonIdOf, useConsoleSeasons } from '../../components/season-select.js';
import { reviewKeys, reviewOps } from '../api/operations.js';
import { reviewStrings as t } from '../strings.js';

/**
 * The themes the queue's 主题 filter offers. A season's themes are its own records (creating a
 * season copies them with new ids), so an admin is offered the themes of the season the queue
 * shows, and with 全部届次 every season's, each named with its year; a reviewer, who has no season
 * choice, the current season's.
 */
export interface QueueTheme {
  value: string;
  label: string;
  /** the season the theme belongs to (undefined: not known, the reviewer's list) */
  seasonId: string | undefined;
}

/** The query key and request of one season's themes, shared with 评选设置 (its key is the season as the address names it). */
const seasonThemes = (choice: string) => ({
  queryKey: adminKeys.themes(choice),
  queryFn: () => call(accessAdminOps.themes, { programmeId: choice || undefined }),
});

export function useQueueThemes(admin: boolean, season: SeasonChoice): QueueTheme[] {
  const seasons = useConsoleSeasons(admin).data?.items;
  const every = admin && season === ALL_SEASONS;
  // membership has no themes
  const one = useQuery({ ...seasonThemes(season), enabled: admin && !every && season !== MEMBERSHIP_ONLY });
  // one query over the seasons' own (cached) queries: useQueries would add to the data vendor chunk every screen loads
  const client = useQueryClient();
  const all = useQuery({
    queryKey: [...adminKeys.themes(ALL_SEASONS), (seasons ?? []).map((s) => s.id).join()],
    queryFn: () => Promise.all((seasons ?? []).map((s) => client.fetchQuery(seasonThemes(s.current ? '' : s.id)))),
    enabled: every && seasons !== undefined,
  });
  const publicThemes = useQuery({ queryKey: reviewKeys.themes, queryFn: () => call(reviewOps.themes, {}), enabled: !admin });
  if (!admin) return (publicThemes.data ?? []).map((th) => ({ value: th.id, label: th.name, seasonId: undefined }));
  if (season === MEMBERSHIP_ONLY) return [];
  if (!every) {
    const seasonId = seasonIdOf(season, seasons);
    return (one.data?.items ?? []).map((th) => ({ value: th.id, label: th.name, seasonId }));
  }
  return (seasons ?? []).flatMap((s, i) => (all.data?.[i]?.items ?? []).map((th) => ({ value: th.id, label: t.themeOfSeason(th.name, s.year), seasonId: s.id })));
}

/**
 * The theme filter once the season changes: kept when the theme belongs to the new choice (every
 * season holds it; a season holds its own themes), else cleared, so the queue is never narrowed to
 * a theme the chosen season has not got.
 */
export function themeAfterSeasonChange(
  themeId: string,
  themes: readonly QueueTheme[],
  next: SeasonChoice,
  seasons: readonly ConsoleSeason[] | undefined,
): string {
  if (!themeId) return '';
  if (next === ALL_SEASONS) return themeId;
  const own = themes.find((th) => th.value === themeId)?.seasonId;
  const nextId = seasonIdOf(next, seasons);
  return own !== undefined && own === nextId ? themeId : '';
}
