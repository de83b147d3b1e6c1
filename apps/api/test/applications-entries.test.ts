/**
 * Every applications endpoint's happy path, as the web client calls it: submit (code 9002), read
 * back, return → update → submitted again, withdraw, and the 2024 home page's status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  type ApplicationSummary,
  Code,
  type SubmitResponse,
  ZGetApplyStatusResponse,
  ZGetCompanyInfoResponse,
  ZGetMemberInfoResponse,
  ZGetPersonInfoResponse,
  ZGetWorkResponse,
  ZRankUserInfoResponse,
} from '@qgw/contracts';
import { data, get, newUser, post, type TestUser } from './support/api.js';
import {
  companyForm,
  memberForm,
  personForm,
  rankUserForm,
  seedProgramme,
  themeIds,
  uploadsFor,
  workForm,
} from './support/applications.js';
import { reviewThrough, reviewTo } from './support/review.js';
import { addSubdivision } from './support/content.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let u: TestUser;
let f: Awaited<ReturnType<typeof uploadsFor>>;
let themes: string[];

beforeAll(async () => {
  t = await createTestApp();
  await seedProgramme(t.db, t.clock);
  u = await newUser(t.app);
  f = await uploadsFor(t.app, u);
  themes = await themeIds(t.app);
  await addSubdivision(t, '科技分会');
});
afterAll(async () => {
  await t.close();
});

const opt = () => ({ token: u.token });

/** Submit/update answer: success, code 9002, {id, status, version}. */
async function submitted(path: string, body: unknown): Promise<SubmitResponse> {
  const a = await post<SubmitResponse>(t.app, path, body, opt());
  expect(a.status).toBe(200);
  expect(a.body).toMatchObject({ success: true, code: Code.UNDER_REVIEW, message: { status: 'submitted' } });
  return data(a);
}

describe('programme', () => {
  it('getCurrentStatus answers the open 2024 programme without a login', async () => {
    const s = data(await get<Record<string, unknown>>(t.app, apiPaths.getCurrentStatus));
    expect(s).toMatchObject({ year: 2024, name: '2024 青年创新榜', phase: 'open' });
    expect(Date.parse(s.opensAt as string)).toBeLessThan(t.clock.now());
    expect(Date.parse(s.closesAt as string)).toBeGreaterThan(t.clock.now());
  });

  it('getThemes answers the five themes in order without a login', async () => {
    const list = data(await get<Array<{ name: string }>>(t.app, apiPaths.getThemes));
    expect(list.map((x) => x.name)).toEqual(['科技创新', '乡村振兴', '绿色发展', '文化传承', '社会服务']);
  });
});

describe('rank-user application', () => {
  it('submits, is read back with type info, returned with a reason, updated and submitted again', async () => {
    const form = rankUserForm(f.photo, f.video);
    const s = await submitted(apiPaths.submit, form);
    expect(s.version).toBe(1);

    const info = ZRankUserInfoResponse.parse(data(await get(t.app, apiPaths.getRankUser, { mobile: u.mobile, type: 'info' }, opt())));
    const view = info.rankUser!;
    expect(view).toMatchObject({ id: s.id, kind: 'rank_user', status: 'submitted', version: 1, reason: null });
    expect(view.data).toMatchObject({ name: form.name, intro: form.intro, photo: f.photo, video: f.video });
    expect(Object.keys(view.fileUrls).sort()).toEqual([f.photo, f.video].sort());
    expect(view.fileUrls[f.video]).toContain(`${apiPaths.file}/${f.video}`);
    expect(view.timeline.map((e) => e.status)).toEqual(['submitted']);

    const v = await reviewTo(t.db, t.clock.now, s.id, 'under_review');
    await reviewTo(t.db, t.clock.now, s.id, 'returned', { reason: '请补充主要事迹的证明材料' });

    const updated = await submitted(apiPaths.update, { ...form, achievements: `${form.achievements}（已补充材料）`, id: s.id, version: v + 1 });
    expect(updated).toEqual({ id: s.id, status: 'submitted', version: v + 2 });
    const again = ZRankUserInfoResponse.parse(data(await get(t.app, apiPaths.getRankUser, { mobile: u.mobile, type: 'info' }, opt())));
    expect(again.rankUser!.data.achievements).toContain('已补充材料');
    expect(again.rankUser!.reason).toBeNull();
    expect(again.rankUser!.timeline).toEqual([
      expect.objectContaining({ status: 'submitted', note: null }),
      expect.objectContaining({ status: 'under_review' }),
      expect.objectContaining({ status: 'returned', note: '请补充主要事迹的证明材料' }),
      expect.objectContaining({ status: 'submitted' }),
    ]);
  });
});

describe('membership', () => {
  it('memberApply, getMemberInfo, and memberUpdate after a return', async () => {
    const form = memberForm(f.photo);
    const s = await submitted(apiPaths.memberApply, form);
    const view = ZGetMemberInfoResponse.parse(data(await get(t.app, apiPaths.getMemberInfo, {}, opt()))).member!;
    expect(view).toMatchObject({ id: s.id, kind: 'membership', status: 'submitted' });
    expect(view.data.reason).toBe(form.reason);

    await reviewThrough(t.db, t.clock.now, s.id, 'returned', '请上传清晰的证件照');
    const returned = ZGetMemberInfoResponse.parse(data(await get(t.app, apiPaths.getMemberInfo, {}, opt()))).member!;
    expect(returned).toMatchObject({ status: 'returned', reason: '请上传清晰的证件照' });
    // editable again: the owner sees the ID number in full
    expect(returned.data.idNumber).toBe(form.idNumber);

    const u2 = await submitted(apiPaths.memberUpdate, { ...form, subdivision: '科技分会', id: s.id, version: returned.version });
    expect(u2.version).toBe(returned.version + 1);
    const after = ZGetMemberInfoResponse.parse(data(await get(t.app, apiPaths.getMemberInfo, {}, opt()))).member!;
    expect(after).toMatchObject({ status: 'submitted', data: { subdivision: '科技分会' } });
  });
});

describe('2024 person entry', () => {
  it('applyPerson, getPersonInfo, updateApplyPerson after a return', async () => {
    const form = personForm(f.photo);
    const s = await submitted(apiPaths.applyPerson, form);
    const view = ZGetPersonInfoResponse.parse(data(await get(t.app, apiPaths.getPersonInfo, {}, opt()))).person!;
    expect(view).toMatchObject({ id: s.id, kind: 'person', status: 'submitted', data: { resume: form.resume } });
    expect(view.fileUrls[f.photo]).toBeTruthy();

    await reviewThrough(t.db, t.clock.now, s.id, 'returned', '简历不完整');
    const cur = ZGetPersonInfoResponse.parse(data(await get(t.app, apiPaths.getPersonInfo, {}, opt()))).person!;
    await submitted(apiPaths.updateApplyPerson, { ...form, position: '高级工程师', id: s.id, version: cur.version });
    const after = ZGetPersonInfoResponse.parse(data(await get(t.app, apiPaths.getPersonInfo, {}, opt()))).person!;
    expect(after).toMatchObject({ status: 'submitted', data: { position: '高级工程师' } });
  });
});

describe('works', () => {
  it('addWork twice, getWorks lists both, getWork reads one with its photo and video URLs, updateWork after a return', async () => {
    const a = await submitted(apiPaths.addWork, workForm(themes[0]!, [f.photo, f.photo2], f.video));
    const b = await submitted(apiPaths.addWork, { ...workForm(themes[1]!, [f.photo2]), title: '乡村直播助农' });
    const list = data(await get<ApplicationSummary[]>(t.app, apiPaths.getWorks, {}, opt()));
    expect(list.map((w) => w.id).sort()).toEqual([a.id, b.id].sort());
    expect(list.find((w) => w.id === b.id)).toMatchObject({ kind: 'work', status: 'submitted', title: '乡村直播助农' });

    const work = ZGetWorkResponse.parse(data(await get(t.app, apiPaths.getWork, { id: a.id }, opt())));
    expect(work.data).toMatchObject({ themeId: themes[0], photos: [f.photo, f.photo2], video: f.video });
    expect(Object.keys(work.fileUrls).sort()).toEqual([f.photo, f.photo2, f.video].sort());

    await reviewThrough(t.db, t.clock.now, a.id, 'returned', '请补充作品视频说明');
    const cur = ZGetWorkResponse.parse(data(await get(t.app, apiPaths.getWork, { id: a.id }, opt())));
    await submitted(apiPaths.updateWork, { ...workForm(themes[2]!, [f.photo]), id: a.id, version: cur.version });
    const after = ZGetWorkResponse.parse(data(await get(t.app, apiPaths.getWork, { id: a.id }, opt())));
    expect(after).toMatchObject({ status: 'submitted', data: { themeId: themes[2], photos: [f.photo] } });
    const row = await t.db.selectFrom('applications').select('theme_id').where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(row.theme_id).toBe(themes[2]);
  });
});

describe('company entry', () => {
  it('applyCompany, getCompanyInfo, updateApplyCompany after a return', async () => {
    const form = companyForm(f.license);
    const s = await submitted(apiPaths.applyCompany, form);
    const view = ZGetCompanyInfoResponse.parse(data(await get(t.app, apiPaths.getCompanyInfo, {}, opt()))).company!;
    expect(view).toMatchObject({ id: s.id, kind: 'company', status: 'submitted', data: { uscc: form.uscc, license: f.license } });

    await reviewThrough(t.db, t.clock.now, s.id, 'returned', '营业执照不清晰');
    const cur = ZGetCompanyInfoResponse.parse(data(await get(t.app, apiPaths.getCompanyInfo, {}, opt()))).company!;
    await submitted(apiPaths.updateApplyCompany, { ...form, industry: '现代服务业', id: s.id, version: cur.version });
    const after = ZGetCompanyInfoResponse.parse(data(await get(t.app, apiPaths.getCompanyInfo, {}, opt()))).company!;
    expect(after).toMatchObject({ status: 'submitted', data: { industry: '现代服务业' } });
  });
});

describe('status and withdrawal', () => {
  it('getApplyStatus lists the person, company and live works; a withdrawn work leaves the list but keeps its reason in the timeline', async () => {
    const before = ZGetApplyStatusResponse.parse(data(await get(t.app, apiPaths.getApplyStatus, {}, opt())));
    expect(before.person).toMatchObject({ kind: 'person', status: 'submitted' });
    expect(before.company).toMatchObject({ kind: 'company', status: 'submitted' });
    expect(before.works).toHaveLength(2);

    const target = before.works[0]!;
    const cur = ZGetWorkResponse.parse(data(await get(t.app, apiPaths.getWork, { id: target.id }, opt())));
    const w = await post<SubmitResponse>(t.app, apiPaths.withdrawApplication, { id: target.id, reason: '作品需要重新打磨' }, opt());
    expect(w.body).toEqual({ success: true, code: 0, message: { id: target.id, status: 'withdrawn', version: cur.version + 1 } });

    const after = ZGetApplyStatusResponse.parse(data(await get(t.app, apiPaths.getApplyStatus, {}, opt())));
    expect(after.works.map((x) => x.id)).not.toContain(target.id);
    const gone = ZGetWorkResponse.parse(data(await get(t.app, apiPaths.getWork, { id: target.id }, opt())));
    expect(gone.status).toBe('withdrawn');
    expect(gone.timeline.at(-1)).toMatchObject({ status: 'withdrawn', note: '作品需要重新打磨' });
    // still listed among the user's works, with its state
    const works = data(await get<ApplicationSummary[]>(t.app, apiPaths.getWorks, {}, opt()));
    expect(works.find((x) => x.id === target.id)?.status).toBe('withdrawn');
  });

  it('after withdrawing, the entry is still shown as 已撤回 with its answers, and the same kind may be applied for again', async () => {
    const info = async () => ZGetCompanyInfoResponse.parse(data(await get(t.app, apiPaths.getCompanyInfo, {}, opt()))).company;
    const cur = (await info())!;
    data(await post(t.app, apiPaths.withdrawApplication, { id: cur.id, reason: '信息有误，重新申报' }, opt()));
    const withdrawn = (await info())!;
    expect(withdrawn).toMatchObject({ id: cur.id, status: 'withdrawn', data: cur.data });
    expect(withdrawn.timeline.at(-1)).toMatchObject({ status: 'withdrawn', note: '信息有误，重新申报' });
    const again = await submitted(apiPaths.applyCompany, companyForm(f.license));
    expect(again.id).not.toBe(cur.id);
    expect(await info()).toMatchObject({ id: again.id, status: 'submitted' });
  });

  it('ignores status, score and reviewer sent in a body', async () => {
    const other = await newUser(t.app);
    const photo = (await uploadsFor(t.app, other)).photo;
    const a = await post<SubmitResponse>(
      t.app,
      apiPaths.applyPerson,
      { ...personForm(photo), status: 'approved', score: 100, reviewerId: other.id, reviewer: 'x', version: 99, decidedAt: 'now' },
      { token: other.token },
    );
    expect(data(a)).toMatchObject({ status: 'submitted', version: 1 });
    const row = await t.db.selectFrom('applications').selectAll().where('id', '=', data(a).id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'submitted', version: 1, decided_at: null, reason: null });
    expect(row.data_json).not.toMatch(/score|reviewer|approved|decidedAt/);
  });
});
