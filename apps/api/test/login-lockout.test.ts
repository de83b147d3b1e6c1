/**
 * Lockout without denial of service (docs/decisions/0021-lockout-without-denial-of-service.md,
 * docs/security.md "Login and registration throttling"), with the documented limits:
 * - wrong passwords never lock an account: past the limit it asks for a proof-of-work challenge,
 *   and addresses that failed on it wait longer and longer (bounded); the owner from another
 *   address solves one challenge and gets in without waiting;
 * - per-address limits are a backstop: 500 registrations from one address (a carrier NAT) within
 *   an hour succeed; an address sending far more logins than a classroom would is asked for a
 *   challenge, not refused;
 * - a solution is good once, and only one the server made;
 * - a per-address refusal (429) says in Chinese how many seconds to wait, as Retry-After does.
 * Clients sit behind one proxy (TRUST_PROXY=1) as in production, each with its own address.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { apiPaths, appConstants, challengePolicy, Code, loginPolicy, smsPolicy, ZRegisterRequest } from '@qgw/contracts';
import { data, get, post, register, strongPassword, uniqueMobile } from './support/api.js';
import { encodeSolution, fetchChallenge, solvedChallenge } from './support/challenge.js';
import { deleteKeys, randomPrefix, redisAvailable, testRedisUrl } from './support/redis.js';
import { createInstance, createTestApp, type TestApp } from './support/test-app.js';

const hasRedis = await redisAvailable();

/** The limits as shipped, not the test suite's raised ones. */
const documented = {
  TRUST_PROXY: '1',
  LOGIN_MAX_FAILURES: String(loginPolicy.maxFailuresPerAccount),
  LOGIN_LOCK_MS: String(loginPolicy.lockMs),
  LOGIN_PER_IP_PER_MINUTE: String(loginPolicy.perIpPerMinute),
  REGISTER_PER_IP_PER_HOUR: String(loginPolicy.registerPerIpPerHour),
  CHALLENGE_PER_IP_PER_MINUTE: String(loginPolicy.challengePerIpPerMinute),
  SMS_SEND_PER_IP_PER_HOUR: String(smsPolicy.sendPerIpPerHour),
};

const PROXY = '10.99.0.1';
const accountChallenge = { success: false, code: Code.CHALLENGE_REQUIRED, message: '该账号登录失败次数较多，请完成人机验证后重试' };
const busyChallenge = { success: false, code: Code.CHALLENGE_REQUIRED, message: '当前网络请求过多，请完成人机验证后重试' };
const spentChallenge = { success: false, code: Code.CHALLENGE_REQUIRED, message: '人机验证已失效，请重新验证' };

interface Answer {
  status: number;
  body: { success: boolean; code: number; message: unknown };
  headers: Record<string, unknown>;
}

/** A login from `client`, through the proxy, as the web app sends it (`altcha` when it has a solution). */
async function login(t: TestApp, client: string, mobile: string, password: string, altcha?: string): Promise<Answer> {
  const res = await t.app.inject({
    method: 'POST',
    url: apiPaths.login,
    remoteAddress: PROXY,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    payload: JSON.stringify({ mobile, password, ...(altcha ? { altcha } : {}), ...appConstants.fixedRequestFields }),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

interface Tally {
  /** the password was checked and was wrong */
  wrongPassword: number;
  /** HTTP 428: a challenge is needed first; no password checked */
  challenge: number;
  /** HTTP 429: the per-address backstop */
  rateLimited: number;
  other: number;
}

/** `perIp` rounds of wrong passwords, one per address per round; solving every challenge when `solve`. */
async function attack(t: TestApp, mobile: string, clients: string[], perIp: number, solve = false): Promise<Tally> {
  const tally: Tally = { wrongPassword: 0, challenge: 0, rateLimited: 0, other: 0 };
  for (let round = 0; round < perIp; round++) {
    for (const client of clients) {
      let a = await login(t, client, mobile, `Guess-${round}-${client}`);
      if (solve && a.status === 428) a = await login(t, client, mobile, `Guess-${round}-${client}`, await solvedChallenge(t.app));
      if (a.status === 429) tally.rateLimited++;
      else if (a.status === 428 && a.body.code === Code.CHALLENGE_REQUIRED) tally.challenge++;
      else if (a.status === 200 && a.body.code === Code.INVALID_CREDENTIALS) tally.wrongPassword++;
      else tally.other++;
    }
  }
  return tally;
}

/** The newest code the development outbox holds for this mobile and purpose (GET /v1/dev/smsOutbox). */
async function outboxCode(t: TestApp, mobile: string, purpose: string): Promise<string> {
  const outbox = data(await get<{ codes: Array<{ purpose: string; code: string }> }>(t.app, '/v1/dev/smsOutbox', { mobile }));
  const code = outbox.codes.find((c) => c.purpose === purpose)?.code;
  if (!code) throw new Error(`no ${purpose} code in the outbox`);
  return code;
}

const addresses = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}.${i + 1}`);

/** The app's log lines, parsed: which logins were slowed and by how much. */
function logRecorder() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      cb();
    },
  });
  const delays = () => lines.filter((l) => l.event === 'login.delayed').map((l) => l.delayMs as number);
  return { stream, lines, delays };
}

describe('1,000 wrong passwords from 100 addresses do not lock the owner out', () => {
  let t: TestApp;
  const log = logRecorder();
  beforeAll(async () => {
    t = await createTestApp({ env: { ...documented, LOG_LEVEL: 'info' }, logStream: log.stream });
  });
  afterAll(() => t.close());

  it('10 passwords are checked, the other 990 are asked for a challenge; the owner from a fresh address gets in after one, without waiting', async () => {
    const owner = await register(t.app);
    const tally = await attack(t, owner.mobile, addresses('192.0.2', 100), 10);
    expect(tally).toEqual({ wrongPassword: 10, challenge: 990, rateLimited: 0, other: 0 });
    const refused = await login(t, '192.0.2.1', owner.mobile, 'Guess-again');
    expect(refused.status).toBe(428);
    expect(refused.body).toEqual(accountChallenge);

    // the owner, from their own phone's address: asked once, solves, is in — no wait, no lock
    const fresh = '203.0.113.50';
    const asked = await login(t, fresh, owner.mobile, owner.password);
    expect(asked.status).toBe(428);
    expect(asked.body).toEqual(accountChallenge);
    const before = log.delays().length;
    const inside = await login(t, fresh, owner.mobile, owner.password, await solvedChallenge(t.app, fresh));
    expect(inside.status).toBe(200);
    expect(inside.body).toMatchObject({ success: true, message: { username: owner.mobile } });
    expect(log.delays().length).toBe(before);

    // a successful login resets the account's count: the next login needs no challenge
    expect((await login(t, fresh, owner.mobile, owner.password)).body).toMatchObject({ success: true });
  });

  it('the owner with a code sent to the phone signs in without any challenge', async (ctx) => {
    if (!t.app.hasRoute({ method: 'POST', url: '/v1/loginBySms' })) return ctx.skip();
    const owner = await register(t.app);
    expect((await attack(t, owner.mobile, addresses('192.0.2', 100), 10)).wrongPassword).toBe(10);
    const fresh = '203.0.113.53';
    expect((await login(t, fresh, owner.mobile, owner.password)).body).toEqual(accountChallenge);
    data(await post(t.app, '/v1/sendSmsCode', { mobile: owner.mobile, purpose: 'login' }, { ip: fresh }));
    const smsCode = await outboxCode(t, owner.mobile, 'login');
    expect((await post(t.app, '/v1/loginBySms', { mobile: owner.mobile, smsCode }, { ip: fresh })).body).toMatchObject({
      success: true,
      message: { username: owner.mobile },
    });
  });

  it('sent all at once: still only 10 passwords are checked, the rest are asked for a challenge', async () => {
    const owner = await register(t.app);
    const clients = addresses('198.18.7', 100);
    const answers = await Promise.all(clients.flatMap((c) => Array.from({ length: 10 }, (_, k) => login(t, c, owner.mobile, `Guess-${k}-${c}`))));
    expect(answers.filter((a) => a.status === 200 && a.body.code === Code.INVALID_CREDENTIALS)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 428 && a.body.code === Code.CHALLENGE_REQUIRED)).toHaveLength(990);
    const fresh = '203.0.113.51';
    expect((await login(t, fresh, owner.mobile, owner.password, await solvedChallenge(t.app))).body).toMatchObject({ success: true });
  });

  it('challenges are asked until the window passes without a new failure; refused attempts do not extend it', async () => {
    const owner = await register(t.app);
    await attack(t, owner.mobile, addresses('192.0.2', 20), 1);
    t.clock.advance(loginPolicy.lockMs - 1000);
    expect((await attack(t, owner.mobile, addresses('192.0.2', 5), 1)).challenge).toBe(5);
    t.clock.advance(1000);
    expect((await login(t, '203.0.113.52', owner.mobile, owner.password)).body).toMatchObject({ success: true });
  });
});

describe('an attacker who solves every challenge', () => {
  let t: TestApp;
  const log = logRecorder();
  beforeAll(async () => {
    // waits in milliseconds instead of seconds, with the same doubling and cap
    t = await createTestApp({
      env: { ...documented, LOG_LEVEL: 'info', LOGIN_FAILURE_DELAY_BASE_MS: '2', LOGIN_FAILURE_DELAY_MAX_MS: '10' },
      logStream: log.stream,
    });
  });
  afterAll(() => t.close());

  it('has every password checked, but each failing address waits longer and longer, never past the maximum; the owner from a fresh address does not wait', async () => {
    const owner = await register(t.app);
    const clients = addresses('198.51.100', 20);
    const tally = await attack(t, owner.mobile, clients, 5, true);
    expect(tally).toEqual({ wrongPassword: 100, challenge: 0, rateLimited: 0, other: 0 });
    // round 0: no address had failed yet; rounds 1–4: 2, 4, 8 ms, then the 10 ms cap, for each of the 20
    const waits = log.delays();
    expect(waits.sort((a, b) => a - b)).toEqual([2, 4, 8, 10].flatMap((ms) => Array<number>(20).fill(ms)));

    const before = log.delays().length;
    const fresh = '203.0.113.60';
    expect((await login(t, fresh, owner.mobile, owner.password)).status).toBe(428);
    expect((await login(t, fresh, owner.mobile, owner.password, await solvedChallenge(t.app, fresh))).body).toMatchObject({ success: true });
    expect(log.delays().length).toBe(before);
  });

  it('the wait is bounded by LOGIN_FAILURE_DELAY_MAX_MS however long an address keeps failing', async () => {
    const owner = await register(t.app);
    await attack(t, owner.mobile, addresses('198.51.101', 10), 1);
    const before = log.delays().length;
    await attack(t, owner.mobile, ['198.51.101.1'], 8, true);
    expect(Math.max(...log.delays().slice(before))).toBe(10);
  });
});

describe('per-address limits are a backstop, not the gate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: documented });
  });
  afterAll(() => t.close());

  // registration proves the phone with an SMS code where the server asks for one
  const smsRequired = 'smsCode' in ZRegisterRequest.shape;
  async function registerFrom(client: string, mobile: string, password: string) {
    const body: Record<string, unknown> = { mobile, password, agree: true };
    if (smsRequired) {
      data(await post(t.app, '/v1/sendSmsCode', { mobile, purpose: 'register' }, { ip: client }));
      body.smsCode = await outboxCode(t, mobile, 'register');
    }
    return post(t.app, apiPaths.register, body, { ip: client });
  }

  it('500 registrations from one address (a carrier NAT) within an hour all succeed', { timeout: 240_000 }, async () => {
    const client = '100.64.0.7';
    // people arrive in fives, 35 s apart (500 in 58 minutes); each five registers at once, which
    // lets the password hashes use every core (one at a time this took 240 s on a busy machine)
    for (let group = 0; group < 100; group++) {
      const answers = await Promise.all(Array.from({ length: 5 }, () => registerFrom(client, uniqueMobile(), strongPassword())));
      for (const a of answers) {
        expect(a.status, JSON.stringify(a.body)).toBe(200);
        expect(a.body.success, JSON.stringify(a.body)).toBe(true);
      }
      t.clock.advance(35_000);
    }
  });

  it('an address sending more logins a minute than a classroom would is asked for a challenge, not refused; a solved one passes', async () => {
    const people = await Promise.all(Array.from({ length: 3 }, () => register(t.app)));
    const client = '100.64.0.8';
    const limit = loginPolicy.challengePerIpPerMinute;
    // a classroom logging in together: every one without a challenge
    for (let i = 0; i < limit; i++) {
      const p = people[i % people.length]!;
      expect((await login(t, client, p.mobile, p.password)).body, `login ${i + 1}`).toMatchObject({ success: true });
    }
    const p = people[0]!;
    const asked = await login(t, client, p.mobile, p.password);
    expect(asked.status).toBe(428);
    expect(asked.body).toEqual(busyChallenge);
    // solved: in, and each further login in this minute needs its own solution
    expect((await login(t, client, p.mobile, p.password, await solvedChallenge(t.app, client))).body).toMatchObject({ success: true });
    expect((await login(t, client, p.mobile, p.password)).status).toBe(428);
    // another address is not affected; the next minute this one is back to normal
    expect((await login(t, '100.64.0.9', p.mobile, p.password)).body).toMatchObject({ success: true });
    t.clock.advance(60_000);
    expect((await login(t, client, p.mobile, p.password)).body).toMatchObject({ success: true });
  });

  it('past the login backstop the answer is 429 saying in Chinese how many seconds to wait, as Retry-After does', async () => {
    const small = await createTestApp({ env: { ...documented, LOGIN_PER_IP_PER_MINUTE: '2' } });
    try {
      const client = '100.64.0.10';
      for (let i = 0; i < 2; i++) expect((await login(small, client, uniqueMobile(), 'whatever-pass')).status).toBe(200);
      const a = await login(small, client, uniqueMobile(), 'whatever-pass');
      expect(a.status).toBe(429);
      const seconds = Number(a.headers['retry-after']);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(a.body).toEqual({ success: false, code: Code.RATE_LIMITED, message: `操作过于频繁，请${seconds}秒后再试` });
    } finally {
      await small.close();
    }
  });
});

describe('a solution is good once, and only one the server made', () => {
  let t: TestApp;
  beforeAll(async () => {
    // every login after an address's first needs a solution
    t = await createTestApp({ env: { ...documented, CHALLENGE_PER_IP_PER_MINUTE: '1' } });
  });
  afterAll(() => t.close());

  let seq = 0;
  /** a registered person at an address that has just used up its free login */
  async function busyPerson() {
    // a new minute: registering may ask for an SMS code, which busy addresses need a challenge for too
    t.clock.advance(61_000);
    const p = await register(t.app);
    const client = `100.65.0.${++seq}`;
    expect((await login(t, client, p.mobile, p.password)).body).toMatchObject({ success: true });
    expect((await login(t, client, p.mobile, p.password)).body).toEqual(busyChallenge);
    return { ...p, client };
  }

  it('a replayed solution is refused, here and sent in the X-Altcha header alike', async () => {
    const p = await busyPerson();
    const altcha = await solvedChallenge(t.app);
    expect((await login(t, p.client, p.mobile, p.password, altcha)).body).toMatchObject({ success: true });
    const replay = await login(t, p.client, p.mobile, p.password, altcha);
    expect(replay.status).toBe(428);
    expect(replay.body).toEqual(spentChallenge);
    const inHeader = await t.app.inject({
      method: 'POST',
      url: apiPaths.login,
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': p.client, 'x-altcha': altcha },
      payload: { mobile: p.mobile, password: p.password, ...appConstants.fixedRequestFields },
    });
    expect(inHeader.json()).toEqual(spentChallenge);
    // a fresh one in the header works
    const fresh = await t.app.inject({
      method: 'POST',
      url: apiPaths.login,
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': p.client, 'x-altcha': await solvedChallenge(t.app) },
      payload: { mobile: p.mobile, password: p.password, ...appConstants.fixedRequestFields },
    });
    expect(fresh.json()).toMatchObject({ success: true });
  });

  it('the same solution sent twice at once passes once', async () => {
    const p = await busyPerson();
    const altcha = await solvedChallenge(t.app);
    const both = await Promise.all([1, 2].map(() => login(t, p.client, p.mobile, p.password, altcha)));
    expect(both.filter((a) => a.body.success)).toHaveLength(1);
    expect(both.filter((a) => a.status === 428)).toHaveLength(1);
  });

  it('forged, tampered, unsolved, expired or garbled solutions are refused', async () => {
    const p = await busyPerson();
    const challenge = await fetchChallenge(t.app);
    const solution = await solveChallenge({ challenge, deriveKey });
    const forged: Array<[string, string]> = [
      ['a wrong answer', encodeSolution(challenge, { ...solution, counter: (solution?.counter ?? 0) + 1, derivedKey: '00'.repeat(32) })],
      ['a harder challenge made easier', encodeSolution({ ...challenge, parameters: { ...challenge.parameters, cost: 1, keyPrefix: '0' } }, solution)],
      ['a later expiry', encodeSolution({ ...challenge, parameters: { ...challenge.parameters, expiresAt: challenge.parameters.expiresAt! + 3600 } }, solution)],
      ['a signature of its own', encodeSolution({ ...challenge, signature: 'ab'.repeat(32) }, solution)],
      ['no signature', encodeSolution({ parameters: challenge.parameters } as typeof challenge, solution)],
      ['not base64 JSON', 'not-a-solution'],
      ['JSON of the wrong shape', Buffer.from(JSON.stringify({ challenge: 1, solution: 2 })).toString('base64')],
    ];
    for (const [what, altcha] of forged) {
      const a = await login(t, p.client, p.mobile, p.password, altcha);
      expect(a.status, what).toBe(428);
      expect(a.body, what).toEqual(spentChallenge);
    }
    // the genuine one was not spent by the forgeries
    expect((await login(t, p.client, p.mobile, p.password, encodeSolution(challenge, solution))).body).toMatchObject({ success: true });
  });

  it('a challenge expires after its lifetime', async () => {
    const p = await busyPerson();
    const altcha = await solvedChallenge(t.app);
    t.clock.advance(challengePolicy.ttlMs + 1000);
    // a new minute: one login free again, then the address is busy once more
    expect((await login(t, p.client, p.mobile, p.password)).body).toMatchObject({ success: true });
    expect((await login(t, p.client, p.mobile, p.password, altcha)).body).toEqual(spentChallenge);
  });

  it('challenges are not cached, and each is different', async () => {
    const a = await get(t.app, apiPaths.altchaChallenge);
    const b = await get(t.app, apiPaths.altchaChallenge);
    expect(a.headers['cache-control']).toBe('no-store');
    expect(data(a)).not.toEqual(data(b));
  });
});

describe.skipIf(!hasRedis)('with Redis: counts and spent solutions shared by every instance', () => {
  const prefix = randomPrefix();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...documented, REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: prefix, LOGIN_MAX_FAILURES: '3' } });
  });
  afterAll(async () => {
    await t.close();
    await deleteKeys(prefix);
  });

  it('failures on one instance make the other ask for a challenge; a solution spent on one is refused on the other', async () => {
    const other = await createInstance(t, { env: { ...documented, REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: prefix, LOGIN_MAX_FAILURES: '3' } });
    try {
      const owner = await register(t.app);
      const on = (app: TestApp['app']) => ({ ...t, app });
      for (let i = 0; i < 3; i++) expect((await login(on(i % 2 ? other.app : t.app), `192.0.2.${i + 1}`, owner.mobile, 'wrong-pass')).body.code).toBe(Code.INVALID_CREDENTIALS);
      expect((await login(on(other.app), '203.0.113.70', owner.mobile, owner.password)).body).toEqual(accountChallenge);
      expect((await login(t, '203.0.113.70', owner.mobile, owner.password)).body).toEqual(accountChallenge);
      // made by one instance, solved, used on the other: both share the key and the spent list
      const altcha = await solvedChallenge(t.app);
      expect((await login(on(other.app), '203.0.113.70', owner.mobile, owner.password, altcha)).body).toMatchObject({ success: true });
      for (let i = 0; i < 3; i++) await login(t, `192.0.2.${i + 10}`, owner.mobile, 'wrong-pass');
      expect((await login(t, '203.0.113.70', owner.mobile, owner.password, altcha)).body).toEqual(spentChallenge);
    } finally {
      await other.close();
    }
  });
});
