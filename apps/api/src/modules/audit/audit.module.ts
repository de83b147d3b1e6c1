import type { Kysely } from 'kysely';
import type { ApiModule } from '../../api-module.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AuditRepository } from './audit.repository.js';

// ---- this module's public API: other modules import it only from here (eslint.config.js) ----
export { type AuditEntry, AuditRepository, type AuditRow } from './audit.repository.js';

export interface AuditModule extends ApiModule {
  /** the audit log every module writes its changes to */
  repository: AuditRepository;
}

/** The audit log. It has no routes of its own: the console reads it through the admin module. */
export function createAuditModule(deps: { db: Kysely<Database>; clock: Clock }): AuditModule {
  return {
    repository: new AuditRepository(deps.db, deps.clock),
    async register() {},
  };
}
