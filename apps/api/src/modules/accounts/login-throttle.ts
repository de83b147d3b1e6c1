import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Clock } from '../../clock.js';

/**
 * Per-account login throttling (docs/decisions/0003-rate-limits.md). Failures are counted per
 * submitted mobile, whether or not an account has it, so the lock does not reveal which mobiles
 * are registered. The count lives in Redis when configured (shared by every instance), in memory
 * otherwise.
 */

/** A counter with expiry: the one thing the throttle needs from a store. */
export interface FailureCounter {
  /** current count, 0 when absent or expired */
  get(key: string): Promise<number>;
  /** adds one; the first increment starts a window of ttlMs */
  increment(key: string, ttlMs: number): Promise<number>;
  /** restarts the key's expiry at ttlMs from now */
  expire(key: string, ttlMs: number): Promise<void>;
  reset(key: string): Promise<void>;
}

export class MemoryFailureCounter implements FailureCounter {
  private readonly entries = new Map<string, { count: number; expiresAt: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly maxEntries = 100_000,
  ) {}

  private live(key: string) {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= this.clock()) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  async get(key: string): Promise<number> {
    return this.live(key)?.count ?? 0;
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    const e = this.live(key);
    if (e) {
      e.count += 1;
      return e.count;
    }
    if (this.entries.size >= this.maxEntries) this.sweep();
    this.entries.set(key, { count: 1, expiresAt: this.clock() + ttlMs });
    return 1;
  }

  async expire(key: string, ttlMs: number): Promise<void> {
    const e = this.live(key);
    if (e) e.expiresAt = this.clock() + ttlMs;
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key);
  }

  /** drops expired entries, then the oldest ones, so a flood of distinct mobiles cannot exhaust memory */
  private sweep() {
    const now = this.clock();
    for (const [k, e] of this.entries) if (e.expiresAt <= now) this.entries.delete(k);
    for (const k of this.entries.keys()) {
      if (this.entries.size < this.maxEntries) break;
      this.entries.delete(k);
    }
  }
}

const INCREMENT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

export class RedisFailureCounter implements FailureCounter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async get(key: string): Promise<number> {
    const v = await this.redis.get(this.prefix + key);
    return v === null ? 0 : Number(v);
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    const n = await this.redis.eval(INCREMENT_SCRIPT, 1, this.prefix + key, String(ttlMs));
    return Number(n);
  }

  async expire(key: string, ttlMs: number): Promise<void> {
    await this.redis.pexpire(this.prefix + key, ttlMs);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}

export interface LoginThrottlePolicy {
  maxFailuresPerAccount: number;
  lockMs: number;
}

export class LoginThrottle {
  constructor(
    private readonly store: FailureCounter,
    private readonly policy: LoginThrottlePolicy,
  ) {}

  /** The key never contains the mobile itself. */
  private key(mobile: string) {
    return createHash('sha256').update(`login:${mobile}`).digest('hex').slice(0, 40);
  }

  async isLocked(mobile: string): Promise<boolean> {
    return (await this.store.get(this.key(mobile))) >= this.policy.maxFailuresPerAccount;
  }

  /**
   * Counts a failure; true when this one reached the limit. Failures are counted in a window of
   * lockMs from the first one; the lock then lasts lockMs from the failure that reached the limit.
   */
  async recordFailure(mobile: string): Promise<boolean> {
    const k = this.key(mobile);
    const n = await this.store.increment(k, this.policy.lockMs);
    if (n >= this.policy.maxFailuresPerAccount) {
      await this.store.expire(k, this.policy.lockMs);
      return true;
    }
    return false;
  }

  async clear(mobile: string): Promise<void> {
    await this.store.reset(this.key(mobile));
  }

  get lockMinutes(): number {
    return Math.max(1, Math.ceil(this.policy.lockMs / 60_000));
  }
}
