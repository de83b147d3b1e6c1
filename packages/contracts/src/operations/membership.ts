import { z } from 'zod';
import { apiPaths } from '../api-paths.js';
import {
  ZGetMemberInfoResponse,
  ZMemberApplyRequest,
  ZMemberUpdateRequest,
  ZSubmitResponse,
} from '../applications-api.js';
import type { OperationCatalogue } from './define.js';

/** These reads take no input (the fixed fields the web adds are stripped). */
const ZNoInput = z.object({});

/** Membership: the seed's memberApply / memberUpdate and the project's getMemberInfo (the caller's own). */
export const membershipOperations = {
  memberApply: {
    method: 'POST',
    path: apiPaths.memberApply,
    request: ZMemberApplyRequest,
    response: ZSubmitResponse,
    access: 'session',
    summary: '提交入会申报（可带 draftId 提交草稿）',
  },
  memberUpdate: {
    method: 'POST',
    path: apiPaths.memberUpdate,
    request: ZMemberUpdateRequest,
    response: ZSubmitResponse,
    access: 'session',
    summary: '修改并重新提交入会申报（草稿或退回修改状态，需带 version）',
  },
  getMemberInfo: {
    method: 'GET',
    path: apiPaths.getMemberInfo,
    request: ZNoInput,
    response: ZGetMemberInfoResponse,
    access: 'session',
    summary: '我的入会申请',
  },
} satisfies OperationCatalogue;
