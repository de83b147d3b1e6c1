import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import type { AuditRepository } from '../audit/audit.module.js';
import { seasonsRoutes } from './seasons.routes.js';
import { SeasonsService } from './seasons.service.js';

// ---- this module's public API: other modules import it only from here (eslint.config.js) ----
export { SeasonsService } from './seasons.service.js';

export interface SeasonsModule {
  seasons: SeasonsService;
  register(app: FastifyInstance): Promise<void>;
}

/** Seasons: the programme's years, one of them current (admins create and switch them in 评选设置). */
export function createSeasonsModule(deps: { db: Kysely<Database>; clock: Clock; audit: AuditRepository }): SeasonsModule {
  const seasons = new SeasonsService(deps.db, deps.clock, deps.audit);
  return {
    seasons,
    async register(app) {
      await app.register(seasonsRoutes, { seasons });
    },
  };
}
