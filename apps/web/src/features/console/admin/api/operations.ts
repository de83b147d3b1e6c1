import { consoleAdminOperations as o, consoleSeasonOperations as so } from '@qgw/contracts';

/** Console administration (admins with a verified second factor), from the contracts' catalogue. */
export const accessAdminOps = {
  users: o.consoleUsers,
  user: o.consoleUser,
  roles: o.consoleUserRoles,
  disable: o.consoleUserDisable,
  resetMfa: o.consoleUserResetMfa,
  sendResetCode: o.consoleUserSendResetCode,
  invite: o.consoleUserInvite,
  reviewerProfile: o.consoleReviewerProfile,
  programme: o.consoleProgramme,
  programmeUpdate: o.consoleProgrammeUpdate,
  themes: o.consoleThemes,
  themeCreate: o.consoleThemeCreate,
  themeUpdate: o.consoleThemeUpdate,
  themeDelete: o.consoleThemeDelete,
  rubrics: o.consoleRubrics,
  rubricsUpdate: o.consoleRubricsUpdate,
  audit: o.consoleAudit,
  seasons: so.consoleSeasons,
  seasonCreate: so.consoleSeasonCreate,
  seasonMakeCurrent: so.consoleSeasonMakeCurrent,
};

export const adminKeys = {
  users: (q: string, role: string) => ['console', 'admin', 'users', q, role] as const,
  user: (id: string) => ['console', 'admin', 'users', 'one', id] as const,
  /** a season's ('' the current one) */
  programme: (season: string) => ['console', 'admin', 'programme', season] as const,
  themes: (season: string) => ['console', 'admin', 'themes', season] as const,
  rubrics: (season: string) => ['console', 'admin', 'rubrics', season] as const,
  audit: (filter: object) => ['console', 'admin', 'audit', filter] as const,
  seasons: ['console', 'admin', 'seasons'] as const,
};
