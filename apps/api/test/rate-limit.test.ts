import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, Code } from '@qgw/contracts';
import { type Answer, login, post, register, strongPassword, uniqueMobile } from './support/api.js';
import { solvedChallenge } from './support/challenge.js';
import { deleteKeys, randomPrefix, redisAvailable, testRedisUrl } from './support/redis.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const hasRedis = await redisAvailable();

const challenge = { success: false, code: Code.CHALLENGE_REQUIRED, message: '该账号登录失败次数较多，请完成人机验证后重试' };

/** HTTP 429 with the envelope, Retry-After, and a message saying in Chinese how long to wait. */
function expectLimited(a: Answer) {
  expect(a.status).toBe(429);
  const seconds = Number(a.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  const wait = seconds < 120 ? `${seconds}秒` : `${Math.ceil(seconds / 60)}分钟`;
  expect(a.body).toEqual({ success: false, code: Code.RATE_LIMITED, message: `操作过于频繁，请${wait}后再试` });
}

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
    expectLimited(a);
    expect(Number(a.headers['retry-after'])).toBeLessThanOrEqual(60);
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
      expectLimited(await post(t.app, url, { mobile: uniqueMobile(), password: 'whatever-pass' }, { ip }));
    }
  });

  it('refuses a NUL character on an API route reached through an encoded path', async () => {
    const a = await post(t.app, apiPaths.login.replace('/v1/', '/%761/'), { mobile: '13800000000', password: 'a\u0000b' }, { ip: freshIp() });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
  });

  it('limits registrations per address per hour', async () => {
    const ip = freshIp();
    // counted whatever the answer (a missing SMS code included): the limit runs before anything else
    for (let i = 0; i < 2; i++) {
      expect((await post(t.app, apiPaths.register, { mobile: uniqueMobile(), password: strongPassword(), agree: true }, { ip })).status).toBe(200);
    }
    const a = await post(t.app, apiPaths.register, { mobile: uniqueMobile(), password: strongPassword(), agree: true }, { ip });
    expectLimited(a);
    // an hour's window: said in minutes
    expect(a.body.message).toMatch(/^操作过于频繁，请(59|60)分钟后再试$/);
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

function challengeSuite(name: string, env: () => Record<string, string>, passTime: (t: TestApp) => Promise<void>) {
  describe(name, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { LOGIN_MAX_FAILURES: '3', ...env() } });
    });
    afterAll(() => t.close());

    const attempt = (mobile: string, password: string, altcha?: string) =>
      post(t.app, apiPaths.login, { mobile, password, ...(altcha ? { altcha } : {}) }, { ip: freshIp() });

    it('past the maximum failures asks every login for a challenge, the right password included, until the window passes; never locks', async () => {
      const { mobile, password } = await register(t.app);
      for (let i = 1; i <= 3; i++) expect((await attempt(mobile, `wrong-pass-${i}`)).body).toMatchObject({ code: Code.INVALID_CREDENTIALS });
      const asked = await attempt(mobile, password);
      expect(asked.status).toBe(428);
      expect(asked.body).toEqual(challenge);
      // solved: the owner is in at once
      expect((await attempt(mobile, password, await solvedChallenge(t.app))).body).toMatchObject({ success: true });
      // the count started again; after three more failures the window passing is enough too
      for (let i = 1; i <= 3; i++) await attempt(mobile, `wrong-pass-${i}`);
      expect((await attempt(mobile, password)).body).toEqual(challenge);
      await passTime(t);
      expect((await login(t.app, mobile, password)).username).toBe(mobile);
    });

    it('asks the same of an unknown mobile (no enumeration)', async () => {
      const mobile = uniqueMobile();
      for (let i = 0; i < 3; i++) expect((await attempt(mobile, `wrong-${i}`)).body).toMatchObject({ code: Code.INVALID_CREDENTIALS });
      expect((await attempt(mobile, 'wrong-4')).body).toEqual(challenge);
      expect((await attempt(mobile, 'wrong-5')).body).toEqual(challenge);
    });

    it('resets the count on success', async () => {
      const { mobile, password } = await register(t.app);
      for (let round = 0; round < 3; round++) {
        await attempt(mobile, 'wrong-a');
        await attempt(mobile, 'wrong-b');
        expect((await login(t.app, mobile, password)).username).toBe(mobile);
      }
    });

    it('asks for challenges on one account without touching another', async () => {
      const a = await register(t.app);
      const b = await register(t.app);
      for (let i = 0; i < 3; i++) await attempt(a.mobile, `wrong-${i}`);
      expect((await attempt(a.mobile, a.password)).body).toEqual(challenge);
      expect((await login(t.app, b.mobile, b.password)).username).toBe(b.mobile);
    });
  });
}

challengeSuite(
  'per-account challenge (memory store, moved clock)',
  () => ({}),
  async (t) => t.clock.advance(t.config.login.lockMs + 1),
);

describe.skipIf(!hasRedis)('with Redis', () => {
  const prefix = randomPrefix();
  afterAll(() => deleteKeys(prefix));

  // The window is Redis' own expiry. A short real window (2 s) ran out during the guesses on a busy
  // machine (each one an argon2 hash); a long one is passed by bringing its keys' expiry forward,
  // after checking that each key carries the window.
  const lockMs = 10 * 60_000;
  challengeSuite(
    'per-account challenge (Redis store, its expiry brought forward)',
    () => ({ REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: `${prefix}lock:`, LOGIN_LOCK_MS: String(lockMs) }),
    async () => {
      const { Redis } = await import('ioredis');
      const r = new Redis(testRedisUrl);
      try {
        const keys = await r.keys(`${prefix}lock:login-fail:*`);
        expect(keys.length).toBeGreaterThan(0);
        for (const key of keys) {
          const ttl = await r.pttl(key);
          expect(ttl).toBeGreaterThan(0);
          expect(ttl).toBeLessThanOrEqual(lockMs);
          await r.pexpire(key, 1);
        }
        await new Promise((done) => setTimeout(done, 20));
      } finally {
        r.disconnect();
      }
    },
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
      expectLimited(await post(t.app, apiPaths.login, { mobile: uniqueMobile(), password: 'whatever-pass' }, { ip }));
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
