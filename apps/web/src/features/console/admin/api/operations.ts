import { consoleAdminOperations as o } from '@qgw/contracts';

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
};

export const adminKeys = {
  users: (q: string, role: string) => ['console', 'admin', 'users', q, role] as const,
  user: (id: string) => ['console', 'admin', 'users', 'one', id] as const,
  programme: ['console', 'admin', 'programme'] as const,
  themes: ['console', 'admin', 'themes'] as const,
  rubrics: ['console', 'admin', 'rubrics'] as const,
  audit: (filter: object) => ['console', 'admin', 'audit', filter] as const,
};
