import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consoleRankingOperations as op } from '@qgw/contracts';
import { authOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/errors.js';
import { operationRoute } from '../../plugins/operation-route.js';
import { requireConsole } from '../console-access/console-access.module.js';
import { actorOf } from './console-actor.js';
import type { RankingService } from './ranking.service.js';

/** Admins only: the ranking of a kind and staging from its cut line. */
export async function rankingRoutes(app: FastifyInstance, opts: { ranking: RankingService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: requireConsole(app, 'admin') };

  r.route({
    ...operationRoute(op.consoleRanking),
    ...admin,
    handler: async (request) => ok(await opts.ranking.ranking(request.query.kind, request.query.themeId, request.query.programmeId)),
  });

  r.route({
    ...operationRoute(op.consoleRankingStage),
    ...admin,
    handler: async (request) => ok(await opts.ranking.stage(actorOf(authOf(request)), request.body)),
  });
}
