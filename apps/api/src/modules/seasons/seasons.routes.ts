import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consoleSeasonOperations as op } from '@qgw/contracts';
import { authOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/errors.js';
import { operationRoute } from '../../plugins/operation-route.js';
import { requireConsole } from '../console-access/console-access.module.js';
import type { SeasonsService } from './seasons.service.js';

/** Admins past the second factor: the seasons of 评选设置. */
export async function seasonsRoutes(app: FastifyInstance, opts: { seasons: SeasonsService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: requireConsole(app, 'admin') };
  const { seasons } = opts;

  r.route({ ...operationRoute(op.consoleSeasons), ...admin, handler: async () => ok(await seasons.list()) });
  r.route({
    ...operationRoute(op.consoleSeasonCreate),
    ...admin,
    handler: async (request) => ok(await seasons.create(authOf(request).user.id, request.body)),
  });
  r.route({
    ...operationRoute(op.consoleSeasonMakeCurrent),
    ...admin,
    handler: async (request) => ok(await seasons.makeCurrent(authOf(request).user.id, request.body)),
  });
}
