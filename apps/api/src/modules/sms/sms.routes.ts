import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  ZDevSmsOutboxRequest,
  ZDevSmsOutboxResponse,
  ZEnvelopeOf,
  ZSendSmsCodeRequest,
  ZSendSmsCodeResponse,
} from '@qgw/contracts';
import { ok } from '../../plugins/errors.js';
import type { DevSmsOutbox } from './dev-outbox.js';
import type { SmsCodeService } from './sms-codes.service.js';

export interface SmsRoutesOptions {
  service: SmsCodeService;
  sendPerIpPerHour: number;
  /** the development outbox's reader; undefined in production, where the route does not exist */
  devOutbox: DevSmsOutbox | null | undefined;
}

const tags = ['accounts'];

export async function smsRoutes(app: FastifyInstance, opts: SmsRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service } = opts;

  r.post(
    apiPaths.sendSmsCode,
    {
      config: { rateLimit: { max: opts.sendPerIpPerHour, timeWindow: 60 * 60_000 } },
      // every send costs money: a busy address solves a proof-of-work challenge first (HTTP 428)
      preValidation: app.challenges.whenBusy('sms'),
      schema: {
        tags,
        summary: '发送短信验证码（注册、找回密码、更换手机号、验证码登录）；是否已注册答案相同',
        body: ZSendSmsCodeRequest,
        response: { 200: ZEnvelopeOf(ZSendSmsCodeResponse) },
      },
    },
    async (request) => ok(await service.request(request.body.mobile, request.body.purpose)),
  );

  if (opts.devOutbox !== undefined) {
    const outbox = opts.devOutbox;
    r.get(
      apiPaths.devSmsOutbox,
      {
        schema: {
          tags: ['development'],
          summary: '开发环境短信发件箱：该手机号最近的验证码（生产环境不存在）',
          querystring: ZDevSmsOutboxRequest,
          response: { 200: ZEnvelopeOf(ZDevSmsOutboxResponse) },
        },
      },
      async (request) => ok({ codes: outbox?.codesFor(request.query.mobile) ?? [] }),
    );
  }
}
