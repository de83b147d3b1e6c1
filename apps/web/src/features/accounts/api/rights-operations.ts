import { accountRightsOperations, apiPaths } from '@qgw/contracts';
import { request } from '../../../lib/request.js';

/**
 * Personal-data rights (docs/requirements.md#account-rights): closing the account and cancelling a
 * closing.
 */
export const accountRightsOps = accountRightsOperations;

/**
 * GET /v1/exportMyData answers the file itself (not the envelope): the JSON document, through the
 * one request wrapper so that a dead session or a rate limit is handled as everywhere else.
 */
export async function fetchMyData(): Promise<unknown> {
  return request('GET', apiPaths.exportMyData);
}
