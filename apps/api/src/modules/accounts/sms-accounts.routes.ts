import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountOperations as op } from '@qgw/contracts';
import { ok } from '../../plugins/errors.js';
import { operationRoute } from '../../plugins/operation-route.js';
import type { Challenges } from '../challenge/challenge.module.js';
import type { SmsAccountsService } from './sms-accounts.service.js';

export interface SmsAccountsRoutesOptions {
  service: SmsAccountsService;
  /** the login route's per-IP limit applies to both */
  perIpPerMinute: number;
  challenges: Challenges;
}

/** The account operations a verification code opens: declared as the other account endpoints are (accounts.routes.ts). */
export async function smsAccountsRoutes(app: FastifyInstance, opts: SmsAccountsRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service } = opts;

  r.route({
    ...operationRoute(op.resetPassword),
    config: { rateLimit: { max: opts.perIpPerMinute, timeWindow: 60_000 } },
    // a busy address solves a proof-of-work challenge first, as for a login (HTTP 428)
    preValidation: opts.challenges.whenBusy('login'),
    handler: async (request) => ok(await service.resetPassword(request.body, { ip: request.ip })),
  });

  r.route({
    ...operationRoute(op.loginBySms),
    config: { rateLimit: { max: opts.perIpPerMinute, timeWindow: 60_000 } },
    preValidation: opts.challenges.whenBusy('login'),
    handler: async (request) => ok(await service.loginBySms(request.body, { ip: request.ip })),
  });
}
