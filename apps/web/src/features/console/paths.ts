import { consoleLoginPath } from '../../lib/navigation.js';

/** The console's own routes (outside the seed's route table), under one prefix. */
export const consolePaths = {
  home: '/console',
  articles: '/console/content/articles',
  article: (id: string) => `/console/content/articles/${encodeURIComponent(id)}`,
  leaders: '/console/content/leaders',
  leader: (id: string) => `/console/content/leaders/${encodeURIComponent(id)}`,
  subdivisions: '/console/content/subdivisions',
  subdivision: (id: string) => `/console/content/subdivisions/${encodeURIComponent(id)}`,
  members: '/console/content/members',
  member: (id: string) => `/console/content/members/${encodeURIComponent(id)}`,
  webview: '/console/content/webview',
  signIn: '/console/signin',
  /** the console's login (mobile and password or an SMS code), before the second factor */
  login: consoleLoginPath,
  adminUsers: '/console/admin/users',
  adminUser: (id: string) => `/console/admin/users/${encodeURIComponent(id)}`,
  adminProgramme: '/console/admin/programme',
  adminAudit: '/console/admin/audit',
} as const;

/** The id an edit route uses for a record not created yet. */
export const NEW_ID = 'new';
