/**
 * Brute force against one account (docs/security.md, "Login and registration throttling"), with
 * the documented defaults: 300 login requests per IP per minute (a flood backstop), a challenge
 * for every login past 60 a minute from one address, and 10 wrong passwords per account before
 * every login to it needs a solved challenge (decision 0021: no lockout). 1,000 attempts from one
 * address and 1,000 from 100 addresses that do not solve challenges: how many passwords were
 * actually checked, how many were refused and how; the real user gets in after one challenge at
 * any time, and without one once the window passes, however long the attack went on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, appConstants, Code, loginPolicy } from '@qgw/contracts';
import { register } from './support/api.js';
import { solvedChallenge } from './support/challenge.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const LOCK_MS = loginPolicy.lockMs;
let t: TestApp;

beforeAll(async () => {
  // the documented defaults, not the test suite's raised limits
  t = await createTestApp({
    env: {
      LOGIN_PER_IP_PER_MINUTE: String(loginPolicy.perIpPerMinute),
      CHALLENGE_PER_IP_PER_MINUTE: String(loginPolicy.challengePerIpPerMinute),
      LOGIN_MAX_FAILURES: String(loginPolicy.maxFailuresPerAccount),
      LOGIN_LOCK_MS: String(LOCK_MS),
    },
  });
});
afterAll(async () => {
  await t.close();
});

interface Tally {
  /** the password was checked and was wrong */
  wrongPassword: number;
  /** HTTP 428: a solved challenge is needed first; no password checked */
  challenge: number;
  /** refused by the per-IP limit (HTTP 429): the request never reached the account */
  rateLimited: number;
  /** anything else (must stay 0) */
  other: number;
}

async function attempt(mobile: string, password: string, ip: string, altcha?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: apiPaths.login,
    remoteAddress: ip,
    payload: { mobile, password, ...(altcha ? { altcha } : {}), ...appConstants.fixedRequestFields },
  });
  return { status: res.statusCode, body: res.json() as { success: boolean; code: number } };
}

async function attack(mobile: string, ips: string[], perIp: number): Promise<Tally> {
  const tally: Tally = { wrongPassword: 0, challenge: 0, rateLimited: 0, other: 0 };
  for (let round = 0; round < perIp; round++) {
    for (const ip of ips) {
      const { status, body } = await attempt(mobile, `Guess-${round}-${ip}`, ip);
      if (status === 429) tally.rateLimited++;
      else if (status === 428 && body.code === Code.CHALLENGE_REQUIRED) tally.challenge++;
      else if (body.code === Code.INVALID_CREDENTIALS) tally.wrongPassword++;
      else tally.other++;
    }
  }
  return tally;
}

describe('1,000 login attempts against one account', () => {
  it('from one address: 300 reach the server, 10 passwords are checked, the rest are refused; the owner gets in after one challenge', async () => {
    const owner = await register(t.app);
    const tally = await attack(owner.mobile, ['198.51.100.7'], 1000);
    expect(tally).toEqual({ wrongPassword: 10, challenge: 290, rateLimited: 700, other: 0 });

    // the owner, from their own address, is asked for a challenge, not locked out
    const during = await attempt(owner.mobile, owner.password, '203.0.113.20');
    expect(during.status).toBe(428);
    expect(during.body).toMatchObject({ success: false, code: Code.CHALLENGE_REQUIRED });
    const after = await attempt(owner.mobile, owner.password, '203.0.113.20', await solvedChallenge(t.app));
    expect(after.body).toMatchObject({ success: true });
  });

  it('from 100 addresses: no address is limited, but only 10 passwords are checked; the attack does not extend the window', async () => {
    const owner = await register(t.app);
    const ips = Array.from({ length: 100 }, (_, i) => `192.0.2.${i + 1}`);
    const tally = await attack(owner.mobile, ips, 10);
    expect(tally.rateLimited).toBe(0);
    expect(tally.other).toBe(0);
    // ten wrong answers, then every later attempt is asked for a challenge
    expect(tally.wrongPassword).toBe(10);
    expect(tally.challenge).toBe(1000 - 10);

    // the attack goes on near the end of the window; refused attempts do not count as failures
    t.clock.advance(LOCK_MS - 1000);
    const late = await attack(owner.mobile, ips.slice(0, 5), 1);
    expect(late.challenge).toBe(5);
    t.clock.advance(1000);
    expect((await attempt(owner.mobile, owner.password, '203.0.113.21')).body).toMatchObject({ success: true });
  });

  it('sent all at once from 100 addresses: still only 10 passwords are checked', async () => {
    const owner = await register(t.app);
    const ips = Array.from({ length: 100 }, (_, i) => `198.18.7.${i + 1}`);
    const answers = await Promise.all(ips.flatMap((ip) => Array.from({ length: 10 }, (_, k) => attempt(owner.mobile, `Guess-${k}-${ip}`, ip))));
    expect(answers.filter((a) => a.status === 429)).toHaveLength(0);
    expect(answers.filter((a) => a.status === 200 && a.body.code === Code.INVALID_CREDENTIALS)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 428 && a.body.code === Code.CHALLENGE_REQUIRED)).toHaveLength(1000 - 10);
    t.clock.advance(LOCK_MS);
    expect((await attempt(owner.mobile, owner.password, '203.0.113.23')).body).toMatchObject({ success: true });
  });

  it('the real user who logs in in time clears the count: nine failures ask for no challenge', async () => {
    const owner = await register(t.app);
    const ips = Array.from({ length: 9 }, (_, i) => `192.0.2.${150 + i}`);
    expect((await attack(owner.mobile, ips, 1)).wrongPassword).toBe(9);
    expect((await attempt(owner.mobile, owner.password, '203.0.113.22')).body).toMatchObject({ success: true });
    // the count started again: nine more failures still ask for none
    expect((await attack(owner.mobile, ips.map((ip) => ip.replace('192.0.2.', '192.0.2.2')), 1)).wrongPassword).toBe(9);
    expect((await attempt(owner.mobile, owner.password, '203.0.113.22')).body).toMatchObject({ success: true });
  });
});
