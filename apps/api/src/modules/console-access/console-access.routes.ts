import type { FastifyInstance } from 'fastify';
// the routes' `config.rateLimit` is typed by the rate-limit plugin's augmentation of Fastify
import type {} from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consoleAccessOperations as op } from '@qgw/contracts';
import { authOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/errors.js';
import { operationRoute } from '../../plugins/operation-route.js';
import { requireConsoleRole } from './console-guard.js';
import type { MfaService } from './mfa.service.js';

export interface ConsoleAccessRoutesOptions {
  service: MfaService;
  /** code attempts per IP per minute (the login route's limit) */
  attemptsPerIpPerMinute: number;
}

/** The console's sign-in steps: a reviewer's or admin's session, before or after the second factor. */
export async function consoleAccessRoutes(app: FastifyInstance, opts: ConsoleAccessRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service } = opts;
  const onRequest = requireConsoleRole(app);
  const attempts = { rateLimit: { max: opts.attemptsPerIpPerMinute, timeWindow: 60_000 } };

  r.route({ ...operationRoute(op.consoleMe), onRequest, handler: async (request) => ok(await service.me(authOf(request))) });

  r.route({
    ...operationRoute(op.consoleMfaEnroll),
    onRequest,
    config: attempts,
    handler: async (request) => ok(await service.enroll(authOf(request))),
  });

  r.route({
    ...operationRoute(op.consoleMfaActivate),
    onRequest,
    config: attempts,
    handler: async (request) => ok(await service.activate(authOf(request), request.body.code)),
  });

  r.route({
    ...operationRoute(op.consoleMfaVerify),
    onRequest,
    config: attempts,
    handler: async (request) => ok(await service.verify(authOf(request), request.body)),
  });
}
