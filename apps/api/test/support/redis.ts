/**
 * Redis for tests: TEST_REDIS_URL, default redis://127.0.0.1:6379. Each test uses its own random
 * key prefix and deletes its keys afterwards, so runs never see each other's counters.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const testRedisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** Whether Redis answers; the Redis variants of the suite are skipped (with a warning) when it does not. */
export async function redisAvailable(): Promise<boolean> {
  const probe = new Redis(testRedisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    console.warn(`Redis not reachable at ${testRedisUrl}: Redis-backed tests skipped`);
    return false;
  } finally {
    probe.disconnect();
  }
}

export const randomPrefix = () => `qgw-test:${randomBytes(6).toString('hex')}:`;

export async function deleteKeys(prefix: string): Promise<void> {
  const r = new Redis(testRedisUrl);
  try {
    const keys = await r.keys(`${prefix}*`);
    if (keys.length) await r.del(...keys);
  } finally {
    r.disconnect();
  }
}
