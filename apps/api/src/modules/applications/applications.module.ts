import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ApiModule } from '../../api-module.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import type { AuditRepository } from '../audit/audit.module.js';
import type { ProgrammeService } from '../programme/programme.module.js';
import { applicationsRoutes } from './applications.routes.js';
import { ApplicationsService } from './applications.service.js';
import { DraftsService } from './drafts.service.js';
import type { FilesPort } from './files-port.js';
import { IdNumberCipher } from './id-number-cipher.js';
import { MyApplicationsService } from './my-applications.service.js';
import type { ChoicesPort } from './choices.js';
import { PrefillService } from './prefill.service.js';
import { type OthersLookupRules, RankUserLookup } from './rank-user-lookup.js';
import type { ViewDeps } from './views.js';

// ---- this module's public API: other modules import it only from here (eslint.config.js) ----
export { type ApplicationRow, applicationsRepository } from './applications.repository.js';
export type { ApplicationsService } from './applications.service.js';
export type { IdNumberCipher } from './id-number-cipher.js';
export { allFileIds, kindSpecs } from './kinds.js';
export type { OthersLookupRules } from './rank-user-lookup.js';
export { recordTransition } from './records.js';
export { dataOf, idNumberOf, type ViewDeps } from './views.js';
export type { FilesPort } from './files-port.js';

export interface ApplicationsModule extends ApiModule {
  service: ApplicationsService;
  drafts: DraftsService;
  /** encrypts and decrypts the ID numbers in applications */
  cipher: IdNumberCipher;
  /** how an application is shown: the ID number decrypted, file URLs signed */
  view: ViewDeps;
}

/** The applicant's applications (rank-user entries, membership, personal and company forms) and their drafts. */
export function createApplicationsModule(deps: {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditRepository;
  log: FastifyBaseLogger;
  /** the key the ID numbers are encrypted with */
  dataKey: Buffer;
  files: FilesPort;
  programme: ProgrammeService;
  /** the review console's rules for a reviewer or admin looking up someone else's application */
  othersLookup: OthersLookupRules;
  /** the published choices a form's answers are checked against (意向分会) */
  choices: ChoicesPort;
}): ApplicationsModule {
  const { db, clock, audit, programme, files } = deps;
  const cipher = new IdNumberCipher(deps.dataKey);
  const service = new ApplicationsService({ db, clock, audit, cipher, files, programme, log: deps.log, choices: deps.choices });
  const mine = new MyApplicationsService({ db, programme, view: service.view });
  const drafts = new DraftsService({ db, clock, audit, cipher, files, programme, view: service.view });
  return {
    service,
    drafts,
    cipher,
    view: service.view,
    async register(app) {
      await app.register(applicationsRoutes, {
        service,
        mine,
        drafts,
        lookup: new RankUserLookup(db, mine, deps.othersLookup),
        prefill: new PrefillService({ db, view: service.view }),
      });
    },
  };
}
