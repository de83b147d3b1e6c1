import { apiPaths } from '../api-paths.js';
import {
  ZConsoleMeRequest,
  ZConsoleMeResponse,
  ZConsoleMfaActivateRequest,
  ZConsoleMfaActivateResponse,
  ZConsoleMfaEnrollRequest,
  ZConsoleMfaEnrollResponse,
  ZConsoleMfaVerifyRequest,
  ZConsoleMfaVerifyResponse,
} from '../console-access.js';
import type { OperationCatalogue } from './define.js';

/** The console's sign-in steps: who is calling, enrolment of the authenticator and the second factor itself. */
export const consoleAccessOperations = {
  consoleMe: {
    method: 'GET',
    path: apiPaths.consoleMe,
    request: ZConsoleMeRequest,
    response: ZConsoleMeResponse,
    access: 'signin',
    summary: '当前评审/管理员：角色、是否已绑定身份验证器、本会话是否已验证及到期时间',
  },
  consoleMfaEnroll: {
    method: 'POST',
    path: apiPaths.consoleMfaEnroll,
    request: ZConsoleMfaEnrollRequest,
    response: ZConsoleMfaEnrollResponse,
    access: 'signin',
    summary: '获取身份验证器绑定密钥与二维码（未绑定时；再次获取会替换未激活的密钥）',
  },
  consoleMfaActivate: {
    method: 'POST',
    path: apiPaths.consoleMfaActivate,
    request: ZConsoleMfaActivateRequest,
    response: ZConsoleMfaActivateResponse,
    access: 'signin',
    summary: '用第一个动态验证码激活身份验证器，返回一次性恢复码（仅显示一次）',
  },
  consoleMfaVerify: {
    method: 'POST',
    path: apiPaths.consoleMfaVerify,
    request: ZConsoleMfaVerifyRequest,
    response: ZConsoleMfaVerifyResponse,
    access: 'signin',
    summary: '输入动态验证码或恢复码，验证本会话以进入后台',
  },
} satisfies OperationCatalogue;
