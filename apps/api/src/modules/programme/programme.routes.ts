import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { programmeOperations as op } from '@qgw/contracts';
import { ok } from '../../plugins/errors.js';
import { operationRoute } from '../../plugins/operation-route.js';
import type { ProgrammeService } from './programme.service.js';

export interface ProgrammeRoutesOptions {
  service: ProgrammeService;
}

/** Public: the programme's phase and dates, and its themes (read before logging in). */
export async function programmeRoutes(app: FastifyInstance, opts: ProgrammeRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service } = opts;

  r.route({ ...operationRoute(op.getCurrentStatus), handler: async () => ok(await service.currentStatus()) });

  r.route({ ...operationRoute(op.getThemes), handler: async () => ok(await service.themes()) });
}
