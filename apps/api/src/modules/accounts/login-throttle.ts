import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Clock } from '../../clock.js';

/**
 * Per-account throttling of password and second-factor guesses (docs/decisions/0003-rate-limits.md).
 * Login failures are counted per submitted mobile, whether or not an account has it, so the lock
 * does not reveal which mobiles are registered. The count lives in Redis when configured (shared by
 * every instance), in memory otherwise.
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

export interface GuessPolicy {
  /** wrong guesses in a window that lock the subject */
  maxFailures: number;
  /** the window, and the lock's length from the guess that reached the limit */
  lockMs: number;
}

/**
 * Guesses at one subject's secret (an account's password, a user's second factor), counted in a
 * FailureCounter under a namespace. A guess is counted when it is taken, before it is checked:
 * guesses sent at once would otherwise all pass a "locked?" test while none of them had been
 * counted yet, and a burst of a thousand would check a thousand passwords against a limit of ten.
 * A right guess clears the count. Failures are counted in a window of lockMs from the first one;
 * the lock then lasts lockMs from the wrong guess that reached the limit, and refused guesses do
 * not extend it.
 */
export class GuessThrottle {
  constructor(
    private readonly store: FailureCounter,
    private readonly policy: GuessPolicy,
    private readonly namespace: 'login' | 'mfa',
    /** told of every wrong guess (the login failure metric) */
    private readonly onWrong?: () => void,
  ) {}

  /** The key never contains the subject itself (a mobile, a user id). */
  private key(subject: string) {
    return createHash('sha256').update(`${this.namespace}:${subject}`).digest('hex').slice(0, 40);
  }

  /** Takes a guess: its number in the window, or null when the subject is locked and nothing may be checked. */
  async take(subject: string): Promise<number | null> {
    const n = await this.store.increment(this.key(subject), this.policy.lockMs);
    return n > this.policy.maxFailures ? null : n;
  }

  /** The guess numbered `n` was wrong: true when it reached the limit (the lock then lasts lockMs from now). */
  async wrong(subject: string, n: number): Promise<boolean> {
    this.onWrong?.();
    if (n < this.policy.maxFailures) return false;
    await this.store.expire(this.key(subject), this.policy.lockMs);
    return true;
  }

  /** A right guess: the count starts again. */
  async clear(subject: string): Promise<void> {
    await this.store.reset(this.key(subject));
  }

  get lockMinutes(): number {
    return Math.max(1, Math.ceil(this.policy.lockMs / 60_000));
  }
}
