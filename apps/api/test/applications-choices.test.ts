/**
 * What the forms' pickers offer is checked again on the server: 所在地区 is a city or district of the
 * administrative divisions, 意向分会 one of the subdivisions published now; and 联系电话 may be a
 * landline, shown masked to anyone but its owner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, Code, type SubmitResponse, ZGetMemberInfoResponse, ZGetPersonInfoResponse, ZRankUserInfoResponse } from '@qgw/contracts';
import { data, get, newUser, post, type TestUser } from './support/api.js';
import { applicationCounts, memberForm, personForm, rankUserForm, seedProgramme, uploadsFor } from './support/applications.js';
import { newConsoleUser } from './support/console.js';
import { assign } from './support/console-review.js';
import { addSubdivision } from './support/content.js';
import { reviewThrough } from './support/review.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedProgramme(t.db, t.clock);
  await addSubdivision(t, '科技创新分会');
  await addSubdivision(t, '已停用分会', false);
});
afterAll(async () => {
  await t.close();
});

const refused = async (u: TestUser, path: string, body: unknown, message: string) => {
  const before = await applicationCounts(t.db);
  const a = await post(t.app, path, body, { token: u.token });
  expect(a.status).toBe(200);
  expect(a.body).toMatchObject({ success: false, code: Code.BAD_REQUEST, message });
  expect(await applicationCounts(t.db), 'nothing was written').toEqual(before);
};
const accepted = async (u: TestUser, path: string, body: unknown) => {
  const a = await post<SubmitResponse>(t.app, path, body, { token: u.token });
  expect(a.body).toMatchObject({ success: true, code: Code.UNDER_REVIEW });
  return data(a);
};

describe('意向分会', () => {
  it('must be a published subdivision; one not published, or made up, is refused with a clear message', async () => {
    const u = await newUser(t.app);
    const { photo } = await uploadsFor(t.app, u);
    for (const subdivision of ['青年创新分会', '已停用分会']) {
      await refused(u, apiPaths.memberApply, { ...memberForm(photo), subdivision }, '意向分会不存在或已停用，请从列表中重新选择');
    }
    const s = await accepted(u, apiPaths.memberApply, { ...memberForm(photo), subdivision: '科技创新分会' });
    const view = ZGetMemberInfoResponse.parse(data(await get(t.app, apiPaths.getMemberInfo, {}, { token: u.token }))).member!;
    expect(view).toMatchObject({ id: s.id, data: { subdivision: '科技创新分会' } });
  });

  it('may be left out, and is checked again when a returned application is corrected', async () => {
    const u = await newUser(t.app);
    const { photo } = await uploadsFor(t.app, u);
    const form = memberForm(photo);
    const s = await accepted(u, apiPaths.memberApply, form);
    await reviewThrough(t.db, t.clock.now, s.id, 'returned', '请补充入会理由');
    const returned = ZGetMemberInfoResponse.parse(data(await get(t.app, apiPaths.getMemberInfo, {}, { token: u.token }))).member!;
    const update = { ...form, id: s.id, version: returned.version };
    await refused(u, apiPaths.memberUpdate, { ...update, subdivision: '不存在的分会' }, '意向分会不存在或已停用，请从列表中重新选择');
    await accepted(u, apiPaths.memberUpdate, { ...update, subdivision: '科技创新分会' });
  });
});

describe('所在地区', () => {
  it('must name a city or a district; a province alone or a place not in the divisions is refused, in every personal form', async () => {
    const u = await newUser(t.app);
    const f = await uploadsFor(t.app, u);
    const message = '所在地区不正确，请从列表中选择省、市、区';
    for (const region of ['广东省', '如：广东省广州市天河区', '广东省广州市火星区', '上海']) {
      await refused(u, apiPaths.memberApply, { ...memberForm(f.photo), region }, message);
      await refused(u, apiPaths.applyPerson, { ...personForm(f.photo), region }, message);
      await refused(u, apiPaths.submit, { ...rankUserForm(f.photo, f.video), region }, message);
    }
    await accepted(u, apiPaths.applyPerson, { ...personForm(f.photo), region: '广东省广州市天河区' });
    await accepted(u, apiPaths.memberApply, { ...memberForm(f.photo), region: '湖北省仙桃市' });
    await accepted(u, apiPaths.submit, { ...rankUserForm(f.photo, f.video), region: '北京市海淀区' });
  });
});

describe('联系电话', () => {
  it('takes a landline with its area code; its owner reads it back in full', async () => {
    const u = await newUser(t.app);
    const { photo } = await uploadsFor(t.app, u);
    await refused(u, apiPaths.applyPerson, { ...personForm(photo), contactMobile: '010-1234567' }, '请填写11位手机号，或带区号的固定电话（如 010-12345678）');
    await accepted(u, apiPaths.applyPerson, { ...personForm(photo), contactMobile: '010-12345678' });
    const view = ZGetPersonInfoResponse.parse(data(await get(t.app, apiPaths.getPersonInfo, {}, { token: u.token }))).person!;
    expect(view.data.contactMobile).toBe('010-12345678');
  });

  it('is masked down to its area code and last 4 digits for a reviewer looking the application up', async () => {
    const admin = await newConsoleUser(t.app, t.db, t.clock, ['admin']);
    const reviewer = await newConsoleUser(t.app, t.db, t.clock, ['reviewer']);
    const u = await newUser(t.app);
    const f = await uploadsFor(t.app, u);
    const s = await accepted(u, apiPaths.submit, { ...rankUserForm(f.photo, f.video), contactMobile: '0755-1234567' });
    await assign(t.app, admin.token, [s.id], [reviewer.id]);
    const a = await get(t.app, apiPaths.getRankUser, { mobile: u.mobile, type: 'info' }, { token: reviewer.token });
    expect(ZRankUserInfoResponse.parse(data(a)).rankUser?.data.contactMobile).toBe('0755-***4567');
    expect(JSON.stringify(a.body)).not.toContain('1234567"');
  });
});
