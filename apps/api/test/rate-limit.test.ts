import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, Code } from '@qgw/contracts';
import { data, login, post, register, strongPassword, uniqueMobile } from './support/api.js';
import { deleteKeys, randomPrefix, redisAvailable, testRedisUrl } from './support/redis.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const hasRedis = await redisAvailable();

const lockedMessage = (lockMs: number) => `登录失败次数过多，请${Math.max(1, Math.ceil(lockMs / 60_000))}分钟后再试`;
const limited = { success: false, code: Code.RATE_LIMITED, message: '请求过于频繁，请稍后再试' };

let ipSeq = 0;
/** a fresh client address, so that per-IP limits stay out of per-account tests */
const freshIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

describe('per-IP limits (memory store)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_PER_IP_PER_MINUTE: '3', REGISTER_PER_IP_PER_HOUR: '2', RATE_LIMIT_PER_MINUTE: '50' } });
  });
  afterAll(() => t.close());

  it('answers 429 with the envelope past the login limit, per address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      expect((await post(t.app, apiPaths.login, { mobile: uniqueMobile(), password: 'whatever-pass' }, { ip })).status).toBe(200);
    }
    const a = await post(t.app, apiPaths.login, { mobile: uniqueMobile(), password: 'whatever-pass' }, { ip });
    expect(a.status).toBe(429);
    expect(a.body).toEqual(limited);
    expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(t.app, apiPaths.login, { mobile: uniqueMobile(), password: 'whatever-pass' }, { ip: freshIp() })).status).toBe(200);
  });

  it('counts a route however its path is spelt: percent-encoded letters reach the same route and the same limit', async () => {
    const ip = freshIp();
    const spellings = [apiPaths.login.replace('/v1/', '/%761/'), apiPaths.login.replace('login', '%6Cogin'), apiPaths.login.replace('/v1/', '/%76%31/')];
    for (const url of spellings) {
      const a = await post(t.app, url, { mobile: uniqueMobile(), password: 'whatever-pass' }, { ip });
      expect(a.status).toBe(200);
      expect(a.body).toMatchObject({ code: Code.INVALID_CREDENTIALS });
    }
    for (const url of [apiPaths.login, ...spellings]) {
      const a = await post(t.app, url, { mobile: uniqueMobile(), password: 'whatever-pass' }, { ip });
      expect(a.status).toBe(429);
      expect(a.body).toEqual(limited);
    }
  });

  it('refuses a NUL character on an API route reached through an encoded path', async () => {
    const a = await post(t.app, apiPaths.login.replace('/v1/', '/%761/'), { mobile: '13800000000', password: 'a\u0000b' }, { ip: freshIp() });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
  });

  it('limits registrations per address per hour', async () => {
    const ip = freshIp();
    for (let i = 0; i < 2; i++) {
      data(await post(t.app, apiPaths.register, { mobile: uniqueMobile(), password: strongPassword(), agree: true }, { ip }));
    }
    const a = await post(t.app, apiPaths.register, { mobile: uniqueMobile(), password: strongPassword(), agree: true }, { ip });
    expect(a.status).toBe(429);
    expect(a.body).toEqual(limited);
  });

  it('puts a ceiling on every other API route, before any token lookup, but not on health checks or static files', async () => {
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i < 51; i++) last = (await t.app.inject({ method: 'GET', url: apiPaths.getUserInfo, remoteAddress: ip })).statusCode;
    expect(last).toBe(429);
    for (let i = 0; i < 60; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: ip })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/', remoteAddress: ip })).statusCode).toBe(200);
    }
  });
});

function lockoutSuite(name: string, env: () => Record<string, string>, passTime: (t: TestApp) => Promise<void>) {
  describe(name, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { LOGIN_MAX_FAILURES: '3', ...env() } });
    });
    afterAll(() => t.close());

    let locked: { success: false; code: number; message: string };
    beforeAll(() => {
      locked = { success: false, code: Code.ACCOUNT_LOCKED, message: lockedMessage(t.config.login.lockMs) };
    });
    const attempt = (mobile: string, password: string) => post(t.app, apiPaths.login, { mobile, password }, { ip: freshIp() });

    it('locks an account after the maximum failures, even for the right password, until the window passes', async () => {
      const { mobile, password } = await register(t.app);
      expect((await attempt(mobile, 'wrong-pass-1')).body).toMatchObject({ code: Code.INVALID_CREDENTIALS });
      expect((await attempt(mobile, 'wrong-pass-2')).body).toMatchObject({ code: Code.INVALID_CREDENTIALS });
      const third = await attempt(mobile, 'wrong-pass-3');
      expect(third.status).toBe(200);
      expect(third.body).toEqual(locked);
      if (t.config.login.lockMs === 15 * 60_000) expect(locked.message).toBe('登录失败次数过多，请15分钟后再试');
      expect((await attempt(mobile, password)).body).toEqual(locked);
      await passTime(t);
      expect((await login(t.app, mobile, password)).username).toBe(mobile);
    });

    it('locks an unknown mobile the same way (no enumeration)', async () => {
      const mobile = uniqueMobile();
      for (let i = 0; i < 2; i++) expect((await attempt(mobile, `wrong-${i}`)).body).toMatchObject({ code: Code.INVALID_CREDENTIALS });
      expect((await attempt(mobile, 'wrong-3')).body).toEqual(locked);
      expect((await attempt(mobile, 'wrong-4')).body).toEqual(locked);
    });

    it('resets the count on success', async () => {
      const { mobile, password } = await register(t.app);
      for (let round = 0; round < 3; round++) {
        await attempt(mobile, 'wrong-a');
        await attempt(mobile, 'wrong-b');
        expect((await login(t.app, mobile, password)).username).toBe(mobile);
      }
    });

    it('locks one account without touching another', async () => {
      const a = await register(t.app);
      const b = await register(t.app);
      for (let i = 0; i < 3; i++) await attempt(a.mobile, `wrong-${i}`);
      expect((await attempt(a.mobile, a.password)).body).toEqual(locked);
      expect((await login(t.app, b.mobile, b.password)).username).toBe(b.mobile);
    });
  });
}

lockoutSuite(
  'per-account lock (memory store, moved clock)',
  () => ({}),
  async (t) => t.clock.advance(t.config.login.lockMs + 1),
);

describe.skipIf(!hasRedis)('with Redis', () => {
  const prefix = randomPrefix();
  afterAll(() => deleteKeys(prefix));

  lockoutSuite(
    'per-account lock (Redis store, short real window)',
    // the message is for the 15-minute default; only the window is shortened here
    () => ({ REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: `${prefix}lock:`, LOGIN_LOCK_MS: '2000' }),
    () => new Promise((r) => setTimeout(r, 2100)),
  );

  describe('per-IP limit (Redis store)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: `${prefix}ip:`, LOGIN_PER_IP_PER_MINUTE: '2' } });
    });
    afterAll(() => t.close());

    it('answers 429 past the limit, counted in Redis', async () => {
      const ip = freshIp();
      for (let i = 0; i < 2; i++) {
        expect((await post(t.app, apiPaths.login, { mobile: uniqueMobile(), password: 'whatever-pass' }, { ip })).status).toBe(200);
      }
      const a = await post(t.app, apiPaths.login, { mobile: uniqueMobile(), password: 'whatever-pass' }, { ip });
      expect(a.status).toBe(429);
      expect(a.body).toEqual(limited);
      const { Redis } = await import('ioredis');
      const r = new Redis(testRedisUrl);
      try {
        expect((await r.keys(`${prefix}ip:rl:*`)).length).toBeGreaterThan(0);
      } finally {
        r.disconnect();
      }
    });
  });
});
