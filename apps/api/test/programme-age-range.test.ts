/**
 * The programme's age range: who may enter as a person (创新榜 rank-user and the 2024 person entry).
 * Set by an admin past the second factor in 评选设置 (audited), published with the current status
 * together with the day ages are counted on (the closing day, Beijing), and enforced on every
 * submission and resubmission of a person entry — never on membership.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ageLimits, apiPaths, Code, type ConsoleProgramme, type CurrentStatus, idNumberCheckDigit, type SubmitResponse,
} from '@qgw/contracts';
import { data, get, login, newUser, post, type TestUser } from './support/api.js';
import { applicationCounts, memberForm, personForm, rankUserForm, seedProgramme, uploadImage, uploadsFor } from './support/applications.js';
import { type ConsoleUser, newConsoleUser } from './support/console.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let admin: ConsoleUser;
let reviewer: ConsoleUser;

beforeAll(async () => {
  t = await createTestApp();
  await seedProgramme(t.db, t.clock);
  admin = await newConsoleUser(t.app, t.db, t.clock, ['admin']);
  reviewer = await newConsoleUser(t.app, t.db, t.clock, ['reviewer']);
});
afterAll(() => t.close());

const programme = async () => data(await get<ConsoleProgramme>(t.app, apiPaths.consoleProgramme, {}, { token: admin.token }));
/** As the admin unless another token is given; null sends none. */
const update = (body: unknown, token: string | null = admin.token) => post<ConsoleProgramme>(t.app, apiPaths.consoleProgramme, body, token ? { token } : {});
const status = async () => data(await get<CurrentStatus>(t.app, apiPaths.getCurrentStatus));
const audits = () => t.db.selectFrom('audit_log').selectAll().where('action', '=', 'programme.update').execute();

let seq = 0;
/** A valid ID number of someone born on `ymd` (YYYY-MM-DD). */
function idBornOn(ymd: string): string {
  seq++;
  const first17 = `110101${ymd.replaceAll('-', '')}${String(seq % 1000).padStart(3, '0')}`;
  return `${first17}${idNumberCheckDigit(first17)}`;
}

/** The date `years` before `ymd`, plus `days`. */
function yearsBefore(ymd: string, years: number, days = 0): string {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y - years, m - 1, d + days)).toISOString().slice(0, 10);
}

async function submitRankUser(u: TestUser, idNumber: string) {
  const f = await uploadsFor(t.app, u);
  return post<SubmitResponse>(t.app, apiPaths.submit, rankUserForm(f.photo, f.video, idNumber), { token: u.token });
}

async function submitPerson(u: TestUser, idNumber: string) {
  return post<SubmitResponse>(t.app, apiPaths.applyPerson, personForm(await uploadImage(t.app, u.token), idNumber), { token: u.token });
}

describe('the age range in 评选设置', () => {
  it('starts at 18–40 and is published with the closing day in Beijing as the day ages are counted on', async () => {
    expect(await programme()).toMatchObject({ minAge: ageLimits.defaultMin, maxAge: ageLimits.defaultMax });
    // closing at 16:30 UTC is 00:30 the next day in Beijing
    data(await update({ closesAt: '2030-06-30T16:30:00.000Z', reviewEndsAt: '2030-07-30T00:00:00.000Z', resultsAt: '2030-08-30T00:00:00.000Z' }));
    expect((await status()).ageRange).toEqual({ minAge: 18, maxAge: 40, onDate: '2030-07-01' });
  });

  it('is changed by an admin past the second factor, audited with before and after, and published at once', async () => {
    const p = data(await update({ minAge: 20, maxAge: 35 }));
    expect(p).toMatchObject({ minAge: 20, maxAge: 35 });
    expect((await status()).ageRange).toMatchObject({ minAge: 20, maxAge: 35 });
    const entry = (await audits()).find((e) => JSON.parse(e.after_json!).minAge === 20)!;
    expect(entry.actor_id).toBe(admin.id);
    expect(JSON.parse(entry.before_json!)).toMatchObject({ minAge: 18, maxAge: 40 });
    expect(JSON.parse(entry.after_json!)).toMatchObject({ minAge: 20, maxAge: 35 });
    // one end alone keeps the other
    expect(data(await update({ maxAge: 38 }))).toMatchObject({ minAge: 20, maxAge: 38 });
    data(await update({ minAge: 18, maxAge: 40 }));
  });

  it('is refused to no token, an applicant, a reviewer and an admin who has not passed the second factor; nothing changes', async () => {
    const before = await programme();
    const n = (await audits()).length;
    const unverified = (await login(t.app, admin.mobile, admin.password)).token;
    const refused = [
      [await update({ minAge: 30 }, null), 401, Code.UNAUTHORIZED],
      [await update({ minAge: 30 }, (await newUser(t.app)).token), 403, Code.FORBIDDEN],
      [await update({ minAge: 30 }, reviewer.token), 403, Code.FORBIDDEN],
      [await update({ minAge: 30 }, unverified), 401, Code.CONSOLE_MFA_REQUIRED],
    ] as const;
    for (const [res, httpStatus, code] of refused) {
      expect({ status: res.status, code: (res.body as { code: number }).code }).toEqual({ status: httpStatus, code });
    }
    expect(await programme()).toEqual(before);
    expect((await audits()).length).toBe(n);
  });

  it('refuses a minimum above the maximum, negative, fractional or absurd ages with a Chinese message, changing nothing', async () => {
    const before = await programme();
    for (const bad of [{ minAge: 41 }, { minAge: 30, maxAge: 25 }, { maxAge: -1 }, { minAge: 2.5 }, { maxAge: ageLimits.ceiling + 1 }, { minAge: '18' }]) {
      const res = await update(bad);
      expect(res.body, JSON.stringify(bad)).toMatchObject({ success: false, code: Code.BAD_REQUEST });
      expect((res.body as { message: string }).message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await programme()).toEqual(before);
  });
});

describe('person entries outside the age range', () => {
  it('refuses a 创新榜 entry of someone born in 1980 with AGE_INELIGIBLE naming the range, storing nothing', async () => {
    const u = await newUser(t.app);
    const f = await uploadsFor(t.app, u);
    const before = await applicationCounts(t.db);
    const res = await post(t.app, apiPaths.submit, rankUserForm(f.photo, f.video, idBornOn('1980-05-04')), { token: u.token });
    expect(res.body).toMatchObject({ success: false, code: Code.AGE_INELIGIBLE });
    expect((res.body as { message: string }).message).toBe('本活动面向18–40周岁的青年（年龄按身份证号计算至2030年7月1日），您届时50周岁，不符合申报条件');
    expect(await applicationCounts(t.db)).toEqual(before);
  });

  it('counts whole years on the closing day: 40 the day before a 41st birthday passes, 41 on it is refused; 18 on the day passes', async () => {
    const { onDate } = (await status()).ageRange;
    expect((await submitRankUser(await newUser(t.app), idBornOn(yearsBefore(onDate, 41)))).body).toMatchObject({ code: Code.AGE_INELIGIBLE });
    expect((await submitRankUser(await newUser(t.app), idBornOn(yearsBefore(onDate, 41, 1)))).body).toMatchObject({ success: true });
    expect((await submitRankUser(await newUser(t.app), idBornOn(yearsBefore(onDate, 18)))).body).toMatchObject({ success: true });
    expect((await submitRankUser(await newUser(t.app), idBornOn(yearsBefore(onDate, 18, 1)))).body).toMatchObject({ code: Code.AGE_INELIGIBLE });
  });

  it('applies to the 2024 person entry too, and follows the range an admin sets', async () => {
    const u = await newUser(t.app);
    const born = '1995-01-01';
    expect((await submitPerson(u, idBornOn('1970-01-01'))).body).toMatchObject({ success: false, code: Code.AGE_INELIGIBLE });
    data(await update({ maxAge: 30 }));
    const refused = await submitPerson(u, idBornOn(born));
    expect(refused.body).toMatchObject({ success: false, code: Code.AGE_INELIGIBLE });
    expect((refused.body as { message: string }).message).toContain('18–30周岁');
    data(await update({ maxAge: 40 }));
    expect((await submitPerson(u, idBornOn(born))).body).toMatchObject({ success: true });
  });

  it('checks a resubmission with a changed ID number as well', async () => {
    const u = await newUser(t.app);
    const f = await uploadsFor(t.app, u);
    const draft = data(await post<{ id: string; version: number }>(t.app, apiPaths.saveDraft, { kind: 'rank_user', data: { name: '草稿' } }, { token: u.token }));
    const res = await post(t.app, apiPaths.update, { ...rankUserForm(f.photo, f.video, idBornOn('1979-12-31')), id: draft.id, version: draft.version }, { token: u.token });
    expect(res.body).toMatchObject({ success: false, code: Code.AGE_INELIGIBLE });
  });

  it('does not apply to membership, which is not the programme', async () => {
    const u = await newUser(t.app);
    const res = await post<SubmitResponse>(t.app, apiPaths.memberApply, memberForm(await uploadImage(t.app, u.token), idBornOn('1975-03-03')), { token: u.token });
    expect(res.body).toMatchObject({ success: true });
  });
});
