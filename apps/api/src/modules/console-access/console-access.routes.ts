import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths, ZConsoleMeRequest, ZConsoleMeResponse, ZConsoleMfaActivateRequest, ZConsoleMfaActivateResponse,
  ZConsoleMfaEnrollRequest, ZConsoleMfaEnrollResponse, ZConsoleMfaVerifyRequest, ZConsoleMfaVerifyResponse, ZEnvelopeOf,
} from '@qgw/contracts';
import { authOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/errors.js';
import { requireConsoleRole } from './console-guard.js';
import type { MfaService } from './mfa.service.js';

export interface ConsoleAccessRoutesOptions {
  service: MfaService;
  /** code attempts per IP per minute (the login route's limit) */
  attemptsPerIpPerMinute: number;
}

const tags = ['console-access'];
const security = [{ token: [] }];

/** The console's sign-in steps: a reviewer's or admin's session, before or after the second factor. */
export async function consoleAccessRoutes(app: FastifyInstance, opts: ConsoleAccessRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service } = opts;
  const onRequest = requireConsoleRole(app);
  const attempts = { rateLimit: { max: opts.attemptsPerIpPerMinute, timeWindow: 60_000 } };

  r.get(
    apiPaths.consoleMe,
    {
      onRequest,
      schema: {
        tags,
        summary: '当前评审/管理员：角色、是否已绑定身份验证器、本会话是否已验证及到期时间',
        security,
        querystring: ZConsoleMeRequest,
        response: { 200: ZEnvelopeOf(ZConsoleMeResponse) },
      },
    },
    async (request) => ok(await service.me(authOf(request))),
  );

  r.post(
    apiPaths.consoleMfaEnroll,
    {
      onRequest,
      config: attempts,
      schema: {
        tags,
        summary: '获取身份验证器绑定密钥与二维码（未绑定时；再次获取会替换未激活的密钥）',
        security,
        body: ZConsoleMfaEnrollRequest,
        response: { 200: ZEnvelopeOf(ZConsoleMfaEnrollResponse) },
      },
    },
    async (request) => ok(await service.enroll(authOf(request))),
  );

  r.post(
    apiPaths.consoleMfaActivate,
    {
      onRequest,
      config: attempts,
      schema: {
        tags,
        summary: '用第一个动态验证码激活身份验证器，返回一次性恢复码（仅显示一次）',
        security,
        body: ZConsoleMfaActivateRequest,
        response: { 200: ZEnvelopeOf(ZConsoleMfaActivateResponse) },
      },
    },
    async (request) => ok(await service.activate(authOf(request), request.body.code)),
  );

  r.post(
    apiPaths.consoleMfaVerify,
    {
      onRequest,
      config: attempts,
      schema: {
        tags,
        summary: '输入动态验证码或恢复码，验证本会话以进入后台',
        security,
        body: ZConsoleMfaVerifyRequest,
        response: { 200: ZEnvelopeOf(ZConsoleMfaVerifyResponse) },
      },
    },
    async (request) => ok(await service.verify(authOf(request), request.body)),
  );
}
