import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  ZEnvelopeOf,
  ZLoginBySmsRequest,
  ZLoginBySmsResponse,
  ZResetPasswordRequest,
  ZResetPasswordResponse,
} from '@qgw/contracts';
import { ok } from '../../plugins/errors.js';
import type { SmsAccountsService } from './sms-accounts.service.js';

export interface SmsAccountsRoutesOptions {
  service: SmsAccountsService;
  /** the login route's per-IP limit applies to both */
  perIpPerMinute: number;
}

const tags = ['accounts'];

/** The account operations a verification code opens: declared as the other account endpoints are (accounts.routes.ts). */
export async function smsAccountsRoutes(app: FastifyInstance, opts: SmsAccountsRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service } = opts;

  r.post(
    apiPaths.resetPassword,
    {
      config: { rateLimit: { max: opts.perIpPerMinute, timeWindow: 60_000 } },
      // a busy address solves a proof-of-work challenge first, as for a login (HTTP 428)
      preValidation: app.challenges.whenBusy('login'),
      schema: {
        tags,
        summary: '找回密码：手机验证码 + 新密码（结束该账号全部会话）',
        body: ZResetPasswordRequest,
        response: { 200: ZEnvelopeOf(ZResetPasswordResponse) },
      },
    },
    async (request) => ok(await service.resetPassword(request.body, { ip: request.ip })),
  );

  r.post(
    apiPaths.loginBySms,
    {
      config: { rateLimit: { max: opts.perIpPerMinute, timeWindow: 60_000 } },
      preValidation: app.challenges.whenBusy('login'),
      schema: { tags, summary: '手机号 + 验证码登录（答案与 /v1/login 相同）', body: ZLoginBySmsRequest, response: { 200: ZEnvelopeOf(ZLoginBySmsResponse) } },
    },
    async (request) => ok(await service.loginBySms(request.body, { ip: request.ip })),
  );
}
