import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountOperations as op, apiPaths, ZDevSmsOutboxRequest, ZDevSmsOutboxResponse, ZEnvelopeOf } from '@qgw/contracts';
import { ok } from '../../plugins/errors.js';
import { operationRoute } from '../../plugins/operation-route.js';
import type { Challenges } from '../challenge/challenge.module.js';
import type { DevSmsOutbox } from './dev-outbox.js';
import type { SmsCodeService } from './sms-codes.service.js';
// the type of the app's `challenges` decoration, which this file's routes use
import type {} from '../challenge/challenge.module.js';

export interface SmsRoutesOptions {
  service: SmsCodeService;
  sendPerIpPerHour: number;
  challenges: Challenges;
  /** the development outbox's reader; undefined in production, where the route does not exist */
  devOutbox: DevSmsOutbox | null | undefined;
}

export async function smsRoutes(app: FastifyInstance, opts: SmsRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service } = opts;

  r.route({
    ...operationRoute(op.sendSmsCode),
    config: { rateLimit: { max: opts.sendPerIpPerHour, timeWindow: 60 * 60_000 } },
    // every send costs money: a busy address solves a proof-of-work challenge first (HTTP 428)
    preValidation: opts.challenges.whenBusy('sms'),
    handler: async (request) => ok(await service.request(request.body.mobile, request.body.purpose)),
  });

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
