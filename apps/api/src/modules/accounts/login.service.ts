import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { beijingMonthDay, Code, type LoginRequest, type LoginResponse } from '@qgw/contracts';
import { type Clock, isoAt } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import type { AuditRepository } from '../audit/audit.module.js';
import type { Challenges } from '../challenge/challenge.module.js';
import { challengeStrings } from '../challenge/challenge.module.js';
import { accountsRepository as repo, loginAnswer, type UserRow } from './accounts.repository.js';
import { accountStrings as s } from './accounts.strings.js';
import { loginSessionRepository as loginSessions } from './login-session.repository.js';
import type { LoginGuard } from './login-guard.js';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords.js';
import type { SessionService } from './sessions.js';

export interface LoginDeps {
  db: Kysely<Database>;
  clock: Clock;
  sessions: SessionService;
  /** login attempts per account and per account and address (docs/decisions/0021) */
  guard: LoginGuard;
  challenges: Pick<Challenges, 'busy' | 'require'>;
  audit: AuditRepository;
  /** the configured WeChat appid; openid is reported for this app only */
  wechatAppid: string | undefined;
  log: FastifyBaseLogger;
}

/** Where a login comes from: the client's address (TRUST_PROXY decides which) and a challenge solution sent in a header. */
export interface LoginOrigin {
  ip: string;
  altcha?: string | undefined;
}

/**
 * Signing in with mobile and password, and cancelling an account's closing (which is such a login):
 * the guard against guessing, the challenge, rehashing an outdated hash and starting the session.
 * Apart from the signed-in account's own changes (accounts.service.ts) since it is the one path
 * that meets strangers; signing in by SMS code is sms-accounts.service.ts.
 */
export class LoginService {
  constructor(private readonly d: LoginDeps) {}

  private now() {
    return isoAt(this.d.clock());
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
    if (closing && !reopen) throw new AppError(Code.ACCOUNT_CLOSING, s.accountClosing(beijingMonthDay(user.erase_after)));
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
}
