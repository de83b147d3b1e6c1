/**
 * Brute force against one account (docs/security.md, "Login and registration throttling"), with
 * the documented defaults: 20 login requests per IP per minute, 10 failed logins per account then a
 * 15-minute lock, a locked account refusing without checking any password. 1,000 attempts from one
 * address and 1,000 from 100 addresses: how many passwords were actually checked, how many were
 * refused and how; the real user is refused only while the lock lasts, and gets in after it, however
 * long the attack went on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, appConstants, Code } from '@qgw/contracts';
import { register } from './support/api.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const LOCK_MS = 15 * 60_000;
let t: TestApp;

beforeAll(async () => {
  // the documented defaults, not the test suite's raised limits
  t = await createTestApp({ env: { LOGIN_PER_IP_PER_MINUTE: '20', LOGIN_MAX_FAILURES: '10', LOGIN_LOCK_MS: String(LOCK_MS) } });
});
afterAll(async () => {
  await t.close();
});

interface Tally {
  /** the password was checked and was wrong */
  wrongPassword: number;
  /** refused because the account is locked: no password checked */
  locked: number;
  /** refused by the per-IP limit (HTTP 429): the request never reached the account */
  rateLimited: number;
  /** anything else (must stay 0) */
  other: number;
}

async function attempt(mobile: string, password: string, ip: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: apiPaths.login,
    remoteAddress: ip,
    payload: { mobile, password, ...appConstants.fixedRequestFields },
  });
  return { status: res.statusCode, body: res.json() as { success: boolean; code: number } };
}

async function attack(mobile: string, ips: string[], perIp: number): Promise<Tally> {
  const tally: Tally = { wrongPassword: 0, locked: 0, rateLimited: 0, other: 0 };
  for (let round = 0; round < perIp; round++) {
    for (const ip of ips) {
      const { status, body } = await attempt(mobile, `Guess-${round}-${ip}`, ip);
      if (status === 429) tally.rateLimited++;
      else if (body.code === Code.INVALID_CREDENTIALS) tally.wrongPassword++;
      else if (body.code === Code.ACCOUNT_LOCKED) tally.locked++;
      else tally.other++;
    }
  }
  return tally;
}

describe('1,000 login attempts against one account', () => {
  it('from one address: 20 reach the account, 10 passwords are checked, the rest are refused; the owner gets in after the lock', async () => {
    const owner = await register(t.app);
    const tally = await attack(owner.mobile, ['198.51.100.7'], 1000);
    expect(tally).toEqual({ wrongPassword: 9, locked: 11, rateLimited: 980, other: 0 });

    // the owner, from their own address, is refused while the lock lasts, without a password check
    const during = await attempt(owner.mobile, owner.password, '203.0.113.20');
    expect(during.body).toMatchObject({ success: false, code: Code.ACCOUNT_LOCKED });
    t.clock.advance(LOCK_MS);
    const after = await attempt(owner.mobile, owner.password, '203.0.113.20');
    expect(after.body).toMatchObject({ success: true });
  });

  it('from 100 addresses: no address is limited, but only 10 passwords are checked; the attack does not extend the lock', async () => {
    const owner = await register(t.app);
    const ips = Array.from({ length: 100 }, (_, i) => `192.0.2.${i + 1}`);
    const tally = await attack(owner.mobile, ips, 10);
    expect(tally.rateLimited).toBe(0);
    expect(tally.other).toBe(0);
    // the tenth failure locks: nine answers say "wrong", the tenth and every later one "locked"
    expect(tally.wrongPassword).toBe(9);
    expect(tally.locked).toBe(1000 - 9);

    // the attack goes on near the end of the lock; locked answers do not count as failures
    t.clock.advance(LOCK_MS - 1000);
    const late = await attack(owner.mobile, ips.slice(0, 5), 1);
    expect(late.locked).toBe(5);
    t.clock.advance(1000);
    expect((await attempt(owner.mobile, owner.password, '203.0.113.21')).body).toMatchObject({ success: true });
  });

  it('sent all at once from 100 addresses: still only 10 passwords are checked', async () => {
    const owner = await register(t.app);
    const ips = Array.from({ length: 100 }, (_, i) => `198.18.7.${i + 1}`);
    const answers = await Promise.all(ips.flatMap((ip) => Array.from({ length: 10 }, (_, k) => attempt(owner.mobile, `Guess-${k}-${ip}`, ip))));
    const count = (code: number) => answers.filter((a) => a.status === 200 && a.body.code === code).length;
    expect(answers.filter((a) => a.status === 429)).toHaveLength(0);
    expect(count(Code.INVALID_CREDENTIALS)).toBe(9);
    expect(count(Code.ACCOUNT_LOCKED)).toBe(1000 - 9);
    t.clock.advance(LOCK_MS);
    expect((await attempt(owner.mobile, owner.password, '203.0.113.23')).body).toMatchObject({ success: true });
  });

  it('the real user who logs in in time clears the count: nine failures do not lock', async () => {
    const owner = await register(t.app);
    const ips = Array.from({ length: 9 }, (_, i) => `192.0.2.${150 + i}`);
    expect((await attack(owner.mobile, ips, 1)).wrongPassword).toBe(9);
    expect((await attempt(owner.mobile, owner.password, '203.0.113.22')).body).toMatchObject({ success: true });
    // the count started again: nine more failures still do not lock
    expect((await attack(owner.mobile, ips.map((ip) => ip.replace('192.0.2.', '192.0.2.2')), 1)).wrongPassword).toBe(9);
    expect((await attempt(owner.mobile, owner.password, '203.0.113.22')).body).toMatchObject({ success: true });
  });
});
