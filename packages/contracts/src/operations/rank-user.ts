import { apiPaths } from '../api-paths.js';
import {
  ZGetRankUserRequest,
  ZGetRankUserResponse,
  ZRankUserApplyRequest,
  ZRankUserUpdateRequest,
  ZSubmitResponse,
} from '../applications-api.js';
import type { OperationCatalogue } from './define.js';

/**
 * The rank-user application (docs/requirements.md#operations). getRankUserInfo answers by `type`:
 * `check` a status code with the record, `info` the caller's latest application
 * (ZRankUserInfoResponse); someone else's mobile is refused unless a console-verified reviewer or
 * admin asks (decision 0004).
 */
export const rankUserOperations = {
  submit: {
    method: 'POST',
    path: apiPaths.submit,
    request: ZRankUserApplyRequest,
    response: ZSubmitResponse,
    access: 'session',
    summary: '提交创新榜申报（可带 draftId 提交草稿）',
  },
  update: {
    method: 'POST',
    path: apiPaths.update,
    request: ZRankUserUpdateRequest,
    response: ZSubmitResponse,
    access: 'session',
    summary: '修改并重新提交创新榜申报（草稿或退回修改状态，需带 version）',
  },
  getRankUser: {
    method: 'GET',
    path: apiPaths.getRankUser,
    request: ZGetRankUserRequest,
    response: ZGetRankUserResponse,
    access: 'session',
    summary: '创新榜申报查询：type=check 返回状态码（0 / 9000 / 9001 / 9002），type=info 返回申报内容',
  },
} satisfies OperationCatalogue;
