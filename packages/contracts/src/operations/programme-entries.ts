import { z } from 'zod';
import { apiPaths } from '../api-paths.js';
import {
  ZAddWorkRequest,
  ZApplyCompanyRequest,
  ZApplyPersonRequest,
  ZGetApplyStatusResponse,
  ZGetCompanyInfoResponse,
  ZGetPersonInfoResponse,
  ZGetWorkRequest,
  ZGetWorkResponse,
  ZGetWorksResponse,
  ZSubmitResponse,
  ZUpdateApplyCompanyRequest,
  ZUpdateApplyPersonRequest,
  ZUpdateWorkRequest,
} from '../applications-api.js';
import type { OperationCatalogue } from './define.js';

/** These reads take no input (the fixed fields the web adds are stripped). */
const ZNoInput = z.object({});

/**
 * The 2024 programme's entries (docs/requirements.md#programme-2024): the signed-in applicant's
 * person, company and work entries. Updates name an entry of the caller's own; the service refuses
 * anyone else's.
 */
export const programmeEntryOperations = {
  getApplyStatus: {
    method: 'GET',
    path: apiPaths.getApplyStatus,
    request: ZNoInput,
    response: ZGetApplyStatusResponse,
    access: 'session',
    summary: '我在本届活动中的个人、企业与作品申报状态',
  },
  applyPerson: {
    method: 'POST',
    path: apiPaths.applyPerson,
    request: ZApplyPersonRequest,
    response: ZSubmitResponse,
    access: 'session',
    summary: '提交2024 个人申报（可带 draftId 提交草稿）',
  },
  updateApplyPerson: {
    method: 'POST',
    path: apiPaths.updateApplyPerson,
    request: ZUpdateApplyPersonRequest,
    response: ZSubmitResponse,
    access: 'session',
    summary: '修改并重新提交2024 个人申报（草稿或退回修改状态，需带 version）',
  },
  getPersonInfo: {
    method: 'GET',
    path: apiPaths.getPersonInfo,
    request: ZNoInput,
    response: ZGetPersonInfoResponse,
    access: 'session',
    summary: '我的 2024 个人申报',
  },
  getWorks: {
    method: 'GET',
    path: apiPaths.getWorks,
    request: ZNoInput,
    response: ZGetWorksResponse,
    access: 'session',
    summary: '我的作品列表',
  },
  getWork: {
    method: 'GET',
    path: apiPaths.getWork,
    request: ZGetWorkRequest,
    response: ZGetWorkResponse,
    access: 'session',
    summary: '一件作品',
  },
  addWork: {
    method: 'POST',
    path: apiPaths.addWork,
    request: ZAddWorkRequest,
    response: ZSubmitResponse,
    access: 'session',
    summary: '提交作品申报（可带 draftId 提交草稿）',
  },
  updateWork: {
    method: 'POST',
    path: apiPaths.updateWork,
    request: ZUpdateWorkRequest,
    response: ZSubmitResponse,
    access: 'session',
    summary: '修改并重新提交作品申报（草稿或退回修改状态，需带 version）',
  },
  applyCompany: {
    method: 'POST',
    path: apiPaths.applyCompany,
    request: ZApplyCompanyRequest,
    response: ZSubmitResponse,
    access: 'session',
    summary: '提交2024 企业申报（可带 draftId 提交草稿）',
  },
  updateApplyCompany: {
    method: 'POST',
    path: apiPaths.updateApplyCompany,
    request: ZUpdateApplyCompanyRequest,
    response: ZSubmitResponse,
    access: 'session',
    summary: '修改并重新提交2024 企业申报（草稿或退回修改状态，需带 version）',
  },
  getCompanyInfo: {
    method: 'GET',
    path: apiPaths.getCompanyInfo,
    request: ZNoInput,
    response: ZGetCompanyInfoResponse,
    access: 'session',
    summary: '我的 2024 企业申报',
  },
} satisfies OperationCatalogue;
