import type { Kysely } from 'kysely';
import { Code, USER_NOT_FOUND_MESSAGE } from '@qgw/contracts';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import type { AuthContext } from '../accounts/accounts.module.js';
import type { OthersLookupRules } from '../applications/applications.module.js';
import type { ApplicationRow } from '../applications/applications.module.js';
import type { AuditRepository } from '../audit/audit.module.js';
import { mfaRequired } from '../console-access/console-access.module.js';
import type { ConsoleVerifications } from '../console-access/console-access.module.js';
import { actorOf, blindFor, notAssigned } from './console-actor.js';
import { maskedData } from './masking.js';
import { assignmentsRepository } from './assignments.repository.js';
import { reviewStrings as s } from './review.strings.js';

/**
 * A reviewer or admin looking up someone else's rank-user application through getRankUserInfo
 * gets what the review console would show them, under the console's conditions: a session past the
 * second factor (a password alone is not enough to reach applicants' data, decision 0007);
 * reviewers only applications assigned to them, an unregistered mobile reading the same as an
 * unassigned one, and none at all in blind review (a mobile names a person); personal data masked
 * as the console masks it (decision 0008);
 * and an audit entry for each look-up that finds an application.
 */
export class ConsoleLookupRules implements OthersLookupRules {
  constructor(
    private readonly d: { db: Kysely<Database>; verifications: ConsoleVerifications; audit: AuditRepository },
  ) {}

  async assertVerified(auth: AuthContext): Promise<void> {
    const state = await this.d.verifications.state(auth.session, { touch: true });
    if (!state.verified) throw mfaRequired(state.expired);
  }

  async admit(auth: AuthContext, row: ApplicationRow | null, registered: boolean): Promise<void> {
    const { db } = this.d;
    const actor = actorOf(auth);
    if (actor.isAdmin) {
      if (!registered) throw new AppError(Code.USER_NOT_FOUND, USER_NOT_FOUND_MESSAGE);
    } else if (await blindFor(db, actor)) {
      // a mobile names a person: in blind review, which of them are in one's queue is itself identifying
      throw new AppError(Code.BLIND_REVIEW, s.blindReveal);
    } else if (!row || !(await assignmentsRepository.isAssigned(db, row.id, actor.id))) {
      throw notAssigned();
    }
    if (row) {
      await this.d.audit.record({ actorId: actor.id, action: 'application.lookup', entity: 'application', entityId: row.id });
    }
  }

  shownData(data: Record<string, unknown>): Record<string, unknown> {
    // the ID number is masked already (toView); blind callers never get this far
    return maskedData(data, undefined, false);
  }
}
