import { apiPaths } from '../api-paths.js';
import {
  ZCancelCloseAccountRequest,
  ZCancelCloseAccountResponse,
  ZCloseAccountRequest,
  ZCloseAccountResponse,
} from '../account-rights.js';
import type { OperationCatalogue } from './define.js';

/**
 * Personal-data rights (PIPL arts. 45 and 47): closing the account and cancelling a closing. The
 * copy of one's data (GET exportMyData) is a file, not a JSON operation (nonJsonRoutes).
 */
export const accountRightsOperations = {
  closeAccount: {
    method: 'POST',
    path: apiPaths.closeAccount,
    request: ZCloseAccountRequest,
    response: ZCloseAccountResponse,
    access: 'session',
    summary: '注销账号（密码或 closeAccount 验证码确认；撤回待审申请、结束全部会话；宽限期后删除个人信息）',
  },
  cancelCloseAccount: {
    method: 'POST',
    path: apiPaths.cancelCloseAccount,
    request: ZCancelCloseAccountRequest,
    response: ZCancelCloseAccountResponse,
    access: 'public',
    summary: '撤销注销：宽限期内用手机号 + 密码恢复账号并登录（答案与 /v1/login 相同）',
  },
} satisfies OperationCatalogue;
