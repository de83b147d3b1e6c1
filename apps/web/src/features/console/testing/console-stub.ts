import { apiPaths, type ConsoleMeResponse } from '@qgw/contracts';
import { readUserInfo } from '../../../lib/storage.js';
import { ok, stubApi } from '../../../test/api-stub.js';

/**
 * The API stub for console screens past the second factor: GET console/me answers "enrolled and
 * verified" with the roles of the signed-in user, unless the handlers say otherwise.
 */
export function stubConsoleApi(handlers: Parameters<typeof stubApi>[0]) {
  const verified = (): ConsoleMeResponse => ({
    user: { id: 'user-1', nickname: '小青', mobileMasked: '138****1234', avatar: null },
    roles: readUserInfo()?.roles ?? [],
    mfaEnrolled: true,
    mfaVerified: true,
    consoleExpiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    recoveryCodesLeft: 10,
  });
  return stubApi({ [apiPaths.consoleMe]: () => ok(verified()), ...handlers });
}
