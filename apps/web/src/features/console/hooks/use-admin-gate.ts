import type { Role } from '@qgw/contracts';
import { readUserInfo } from '../../../lib/storage.js';
import { isLoggedIn, useSession } from '../../../stores/session.js';
import { useUserInfo } from '../../accounts/index.js';
import { hasAdminRole } from '../entry.js';

export type GateState = 'guest' | 'checking' | 'admin' | 'reviewer' | 'denied';

/**
 * Whether the signed-in person may use the console. The server's current answer decides (roles can
 * change after login); the roles stored at login only stand in when the server cannot be reached,
 * and the server refuses every admin call of a non-admin anyway.
 */
export function useAdminGate(): GateState {
  const loggedIn = useSession(isLoggedIn);
  const profile = useUserInfo();
  if (!loggedIn) return 'guest';
  let roles: readonly Role[] | undefined = profile.data?.roles;
  if (!roles && profile.isError) roles = readUserInfo()?.roles;
  if (!roles) return profile.isError ? 'denied' : 'checking';
  if (hasAdminRole(roles)) return 'admin';
  // reviewers use the reviewing screens only; each of those asks the server again (second factor)
  return roles.includes('reviewer') ? 'reviewer' : 'denied';
}

