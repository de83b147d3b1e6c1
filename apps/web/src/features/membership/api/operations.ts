import { z } from 'zod';
import {
  apiPaths,
  ZGetMemberInfoResponse,
  ZMemberApplyRequest,
  ZMemberUpdateRequest,
  ZSubmitResponse,
} from '@qgw/contracts';
import { defineOperation } from '../../../lib/request.js';

/** Membership operations: the seed's memberApply / memberUpdate and the project's getMemberInfo. */
export const memberOps = {
  memberApply: defineOperation({
    method: 'POST',
    path: apiPaths.memberApply,
    request: ZMemberApplyRequest,
    response: ZSubmitResponse,
  }),
  memberUpdate: defineOperation({
    method: 'POST',
    path: apiPaths.memberUpdate,
    request: ZMemberUpdateRequest,
    response: ZSubmitResponse,
  }),
  getMemberInfo: defineOperation({
    method: 'GET',
    path: apiPaths.getMemberInfo,
    request: z.object({}),
    response: ZGetMemberInfoResponse,
  }),
};
