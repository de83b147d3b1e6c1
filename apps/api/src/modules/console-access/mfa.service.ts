import type { Kysely } from 'kysely';
import {
  Code, type ConsoleMeResponse, type ConsoleMfaActivateResponse, type ConsoleMfaEnrollResponse,
  type ConsoleMfaVerifyResponse, maskMobile, mfaPolicy,
} from '@qgw/contracts';
import type { Clock } from '../../clock.js';
import type { DataCipher } from '../../crypto/data-cipher.js';
import { isUniqueViolation } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import type { AuthContext } from '../accounts/accounts.module.js';
import type { AuditRepository } from '../audit/audit.module.js';
import { consoleAccessStrings as s } from './console-access.strings.js';
import type { ConsoleVerifications } from './console-verifications.js';
import type { GuessThrottle } from '../accounts/accounts.module.js';
import { mfaRepository as repo } from './mfa.repository.js';
import { matchTotpStep, newRecoveryCode, newTotpSecret, normalizeRecoveryCode, otpauthUrl, qrDataUrl } from './totp.js';

/**
 * The console's second factor (docs/decisions/0007-console-access.md): enrolment (pending secret →
 * activated by a first code), verification of a session by a TOTP code or a one-time recovery
 * code, and the reset an admin performs. Secrets are encrypted with the data key, bound to the
 * user; recovery codes are stored as hashes. Wrong codes lock the second factor like a login.
 */

export interface MfaDeps {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditRepository;
  cipher: DataCipher;
  verifications: ConsoleVerifications;
  throttle: GuessThrottle;
}

/** The associated data binding a secret to its account: a secret copied to another row does not decrypt. */
export const totpSecretContext = (userId: string) => `totp:${userId}`;

export class MfaService {
  constructor(private readonly d: MfaDeps) {}

  async me(auth: AuthContext): Promise<ConsoleMeResponse> {
    const { db } = this.d;
    const [totp, state, left] = await Promise.all([
      repo.totp(db, auth.user.id),
      this.d.verifications.state(auth.session, { touch: false }),
      repo.recoveryCodesLeft(db, auth.user.id),
    ]);
    const enrolled = totp?.status === 'active';
    return {
      user: {
        id: auth.user.id,
        nickname: auth.user.nickname,
        mobileMasked: maskMobile(auth.user.mobile),
        avatar: auth.user.avatar,
      },
      roles: auth.user.roles,
      mfaEnrolled: enrolled,
      mfaVerified: enrolled && state.verified,
      consoleExpiresAt: enrolled && state.verified ? state.expiresAt : null,
      recoveryCodesLeft: enrolled ? left : 0,
    };
  }

  async enroll(auth: AuthContext): Promise<ConsoleMfaEnrollResponse> {
    const userId = auth.user.id;
    const secret = newTotpSecret();
    const secretEnc = this.d.cipher.encrypt(secret, totpSecretContext(userId));
    try {
      await this.d.db.transaction().execute(async (trx) => {
        if (!(await repo.putPending(trx, userId, secretEnc, this.d.clock()))) {
          throw new AppError(Code.MFA_ALREADY_ENROLLED, s.alreadyEnrolled);
        }
        await this.d.audit.record(
          { actorId: userId, action: 'mfa.enroll', entity: 'user', entityId: userId, after: { mfa: 'pending' } },
          trx,
        );
      });
    } catch (err) {
      // two enrolments at once: the other one's secret stands; ask again
      if (isUniqueViolation(err)) throw new AppError(Code.CONFLICT, s.noPendingEnrollment);
      throw err;
    }
    const url = otpauthUrl(secret, maskMobile(auth.user.mobile));
    return { secret, otpauthUrl: url, qrDataUrl: await qrDataUrl(url) };
  }

  async activate(auth: AuthContext, code: string): Promise<ConsoleMfaActivateResponse> {
    const userId = auth.user.id;
    const totp = await repo.totp(this.d.db, userId);
    if (totp?.status === 'active') throw new AppError(Code.MFA_ALREADY_ENROLLED, s.alreadyEnrolled);
    if (!totp) throw new AppError(Code.MFA_NOT_ENROLLED, s.noPendingEnrollment);
    const guess = await this.takeGuess(userId);
    const now = this.d.clock();
    const step = matchTotpStep(this.secretOf(totp.secret_enc, userId), code, now);
    if (step === null) return this.failed(userId, guess, s.codeInvalid);

    const recoveryCodes = Array.from({ length: mfaPolicy.recoveryCodes }, newRecoveryCode);
    const consoleExpiresAt = await this.d.db.transaction().execute(async (trx) => {
      if (!(await repo.activate(trx, userId, totp.secret_enc, step, now))) {
        throw new AppError(Code.MFA_NOT_ENROLLED, s.noPendingEnrollment);
      }
      await repo.replaceRecoveryCodes(trx, userId, recoveryCodes.map(normalizeRecoveryCode), now);
      const expiresAt = await this.d.verifications.markVerified(trx, auth.session, userId, 'totp');
      await this.d.audit.record(
        {
          actorId: userId,
          action: 'mfa.activate',
          entity: 'user',
          entityId: userId,
          before: { mfa: 'pending' },
          after: { mfa: 'active', recoveryCodes: recoveryCodes.length },
        },
        trx,
      );
      return expiresAt;
    });
    await this.d.throttle.clear(userId);
    return { recoveryCodes, consoleExpiresAt };
  }

  async verify(auth: AuthContext, input: { code?: string | undefined; recoveryCode?: string | undefined }): Promise<ConsoleMfaVerifyResponse> {
    const userId = auth.user.id;
    const totp = await repo.totp(this.d.db, userId);
    if (totp?.status !== 'active') throw new AppError(Code.MFA_NOT_ENROLLED, s.notEnrolled);
    const guess = await this.takeGuess(userId);
    const now = this.d.clock();

    let verified: { method: 'totp' | 'recovery'; consoleExpiresAt: string } | null;
    if (input.code !== undefined) {
      const step = matchTotpStep(this.secretOf(totp.secret_enc, userId), input.code, now);
      verified = step === null ? null : await this.verifyWith(auth, 'totp', (trx) => repo.spendStep(trx, userId, step));
      if (!verified) return this.failed(userId, guess, s.codeInvalid);
    } else {
      const normalized = normalizeRecoveryCode(input.recoveryCode ?? '');
      verified = await this.verifyWith(auth, 'recovery', (trx) => repo.spendRecoveryCode(trx, userId, normalized, now));
      if (!verified) return this.failed(userId, guess, s.recoveryInvalid);
    }
    await this.d.throttle.clear(userId);
    return { consoleExpiresAt: verified.consoleExpiresAt, recoveryCodesLeft: await repo.recoveryCodesLeft(this.d.db, userId) };
  }

  /**
   * Admin reset: forgets the authenticator and recovery codes and ends every console verification
   * of the user, inside the caller's transaction. Answers whether an authenticator existed.
   */
  async reset(trx: Kysely<Database>, userId: string): Promise<{ hadAuthenticator: boolean; verificationsEnded: number }> {
    const hadAuthenticator = await repo.remove(trx, userId);
    const verificationsEnded = await this.d.verifications.endForUser(trx, userId);
    return { hadAuthenticator, verificationsEnded };
  }

  /** Spends the factor and marks the session verified in one transaction; null when the factor was refused. */
  private async verifyWith(
    auth: AuthContext,
    method: 'totp' | 'recovery',
    spend: (trx: Kysely<Database>) => Promise<boolean>,
  ): Promise<{ method: 'totp' | 'recovery'; consoleExpiresAt: string } | null> {
    return this.d.db.transaction().execute(async (trx) => {
      if (!(await spend(trx))) return null;
      const consoleExpiresAt = await this.d.verifications.markVerified(trx, auth.session, auth.user.id, method);
      await this.d.audit.record(
        { actorId: auth.user.id, action: 'mfa.verify', entity: 'user', entityId: auth.user.id, after: { method } },
        trx,
      );
      return { method, consoleExpiresAt };
    });
  }

  private secretOf(secretEnc: string, userId: string): string {
    return this.d.cipher.decrypt(secretEnc, totpSecretContext(userId));
  }

  /** Counts a code before it is checked (codes sent at once cannot outrun the lock); refuses while locked. */
  private async takeGuess(userId: string): Promise<number> {
    const guess = await this.d.throttle.take(userId);
    if (guess === null) throw new AppError(Code.MFA_LOCKED, s.locked(this.d.throttle.lockMinutes));
    return guess;
  }

  private async failed(userId: string, guess: number, message: string): Promise<never> {
    if (await this.d.throttle.wrong(userId, guess)) throw new AppError(Code.MFA_LOCKED, s.locked(this.d.throttle.lockMinutes));
    throw new AppError(Code.MFA_CODE_INVALID, message);
  }
}
