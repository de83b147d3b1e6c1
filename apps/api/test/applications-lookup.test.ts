/**
 * getRankUserInfo, type check: the code the client routes by (spec §4, PRODUCT §3) for every
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

  it('lets a reviewer look up anyone, with the ID number masked; an unregistered mobile is 用户不存在', async () => {
    const reviewer = await newUser(t.app);
    await t.db.insertInto('user_roles').values({ user_id: reviewer.id, role: 'reviewer', created_at: new Date().toISOString() }).execute();
    const u = await newUser(t.app);
    const { s, form } = await withRankUser(u);
    await reviewThrough(t.db, t.clock.now, s.id, 'approved');

    const a = await check(reviewer, u.mobile);
    const msg = ZRankUserCheckResponse.parse((a.body as { message: unknown }).message);
    expect(msg.rankUser.data.idNumber).toBe(`${form.idNumber.slice(0, 4)}**********${form.idNumber.slice(-4)}`);

    const missing = await check(reviewer, uniqueMobile());
    expect(missing.body).toEqual({ success: false, code: Code.USER_NOT_FOUND, message: USER_NOT_FOUND_MESSAGE });
    expect(USER_NOT_FOUND_MESSAGE).toBe('用户不存在');
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
