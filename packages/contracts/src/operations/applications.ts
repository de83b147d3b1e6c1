import { apiPaths } from '../api-paths.js';
import {
  ZGetDraftRequest,
  ZGetDraftResponse,
  ZMyApplicationsRequest,
  ZMyApplicationsResponse,
  ZPrefillRequest,
  ZPrefillResponse,
  ZSaveDraftRequest,
  ZSaveDraftResponse,
  ZWithdrawRequest,
  ZWithdrawResponse,
} from '../applications-api.js';
import type { OperationCatalogue } from './define.js';

/** What every kind of application shares: server-side drafts and withdrawal (the caller's own). */
export const applicationOperations = {
  saveDraft: {
    method: 'POST',
    path: apiPaths.saveDraft,
    request: ZSaveDraftRequest,
    response: ZSaveDraftResponse,
    access: 'session',
    summary: '自动保存草稿（任意部分字段）',
  },
  getDraft: {
    method: 'GET',
    path: apiPaths.getDraft,
    request: ZGetDraftRequest,
    response: ZGetDraftResponse,
    access: 'session',
    summary: '读取草稿（换设备继续填写）',
  },
  withdrawApplication: {
    method: 'POST',
    path: apiPaths.withdrawApplication,
    request: ZWithdrawRequest,
    response: ZWithdrawResponse,
    access: 'session',
    summary: '撤回申报（需填写原因；已有结果的不能撤回）',
  },
  myApplications: {
    method: 'GET',
    path: apiPaths.myApplications,
    request: ZMyApplicationsRequest,
    response: ZMyApplicationsResponse,
    access: 'session',
    summary: '我的申报：本人的全部申报（各类别，最新在前）',
  },
  getPrefill: {
    method: 'GET',
    path: apiPaths.getPrefill,
    request: ZPrefillRequest,
    response: ZPrefillResponse,
    access: 'session',
    summary: '新申报的预填内容：本人的基本信息和上次同类申报的内容（不含上传文件）',
  },
} satisfies OperationCatalogue;
