import { createHash } from 'node:crypto';
import type { FailureCounter } from '../accounts/login-throttle.js';

/**
 * Wrong second-factor codes, counted per account in the same store as login failures (Redis when
 * configured, so every instance sees them). Reaching the limit locks the second factor for lockMs,
 * like a login lock; a successful verification clears the count.
 */

export interface MfaThrottlePolicy {
  maxFailures: number;
  lockMs: number;
}

export class MfaThrottle {
  constructor(
    private readonly store: FailureCounter,
    private readonly policy: MfaThrottlePolicy,
  ) {}

  private key(userId: string) {
    return createHash('sha256').update(`mfa:${userId}`).digest('hex').slice(0, 40);
  }

  async isLocked(userId: string): Promise<boolean> {
    return (await this.store.get(this.key(userId))) >= this.policy.maxFailures;
  }

  /** Counts a failure; true when this one reached the limit (the lock then lasts lockMs from now). */
  async recordFailure(userId: string): Promise<boolean> {
    const k = this.key(userId);
    const n = await this.store.increment(k, this.policy.lockMs);
    if (n >= this.policy.maxFailures) {
      await this.store.expire(k, this.policy.lockMs);
      return true;
    }
    return false;
  }

  async clear(userId: string): Promise<void> {
    await this.store.reset(this.key(userId));
  }

  get lockMinutes(): number {
    return Math.max(1, Math.ceil(this.policy.lockMs / 60_000));
  }
}
