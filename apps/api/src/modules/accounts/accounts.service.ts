import type { Kysely } from 'kysely';
import {
  Code,
  maskMobile,
  type RegisterRequest,
  type Role,
  type UpdatePasswordRequest,
  type UpdatePasswordResponse,
  type UpdatePhoneRequest,
  type UpdatePhoneResponse,
} from '@qgw/contracts';
import { type Clock, isoAt } from '../../clock.js';
import { isUniqueViolation } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import type { AuditRepository } from '../audit/audit.module.js';
import { accountsRepository as repo, type UserRow } from './accounts.repository.js';
import { accountStrings as s } from './accounts.strings.js';
import type { GuessThrottle } from './login-throttle.js';
import { hashPassword, isCommonPassword, normalizePassword, verifyPassword } from './passwords.js';
import { type ProfileService, signedInUser } from './profile.service.js';
import type { AuthContext, SessionService } from './sessions.js';
import { newRowId } from '../../db/row-id.js';
import type { SmsCodeService } from '../sms/sms.module.js';

export interface AccountsDeps {
  db: Kysely<Database>;
  clock: Clock;
  sessions: SessionService;
  /** wrong current passwords (password and phone changes): a session holder's guesses, locked per account */
  throttle: GuessThrottle;
  audit: AuditRepository;
  /** the phone change answers with the profile as it is after the change */
  profiles: Pick<ProfileService, 'profile'>;
  /** SMS verification codes: registering and changing the phone need one (modules/sms) */
  smsCodes: Pick<SmsCodeService, 'consume'>;
}

const NEW_USER_ROLES: readonly Role[] = ['applicant'];

/**
 * An account's own credentials: registering it, and what its holder may change only with the
 * current password (password, phone), plus logging out. Signing in is login.service.ts, the profile
 * and avatar are profile.service.ts; the current-password check is shared with closing an account
 * (account-rights.service.ts).
 */
export class AccountsService {
  constructor(private readonly d: AccountsDeps) {}

  private now() {
    return isoAt(this.d.clock());
  }

  /** Refuses passwords that are on the common list or equal to the account's mobile. */
  private checkNewPassword(password: string, mobile: string) {
    if (normalizePassword(password) === mobile) throw new AppError(Code.WEAK_PASSWORD, s.passwordIsMobile);
    if (isCommonPassword(password)) throw new AppError(Code.WEAK_PASSWORD, s.weakPassword);
  }

  async register(input: RegisterRequest): Promise<string> {
    this.checkNewPassword(input.password, input.mobile);
    // the phone proved before anything else is looked at: without a code the answer says nothing of the mobile
    await this.d.smsCodes.consume(input.mobile, 'register', input.smsCode);
    if (await repo.findByMobile(this.d.db, input.mobile)) throw new AppError(Code.MOBILE_TAKEN, s.mobileTaken);
    const passwordHash = await hashPassword(input.password);
    const id = newRowId();
    const nickname = input.nickname ?? s.defaultNickname(input.mobile);
    try {
      await this.d.db.transaction().execute(async (trx) => {
        await repo.insert(trx, { id, mobile: input.mobile, passwordHash, nickname, roles: NEW_USER_ROLES, now: this.now() });
        await this.d.audit.record(
          {
            actorId: id,
            action: 'user.register',
            entity: 'user',
            entityId: id,
            after: { mobile: maskMobile(input.mobile), nickname, roles: NEW_USER_ROLES },
          },
          trx,
        );
      });
    } catch (err) {
      // two registrations of one mobile racing past the check above
      if (isUniqueViolation(err)) throw new AppError(Code.MOBILE_TAKEN, s.mobileTaken);
      throw err;
    }
    return s.registered;
  }

  private lockedError() {
    return new AppError(Code.ACCOUNT_LOCKED, s.accountLocked(this.d.throttle.lockMinutes));
  }

  /**
   * Checks the current password of a signed-in user. Wrong guesses count towards the same lock as
   * logins, so a stolen session cannot be used to find the password by trial.
   * Also confirms closing an account (account-rights.service.ts).
   */
  async confirmPassword(user: UserRow, password: string) {
    const { throttle } = this.d;
    const guess = await throttle.take(user.mobile);
    if (guess === null) throw this.lockedError();
    if (!(await verifyPassword(user.password_hash, password))) {
      if (await throttle.wrong(user.mobile, guess)) throw this.lockedError();
      throw new AppError(Code.WRONG_PASSWORD, s.wrongPassword);
    }
    await throttle.clear(user.mobile);
  }

  /** Ends every session of the account, the caller's included, and hands the caller a fresh token. */
  async updatePassword(auth: AuthContext, input: UpdatePasswordRequest): Promise<UpdatePasswordResponse> {
    const user = await signedInUser(this.d.db, auth);
    await this.confirmPassword(user, input.oldPassword);
    this.checkNewPassword(input.newPassword, user.mobile);
    const passwordHash = await hashPassword(input.newPassword);
    const token = await this.d.db.transaction().execute(async (trx) => {
      await repo.updatePasswordHash(trx, user.id, passwordHash, this.now());
      const revoked = await this.d.sessions.revokeAll(user.id, trx);
      const created = await this.d.sessions.create(user.id, trx);
      await this.d.audit.record(
        {
          actorId: user.id,
          action: 'user.update_password',
          entity: 'user',
          entityId: user.id,
          after: { sessionsRevoked: revoked },
        },
        trx,
      );
      return created.token;
    });
    return { token };
  }

  /** Like a password change: the password is required and every session ends; the caller gets a fresh token. */
  async updatePhone(auth: AuthContext, input: UpdatePhoneRequest): Promise<UpdatePhoneResponse> {
    const user = await signedInUser(this.d.db, auth);
    await this.confirmPassword(user, input.password);
    if (input.newMobile === user.mobile) throw new AppError(Code.BAD_REQUEST, s.sameMobile);
    // the password may not be the account's mobile, so not the mobile it moves to either
    if (normalizePassword(input.password) === input.newMobile) throw new AppError(Code.WEAK_PASSWORD, s.newMobileIsPassword);
    // a code sent to the new mobile proves it is the caller's (none is sent to a registered mobile)
    await this.d.smsCodes.consume(input.newMobile, 'changePhone', input.smsCode);
    if (await repo.findByMobile(this.d.db, input.newMobile)) throw new AppError(Code.MOBILE_TAKEN, s.mobileTaken);
    try {
      return await this.d.db.transaction().execute(async (trx) => {
        await repo.updateMobile(trx, user.id, input.newMobile, this.now());
        const revoked = await this.d.sessions.revokeAll(user.id, trx);
        const { token } = await this.d.sessions.create(user.id, trx);
        await this.d.audit.record(
          {
            actorId: user.id,
            action: 'user.update_phone',
            entity: 'user',
            entityId: user.id,
            before: { mobile: maskMobile(user.mobile) },
            after: { mobile: maskMobile(input.newMobile), sessionsRevoked: revoked },
          },
          trx,
        );
        return { ...(await this.d.profiles.profile(user.id, trx)), token };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(Code.MOBILE_TAKEN, s.mobileTaken);
      throw err;
    }
  }

  async logout(auth: AuthContext): Promise<string> {
    await this.d.db.transaction().execute(async (trx) => {
      await this.d.sessions.revoke(auth.session.id, trx);
      await this.d.audit.record(
        { actorId: auth.user.id, action: 'session.logout', entity: 'session', entityId: auth.session.id },
        trx,
      );
    });
    return s.loggedOut;
  }
}
