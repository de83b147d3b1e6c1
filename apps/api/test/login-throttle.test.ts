import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FailureCounter,
  LoginThrottle,
  MemoryFailureCounter,
  RedisFailureCounter,
} from '../src/modules/accounts/login-throttle.js';
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
      const throttle = new LoginThrottle(store, { maxFailuresPerAccount: 3, lockMs: 400 });
      expect(await throttle.recordFailure('13800000009')).toBe(false);
      expect(await throttle.recordFailure('13800000009')).toBe(false);
      expect(await throttle.isLocked('13800000009')).toBe(false);
      expect(await throttle.recordFailure('13800000009')).toBe(true);
      expect(await throttle.isLocked('13800000009')).toBe(true);
      expect(await throttle.isLocked('13800000008')).toBe(false);
      await wait(500);
      expect(await throttle.isLocked('13800000009')).toBe(false);
      await throttle.recordFailure('13800000009');
      await throttle.clear('13800000009');
      expect(await store.get('anything')).toBe(0);
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

  it('never writes the mobile into a key', async () => {
    const p = `${prefix}keys:`;
    const throttle = new LoginThrottle(new RedisFailureCounter(redis, p), { maxFailuresPerAccount: 3, lockMs: 60_000 });
    await throttle.recordFailure('13912345678');
    const keys = await redis.keys(`${p}*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain('13912345678');
    expect(await redis.pttl(keys[0]!)).toBeGreaterThan(0);
  });
});
