import { createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { Code, maskMobile, type SendSmsCodeResponse, type SmsPurpose, smsPolicy } from '@qgw/contracts';
import { type Clock, isoAt } from '../../clock.js';
import type { SmsConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { newRowId } from '../../db/row-id.js';
import { AppError } from '../../plugins/errors.js';
import type { SmsProvider } from './provider.js';
import { smsCodesRepository as repo } from './sms-codes.repository.js';
import { smsStrings as s } from './sms.strings.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export type SmsLimits = Pick<SmsConfig, 'codeTtlMs' | 'resendMs' | 'maxAttempts' | 'perMobilePerDay'>;

export interface SmsCodeDeps {
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
  /** the server's data key (DATA_ENCRYPTION_KEY or the generated one): the HMAC key is derived from it */
  dataKey: Buffer;
  limits: SmsLimits;
  /** null: no way to send codes (production without a provider): every request is refused alike */
  provider: SmsProvider | null;
  /** whether an account holds this mobile */
  registered(mobile: string): Promise<boolean>;
}

/**
 * Verification codes by SMS (docs/security.md "SMS verification codes"): 6 digits from
 * crypto.randomInt, valid `codeTtlMs`, stored only as an HMAC; one per mobile and purpose every
 * `resendMs`, `perMobilePerDay` per mobile in any 24 hours, `maxAttempts` wrong tries per code.
 *
 * Whether the mobile is registered never shows: a request for a mobile that gets nothing (a reset
 * or SMS login for an unknown mobile, a registration or phone change to a known one) makes a row
 * all the same, so it counts against the same limits, answers the same and takes the same time;
 * the code is sent after the answer is decided, in the background.
 */
export class SmsCodeService {
  private readonly key: Buffer;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly d: SmsCodeDeps) {
    this.key = Buffer.from(hkdfSync('sha256', d.dataKey, Buffer.alloc(0), 'qgw sms verification codes', 32));
  }

  get providerName(): SmsProvider['name'] | null {
    return this.d.provider?.name ?? null;
  }

  private mac(text: string): string {
    return createHmac('sha256', this.key).update(text, 'utf8').digest('hex');
  }

  private mobileKey(mobile: string): string {
    return this.mac(`mobile:${mobile}`);
  }

  private codeHash(id: string, code: string): string {
    return this.mac(`code:${id}:${code}`);
  }

  /** Whether a code for this purpose goes to this mobile: resets and logins to accounts, registrations and phone changes to free mobiles. */
  private async deliverable(mobile: string, purpose: SmsPurpose): Promise<boolean> {
    const known = await this.d.registered(mobile);
    return purpose === 'register' || purpose === 'changePhone' ? !known : known;
  }

  /** POST /v1/sendSmsCode. The answer depends only on the limits, never on the mobile being registered. */
  async request(mobile: string, purpose: SmsPurpose): Promise<SendSmsCodeResponse> {
    const { provider, limits } = this.d;
    if (!provider) throw new AppError(Code.SMS_UNAVAILABLE, s.unavailable);
    const deliver = await this.deliverable(mobile, purpose);
    const now = this.d.clock();
    const mobileKey = this.mobileKey(mobile);
    const code = String(randomInt(0, 10 ** smsPolicy.codeLength)).padStart(smsPolicy.codeLength, '0');
    const id = newRowId();
    await this.d.db.transaction().execute(async (trx) => {
      await repo.holdMobile(trx, mobileKey);
      const latest = await repo.latest(trx, mobileKey, purpose);
      const waitMs = latest ? Date.parse(latest.created_at) + limits.resendMs - now : 0;
      if (waitMs > 0) throw new AppError(Code.SMS_TOO_SOON, s.tooSoon(Math.ceil(waitMs / 1000)));
      if ((await repo.countSince(trx, mobileKey, isoAt(now - DAY_MS))) >= limits.perMobilePerDay) {
        throw new AppError(Code.SMS_DAILY_LIMIT, s.dailyLimit);
      }
      await repo.insert(trx, {
        id,
        mobile_key: mobileKey,
        purpose,
        // a mobile that gets nothing gets a row all the same, with a code nobody was told
        code_hash: this.codeHash(id, deliver ? code : String(randomInt(0, 10 ** smsPolicy.codeLength))),
        created_at: isoAt(now),
        expires_at: isoAt(now + limits.codeTtlMs),
        attempts: 0,
        consumed_at: null,
      });
    });
    if (deliver) this.dispatch(provider, mobile, code, purpose);
    else this.d.log.info({ event: 'sms.code', purpose, outcome: 'not_sent' }, 'verification code not sent (the mobile does not fit the purpose)');
    return { resendAfterSeconds: Math.ceil(limits.resendMs / 1000), expiresInSeconds: Math.ceil(limits.codeTtlMs / 1000) };
  }

  /** Sends in the background; the outcome is logged with the mobile masked and never the code. */
  private dispatch(provider: SmsProvider, mobile: string, code: string, purpose: SmsPurpose): void {
    const to = maskMobile(mobile);
    const sending = provider
      .send({ mobile, code, purpose, ttlMinutes: Math.max(1, Math.round(this.d.limits.codeTtlMs / 60_000)) })
      .then((r) => {
        const where = provider.name === 'dev-outbox' ? ' to the development outbox (GET /v1/dev/smsOutbox)' : '';
        if (r.ok) this.d.log.info({ event: 'sms.code', purpose, provider: provider.name, to, outcome: 'sent' }, `verification code sent${where}`);
        else this.d.log.warn({ event: 'sms.code', purpose, provider: provider.name, to, outcome: r.detail }, 'verification code not delivered');
      })
      .catch((err: unknown) => this.d.log.error({ event: 'sms.code', purpose, provider: provider.name, to, err }, 'verification code send failed'))
      .finally(() => this.inFlight.delete(sending));
    this.inFlight.add(sending);
  }

  /** Resolves when every send started so far has finished (the app waits for them when it closes). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /**
   * Spends the mobile's latest code for `purpose` if `code` is it: unused, unexpired, with tries
   * left. A try is counted before the code is compared, so tries sent at once cannot outrun the
   * limit. Throws SMS_CODE_INVALID otherwise (the same for a mobile that was never sent one).
   */
  async consume(mobile: string, purpose: SmsPurpose, code: string): Promise<void> {
    const { db, limits } = this.d;
    const now = this.d.clock();
    const latest = await repo.latest(db, this.mobileKey(mobile), purpose);
    if (!latest || latest.consumed_at !== null || Date.parse(latest.expires_at) <= now) throw new AppError(Code.SMS_CODE_INVALID, s.codeInvalid);
    if (!(await repo.countTry(db, latest.id, limits.maxAttempts))) {
      throw new AppError(Code.SMS_CODE_INVALID, latest.attempts >= limits.maxAttempts ? s.codeDead : s.codeInvalid);
    }
    const presented = Buffer.from(this.codeHash(latest.id, code), 'hex');
    if (!timingSafeEqual(presented, Buffer.from(latest.code_hash, 'hex'))) {
      throw new AppError(Code.SMS_CODE_INVALID, latest.attempts + 1 >= limits.maxAttempts ? s.codeDead : s.codeInvalid);
    }
    if (!(await repo.consume(db, latest.id, isoAt(now)))) throw new AppError(Code.SMS_CODE_INVALID, s.codeInvalid);
  }

  /** Deletes codes older than a day (the daily limit's window); answers how many went. */
  sweep(): Promise<number> {
    return repo.deleteOlderThan(this.d.db, isoAt(this.d.clock() - DAY_MS));
  }
}
