/**
 * getPrefill: what a new application may start from — the caller's own details (from the newest of
 * their applications, the contact mobile falling back to the account's) and their last sent
 * application of the kind, without its uploads. Only ever the caller's own: another applicant, a
 * reviewer or an admin (with or without the second factor) reads their own, and nobody reads it
 * without a session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, Code, type PrefillResponse, type SubmitResponse } from '@qgw/contracts';
import { data, get, login, newUser, post, type TestUser } from './support/api.js';
import { memberForm, personForm, seedProgramme, uploadsFor } from './support/applications.js';
import { type ConsoleUser, newConsoleUser } from './support/console.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let owner: TestUser;
let newcomer: TestUser;
let reviewer: ConsoleUser;
let sent: { person: ReturnType<typeof personForm>; member: ReturnType<typeof memberForm>; memberId: string };

const prefillOf = async (token: string, kind: string) => data(await get<PrefillResponse>(t.app, apiPaths.getPrefill, { kind }, { token }));

beforeAll(async () => {
  t = await createTestApp();
  await seedProgramme(t.db, t.clock);
  owner = await newUser(t.app);
  newcomer = await newUser(t.app);
  reviewer = await newConsoleUser(t.app, t.db, t.clock, ['reviewer']);
  const f = await uploadsFor(t.app, owner);
  // a person entry first, then a membership application with a later employer and region
  const person = personForm(f.photo);
  data(await post<SubmitResponse>(t.app, apiPaths.applyPerson, person, { token: owner.token }));
  const later = await uploadsFor(t.app, owner);
  const member = { ...memberForm(later.photo), organization: '青城新材料研究院', region: '天津市和平区', email: 'zq@example.cn' };
  const memberId = data(await post<SubmitResponse>(t.app, apiPaths.memberApply, member, { token: owner.token })).id;
  sent = { person, member, memberId };
  // a draft of another kind never counts as the last application
  data(await post(t.app, apiPaths.saveDraft, { kind: 'rank_user', data: { name: '草稿里的名字', organization: '草稿单位' } }, { token: owner.token }));
});
afterAll(async () => {
  await t.close();
});

describe('getPrefill for the applicant', () => {
  it('gives the person’s details, the newest application winning, with the ID number in full', async () => {
    const p = await prefillOf(owner.token, 'rank_user');
    expect(p.fields).toMatchObject({
      idNumber: sent.member.idNumber,
      organization: '青城新材料研究院',
      region: '天津市和平区',
      email: 'zq@example.cn',
      contactMobile: sent.member.contactMobile,
      gender: sent.member.gender,
      politicalStatus: '共青团员',
    });
    // the draft saved later was not sent: its name and employer are not offered
    expect(p.fields.name).toBe('张青');
    expect(p.previous).toBeNull();
  });

  it('offers the last sent application of the kind, without its uploads', async () => {
    const p = await prefillOf(owner.token, 'membership');
    expect(p.previous).toMatchObject({ id: sent.memberId, status: 'submitted' });
    expect(p.previous!.data).toMatchObject({ name: '张青', reason: sent.member.reason, idNumber: sent.member.idNumber });
    expect(p.previous!.data).not.toHaveProperty('photo');
    const person = await prefillOf(owner.token, 'person');
    expect(person.previous!.data).toMatchObject({ resume: sent.person.resume });
    expect(person.previous!.data).not.toHaveProperty('photo');
  });

  it('for a newcomer: only the account’s own mobile', async () => {
    expect(await prefillOf(newcomer.token, 'person')).toEqual({ fields: { contactMobile: newcomer.mobile }, previous: null });
  });
});

describe('getPrefill reaches nobody else’s data', () => {
  it('another applicant reads their own, whatever the query names', async () => {
    const res = await get<PrefillResponse>(t.app, apiPaths.getPrefill, { kind: 'membership', userId: owner.id, user_id: owner.id, mobile: owner.mobile }, { token: newcomer.token });
    expect(res.body.message).toEqual({ fields: { contactMobile: newcomer.mobile }, previous: null });
    expect(JSON.stringify(res.body)).not.toContain(sent.member.idNumber);
  });

  it('a reviewer, with or without the second factor, acts as an applicant on their own data', async () => {
    const verified = await prefillOf(reviewer.token, 'membership');
    const { token: unverified } = await login(t.app, reviewer.mobile, reviewer.password);
    for (const p of [verified, await prefillOf(unverified, 'membership')]) {
      expect(p).toEqual({ fields: { contactMobile: reviewer.mobile }, previous: null });
    }
  });

  it('without a session, or with a made-up token: 401', async () => {
    for (const authorization of [undefined, 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      const res = await t.app.inject({ method: 'GET', url: apiPaths.getPrefill, query: { kind: 'person' }, headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: Code.UNAUTHORIZED });
    }
  });

  it('refuses a kind that does not exist, or none', async () => {
    for (const query of [{ kind: 'secret' }, {}] as Record<string, string>[]) {
      const res = await get(t.app, apiPaths.getPrefill, query, { token: owner.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
  });
});
