import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FailureCounter } from './login-throttle.js';

/**
 * Password guesses at one account, counted so that no number of them locks the owner out
 * (docs/decisions/0021-lockout-without-denial-of-service.md, ASVS 6.3).
 *
 * Two counts live in a FailureCounter (Redis when configured, memory otherwise), keyed by hashes
 * that never contain the mobile or the address:
 * - per account (the submitted mobile, registered or not, so nothing tells which mobiles exist):
 *   every attempt is counted when it arrives, before any check, as GuessThrottle counts guesses —
 *   logins sent at once cannot all slip under the limit while none has been counted yet;
 * - per account and address: the password checks from that address since the account's last
 *   successful login.
 *
 * Past `maxFailures` on the account, or from one address on it, a login needs a solved challenge
 * (proof of work) instead of being refused, and an address that already failed on the account
 * waits before its password is checked: the base delay, doubled per earlier attempt, never more
 * than the maximum. The owner from another address solves one challenge and gets in without
 * waiting; a successful login clears the account's count and its address's.
 *
 * The account's window starts at its first attempt and restarts at every wrong password from the
 * limit on, so attempts refused for want of a challenge do not extend it; the address's window
 * restarts at every wrong password from it.
 */
export interface LoginGuardPolicy {
  /** wrong passwords on an account (or from one address on it) before it asks for challenges */
  maxFailures: number;
  /** how long failures are remembered */
  windowMs: number;
  /** first wait for an address that failed before; doubles per earlier attempt */
  delayBaseMs: number;
  /** the longest wait */
  delayMaxMs: number;
}

/** One login attempt, as counted when it arrived. */
export interface LoginAttempt {
  readonly mobile: string;
  readonly address: string;
  /** its number in the account's window */
  readonly n: number;
  /** password checks from this address on this account since its last successful login */
  readonly fromAddress: number;
  /** the account, or this address on it, is past the limit: a solved challenge is needed */
  readonly needsChallenge: boolean;
}

export class LoginGuard {
  constructor(
    private readonly store: FailureCounter,
    private readonly policy: LoginGuardPolicy,
    /** told of every wrong password (the login failure metric) */
    private readonly onWrong?: () => void,
    /** how a wait is spent (tests may record instead of sleeping) */
    private readonly wait: (ms: number) => Promise<unknown> = sleep,
  ) {}

  private accountKey(mobile: string) {
    return createHash('sha256').update(`login-account:${mobile}`).digest('hex').slice(0, 40);
  }

  private addressKey(mobile: string, address: string) {
    return createHash('sha256').update(`login-address:${mobile}\n${address}`).digest('hex').slice(0, 40);
  }

  /** Counts an attempt as it arrives, before anything is checked. */
  async arrive(mobile: string, address: string): Promise<LoginAttempt> {
    const [n, fromAddress] = await Promise.all([
      this.store.increment(this.accountKey(mobile), this.policy.windowMs),
      this.store.get(this.addressKey(mobile, address)),
    ]);
    const { maxFailures } = this.policy;
    return { mobile, address, n, fromAddress, needsChallenge: n > maxFailures || fromAddress >= maxFailures };
  }

  /**
   * Just before the password is checked (any challenge already solved): counts the check for its
   * address and, on an account past the limit, waits the longer the more this address has tried.
   * Answers the wait in milliseconds.
   */
  async beforeCheck(attempt: LoginAttempt): Promise<number> {
    const k = await this.store.increment(this.addressKey(attempt.mobile, attempt.address), this.policy.windowMs);
    const ms = attempt.needsChallenge ? this.delayAfter(k - 1) : 0;
    if (ms > 0) await this.wait(ms);
    return ms;
  }

  /** The wait for an address with `earlier` password checks on the account: 0, base, 2 × base, … up to the maximum. */
  delayAfter(earlier: number): number {
    const { delayBaseMs, delayMaxMs } = this.policy;
    if (earlier <= 0 || delayBaseMs <= 0 || delayMaxMs <= 0) return 0;
    return Math.min(delayMaxMs, delayBaseMs * 2 ** Math.min(earlier - 1, 30));
  }

  /** The password was wrong: the address's window restarts, and the account's from the limit on. */
  async wrong(attempt: LoginAttempt): Promise<void> {
    this.onWrong?.();
    const { windowMs, maxFailures } = this.policy;
    await this.store.expire(this.addressKey(attempt.mobile, attempt.address), windowMs);
    if (attempt.n >= maxFailures) await this.store.expire(this.accountKey(attempt.mobile), windowMs);
  }

  /** A successful login (by password, or by a code sent to the phone): the account's count and this address's start again. */
  async succeeded(mobile: string, address: string): Promise<void> {
    await Promise.all([this.store.reset(this.accountKey(mobile)), this.store.reset(this.addressKey(mobile, address))]);
  }

  /** Whether this attempt reached the limit: the first one after it will ask for a challenge. */
  reachedLimit(attempt: LoginAttempt): boolean {
    return attempt.n === this.policy.maxFailures;
  }
}
