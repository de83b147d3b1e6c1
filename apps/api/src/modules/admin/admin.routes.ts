import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { consoleAdminOperations as op } from '@qgw/contracts';
import type { Database } from '../../db/schema.js';
import { adminRouter } from './admin-route.js';
import { browseAudit } from './audit-browse.repository.js';
import type { PeopleService } from './people.service.js';
import type { ProgrammeAdminService } from './programme-admin.service.js';
import type { RubricsService } from './rubrics.js';

export interface AdminRoutesOptions {
  db: Kysely<Database>;
  people: PeopleService;
  programme: ProgrammeAdminService;
  rubrics: RubricsService;
}

/** The console's administration: people, programme, themes, rubrics, audit log. Admins only. */
export async function adminRoutes(app: FastifyInstance, opts: AdminRoutesOptions): Promise<void> {
  const { people, programme, rubrics } = opts;

  const admin = adminRouter(app);

  // ---- people --------------------------------------------------------------------------------------
  admin.get(op.consoleUsers, (q) => people.list(q));
  admin.get(op.consoleUser, (q) => people.one(q.userId));
  admin.post(op.consoleUserRoles, (a, b) => people.setRoles(a, b));
  admin.post(op.consoleUserDisable, (a, b) => people.setDisabled(a, b.userId, b.disabled));
  admin.post(op.consoleUserResetMfa, (a, b) => people.resetMfa(a, b.userId));
  admin.post(op.consoleUserSendResetCode, (a, b) => people.sendResetCode(a, b.userId));
  admin.post(op.consoleUserInvite, (a, b) => people.invite(a, b));
  admin.post(op.consoleReviewerProfile, (a, b) => people.setReviewerProfile(a, b));

  // ---- programme, themes, rubrics ------------------------------------------------------------------
  admin.get(op.consoleProgramme, (q) => programme.programme(q.programmeId));
  admin.post(op.consoleProgrammeUpdate, (a, b) => programme.updateProgramme(a, b));
  admin.get(op.consoleThemes, (q) => programme.themes(q.programmeId));
  admin.post(op.consoleThemeCreate, (a, b) => programme.createTheme(a, b));
  admin.post(op.consoleThemeUpdate, (a, b) => programme.updateTheme(a, b));
  admin.post(op.consoleThemeDelete, (a, b) => programme.deleteTheme(a, b.id));
  admin.get(op.consoleRubrics, (q) => rubrics.list(q.programmeId));
  admin.post(op.consoleRubricsUpdate, (a, b) => rubrics.replace(a, b));

  // ---- audit log -----------------------------------------------------------------------------------
  admin.get(op.consoleAudit, (q) => browseAudit(opts.db, q));
}
