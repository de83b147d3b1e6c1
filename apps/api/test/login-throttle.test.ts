import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FailureCounter,
  GuessThrottle,
  MemoryFailureCounter,
  RedisFailureCounter,
} from '../src/modules/accounts/login-throttle.js';
import { LoginGuard, type LoginGuardPolicy } from '../src/modules/accounts/login-guard.js';
import { deleteKeys, randomPrefix, redisAvailable, testRedisUrl } from './support/redis.js';
import { TestClock } from './support/test-app.js';

const hasRedis = await redisAvailable();

/** The contract both stores keep; `wait` moves time (a fake clock for memory, real time for Redis). */
function counterContract(name: string, make: () => { store: FailureCounter; wait: (ms: number) => Promise<void> }) {
  describe(name, () => {
    it('counts, expires after the window, and resets', async () => {
      const { store, wait } = make();
      expect(await store.get('a')).toBe(0);
      expect(await store.increment('a', 300)).toBe(1);
      expect(await store.increment('a', 300)).toBe(2);
      expect(await store.get('a')).toBe(2);
      expect(await store.get('b')).toBe(0);
      await wait(400);
      expect(await store.get('a')).toBe(0);
      expect(await store.increment('a', 300)).toBe(1);
      await store.reset('a');
      expect(await store.get('a')).toBe(0);
    });

    it('keeps the window from the first increment, and expire restarts it', async () => {
      const { store, wait } = make();
      await store.increment('k', 600);
      await wait(350);
      await store.increment('k', 600); // does not extend
      await wait(350);
      expect(await store.get('k')).toBe(0);
      await store.increment('k', 600);
      await wait(350);
      await store.expire('k', 600); // restarts
      await wait(350);
      expect(await store.get('k')).toBe(1);
    });

    it('locks after the maximum and unlocks after the lock time', async () => {
      const { store, wait } = make();
      const throttle = new GuessThrottle(store, { maxFailures: 3, lockMs: 400 }, 'login');
      const wrongGuess = async (subject: string) => {
        const n = await throttle.take(subject);
        return n === null ? 'locked' : (await throttle.wrong(subject, n)) ? 'now locked' : 'wrong';
      };
      expect(await wrongGuess('13800000009')).toBe('wrong');
      expect(await wrongGuess('13800000009')).toBe('wrong');
      expect(await wrongGuess('13800000009')).toBe('now locked');
      expect(await throttle.take('13800000009')).toBeNull();
      expect(await throttle.take('13800000008')).toBe(1);
      await wait(500);
      expect(await throttle.take('13800000009')).toBe(1);
      await throttle.clear('13800000009');
      expect(await throttle.take('13800000009')).toBe(1);
    });

    it('counts guesses taken at once before any is checked: no more than the maximum get a turn', async () => {
      const { store } = make();
      const throttle = new GuessThrottle(store, { maxFailures: 5, lockMs: 60_000 }, 'mfa');
      const turns = await Promise.all(Array.from({ length: 40 }, () => throttle.take('user-1')));
      expect(turns.filter((n) => n !== null).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5]);
      // the guess that reached the limit is the one that reports the lock
      expect(await throttle.wrong('user-1', 4)).toBe(false);
      expect(await throttle.wrong('user-1', 5)).toBe(true);
    });

    it('keeps login and second-factor counts apart', async () => {
      const { store } = make();
      const login = new GuessThrottle(store, { maxFailures: 1, lockMs: 60_000 }, 'login');
      const mfa = new GuessThrottle(store, { maxFailures: 1, lockMs: 60_000 }, 'mfa');
      expect(await login.take('same-id')).toBe(1);
      expect(await mfa.take('same-id')).toBe(1);
      expect(await login.take('same-id')).toBeNull();
    });
  });
}


/** The login guard on either store (decision 0021): challenges and waits instead of a lock. */
function guardContract(name: string, make: () => { store: FailureCounter; wait: (ms: number) => Promise<void> }) {
  describe(name, () => {
    // a window long enough that a loaded machine's Redis round trips stay inside it
    const policy: LoginGuardPolicy = { maxFailures: 3, windowMs: 1500, delayBaseMs: 100, delayMaxMs: 1000 };
    /** a guard whose waits are recorded, not slept */
    const guardOn = (store: FailureCounter) => {
      const waits: number[] = [];
      const guard = new LoginGuard(store, policy, undefined, async (ms) => void waits.push(ms));
      return { guard, waits };
    };
    /** a wrong password from `address`: whether it needed a challenge, and the wait it was given */
    const wrongFrom = async (guard: LoginGuard, mobile: string, address: string) => {
      const attempt = await guard.arrive(mobile, address);
      const waited = await guard.beforeCheck(attempt);
      await guard.wrong(attempt);
      return { needsChallenge: attempt.needsChallenge, waited };
    };

    it('asks for a challenge past the maximum, never locks, and forgets after the window', async () => {
      const { store, wait } = make();
      const { guard } = guardOn(store);
      for (let i = 0; i < 3; i++) expect((await wrongFrom(guard, '13800000009', `192.0.2.${i}`)).needsChallenge).toBe(false);
      expect((await guard.arrive('13800000009', '203.0.113.1')).needsChallenge).toBe(true);
      expect((await guard.arrive('13800000008', '203.0.113.1')).needsChallenge).toBe(false);
      await wait(1600);
      expect((await guard.arrive('13800000009', '203.0.113.1')).needsChallenge).toBe(false);
    });

    it('makes an address that failed wait, doubling up to the maximum; a fresh address does not wait', async () => {
      const { store } = make();
      const { guard } = guardOn(store);
      const waits = [];
      for (let i = 0; i < 6; i++) waits.push((await wrongFrom(guard, '13800000007', '192.0.2.9')).waited);
      // under the limit no wait; past it base × 2^(earlier attempts − 1): 3 earlier → 400, 4 → 800, 5 → the cap
      expect(waits).toEqual([0, 0, 0, 400, 800, 1000]);
      const fresh = await guard.arrive('13800000007', '203.0.113.9');
      expect(fresh.needsChallenge).toBe(true);
      expect(await guard.beforeCheck(fresh)).toBe(0);
    });

    it('keeps asking an address that failed up to the maximum after the owner signed in elsewhere', async () => {
      const { store } = make();
      const { guard } = guardOn(store);
      for (let i = 0; i < 3; i++) await wrongFrom(guard, '13800000006', '192.0.2.7');
      await guard.succeeded('13800000006', '203.0.113.6');
      expect((await guard.arrive('13800000006', '203.0.113.6')).needsChallenge).toBe(false);
      expect((await guard.arrive('13800000006', '192.0.2.7')).needsChallenge).toBe(true);
    });

    it('counts attempts as they arrive: of 40 at once, no more than the maximum go without a challenge', async () => {
      const { store } = make();
      const { guard } = guardOn(store);
      const attempts = await Promise.all(Array.from({ length: 40 }, (_, i) => guard.arrive('13800000005', `192.0.2.${i}`)));
      expect(attempts.filter((a) => !a.needsChallenge)).toHaveLength(3);
    });

    it('counts a burst from one address in order: each check waits longer than the one before', async () => {
      const { store } = make();
      const { guard, waits } = guardOn(store);
      for (let i = 0; i < 3; i++) await wrongFrom(guard, '13800000004', `192.0.2.${i + 20}`);
      const burst = await Promise.all(Array.from({ length: 3 }, () => guard.arrive('13800000004', '192.0.2.30')));
      await Promise.all(burst.map((a) => guard.beforeCheck(a)));
      expect(waits.sort((a, b) => a - b)).toEqual([100, 200]);
    });
  });
}

counterContract('MemoryFailureCounter', () => {
  const clock = new TestClock();
  return {
    store: new MemoryFailureCounter(clock.now),
    wait: async (ms) => clock.advance(ms),
  };
});

guardContract('LoginGuard on memory', () => {
  const clock = new TestClock();
  return { store: new MemoryFailureCounter(clock.now), wait: async (ms) => clock.advance(ms) };
});

describe('MemoryFailureCounter bounds', () => {
  it('never holds more than its maximum number of keys', async () => {
    const clock = new TestClock();
    const store = new MemoryFailureCounter(clock.now, 100);
    for (let i = 0; i < 1000; i++) await store.increment(`k${i}`, 60_000);
    expect(await store.get('k999')).toBe(1);
    expect((store as unknown as { entries: Map<string, unknown> }).entries.size).toBeLessThanOrEqual(100);
  });
});

describe.skipIf(!hasRedis)('RedisFailureCounter', () => {
  const prefix = randomPrefix();
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(testRedisUrl);
  });
  afterAll(async () => {
    await deleteKeys(prefix);
    redis.disconnect();
  });

  counterContract('against a real Redis', () => ({
    store: new RedisFailureCounter(redis, `${prefix}${randomPrefix()}`),
    wait: (ms) => new Promise((r) => setTimeout(r, ms)),
  }));

  guardContract('LoginGuard on a real Redis', () => ({
    store: new RedisFailureCounter(redis, `${prefix}${randomPrefix()}`),
    wait: (ms) => new Promise((r) => setTimeout(r, ms)),
  }));

  it('never writes the mobile or the address into a key', async () => {
    const p = `${prefix}guard-keys:`;
    const guard = new LoginGuard(new RedisFailureCounter(redis, p), { maxFailures: 3, windowMs: 60_000, delayBaseMs: 0, delayMaxMs: 0 });
    const attempt = await guard.arrive('13912345677', '198.51.100.77');
    await guard.beforeCheck(attempt);
    const keys = await redis.keys(`${p}*`);
    expect(keys).toHaveLength(2);
    for (const k of keys) expect(k).not.toMatch(/13912345677|198\.51\.100\.77/);
  });

  it('never writes the mobile into a key', async () => {
    const p = `${prefix}keys:`;
    const throttle = new GuessThrottle(new RedisFailureCounter(redis, p), { maxFailures: 3, lockMs: 60_000 }, 'login');
    await throttle.take('13912345678');
    const keys = await redis.keys(`${p}*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain('13912345678');
    expect(await redis.pttl(keys[0]!)).toBeGreaterThan(0);
  });
});
