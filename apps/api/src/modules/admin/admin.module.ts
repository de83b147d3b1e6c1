import type { Kysely } from 'kysely';
import type { ApiModule } from '../../api-module.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import type { SessionService } from '../accounts/accounts.module.js';
import type { AuditRepository } from '../audit/audit.module.js';
import type { ConsoleAccessModule } from '../console-access/console-access.module.js';
import type { SmsCodeService } from '../sms/sms.module.js';
import { adminRoutes } from './admin.routes.js';
import { PeopleService } from './people.service.js';
import { ProgrammeAdminService } from './programme-admin.service.js';
import { RubricsService } from './rubrics.js';

// ---- this module's public API: other modules import it only from here (eslint.config.js) ----
export {
  isBlindReview, minReviewsByKind, quotaByKind, seasonOf, seasonSettingRows, targetReviewersByKind, writeSeasonSetting,
} from './console-settings.repository.js';

export interface AdminModule extends ApiModule {
  people: PeopleService;
  programme: ProgrammeAdminService;
  rubrics: RubricsService;
}

/** The console's administration screens (admins only). */
export function createAdminModule(deps: {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditRepository;
  sessions: SessionService;
  consoleAccess: ConsoleAccessModule;
  /** verification codes: an admin has a password-reset code sent to a user */
  smsCodes: Pick<SmsCodeService, 'request'>;
}): AdminModule {
  const { db, clock, audit } = deps;
  const people = new PeopleService({
    db,
    clock,
    audit,
    sessions: deps.sessions,
    verifications: deps.consoleAccess.verifications,
    mfa: deps.consoleAccess.mfa,
    smsCodes: deps.smsCodes,
  });
  const programme = new ProgrammeAdminService(db, clock, audit);
  const rubrics = new RubricsService(db, clock, audit);
  return {
    people,
    programme,
    rubrics,
    async register(app) {
      await app.register(adminRoutes, { db, people, programme, rubrics });
    },
  };
}
