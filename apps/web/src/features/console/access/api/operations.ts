import {
  apiPaths,
  ZConsoleMeRequest,
  ZConsoleMeResponse,
  ZConsoleMfaActivateRequest,
  ZConsoleMfaActivateResponse,
  ZConsoleMfaEnrollRequest,
  ZConsoleMfaEnrollResponse,
  ZConsoleMfaVerifyRequest,
  ZConsoleMfaVerifyResponse,
} from '@qgw/contracts';
import { defineOperation } from '../../../../lib/request.js';

/** The console's second factor: who is calling, enrolment and verification. */
export const accessOps = {
  me: defineOperation({ method: 'GET', path: apiPaths.consoleMe, request: ZConsoleMeRequest, response: ZConsoleMeResponse }),
  enroll: defineOperation({ method: 'POST', path: apiPaths.consoleMfaEnroll, request: ZConsoleMfaEnrollRequest, response: ZConsoleMfaEnrollResponse }),
  activate: defineOperation({ method: 'POST', path: apiPaths.consoleMfaActivate, request: ZConsoleMfaActivateRequest, response: ZConsoleMfaActivateResponse }),
  verify: defineOperation({ method: 'POST', path: apiPaths.consoleMfaVerify, request: ZConsoleMfaVerifyRequest, response: ZConsoleMfaVerifyResponse }),
};

/** Outside the ['console'] key so that refreshing console data never asks for a new secret. */
export const accessKeys = {
  me: ['console', 'me'] as const,
  enroll: ['console-access', 'enroll'] as const,
};
