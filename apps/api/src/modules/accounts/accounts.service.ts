import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  Code,
  type LoginRequest,
  type LoginResponse,
  maskMobile,
  type RegisterRequest,
  type Role,
  type UpdatePasswordRequest,
  type UpdatePasswordResponse,
  type UpdatePhoneRequest,
  type UpdatePhoneResponse,
  type UpdateProfileRequest,
  USER_NOT_FOUND_MESSAGE,
  type UserProfile,
} from '@qgw/contracts';
import { type Clock, isoAt } from '../../clock.js';
import { isUniqueViolation } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { httpStrings } from '../../plugins/http.strings.js';
import type { AuditRepository } from '../audit/audit.module.js';
import { accountsRepository as repo, loginAnswer, type UserRow } from './accounts.repository.js';
import { loginSessionRepository as loginSessions } from './login-session.repository.js';
import { accountStrings as s, monthDay } from './accounts.strings.js';
import { cleanImage, imageProblemMessage } from '../files/files.module.js';
import type { AvatarStore } from './avatars.js';
import type { GuessThrottle } from './login-throttle.js';
import type { LoginGuard } from './login-guard.js';
import type { Challenges } from '../challenge/challenge.module.js';
import { challengeStrings } from '../challenge/challenge.module.js';
import {
  hashPassword,
  isCommonPassword,
  needsRehash,
  normalizePassword,
  verifyAgainstDummy,
  verifyPassword,
} from './passwords.js';
import type { AuthContext, SessionService } from './sessions.js';
import { newRowId } from '../../db/row-id.js';
import type { SmsCodeService } from '../sms/sms.module.js';

export interface AccountsDeps {
  db: Kysely<Database>;
  clock: Clock;
  sessions: SessionService;
  /** wrong current passwords (password and phone changes): a session holder's guesses, locked per account */
  throttle: GuessThrottle;
  /** login attempts per account and per account and address (docs/decisions/0021) */
  guard: LoginGuard;
  challenges: Pick<Challenges, 'busy' | 'require'>;
  audit: AuditRepository;
  avatars: AvatarStore;
  /** the configured WeChat appid; openid is reported for this app only */
  wechatAppid: string | undefined;
  log: FastifyBaseLogger;
  /** SMS verification codes: registering and changing the phone need one (modules/sms) */
  smsCodes: Pick<SmsCodeService, 'consume'>;
}

const NEW_USER_ROLES: readonly Role[] = ['applicant'];

/** Where a login comes from: the client's address (TRUST_PROXY decides which) and a challenge solution sent in a header. */
export interface LoginOrigin {
  ip: string;
  altcha?: string | undefined;
}


/** An avatar uploaded and not on any profile after this long is deleted by the sweep. */
export const AVATAR_UNUSED_MS = 60 * 60 * 1000;
const AVATAR_SWEEP_BATCH = 500;
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

  /**
   * Unknown mobile and wrong password give the same answer after the same work; the per-account
   * counts are keyed by the submitted mobile whether or not it exists. No number of wrong passwords
   * locks the account: past the limit a login needs a solved challenge, and an address that failed
   * before waits a while (docs/decisions/0021-lockout-without-denial-of-service.md).
   */
  async login(input: LoginRequest, from: LoginOrigin = { ip: '' }): Promise<LoginResponse> {
    return this.signIn(input, from, false);
  }

  /**
   * POST /v1/cancelCloseAccount: the same checks as a login (guard, challenge, the same answer for a
   * wrong password as for an unknown mobile); a closed account in its grace period is reopened and
   * signed in, in one transaction. An open account is simply signed in.
   */
  async cancelCloseAccount(input: LoginRequest, from: LoginOrigin = { ip: '' }): Promise<LoginResponse> {
    return this.signIn(input, from, true);
  }

  /** Whether a closed account is still in its grace period (past it, it counts as gone). */
  private closing(user: UserRow): user is UserRow & { erase_after: string } {
    return user.closed_at !== null && user.erased_at === null && user.erase_after !== null && Date.parse(user.erase_after) > this.d.clock();
  }

  private async signIn(input: LoginRequest, from: LoginOrigin, reopen: boolean): Promise<LoginResponse> {
    const { guard, challenges, log } = this.d;
    // counted as they arrive, before anything is checked, so that logins sent at once cannot all
    // slip under the limits
    const [attempt, busy] = await Promise.all([guard.arrive(input.mobile, from.ip), challenges.busy('login', from.ip)]);
    if (attempt.needsChallenge || busy) {
      await challenges.require(input.altcha ?? from.altcha, attempt.needsChallenge ? challengeStrings.attackedAccount : challengeStrings.busyAddress);
    }
    const waited = await guard.beforeCheck(attempt);
    if (waited > 0) log.info({ event: 'login.delayed', delayMs: waited }, 'login slowed: this address failed on the account before');
    const found = await repo.loginRecordByMobile(this.d.db, input.mobile, this.d.wechatAppid);
    const valid = found ? await verifyPassword(found.user.password_hash, input.password) : await verifyAgainstDummy(input.password);
    // a closed account past its grace period is gone, even before the sweep has erased it
    const gone = found !== undefined && found.user.closed_at !== null && found.user.status !== 'active' && !this.closing(found.user);
    if (!found || !valid || gone) {
      await guard.wrong(attempt);
      if (guard.reachedLimit(attempt)) log.warn({ event: 'login.challenge' }, 'repeated failures: logins to this account now need a challenge');
      throw new AppError(Code.INVALID_CREDENTIALS, s.invalidCredentials);
    }
    await guard.succeeded(input.mobile, from.ip);
    const { user } = found;
    const closing = user.status !== 'active' && this.closing(user);
    if (closing && !reopen) throw new AppError(Code.ACCOUNT_CLOSING, s.accountClosing(monthDay(user.erase_after)));
    if (user.status !== 'active' && !closing) throw new AppError(Code.ACCOUNT_DISABLED, s.accountDisabled);
    let signsInWith = user.password_hash;
    if (needsRehash(signsInWith)) {
      const rehashed = await hashPassword(input.password);
      if (await repo.rehashIfUnchanged(this.d.db, user.id, signsInWith, rehashed, this.now())) signsInWith = rehashed;
    }
    // one commit for the session and its audit row (a commit waits for the disk); expired sessions
    // are swept apart from logins (decision 0019). A password change or a disabling that committed
    // while the password was being checked ended every session: this one must not start after it,
    // so it starts only while the account still signs in with the checked hash (decision 0026:
    // the check, the session and its audit row are one statement on PostgreSQL).
    const { token, row } = this.d.sessions.newSession(user.id);
    const start = async (db: Kysely<Database>) => {
      const audited = this.d.audit.rowOf({ actorId: user.id, action: 'session.login', entity: 'session', entityId: row.id });
      if (!(await loginSessions.startIfStillSignsIn(db, row, signsInWith, audited))) throw new AppError(Code.INVALID_CREDENTIALS, s.invalidCredentials);
    };
    if (closing || user.closed_at !== null) {
      await this.d.db.transaction().execute(async (trx) => {
        if (closing) {
          // reopened only while still closed with this password and inside the grace period
          if (!(await repo.reopen(trx, user.id, signsInWith, this.now()))) throw new AppError(Code.INVALID_CREDENTIALS, s.invalidCredentials);
          await this.d.audit.record({ actorId: user.id, action: 'user.cancel_close', entity: 'user', entityId: user.id, before: { eraseAfter: user.erase_after } }, trx);
        } else {
          // an admin enabled the account again during its grace period: that cancelled the closing
          await repo.reopen(trx, user.id, signsInWith, this.now());
        }
        await start(trx);
      });
    } else {
      await start(this.d.db);
    }
    return loginAnswer(found, token);
  }

  private lockedError() {
    return new AppError(Code.ACCOUNT_LOCKED, s.accountLocked(this.d.throttle.lockMinutes));
  }

  private async loadUser(auth: AuthContext): Promise<UserRow> {
    const user = await repo.findById(this.d.db, auth.user.id);
    // the session was valid a moment ago; a vanished user is a revoked session
    if (!user) throw new AppError(Code.UNAUTHORIZED, httpStrings.unauthorized, 401);
    return user;
  }

  async profile(userId: string, db: Kysely<Database> = this.d.db): Promise<UserProfile> {
    const user = await repo.findById(db, userId);
    if (!user) throw new AppError(Code.USER_NOT_FOUND, USER_NOT_FOUND_MESSAGE);
    return {
      id: user.id,
      mobile: user.mobile,
      mobileMasked: maskMobile(user.mobile),
      nickname: user.nickname,
      avatar: user.avatar,
      openid: await repo.openidFor(db, user.id, this.d.wechatAppid),
      roles: await repo.rolesOf(db, user.id),
      new_user: user.new_user === 1,
      createdAt: user.created_at,
    };
  }

  async updateProfile(auth: AuthContext, input: UpdateProfileRequest): Promise<UserProfile> {
    const user = await this.loadUser(auth);
    const patch: { nickname?: string; avatar?: string | null } = {};
    if (input.nickname !== undefined) patch.nickname = input.nickname;
    if (input.avatar !== undefined) {
      if (input.avatar !== null) {
        const name = this.d.avatars.nameFromUrl(input.avatar);
        if (!name || !(await this.d.avatars.exists(name))) throw new AppError(Code.BAD_REQUEST, s.avatarUrlInvalid);
      }
      patch.avatar = input.avatar;
    }
    await this.d.db.transaction().execute(async (trx) => {
      await repo.updateProfile(trx, user.id, patch, this.now());
      await this.d.audit.record(
        {
          actorId: user.id,
          action: 'user.update_profile',
          entity: 'user',
          entityId: user.id,
          before: pick({ nickname: user.nickname, avatar: user.avatar }, Object.keys(patch)),
          after: patch,
        },
        trx,
      );
    });
    // the picture it replaced is nobody's now (names are random per upload): remove it
    if (patch.avatar !== undefined && user.avatar && user.avatar !== patch.avatar) await this.forgetAvatar(user.avatar);
    return this.profile(user.id);
  }

  /**
   * Deletes avatars no profile uses that were uploaded more than AVATAR_UNUSED_MS ago: uploads never
   * put on a profile (a profile save that failed, or a client uploading in a loop to fill the disk)
   * were kept for ever. Answers how many went.
   */
  async sweepUnusedAvatars(now = this.d.clock()): Promise<number> {
    const old = await this.d.avatars.olderThan(AVATAR_UNUSED_MS, now);
    let removed = 0;
    for (let i = 0; i < old.length; i += AVATAR_SWEEP_BATCH) {
      const names = old.slice(i, i + AVATAR_SWEEP_BATCH);
      const used = await repo.avatarsInUse(this.d.db, names.map(this.d.avatars.urlOf));
      for (const name of names.filter((n) => !used.has(this.d.avatars.urlOf(n)))) {
        await this.d.avatars.remove(name);
        removed++;
      }
    }
    return removed;
  }

  /** Deletes an avatar file no account points at any more; a failure is logged, not the user's problem. */
  private async forgetAvatar(url: string): Promise<void> {
    const name = this.d.avatars.nameFromUrl(url);
    if (!name) return;
    if (await repo.avatarInUse(this.d.db, url)) return;
    await this.d.avatars.remove(name);
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
    const user = await this.loadUser(auth);
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
    const user = await this.loadUser(auth);
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
        return { ...(await this.profile(user.id, trx)), token };
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

  /**
   * Stores an uploaded avatar after the shared image check (JPEG / PNG / WebP, well-formed, no
   * markup, declared type agrees), without its metadata.
   */
  async saveAvatar(auth: AuthContext, content: Buffer, declaredMime: string | undefined): Promise<{ url: string }> {
    const cleaned = await cleanImage(content, declaredMime);
    if (!cleaned.ok) throw new AppError(Code.UNSUPPORTED_MEDIA_TYPE, imageProblemMessage(cleaned.problem));
    const url = await this.d.avatars.save(cleaned.content, cleaned.kind);
    await this.d.audit.record({
      actorId: auth.user.id,
      action: 'user.upload_avatar',
      entity: 'user',
      entityId: auth.user.id,
      after: { url },
    });
    return { url };
  }
}

function pick(o: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, o[k]]));
}
