import { consoleAdminOperations, consoleRankingOperations as o } from '@qgw/contracts';

/** The ranking (the contracts' catalogue): admins past the second factor. */
export const rankingOps = {
  ranking: o.consoleRanking,
  stage: o.consoleRankingStage,
  themes: consoleAdminOperations.consoleThemes,
};

export const rankingKeys = {
  ranking: (kind: string, themeId: string, season: string) => ['console', 'ranking', kind, themeId, season] as const,
  themes: (season: string) => ['console', 'ranking', 'themes', season] as const,
};
