import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  ZEnvelopeOf,
  ZGetUserInfoRequest,
  ZGetUserInfoResponse,
  ZLoginRequest,
  ZLoginResponse,
  ZLogoutRequest,
  ZLogoutResponse,
  ZRegisterRequest,
  ZRegisterResponse,
  ZUpdatePasswordRequest,
  ZUpdatePasswordResponse,
  ZUpdatePhoneRequest,
  ZUpdatePhoneResponse,
  ZUpdateProfileRequest,
  ZUpdateProfileResponse,
} from '@qgw/contracts';
import { authOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/errors.js';
import type { AccountsService } from './accounts.service.js';
import { solutionOf } from '../challenge/challenge.module.js';

export interface AccountsRoutesOptions {
  service: AccountsService;
  loginPerIpPerMinute: number;
  registerPerIpPerHour: number;
}

const secured = [{ token: [] }];
const tags = ['accounts'];

/** Parses with the contracts' schemas (unknown fields stripped), delegates, wraps the answer in the envelope. */
export async function accountsRoutes(app: FastifyInstance, opts: AccountsRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service } = opts;

  r.post(
    apiPaths.login,
    {
      config: { rateLimit: { max: opts.loginPerIpPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: '手机号 + 密码登录（需要时先完成人机验证：HTTP 428 CHALLENGE_REQUIRED）',
        body: ZLoginRequest,
        response: { 200: ZEnvelopeOf(ZLoginResponse) },
      },
    },
    async (request) => ok(await service.login(request.body, { ip: request.ip, altcha: solutionOf(request) })),
  );

  r.post(
    apiPaths.register,
    {
      config: { rateLimit: { max: opts.registerPerIpPerHour, timeWindow: 60 * 60_000 } },
      schema: {
        tags,
        summary: '注册（需同意隐私政策）',
        body: ZRegisterRequest,
        response: { 200: ZEnvelopeOf(ZRegisterResponse) },
      },
    },
    async (request) => ok(await service.register(request.body)),
  );

  r.get(
    apiPaths.getUserInfo,
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: '当前用户资料',
        security: secured,
        querystring: ZGetUserInfoRequest,
        response: { 200: ZEnvelopeOf(ZGetUserInfoResponse) },
      },
    },
    async (request) => ok(await service.profile(authOf(request).user.id)),
  );

  r.post(
    apiPaths.updateProfile,
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: '修改昵称、头像',
        security: secured,
        body: ZUpdateProfileRequest,
        response: { 200: ZEnvelopeOf(ZUpdateProfileResponse) },
      },
    },
    async (request) => ok(await service.updateProfile(authOf(request), request.body)),
  );

  r.post(
    apiPaths.updatePSD,
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: '修改密码（结束全部会话并返回新令牌）',
        security: secured,
        body: ZUpdatePasswordRequest,
        response: { 200: ZEnvelopeOf(ZUpdatePasswordResponse) },
      },
    },
    async (request) => ok(await service.updatePassword(authOf(request), request.body)),
  );

  r.post(
    apiPaths.updatePhone,
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: '修改手机号（需密码；结束全部会话并返回新令牌）',
        security: secured,
        body: ZUpdatePhoneRequest,
        response: { 200: ZEnvelopeOf(ZUpdatePhoneResponse) },
      },
    },
    async (request) => ok(await service.updatePhone(authOf(request), request.body)),
  );

  r.post(
    apiPaths.logout,
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: '退出登录（结束当前会话）',
        security: secured,
        body: ZLogoutRequest.optional(),
        response: { 200: ZEnvelopeOf(ZLogoutResponse) },
      },
    },
    async (request) => ok(await service.logout(authOf(request))),
  );
}
