/**
 * The console's second factor through the real endpoints: enrolment (QR code, otpauth URL),
 * activation with a code computed here, verification by TOTP and by recovery code; wrong codes,
 * replays, used recovery codes and the lock after repeated failures. Secrets never sit in plain text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths, Code, type ConsoleMeResponse, type ConsoleMfaActivateResponse, type ConsoleMfaEnrollResponse,
  type ConsoleMfaVerifyResponse, mfaPolicy,
} from '@qgw/contracts';
import { stepAt } from '../src/modules/console-access/totp.js';
import { data, get, login, newUser, post, type TestUser } from './support/api.js';
import { codeNow, grantRoles, nextStep } from './support/console.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const me = async (token: string) => data(await get<ConsoleMeResponse>(t.app, apiPaths.consoleMe, {}, { token }));
const verify = (token: string, body: object) => post<ConsoleMfaVerifyResponse>(t.app, apiPaths.consoleMfaVerify, body, { token });

async function reviewer(): Promise<TestUser> {
  const u = await newUser(t.app);
  await grantRoles(t.db, u.id, ['reviewer']);
  return u;
}

describe('enrolment and activation', () => {
  it('gives a secret, an otpauth URL and a PNG QR code; the secret is stored encrypted', async () => {
    const u = await reviewer();
    expect(await me(u.token)).toMatchObject({ mfaEnrolled: false, mfaVerified: false, consoleExpiresAt: null });
    const e = data(await post<ConsoleMfaEnrollResponse>(t.app, apiPaths.consoleMfaEnroll, {}, { token: u.token }));
    expect(e.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(e.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    const url = new URL(e.otpauthUrl);
    expect(url.searchParams.get('secret')).toBe(e.secret);
    expect(url.searchParams.get('issuer')).toBe(mfaPolicy.issuer);
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect(url.searchParams.get('algorithm')).toBe('SHA1');
    expect(decodeURIComponent(e.otpauthUrl)).not.toContain(u.mobile);
    expect(e.qrDataUrl.startsWith('data:image/png;base64,')).toBe(true);
    const png = Buffer.from(e.qrDataUrl.split(',')[1]!, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');

    const row = await t.db.selectFrom('mfa_totp').selectAll().where('user_id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(row.secret_enc).not.toContain(e.secret);
    expect(row.secret_enc.startsWith('v1.')).toBe(true);
  });

  it('activates with the first code, answers ten recovery codes once, and verifies the session', async () => {
    const u = await reviewer();
    const e = data(await post<ConsoleMfaEnrollResponse>(t.app, apiPaths.consoleMfaEnroll, {}, { token: u.token }));
    // a wrong code does not activate
    const wrong = await post(t.app, apiPaths.consoleMfaActivate, { code: codeNow(e.secret, t.clock, 5) }, { token: u.token });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toMatchObject({ success: false, code: Code.MFA_CODE_INVALID });
    expect((await me(u.token)).mfaEnrolled).toBe(false);

    const a = data(
      await post<ConsoleMfaActivateResponse>(t.app, apiPaths.consoleMfaActivate, { code: codeNow(e.secret, t.clock) }, { token: u.token }),
    );
    expect(a.recoveryCodes).toHaveLength(mfaPolicy.recoveryCodes);
    for (const c of a.recoveryCodes) expect(c).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    expect(new Set(a.recoveryCodes).size).toBe(mfaPolicy.recoveryCodes);
    const stored = await t.db.selectFrom('mfa_recovery_codes').select('code_hash').where('user_id', '=', u.id).execute();
    expect(stored).toHaveLength(mfaPolicy.recoveryCodes);
    for (const c of a.recoveryCodes) {
      expect(stored.some((s) => s.code_hash.includes(c.replaceAll('-', '')))).toBe(false);
    }
    const m = await me(u.token);
    expect(m).toMatchObject({ mfaEnrolled: true, mfaVerified: true, recoveryCodesLeft: 10, roles: ['applicant', 'reviewer'] });
    expect(Date.parse(m.consoleExpiresAt!)).toBe(Date.parse(a.consoleExpiresAt));

    // enrolled: a second enrolment is refused, and so is a second activation
    const again = await post(t.app, apiPaths.consoleMfaEnroll, {}, { token: u.token });
    expect(again.body).toMatchObject({ success: false, code: Code.MFA_ALREADY_ENROLLED });
    const reactivate = await post(t.app, apiPaths.consoleMfaActivate, { code: codeNow(e.secret, t.clock) }, { token: u.token });
    expect(reactivate.body).toMatchObject({ success: false, code: Code.MFA_ALREADY_ENROLLED });

    const actions = await t.db.selectFrom('audit_log').select(['action', 'after_json']).where('entity_id', '=', u.id).execute();
    expect(actions.map((r) => r.action)).toEqual(expect.arrayContaining(['mfa.enroll', 'mfa.activate']));
    expect(JSON.stringify(actions)).not.toContain(e.secret);
  });

  it('enrolling again before activation replaces the pending secret', async () => {
    const u = await reviewer();
    const first = data(await post<ConsoleMfaEnrollResponse>(t.app, apiPaths.consoleMfaEnroll, {}, { token: u.token }));
    const second = data(await post<ConsoleMfaEnrollResponse>(t.app, apiPaths.consoleMfaEnroll, {}, { token: u.token }));
    expect(second.secret).not.toBe(first.secret);
    const old = await post(t.app, apiPaths.consoleMfaActivate, { code: codeNow(first.secret, t.clock) }, { token: u.token });
    expect(old.body).toMatchObject({ success: false, code: Code.MFA_CODE_INVALID });
    data(await post(t.app, apiPaths.consoleMfaActivate, { code: codeNow(second.secret, t.clock) }, { token: u.token }));
  });

  it('activation without an enrolment, and verification before activation, are refused', async () => {
    const u = await reviewer();
    const act = await post(t.app, apiPaths.consoleMfaActivate, { code: '123456' }, { token: u.token });
    expect(act.body).toMatchObject({ success: false, code: Code.MFA_NOT_ENROLLED });
    data(await post(t.app, apiPaths.consoleMfaEnroll, {}, { token: u.token }));
    const v = await verify(u.token, { code: '123456' });
    expect(v.body).toMatchObject({ success: false, code: Code.MFA_NOT_ENROLLED });
  });

  it('is for reviewers and admins only, and needs a session', async () => {
    const applicant = await newUser(t.app);
    for (const path of [apiPaths.consoleMfaEnroll, apiPaths.consoleMfaActivate, apiPaths.consoleMfaVerify]) {
      const body = path === apiPaths.consoleMfaEnroll ? {} : { code: '123456' };
      expect((await post(t.app, path, body, { token: applicant.token })).status).toBe(403);
      expect((await post(t.app, path, body)).status).toBe(401);
    }
    expect((await get(t.app, apiPaths.consoleMe, {}, { token: applicant.token })).status).toBe(403);
    expect((await get(t.app, apiPaths.consoleMe)).status).toBe(401);
    expect(await t.db.selectFrom('mfa_totp').select('user_id').where('user_id', '=', applicant.id).execute()).toEqual([]);
  });
});

describe('verification of a new session', () => {
  let u: TestUser;
  let secret: string;
  let recoveryCodes: string[];

  beforeAll(async () => {
    u = await reviewer();
    const e = data(await post<ConsoleMfaEnrollResponse>(t.app, apiPaths.consoleMfaEnroll, {}, { token: u.token }));
    secret = e.secret;
    recoveryCodes = data(
      await post<ConsoleMfaActivateResponse>(t.app, apiPaths.consoleMfaActivate, { code: codeNow(secret, t.clock) }, { token: u.token }),
    ).recoveryCodes;
  });

  const freshSession = async () => (await login(t.app, u.mobile, u.password)).token;

  it('a new session starts unverified; the current code verifies it; the same code again is a replay', async () => {
    nextStep(t.clock);
    const token = await freshSession();
    expect(await me(token)).toMatchObject({ mfaEnrolled: true, mfaVerified: false });
    const code = codeNow(secret, t.clock);
    const ok = data(await verify(token, { code }));
    expect(ok.recoveryCodesLeft).toBe(10);
    expect(await me(token)).toMatchObject({ mfaVerified: true });

    // the same code on another session within its 30 s: refused
    const other = await freshSession();
    const replay = await verify(other, { code });
    expect(replay.body).toMatchObject({ success: false, code: Code.MFA_CODE_INVALID });
    expect((await me(other)).mfaVerified).toBe(false);
    // a code of an earlier step (still inside the ±1 window) is refused too: steps only move forward
    const earlier = await verify(other, { code: codeNow(secret, t.clock, -1) });
    expect(earlier.body).toMatchObject({ success: false, code: Code.MFA_CODE_INVALID });
    // the next step's code is accepted (clock drift of one step)
    data(await verify(other, { code: codeNow(secret, t.clock, 1) }));
    const row = await t.db.selectFrom('mfa_totp').select('last_step').where('user_id', '=', u.id).executeTakeFirstOrThrow();
    expect(Number(row.last_step)).toBe(stepAt(t.clock.now()) + 1);
  });

  it('the same code sent on two sessions at once verifies exactly one', async () => {
    // the test before spent the next step's code: move past it
    nextStep(t.clock);
    nextStep(t.clock);
    const [a, b] = [await freshSession(), await freshSession()];
    const code = codeNow(secret, t.clock);
    const results = await Promise.all([verify(a, { code }), verify(b, { code })]);
    expect(results.filter((r) => r.body.success).length).toBe(1);
    const verified = [(await me(a)).mfaVerified, (await me(b)).mfaVerified];
    expect(verified.filter(Boolean).length).toBe(1);
    // a right code clears the loser's failure from the lock count
    nextStep(t.clock);
    data(await verify(await freshSession(), { code: codeNow(secret, t.clock) }));
  });

  it('refuses a wrong code and codes two steps away', async () => {
    nextStep(t.clock);
    nextStep(t.clock);
    const token = await freshSession();
    for (const steps of [-2, 2, 3]) {
      const r = await verify(token, { code: codeNow(secret, t.clock, steps) });
      expect(r.body).toMatchObject({ success: false, code: Code.MFA_CODE_INVALID });
    }
    expect((await me(token)).mfaVerified).toBe(false);
    // a right code clears the failures
    data(await verify(token, { code: codeNow(secret, t.clock) }));
  });

  it('a recovery code works once, in any case and with or without dashes', async () => {
    const token = await freshSession();
    const code = recoveryCodes[0]!;
    const res = data(await verify(token, { recoveryCode: ` ${code.toLowerCase().replaceAll('-', ' ')} ` }));
    expect(res.recoveryCodesLeft).toBe(9);
    expect(await me(token)).toMatchObject({ mfaVerified: true, recoveryCodesLeft: 9 });

    const second = await freshSession();
    const again = await verify(second, { recoveryCode: code });
    expect(again.body).toMatchObject({ success: false, code: Code.MFA_CODE_INVALID });
    expect((await me(second)).mfaVerified).toBe(false);
    data(await verify(second, { recoveryCode: recoveryCodes[1]! }));
    const audit = await t.db.selectFrom('audit_log').select('after_json').where('entity_id', '=', u.id).where('action', '=', 'mfa.verify').execute();
    expect(audit.some((r) => r.after_json?.includes('recovery'))).toBe(true);
  });

  it('asks for exactly one of code and recoveryCode, in the right format', async () => {
    const token = await freshSession();
    for (const body of [{}, { code: '12345' }, { code: 'abcdef' }, { recoveryCode: 'short' }, { code: '123456', recoveryCode: recoveryCodes[2] }]) {
      const r = await verify(token, body);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
  });
});

/** An enrolled reviewer, a fresh (unverified) session of theirs, and a code that is wrong now. */
async function enrolledWithFreshSession() {
  const u = await reviewer();
  const e = data(await post<ConsoleMfaEnrollResponse>(t.app, apiPaths.consoleMfaEnroll, {}, { token: u.token }));
  data(await post(t.app, apiPaths.consoleMfaActivate, { code: codeNow(e.secret, t.clock) }, { token: u.token }));
  nextStep(t.clock);
  const token = (await login(t.app, u.mobile, u.password)).token;
  return { u, e, token, wrong: codeNow(e.secret, t.clock, 5) };
}

describe('lock after repeated wrong codes', () => {
  it(`locks the second factor after ${mfaPolicy.maxFailures} wrong codes for ${mfaPolicy.lockMs / 60_000} minutes`, async () => {
    const { u, e, token, wrong } = await enrolledWithFreshSession();
    for (let i = 1; i < mfaPolicy.maxFailures; i++) {
      expect((await verify(token, { code: wrong })).body).toMatchObject({ code: Code.MFA_CODE_INVALID });
    }
    expect((await verify(token, { code: wrong })).body).toMatchObject({ success: false, code: Code.MFA_LOCKED });
    // locked: even the right code is refused, from any session of the account
    const other = (await login(t.app, u.mobile, u.password)).token;
    expect((await verify(other, { code: codeNow(e.secret, t.clock) })).body).toMatchObject({ code: Code.MFA_LOCKED });
    expect((await me(other)).mfaVerified).toBe(false);

    t.clock.advance(mfaPolicy.lockMs + 1000);
    data(await verify(other, { code: codeNow(e.secret, t.clock) }));
  });

  it(`codes sent all at once: no more than ${mfaPolicy.maxFailures} are checked`, async () => {
    const { e, token, wrong } = await enrolledWithFreshSession();
    const answers = await Promise.all(Array.from({ length: 60 }, () => verify(token, { code: wrong })));
    const codes = answers.map((a) => (a.body as { code: number }).code);
    expect(codes.filter((c) => c === Code.MFA_CODE_INVALID)).toHaveLength(mfaPolicy.maxFailures - 1);
    expect(codes.filter((c) => c === Code.MFA_LOCKED)).toHaveLength(60 - (mfaPolicy.maxFailures - 1));
    expect((await verify(token, { code: codeNow(e.secret, t.clock) })).body).toMatchObject({ code: Code.MFA_LOCKED });
  });
});
