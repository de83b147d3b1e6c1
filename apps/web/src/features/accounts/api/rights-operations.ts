import {
  apiPaths,
  ZCancelCloseAccountRequest,
  ZCancelCloseAccountResponse,
  ZCloseAccountRequest,
  ZCloseAccountResponse,
} from '@qgw/contracts';
import { defineOperation, request } from '../../../lib/request.js';

/** Personal-data rights (PRODUCT §3 "accounts for a real public"): closing the account and cancelling a closing. */
export const accountRightsOps = {
  closeAccount: defineOperation({ method: 'POST', path: apiPaths.closeAccount, request: ZCloseAccountRequest, response: ZCloseAccountResponse }),
  cancelCloseAccount: defineOperation({
    method: 'POST',
    path: apiPaths.cancelCloseAccount,
    request: ZCancelCloseAccountRequest,
    response: ZCancelCloseAccountResponse,
  }),
};

/**
 * GET /v1/exportMyData answers the file itself (not the envelope): the JSON document, through the
 * one request wrapper so that a dead session or a rate limit is handled as everywhere else.
 */
export async function fetchMyData(): Promise<unknown> {
  return request('GET', apiPaths.exportMyData);
}
