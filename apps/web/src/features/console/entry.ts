import type { Role } from '@qgw/contracts';
import { consolePaths } from './paths.js';

/**
 * What the account tab needs to offer the console to reviewers and admins, kept apart from the console itself so
 * that the tab's chunk does not carry the console's code or texts.
 */
export const consoleEntry = { to: consolePaths.home, text: '管理后台' } as const;

export function hasAdminRole(roles: readonly Role[] | null | undefined): boolean {
  return Boolean(roles?.includes('admin'));
}

/** Reviewers and admins work in the console (reviewers see only their review queue there). */
export function hasConsoleRole(roles: readonly Role[] | null | undefined): boolean {
  return Boolean(roles?.some((r) => r === 'admin' || r === 'reviewer'));
}
