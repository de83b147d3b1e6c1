import type { Kysely } from 'kysely';
import {
  adminLimits, Code, type ConsoleReviewerProfileRequest, type ConsoleUser, type ConsoleUserDisableResponse,
  type ConsoleUserInviteRequest, type ConsoleUserInviteResponse, type ConsoleUserRolesRequest,
  type ConsoleUserSendResetCodeResponse, type ConsoleUsersRequest, type ConsoleUsersResponse, maskMobile, type Role,
} from '@qgw/contracts';
import { type Clock, isoAt } from '../../clock.js';
import { isUniqueViolation } from '../../db/index.js';
import { newRowId } from '../../db/row-id.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { accountsRepository } from '../accounts/accounts.module.js';
import { accountStrings } from '../accounts/accounts.module.js';
import { unusablePasswordHash } from '../accounts/accounts.module.js';
import type { SessionService } from '../accounts/accounts.module.js';
import type { AuditRepository } from '../audit/audit.module.js';
import { holdsConsoleRole } from '../console-access/console-access.module.js';
import type { ConsoleVerifications } from '../console-access/console-access.module.js';
import { mfaRepository } from '../console-access/console-access.module.js';
import type { MfaService } from '../console-access/console-access.module.js';
import type { SmsCodeService } from '../sms/sms.module.js';
import { adminStrings as s } from './admin.strings.js';
import { peopleRepository as repo, type PersonRow, USERS_CURSOR } from './people.repository.js';
import { newestFirstPage } from '../../db/keyset.js';

/**
 * People (admins): find users, change their roles, disable them (every session ends at once),
 * reset their second factor, record a reviewer's organisation, have a password-reset code sent to a
 * user's phone, invite a reviewer or admin by mobile. Every change is audited with who, before and
 * after; mobiles appear masked only, codes never. An admin cannot lock themselves out. An admin never
 * sees or sets anyone's password: people set their own through the reset flow.
 */

export interface PeopleDeps {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditRepository;
  sessions: SessionService;
  verifications: ConsoleVerifications;
  mfa: MfaService;
  /** the same verification codes, limits and provider as POST /v1/sendSmsCode (its per-address limit aside) */
  smsCodes: Pick<SmsCodeService, 'request'>;
}

export class PeopleService {
  constructor(private readonly d: PeopleDeps) {}

  async list(f: ConsoleUsersRequest): Promise<ConsoleUsersResponse> {
    const limit = f.limit ?? adminLimits.page.default;
    const rows = await repo.page(this.d.db, f, limit);
    const page = newestFirstPage(rows, limit, USERS_CURSOR, (r) => ({ createdAt: r.created_at, id: r.id }));
    return { items: await this.views(this.d.db, page.items), nextCursor: page.nextCursor };
  }

  async one(userId: string): Promise<ConsoleUser> {
    return this.view(this.d.db, await this.person(this.d.db, userId));
  }

  /**
   * Inside a change to another user: holds the actor's and the target's rows, then checks that the
   * actor is still an active admin. Two admins removing each other's role (or disabling each other)
   * at once both passed the route's check, made before either committed, and left no admin; now
   * the second to commit finds it is no longer one. An admin cannot demote or disable themselves, so
   * whoever commits last leaves at least themselves.
   */
  private async holdAsAdmin(trx: Kysely<Database>, actorId: string, userId: string): Promise<void> {
    await repo.holdUsers(trx, [actorId, userId]);
    if (!(await repo.isActiveAdmin(trx, actorId))) throw new AppError(Code.FORBIDDEN, s.actorNoLongerAdmin, 403);
  }

  async setRoles(actorId: string, input: ConsoleUserRolesRequest): Promise<ConsoleUser> {
    const target = [...input.roles].sort();
    try {
      return await this.d.db.transaction().execute(async (trx) => {
        await this.holdAsAdmin(trx, actorId, input.userId);
        const person = await this.person(trx, input.userId);
        const current = (await repo.rolesOf(trx, [person.id])).get(person.id) ?? [];
        if (person.id === actorId && current.includes('admin') && !target.includes('admin')) {
          throw new AppError(Code.SELF_CHANGE_REFUSED, s.selfAdminRole);
        }
        await repo.setRoles(trx, person.id, current, target, this.d.clock());
        await this.d.audit.record(
          { actorId, action: 'user.roles', entity: 'user', entityId: person.id, before: { roles: current }, after: { roles: target } },
          trx,
        );
        return this.view(trx, person);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(Code.CONFLICT, s.rolesChanged);
      throw err;
    }
  }

  async setDisabled(actorId: string, userId: string, disabled: boolean): Promise<ConsoleUserDisableResponse> {
    if (userId === actorId && disabled) throw new AppError(Code.SELF_CHANGE_REFUSED, s.selfDisable);
    return this.d.db.transaction().execute(async (trx) => {
      await this.holdAsAdmin(trx, actorId, userId);
      const person = await this.person(trx, userId);
      const status = disabled ? 'disabled' : 'active';
      const changed = await repo.setStatus(trx, userId, status, this.d.clock());
      // disabling ends every session and console verification in the same transaction as the status
      const sessionsEnded = disabled ? await this.d.sessions.revokeAll(userId, trx) : 0;
      if (disabled) await this.d.verifications.endForUser(trx, userId);
      if (changed || sessionsEnded > 0) {
        await this.d.audit.record(
          {
            actorId,
            action: disabled ? 'user.disable' : 'user.enable',
            entity: 'user',
            entityId: userId,
            before: { status: person.status },
            after: { status, sessionsEnded },
          },
          trx,
        );
      }
      return { user: await this.view(trx, { ...person, status }), sessionsEnded };
    });
  }

  async resetMfa(actorId: string, userId: string): Promise<ConsoleUser> {
    if (userId === actorId) throw new AppError(Code.SELF_CHANGE_REFUSED, s.selfResetMfa);
    return this.d.db.transaction().execute(async (trx) => {
      const person = await this.person(trx, userId);
      const before = await mfaRepository.totp(trx, userId);
      const { verificationsEnded } = await this.d.mfa.reset(trx, userId);
      await this.d.audit.record(
        {
          actorId,
          action: 'mfa.reset',
          entity: 'user',
          entityId: userId,
          before: { mfa: before?.status ?? 'none' },
          after: { mfa: 'none', verificationsEnded },
        },
        trx,
      );
      return this.view(trx, person);
    });
  }

  async setReviewerProfile(actorId: string, input: ConsoleReviewerProfileRequest): Promise<ConsoleUser> {
    return this.d.db.transaction().execute(async (trx) => {
      const person = await this.person(trx, input.userId);
      const roles = (await repo.rolesOf(trx, [person.id])).get(person.id) ?? [];
      if (!holdsConsoleRole(roles)) throw new AppError(Code.BAD_REQUEST, s.notReviewer);
      const before = (await repo.organizationsOf(trx, [person.id])).get(person.id) ?? null;
      const after = input.organization === '' ? null : input.organization;
      if (after === null) await repo.removeOrganization(trx, person.id);
      else await repo.putOrganization(trx, person.id, after, actorId, this.d.clock());
      await this.d.audit.record(
        {
          actorId,
          action: 'reviewer.profile',
          entity: 'user',
          entityId: person.id,
          before: { organization: before },
          after: { organization: after },
        },
        trx,
      );
      return this.view(trx, person);
    });
  }

  /**
   * Sends a `resetPassword` code to the user's own mobile (the person then sets a password on the
   * login screen's 找回密码). The code's per-mobile limits answer as they do to the person; the code
   * is neither answered nor audited.
   */
  async sendResetCode(actorId: string, userId: string): Promise<ConsoleUserSendResetCodeResponse> {
    const person = await this.person(this.d.db, userId);
    if (person.status !== 'active') throw new AppError(Code.ACCOUNT_DISABLED, s.resetCodeDisabled);
    const sent = await this.d.smsCodes.request(person.mobile, 'resetPassword');
    const mobileMasked = maskMobile(person.mobile);
    await this.d.audit.record({
      actorId,
      action: 'user.send_reset_code',
      entity: 'user',
      entityId: person.id,
      after: { to: mobileMasked, purpose: 'resetPassword' },
    });
    return { mobileMasked, ...sent, notice: s.resetCodeSent(mobileMasked) };
  }

  /**
   * A new active account for a mobile nobody holds, with the console roles given and no usable
   * password (passwords.ts unusablePasswordHash); then, in the same call, the `resetPassword` code
   * its owner sets a password with. The account stands even when the code cannot go now (the SMS
   * limits, no provider): the answer says so, and the admin sends one later from the user's page.
   * A mobile already registered is refused: roles are set on that user's page, never added here.
   */
  async invite(actorId: string, input: ConsoleUserInviteRequest): Promise<ConsoleUserInviteResponse> {
    const roles = [...input.roles].sort();
    const id = newRowId();
    const mobileMasked = maskMobile(input.mobile);
    const nickname = accountStrings.defaultNickname(input.mobile);
    try {
      await this.d.db.transaction().execute(async (trx) => {
        // granting roles: the actor must still be an admin when this commits (as for setRoles)
        await repo.holdUsers(trx, [actorId]);
        if (!(await repo.isActiveAdmin(trx, actorId))) throw new AppError(Code.FORBIDDEN, s.actorNoLongerAdmin, 403);
        if (await repo.byMobile(trx, input.mobile)) throw new AppError(Code.MOBILE_TAKEN, s.inviteMobileTaken);
        await accountsRepository.insert(trx, {
          id,
          mobile: input.mobile,
          passwordHash: unusablePasswordHash(),
          nickname,
          roles,
          now: isoAt(this.d.clock()),
        });
        await this.d.audit.record(
          { actorId, action: 'user.invite', entity: 'user', entityId: id, after: { mobile: mobileMasked, nickname, roles } },
          trx,
        );
      });
    } catch (err) {
      // a registration or another invitation of the same mobile committed first
      if (isUniqueViolation(err)) throw new AppError(Code.MOBILE_TAKEN, s.inviteMobileTaken);
      throw err;
    }
    let codeSent = false;
    let notice: string;
    try {
      await this.sendResetCode(actorId, id);
      codeSent = true;
      notice = s.inviteCodeSent(mobileMasked);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      notice = s.inviteCodeNotSent(mobileMasked, err.message);
    }
    return { user: await this.one(id), codeSent, notice };
  }

  private async person(db: Kysely<Database>, userId: string): Promise<PersonRow> {
    const p = await repo.byId(db, userId);
    if (!p) throw new AppError(Code.NOT_FOUND, s.userNotFound);
    return p;
  }

  private async view(db: Kysely<Database>, p: PersonRow): Promise<ConsoleUser> {
    const [v] = await this.views(db, [p]);
    return v!;
  }

  private async views(db: Kysely<Database>, rows: PersonRow[]): Promise<ConsoleUser[]> {
    const ids = rows.map((r) => r.id);
    const [roles, orgs, enrolled] = await Promise.all([
      repo.rolesOf(db, ids),
      repo.organizationsOf(db, ids),
      mfaRepository.enrolledAmong(db, ids),
    ]);
    return rows.map((r) => ({
      id: r.id,
      nickname: r.nickname,
      mobileMasked: maskMobile(r.mobile),
      avatar: r.avatar,
      roles: roles.get(r.id) ?? ([] as Role[]),
      status: r.status,
      mfaEnrolled: enrolled.has(r.id),
      organization: orgs.get(r.id) ?? null,
      createdAt: r.created_at,
    }));
  }
}
