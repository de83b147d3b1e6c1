import type { Kysely } from 'kysely';
import { Code, maskMobile, type Role } from '@qgw/contracts';
import type { Clock } from '../../clock.js';
import { isUniqueViolation } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import type { AuditRepository } from '../audit/audit.module.js';
import { mfaRepository } from '../console-access/console-access.module.js';
import { adminStrings as s } from './admin.strings.js';
import { peopleRepository as repo, type PersonRow } from './people.repository.js';

/**
 * The admin role given and taken by the operator of the installation (the `npm run admin` command)
 * rather than by an admin in the console: the first admin has nobody to appoint them. The console's
 * rules hold here too: every change is audited in its transaction (actor `cli`, the same
 * `user.roles` entry the console writes), and the last active admin keeps the role. Mobiles leave
 * only masked.
 *
 * A change needs nothing more to take effect on a running server: every request reads the account's
 * roles with its session, so a revoked admin is refused by the next console request, as after a
 * role change in the console.
 */

/** The audit actor of changes made from the command line (audit_log.actor_id has no foreign key). */
export const CLI_ACTOR = 'cli';

export interface ConsoleUserSummary {
  mobileMasked: string;
  roles: Role[];
  mfaEnrolled: boolean;
  disabled: boolean;
}

export interface AdminRoleChange extends ConsoleUserSummary {
  /** false when the account already was (grant) or was not (revoke) an admin */
  changed: boolean;
}

export class OperatorRoles {
  constructor(private readonly d: { db: Kysely<Database>; clock: Clock; audit: AuditRepository }) {}

  grantAdmin(mobile: string): Promise<AdminRoleChange> {
    return this.change(mobile, [], (roles) => (roles.includes('admin') ? roles : [...roles, 'admin']));
  }

  /**
   * Every active admin's row is held before the count, so that two revokes at once (or a revoke
   * and a console change by the admin being revoked) take turns, and the second sees the first.
   */
  async revokeAdmin(mobile: string): Promise<AdminRoleChange> {
    const admins = await repo.activeAdminIds(this.d.db);
    return this.change(mobile, admins, (roles) => roles.filter((r) => r !== 'admin'), async (trx, person) => {
      const others = (await repo.activeAdminIds(trx)).filter((id) => id !== person.id);
      if (others.length === 0) throw new AppError(Code.CONFLICT, s.lastAdmin);
    });
  }

  /** Reviewers and admins, oldest account first. */
  async consoleUsers(): Promise<ConsoleUserSummary[]> {
    const rows = await repo.consoleUsers(this.d.db);
    const ids = rows.map((r) => r.id);
    const [roles, enrolled] = await Promise.all([repo.rolesOf(this.d.db, ids), mfaRepository.enrolledAmong(this.d.db, ids)]);
    return rows.map((r) => summary(r, roles.get(r.id) ?? [], enrolled.has(r.id)));
  }

  private async change(
    mobile: string,
    alsoHold: readonly string[],
    next: (roles: Role[]) => Role[],
    allowed?: (trx: Kysely<Database>, person: PersonRow) => Promise<void>,
  ): Promise<AdminRoleChange> {
    const found = await repo.byMobile(this.d.db, mobile);
    if (!found) throw new AppError(Code.NOT_FOUND, s.mobileNotFound);
    try {
      return await this.d.db.transaction().execute(async (trx) => {
        // a write first: on SQLite it takes the write lock before this transaction reads anything,
        // so a server writing to the same file meanwhile is waited for instead of failing this
        await repo.holdUsers(trx, [found.id, ...alsoHold]);
        const person = await repo.byId(trx, found.id);
        // the account may have changed its mobile since it was looked up
        if (!person || person.mobile !== mobile) throw new AppError(Code.NOT_FOUND, s.mobileNotFound);
        const current = (await repo.rolesOf(trx, [person.id])).get(person.id) ?? [];
        const target = next(current).sort();
        const enrolled = (await mfaRepository.enrolledAmong(trx, [person.id])).has(person.id);
        if (target.join() === current.join()) return { ...summary(person, current, enrolled), changed: false };
        await allowed?.(trx, person);
        await repo.setRoles(trx, person.id, current, target, this.d.clock());
        await this.d.audit.record(
          {
            actorId: CLI_ACTOR,
            action: 'user.roles',
            entity: 'user',
            entityId: person.id,
            before: { roles: current },
            after: { roles: target },
          },
          trx,
        );
        return { ...summary(person, target, enrolled), changed: true };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(Code.CONFLICT, s.rolesChanged);
      throw err;
    }
  }
}

const summary = (p: PersonRow, roles: Role[], mfaEnrolled: boolean): ConsoleUserSummary => ({
  mobileMasked: maskMobile(p.mobile),
  roles,
  mfaEnrolled,
  disabled: p.status === 'disabled',
});
