import { z } from 'zod';
import {
  apiPaths,
  ZAddWorkRequest,
  ZApplyCompanyRequest,
  ZApplyPersonRequest,
  ZGetApplyStatusResponse,
  ZGetCompanyInfoResponse,
  ZGetCurrentStatusResponse,
  ZGetPersonInfoResponse,
  ZGetThemesResponse,
  ZGetWorkRequest,
  ZGetWorkResponse,
  ZGetWorksResponse,
  ZSubmitResponse,
  ZUpdateApplyCompanyRequest,
  ZUpdateApplyPersonRequest,
  ZUpdateWorkRequest,
} from '@qgw/contracts';
import { defineOperation } from '../../../lib/request.js';

/** The look-ups that take no input still go through the wrapper, which adds the fixed fields. */
const ZNoInput = z.object({});

/** The 2024 programme's operations (PRODUCT §3): status, person, works and company entries. */
export const programmeOps = {
  getCurrentStatus: defineOperation({
    method: 'GET',
    path: apiPaths.getCurrentStatus,
    request: ZNoInput,
    response: ZGetCurrentStatusResponse,
  }),
  getApplyStatus: defineOperation({
    method: 'GET',
    path: apiPaths.getApplyStatus,
    request: ZNoInput,
    response: ZGetApplyStatusResponse,
  }),
  applyPerson: defineOperation({
    method: 'POST',
    path: apiPaths.applyPerson,
    request: ZApplyPersonRequest,
    response: ZSubmitResponse,
  }),
  updateApplyPerson: defineOperation({
    method: 'POST',
    path: apiPaths.updateApplyPerson,
    request: ZUpdateApplyPersonRequest,
    response: ZSubmitResponse,
  }),
  getPersonInfo: defineOperation({
    method: 'GET',
    path: apiPaths.getPersonInfo,
    request: ZNoInput,
    response: ZGetPersonInfoResponse,
  }),
  getThemes: defineOperation({ method: 'GET', path: apiPaths.getThemes, request: ZNoInput, response: ZGetThemesResponse }),
  getWorks: defineOperation({ method: 'GET', path: apiPaths.getWorks, request: ZNoInput, response: ZGetWorksResponse }),
  getWork: defineOperation({ method: 'GET', path: apiPaths.getWork, request: ZGetWorkRequest, response: ZGetWorkResponse }),
  addWork: defineOperation({ method: 'POST', path: apiPaths.addWork, request: ZAddWorkRequest, response: ZSubmitResponse }),
  updateWork: defineOperation({
    method: 'POST',
    path: apiPaths.updateWork,
    request: ZUpdateWorkRequest,
    response: ZSubmitResponse,
  }),
  applyCompany: defineOperation({
    method: 'POST',
    path: apiPaths.applyCompany,
    request: ZApplyCompanyRequest,
    response: ZSubmitResponse,
  }),
  updateApplyCompany: defineOperation({
    method: 'POST',
    path: apiPaths.updateApplyCompany,
    request: ZUpdateApplyCompanyRequest,
    response: ZSubmitResponse,
  }),
  getCompanyInfo: defineOperation({
    method: 'GET',
    path: apiPaths.getCompanyInfo,
    request: ZNoInput,
    response: ZGetCompanyInfoResponse,
  }),
};
