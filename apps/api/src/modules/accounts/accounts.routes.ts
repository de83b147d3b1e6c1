import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountOperations as op } from '@qgw/contracts';
import { authOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/errors.js';
import { operationRoute } from '../../plugins/operation-route.js';
import type { AccountsService } from './accounts.service.js';
import type { LoginService } from './login.service.js';
import type { ProfileService } from './profile.service.js';
import { solutionOf } from '../challenge/challenge.module.js';

export interface AccountsRoutesOptions {
  service: AccountsService;
  login: LoginService;
  profiles: ProfileService;
  loginPerIpPerMinute: number;
  registerPerIpPerHour: number;
}

/** Parses with the contracts' schemas (unknown fields stripped), delegates, wraps the answer in the envelope. */
export async function accountsRoutes(app: FastifyInstance, opts: AccountsRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service, login, profiles } = opts;

  r.route({
    ...operationRoute(op.login),
    config: { rateLimit: { max: opts.loginPerIpPerMinute, timeWindow: 60_000 } },
    handler: async (request) => ok(await login.login(request.body, { ip: request.ip, altcha: solutionOf(request) })),
  });

  r.route({
    ...operationRoute(op.register),
    config: { rateLimit: { max: opts.registerPerIpPerHour, timeWindow: 60 * 60_000 } },
    handler: async (request) => ok(await service.register(request.body)),
  });

  r.route({
    ...operationRoute(op.getUserInfo),
    onRequest: app.requireAuth,
    handler: async (request) => ok(await profiles.profile(authOf(request).user.id)),
  });

  r.route({
    ...operationRoute(op.updateProfile),
    onRequest: app.requireAuth,
    handler: async (request) => ok(await profiles.updateProfile(authOf(request), request.body)),
  });

  r.route({
    ...operationRoute(op.updatePSD),
    onRequest: app.requireAuth,
    handler: async (request) => ok(await service.updatePassword(authOf(request), request.body)),
  });

  r.route({
    ...operationRoute(op.updatePhone),
    onRequest: app.requireAuth,
    handler: async (request) => ok(await service.updatePhone(authOf(request), request.body)),
  });

  r.route({
    ...operationRoute(op.logout),
    onRequest: app.requireAuth,
    handler: async (request) => ok(await service.logout(authOf(request))),
  });
}
