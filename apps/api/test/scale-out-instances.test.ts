/**
 * Two API instances on one database and one Redis, behind a proxy as production runs them
 * (docs/requirements.md#running): each instance keeps its own memory, so whatever must hold across
 * them lives in the database (sessions) or in Redis (rate limits, the per-account failure counts,
 * spent challenge solutions). A request may land on either instance; the limits count both, and a
 * session ended on one is dead on the other at once.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { apiPaths, appConstants, Code } from '@qgw/contracts';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { register } from './support/api.js';
import { solvedChallenge } from './support/challenge.js';
import { deleteKeys, randomPrefix, redisAvailable, testRedisUrl } from './support/redis.js';
import { createTestApp, type TestApp, testDefaults } from './support/test-app.js';

const hasRedis = await redisAvailable();
const prefix = randomPrefix();
const shared = {
  REDIS_URL: testRedisUrl,
  REDIS_KEY_PREFIX: prefix,
  LOGIN_PER_IP_PER_MINUTE: '4',
  LOGIN_MAX_FAILURES: '4',
  RATE_LIMIT_PER_MINUTE: '8',
};

let a: TestApp;
let b: FastifyInstance;

describe.skipIf(!hasRedis)('two instances behind one database and one Redis', () => {
  beforeAll(async () => {
    a = await createTestApp({ env: shared });
    // the second instance: its own app and memory, the same database and Redis
    const config = loadConfig({ ...testDefaults, DATA_DIR: a.dataDir, WEB_DIST: join(a.dataDir, 'no-web-build'), ...shared });
    b = await buildApp({ config, db: a.db, clock: a.clock.now, logger: createLogger({ level: 'silent' }) });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await deleteKeys(prefix);
  });

  const on = (app: FastifyInstance, method: 'GET' | 'POST', url: string, opts: { ip: string; token?: string; payload?: object }) =>
    app.inject({
      method,
      url,
      remoteAddress: opts.ip,
      headers: opts.token ? { authorization: opts.token } : {},
      ...(opts.payload ? { payload: { ...opts.payload, ...appConstants.fixedRequestFields } } : {}),
    });
  const both = () => [a.app, b];

  it('the per-IP login limit counts requests on both instances', async () => {
    const u = await register(a.app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await on(both()[i % 2]!, 'POST', apiPaths.login, { ip: '198.51.100.40', payload: { mobile: u.mobile, password: u.password } });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('the per-account failure count adds up on both instances, both then ask for a challenge, and a solution spent on one is refused on the other', async () => {
    const u = await register(a.app);
    for (let i = 0; i < 4; i++) {
      const res = await on(both()[i % 2]!, 'POST', apiPaths.login, { ip: `198.51.100.${50 + i}`, payload: { mobile: u.mobile, password: 'Wrong-Pass-123' } });
      expect((res.json() as { code: number }).code).toBe(Code.INVALID_CREDENTIALS);
    }
    for (const app of both()) {
      const res = await on(app, 'POST', apiPaths.login, { ip: '198.51.100.60', payload: { mobile: u.mobile, password: u.password } });
      expect(res.statusCode).toBe(428);
      expect(res.json()).toMatchObject({ success: false, code: Code.CHALLENGE_REQUIRED });
    }
    // a challenge made by one instance is solved and used on the other; used again, it is refused
    const altcha = await solvedChallenge(a.app, '198.51.100.61');
    const inside = await on(b, 'POST', apiPaths.login, { ip: '198.51.100.61', payload: { mobile: u.mobile, password: u.password, altcha } });
    expect(inside.json()).toMatchObject({ success: true });
    for (let i = 0; i < 4; i++) {
      await on(a.app, 'POST', apiPaths.login, { ip: `198.51.100.${62 + i}`, payload: { mobile: u.mobile, password: 'Wrong-Pass-123' } });
    }
    const replay = await on(a.app, 'POST', apiPaths.login, { ip: '198.51.100.61', payload: { mobile: u.mobile, password: u.password, altcha } });
    expect(replay.statusCode).toBe(428);
  });

  it('a session ended on one instance is refused on the other at once (logout, password change)', async () => {
    const u = await register(a.app);
    const login = async (app: FastifyInstance, ip: string) =>
      ((await on(app, 'POST', apiPaths.login, { ip, payload: { mobile: u.mobile, password: u.password } })).json() as { message: { token: string } }).message.token;
    const first = await login(a.app, '198.51.100.70');
    expect((await on(b, 'GET', apiPaths.getUserInfo, { ip: '198.51.100.70', token: first })).statusCode).toBe(200);
    expect((await on(a.app, 'POST', apiPaths.logout, { ip: '198.51.100.70', token: first, payload: {} })).statusCode).toBe(200);
    expect((await on(b, 'GET', apiPaths.getUserInfo, { ip: '198.51.100.70', token: first })).statusCode).toBe(401);

    const second = await login(b, '198.51.100.71');
    const changed = await on(b, 'POST', apiPaths.updatePSD, {
      ip: '198.51.100.71',
      token: second,
      payload: { oldPassword: u.password, newPassword: 'Changed-Pass-2024!' },
    });
    expect(changed.json()).toMatchObject({ success: true });
    expect((await on(a.app, 'GET', apiPaths.getUserInfo, { ip: '198.51.100.71', token: second })).statusCode).toBe(401);
  });

  it('the general per-IP limit counts requests on both instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await on(both()[i % 2]!, 'GET', apiPaths.getCurrentStatus, { ip: '198.51.100.80' })).statusCode);
    expect(statuses.slice(0, 8).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);
  });
});

