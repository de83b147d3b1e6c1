import type { Kysely } from 'kysely';
import type { ApiModule } from '../../api-module.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { programmeRoutes } from './programme.routes.js';
import { ProgrammeService } from './programme.service.js';

// ---- this module's public API: other modules import it only from here (eslint.config.js) ----
export { programmeRepository, type ProgrammeRow, type ThemeWithCount } from './programme.repository.js';
export { ageRangeOf, phaseOf, ProgrammeService } from './programme.service.js';

export interface ProgrammeModule extends ApiModule {
  service: ProgrammeService;
}

/** The programme: its phase and dates, and its themes (public reads). */
export function createProgrammeModule(deps: { db: Kysely<Database>; clock: Clock }): ProgrammeModule {
  const service = new ProgrammeService(deps.db, deps.clock);
  return {
    service,
    async register(app) {
      await app.register(programmeRoutes, { service });
    },
  };
}
