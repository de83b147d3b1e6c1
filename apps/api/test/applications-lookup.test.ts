/**
 * getRankUserInfo, type check: the code the client routes by (docs/requirements.md#lookup-codes) for every
 * situation, and who may look up whom; type info: the record itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  Code,
  type SubmitResponse,
  USER_NOT_FOUND_MESSAGE,
  ZApplicationSummary,
  ZRankUserCheckResponse,
  ZRankUserInfoResponse,
} from '@qgw/contracts';
import { data, get, newUser, post, type TestUser, uniqueMobile } from './support/api.js';
import { memberForm, personForm, rankUserForm, seedProgramme, uploadsFor } from './support/applications.js';
import { assign } from './support/console-review.js';
import { grantRoles, newConsoleUser } from './support/console.js';
import { reviewThrough, reviewTo } from './support/review.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedProgramme(t.db, t.clock);
});
afterAll(async () => {
  await t.close();
});

const check = (u: TestUser, mobile = u.mobile) => get(t.app, apiPaths.getRankUser, { mobile, type: 'check' }, { token: u.token });

const lookupAudits = async (applicationId: string) =>
  Number((await t.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n'))
    .where('action', '=', 'application.lookup').where('entity_id', '=', applicationId).executeTakeFirstOrThrow()).n);

async function withRankUser(u: TestUser) {
  const f = await uploadsFor(t.app, u);
  const form = rankUserForm(f.photo, f.video);
  return { form, s: data(await post<SubmitResponse>(t.app, apiPaths.submit, form, { token: u.token })) };
}

describe('type=check', () => {
  it('9001 (success) with no application yet', async () => {
    const u = await newUser(t.app);
    const a = await check(u);
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ success: true, code: Code.NO_APPLICATION, message: null });
  });

  it('9001 (success) with only a draft, carrying the draft’s summary', async () => {
    const u = await newUser(t.app);
    const saved = data(await post<{ id: string }>(t.app, apiPaths.saveDraft, { kind: 'rank_user', data: { name: '王小青' } }, { token: u.token }));
    const a = await check(u);
    expect(a.body).toMatchObject({ success: true, code: Code.NO_APPLICATION });
    expect(ZApplicationSummary.parse((a.body as { message: unknown }).message)).toMatchObject({ id: saved.id, status: 'draft', title: '王小青' });
  });

  it('9002 (success) while submitted and while under review', async () => {
    const u = await newUser(t.app);
    const { s } = await withRankUser(u);
    expect((await check(u)).body).toMatchObject({ success: true, code: Code.UNDER_REVIEW, message: { id: s.id, status: 'submitted' } });
    await reviewTo(t.db, t.clock.now, s.id, 'under_review');
    expect((await check(u)).body).toMatchObject({ success: true, code: Code.UNDER_REVIEW, message: { status: 'under_review' } });
  });

  it('0 (success) when approved, with rankUser and a postList of every application of the user', async () => {
    const u = await newUser(t.app);
    const { s, form } = await withRankUser(u);
    const f = await uploadsFor(t.app, u);
    const m = data(await post<SubmitResponse>(t.app, apiPaths.memberApply, memberForm(f.photo), { token: u.token }));
    const p = data(await post<SubmitResponse>(t.app, apiPaths.applyPerson, personForm(f.photo), { token: u.token }));
    await reviewThrough(t.db, t.clock.now, s.id, 'approved');
    const a = await check(u);
    expect(a.body).toMatchObject({ success: true, code: Code.OK });
    const msg = ZRankUserCheckResponse.parse((a.body as { message: unknown }).message);
    expect(msg.rankUser).toMatchObject({ id: s.id, status: 'approved', data: { name: form.name } });
    expect(msg.rankUser.decidedAt).not.toBeNull();
    expect(msg.postList.map((x) => [x.id, x.kind, x.status]).sort()).toEqual(
      [
        [s.id, 'rank_user', 'approved'],
        [m.id, 'membership', 'submitted'],
        [p.id, 'person', 'submitted'],
      ].sort(),
    );
  });

  it('9000 (failure) with the reviewer’s reason when rejected or returned, 申报未通过 without one', async () => {
    const u = await newUser(t.app);
    const { s } = await withRankUser(u);
    await reviewThrough(t.db, t.clock.now, s.id, 'returned', '视频不清晰，请重新录制');
    expect((await check(u)).body).toEqual({ success: false, code: Code.APPLY_REJECTED, message: '视频不清晰，请重新录制' });

    const v = await newUser(t.app);
    const r = await withRankUser(v);
    await reviewTo(t.db, t.clock.now, r.s.id, 'under_review');
    await reviewTo(t.db, t.clock.now, r.s.id, 'rejected');
    expect((await check(v)).body).toEqual({ success: false, code: Code.APPLY_REJECTED, message: '申报未通过' });
  });

  it('a withdrawn application counts as none: 9001', async () => {
    const u = await newUser(t.app);
    const { s } = await withRankUser(u);
    data(await post(t.app, apiPaths.withdrawApplication, { id: s.id, reason: '暂不申报' }, { token: u.token }));
    expect((await check(u)).body).toEqual({ success: true, code: Code.NO_APPLICATION, message: null });
  });
});

describe('who may look up whom', () => {
  it('refuses an applicant looking up another mobile, registered or not, without saying which', async () => {
    const u = await newUser(t.app);
    const other = await newUser(t.app);
    await withRankUser(other);
    for (const mobile of [other.mobile, uniqueMobile()]) {
      for (const type of ['check', 'info']) {
        const a = await get(t.app, apiPaths.getRankUser, { mobile, type }, { token: u.token });
        expect(a.body).toEqual({ success: false, code: Code.FORBIDDEN, message: '只能查询本人的申报信息' });
      }
    }
  });

  it('refuses a reviewer or admin whose session has not passed the second factor, before reading anything', async () => {
    const u = await newUser(t.app);
    await withRankUser(u);
    for (const roles of [['reviewer'], ['admin']] as const) {
      const staff = await newUser(t.app);
      await grantRoles(t.db, staff.id, roles);
      for (const mobile of [u.mobile, uniqueMobile()]) {
        for (const type of ['check', 'info']) {
          const a = await get(t.app, apiPaths.getRankUser, { mobile, type }, { token: staff.token });
          expect(a.status).toBe(401);
          expect(a.body).toMatchObject({ success: false, code: Code.CONSOLE_MFA_REQUIRED });
        }
      }
      // their own look-up needs no second factor
      expect((await check(staff)).body).toEqual({ success: true, code: Code.NO_APPLICATION, message: null });
    }
  });

  it('lets a verified reviewer look up only what is assigned to them, masked as the console shows it, and audits it', async () => {
    const admin = await newConsoleUser(t.app, t.db, t.clock, ['admin']);
    const reviewer = await newConsoleUser(t.app, t.db, t.clock, ['reviewer']);
    const u = await newUser(t.app);
    const { s, form } = await withRankUser(u);
    const unassigned = await newUser(t.app);
    await withRankUser(unassigned);

    // not assigned, not registered, registered without an application: one answer, which says nothing
    for (const mobile of [u.mobile, unassigned.mobile, uniqueMobile(), (await newUser(t.app)).mobile]) {
      const a = await get(t.app, apiPaths.getRankUser, { mobile, type: 'info' }, { token: reviewer.token });
      expect(a.status).toBe(403);
      expect(a.body).toMatchObject({ success: false, code: Code.NOT_ASSIGNED });
    }

    await assign(t.app, admin.token, [s.id], [reviewer.id]);
    const before = await lookupAudits(s.id);
    const info = ZRankUserInfoResponse.parse(data(await get(t.app, apiPaths.getRankUser, { mobile: u.mobile, type: 'info' }, { token: reviewer.token })));
    expect(info.rankUser?.id).toBe(s.id);
    expect(info.rankUser?.data.idNumber).toBe(`${form.idNumber.slice(0, 4)}**********${form.idNumber.slice(-4)}`);
    expect(info.rankUser?.data.contactMobile).toBe(`${form.contactMobile.slice(0, 3)}****${form.contactMobile.slice(-4)}`);
    expect(info.rankUser?.data.name).toBe(form.name);
    expect((await check(reviewer, u.mobile)).body).toMatchObject({ success: true, code: Code.UNDER_REVIEW, message: { id: s.id } });
    expect(await lookupAudits(s.id)).toBe(before + 2);

    await reviewThrough(t.db, t.clock.now, s.id, 'approved');
    const approved = ZRankUserCheckResponse.parse((await check(reviewer, u.mobile)).body.message);
    expect(approved.rankUser.data.contactMobile).not.toBe(form.contactMobile);
    // the applicant's other entries are not the reviewer's to list
    expect(approved.postList.map((p) => p.id)).toEqual([s.id]);

    // blind review: a mobile names a person, so a reviewer may not look anyone up by it, assigned or not
    data(await post(t.app, apiPaths.consoleProgramme, { blindReview: true }, { token: admin.token }));
    try {
      for (const mobile of [u.mobile, unassigned.mobile, uniqueMobile()]) {
        for (const type of ['check', 'info']) {
          const a = await get(t.app, apiPaths.getRankUser, { mobile, type }, { token: reviewer.token });
          expect(a.body).toMatchObject({ success: false, code: Code.BLIND_REVIEW });
          expect(JSON.stringify(a.body)).not.toContain(form.name);
        }
      }
      // the admin is never blind
      expect(ZRankUserCheckResponse.parse((await check(admin, u.mobile)).body.message).rankUser.data.name).toBe(form.name);
    } finally {
      data(await post(t.app, apiPaths.consoleProgramme, { blindReview: false }, { token: admin.token }));
    }
  });

  it('lets a verified admin look up anyone: 用户不存在 for an unregistered mobile, and someone else\'s draft reads as none', async () => {
    const admin = await newConsoleUser(t.app, t.db, t.clock, ['admin']);
    const missing = await check(admin, uniqueMobile());
    expect(missing.body).toEqual({ success: false, code: Code.USER_NOT_FOUND, message: USER_NOT_FOUND_MESSAGE });
    expect(USER_NOT_FOUND_MESSAGE).toBe('用户不存在');

    const drafting = await newUser(t.app);
    data(await post(t.app, apiPaths.saveDraft, { kind: 'rank_user', data: { name: '草稿中' } }, { token: drafting.token }));
    expect((await check(drafting)).body).toMatchObject({ success: true, code: Code.NO_APPLICATION, message: { status: 'draft' } });
    expect((await check(admin, drafting.mobile)).body).toEqual({ success: true, code: Code.NO_APPLICATION, message: null });
    expect(data(await get(t.app, apiPaths.getRankUser, { mobile: drafting.mobile, type: 'info' }, { token: admin.token }))).toEqual({ rankUser: null });

    const u = await newUser(t.app);
    const { s, form } = await withRankUser(u);
    await reviewThrough(t.db, t.clock.now, s.id, 'approved');
    const msg = ZRankUserCheckResponse.parse((await check(admin, u.mobile)).body.message);
    expect(msg.rankUser.data.idNumber).toBe(`${form.idNumber.slice(0, 4)}**********${form.idNumber.slice(-4)}`);
    expect(msg.rankUser.data.name).toBe(form.name);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: apiPaths.getRankUser, query: { mobile: '13800000001', type: 'check' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('type=info', () => {
  it('answers {rankUser: null} without an application and the latest view with one', async () => {
    const u = await newUser(t.app);
    const none = data(await get(t.app, apiPaths.getRankUser, { mobile: u.mobile, type: 'info' }, { token: u.token }));
    expect(none).toEqual({ rankUser: null });
    const { s, form } = await withRankUser(u);
    const info = ZRankUserInfoResponse.parse(data(await get(t.app, apiPaths.getRankUser, { mobile: u.mobile, type: 'info' }, { token: u.token })));
    expect(info.rankUser).toMatchObject({ id: s.id, status: 'submitted', data: { name: form.name, contactMobile: form.contactMobile } });
  });
});
