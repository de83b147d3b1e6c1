import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  Code,
  type LoginBySmsRequest,
  type LoginResponse,
  type ResetPasswordRequest,
} from '@qgw/contracts';
import { type Clock, isoAt } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import type { AuditRepository } from '../audit/audit.module.js';
import type { SmsCodeService } from '../sms/sms.module.js';
import { smsStrings } from '../sms/sms.module.js';
import { accountsRepository as repo, loginAnswer } from './accounts.repository.js';
import { accountStrings as s } from './accounts.strings.js';
import type { LoginGuard } from './login-guard.js';
import { hashPassword, isCommonPassword, normalizePassword } from './passwords.js';
import type { SessionService } from './sessions.js';

export interface SmsAccountsDeps {
  db: Kysely<Database>;
  clock: Clock;
  sessions: SessionService;
  audit: AuditRepository;
  smsCodes: Pick<SmsCodeService, 'consume'>;
  /** told of a login by code and of a reset, which start the account's count of wrong passwords again */
  guard: Pick<LoginGuard, 'succeeded'>;
  /** the configured WeChat appid; openid is reported for this app only */
  wechatAppid: string | undefined;
  log: FastifyBaseLogger;
}

/** A password reset: the answer after it (the person signs in with the new password). */
export const PASSWORD_RESET_MESSAGE = '密码已重置，请使用新密码登录';

/**
 * What a verification code alone lets a person do with an account (docs/security.md "SMS
 * verification codes"): replace a forgotten password, and sign in. A mobile that has no account was
 * never sent a code, so it is refused as a wrong code is: nothing here tells which mobiles exist.
 */
export class SmsAccountsService {
  constructor(private readonly d: SmsAccountsDeps) {}

  /** The same rules as a password change: the common list and the account's own mobile are refused. */
  private checkNewPassword(password: string, mobile: string) {
    if (normalizePassword(password) === mobile) throw new AppError(Code.WEAK_PASSWORD, s.passwordIsMobile);
    if (isCommonPassword(password)) throw new AppError(Code.WEAK_PASSWORD, s.weakPassword);
  }

  /** POST /v1/resetPassword: a new password with a `resetPassword` code; every session of the account ends. */
  async resetPassword(input: ResetPasswordRequest, from: { ip: string }): Promise<string> {
    this.checkNewPassword(input.newPassword, input.mobile);
    await this.d.smsCodes.consume(input.mobile, 'resetPassword', input.smsCode);
    const user = await repo.findByMobile(this.d.db, input.mobile);
    // the mobile moved to another account, or the account went, after the code was sent
    if (!user) throw new AppError(Code.SMS_CODE_INVALID, smsStrings.codeInvalid);
    if (user.status !== 'active') throw new AppError(Code.ACCOUNT_DISABLED, s.accountDisabled);
    const passwordHash = await hashPassword(input.newPassword);
    await this.d.db.transaction().execute(async (trx) => {
      await repo.updatePasswordHash(trx, user.id, passwordHash, isoAt(this.d.clock()));
      const revoked = await this.d.sessions.revokeAll(user.id, trx);
      await this.d.audit.record(
        { actorId: user.id, action: 'user.reset_password', entity: 'user', entityId: user.id, after: { sessionsRevoked: revoked } },
        trx,
      );
    });
    // the owner proved the phone and chose a new password: guesses at the old one no longer count
    await this.d.guard.succeeded(input.mobile, from.ip);
    return PASSWORD_RESET_MESSAGE;
  }

  /** POST /v1/loginBySms: signs in with a `login` code; answers exactly as POST /v1/login does. */
  async loginBySms(input: LoginBySmsRequest, from: { ip: string }): Promise<LoginResponse> {
    await this.d.smsCodes.consume(input.mobile, 'login', input.smsCode);
    const found = await repo.loginRecordByMobile(this.d.db, input.mobile, this.d.wechatAppid);
    if (!found) throw new AppError(Code.SMS_CODE_INVALID, smsStrings.codeInvalid);
    const { user } = found;
    if (user.status !== 'active') throw new AppError(Code.ACCOUNT_DISABLED, s.accountDisabled);
    const { token } = await this.d.db.transaction().execute(async (trx) => {
      // a disabling that committed since the account was read ended its sessions: none starts after it
      if (!(await repo.stillActive(trx, user.id))) throw new AppError(Code.ACCOUNT_DISABLED, s.accountDisabled);
      const started = await this.d.sessions.create(user.id, trx);
      await this.d.audit.record(
        { actorId: user.id, action: 'session.login', entity: 'session', entityId: started.sessionId, after: { method: 'sms' } },
        trx,
      );
      return started;
    });
    await this.d.guard.succeeded(input.mobile, from.ip);
    return loginAnswer(found, token);
  }
}
