import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consoleDashboardOperations as op } from '@qgw/contracts';
import { ok } from '../../plugins/errors.js';
import { operationRoute } from '../../plugins/operation-route.js';
import { requireConsole } from '../console-access/console-access.module.js';
import type { DashboardService } from './dashboard.service.js';

/** Admins only: the console's 概览. */
export async function dashboardRoutes(app: FastifyInstance, opts: { dashboard: DashboardService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...operationRoute(op.consoleDashboard),
    onRequest: requireConsole(app, 'admin'),
    handler: async (request) => ok(await opts.dashboard.dashboard(request.query.days, request.query.programmeId)),
  });
}
