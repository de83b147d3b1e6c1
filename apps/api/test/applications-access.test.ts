/**
 * A user reads and changes only their own applications: every id-based endpoint, given another
 * user's id, answers as if it did not exist (0 unauthorized 2xx) and changes nothing. Without a
 * session every applications endpoint answers 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, Code, type SubmitResponse } from '@qgw/contracts';
import { data, get, newUser, post, type TestUser } from './support/api.js';
import {
  applicationCounts,
  companyForm,
  memberForm,
  personForm,
  rankUserForm,
  seedProgramme,
  themeIds,
  uploadsFor,
  workForm,
} from './support/applications.js';
import { reviewThrough } from './support/review.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let owner: TestUser;
let intruder: TestUser;
let theirs: Record<string, { id: string; version: number }>;
let mine: Awaited<ReturnType<typeof uploadsFor>>;
let theme: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedProgramme(t.db, t.clock);
  theme = (await themeIds(t.app))[0]!;
  owner = await newUser(t.app);
  intruder = await newUser(t.app);
  const f = await uploadsFor(t.app, owner);
  mine = await uploadsFor(t.app, intruder);
  const submit = async (path: string, body: unknown) => data(await post<SubmitResponse>(t.app, path, body, { token: owner.token }));
  const returned = async (path: string, body: unknown) => {
    const s = await submit(path, body);
    await reviewThrough(t.db, t.clock.now, s.id, 'returned', '请修改');
    return { id: s.id, version: s.version + 2 };
  };
  const draft = data(await post<{ id: string; version: number }>(t.app, apiPaths.saveDraft, { kind: 'work', data: { title: '草稿作品' } }, { token: owner.token }));
  theirs = {
    rank_user: await returned(apiPaths.submit, rankUserForm(f.photo, f.video)),
    membership: await returned(apiPaths.memberApply, memberForm(f.photo)),
    person: await returned(apiPaths.applyPerson, personForm(f.photo)),
    work: await returned(apiPaths.addWork, workForm(theme, [f.photo])),
    company: await returned(apiPaths.applyCompany, companyForm(f.license)),
    submittedWork: { id: (await submit(apiPaths.addWork, workForm(theme, [f.photo]))).id, version: 1 },
    draft,
  };
});
afterAll(async () => {
  await t.close();
});

describe('another user’s ids', () => {
  it('are not found by any id-based endpoint, and nothing changes', async () => {
    const before = await applicationCounts(t.db);
    const token = intruder.token;
    const answers: Array<{ what: string; body: unknown; status: number }> = [];
    const record = (what: string, a: { status: number; body: unknown }) => answers.push({ what, ...a });

    for (const [name, ref] of Object.entries(theirs)) {
      record(`getWork ${name}`, await get(t.app, apiPaths.getWork, { id: ref.id }, { token }));
      record(`withdraw ${name}`, await post(t.app, apiPaths.withdrawApplication, { id: ref.id, reason: '替别人撤回' }, { token }));
      for (const kind of ['rank_user', 'membership', 'person', 'work', 'company']) {
        record(`getDraft ${kind} ${name}`, await get(t.app, apiPaths.getDraft, { kind, id: ref.id }, { token }));
        record(`saveDraft ${kind} ${name}`, await post(t.app, apiPaths.saveDraft, { kind, id: ref.id, data: { name: '入侵者' } }, { token }));
      }
      const updates: Array<[string, unknown]> = [
        [apiPaths.update, rankUserForm(mine.photo, mine.video)],
        [apiPaths.memberUpdate, memberForm(mine.photo)],
        [apiPaths.updateApplyPerson, personForm(mine.photo)],
        [apiPaths.updateWork, workForm(theme, [mine.photo])],
        [apiPaths.updateApplyCompany, companyForm(mine.license)],
      ];
      for (const [path, form] of updates) {
        record(`${path} ${name}`, await post(t.app, path, { ...(form as object), id: ref.id, version: ref.version }, { token }));
      }
      // promoting someone else's draft
      record(`addWork draftId ${name}`, await post(t.app, apiPaths.addWork, { ...workForm(theme, [mine.photo]), draftId: ref.id }, { token }));
    }

    expect(answers.length).toBeGreaterThan(100);
    const leaked = answers.filter((a) => a.status < 300 && (a.body as { success?: boolean }).success !== false);
    expect(leaked.map((a) => a.what)).toEqual([]);
    for (const a of answers) expect(a.body).toMatchObject({ success: false, code: Code.NOT_FOUND, message: '申报不存在' });
    expect(await applicationCounts(t.db)).toEqual(before);
    // nothing of the owner's shows through the intruder's own reads
    const own = JSON.stringify([
      data(await get(t.app, apiPaths.getWorks, {}, { token })),
      data(await get(t.app, apiPaths.getApplyStatus, {}, { token })),
      data(await get(t.app, apiPaths.getPersonInfo, {}, { token })),
      data(await get(t.app, apiPaths.getMemberInfo, {}, { token })),
      data(await get(t.app, apiPaths.getCompanyInfo, {}, { token })),
      data(await get(t.app, apiPaths.getDraft, { kind: 'work' }, { token })),
      data(await get(t.app, apiPaths.getRankUser, { mobile: intruder.mobile, type: 'info' }, { token })),
    ]);
    for (const ref of Object.values(theirs)) expect(own).not.toContain(ref.id);
  });
});

describe('我的申报 (myApplications)', () => {
  it('lists every application of the caller, of every kind, newest first — and none of anyone else’s', async () => {
    const own = data(await get<Array<{ id: string; kind: string; updatedAt: string }>>(t.app, apiPaths.myApplications, {}, { token: owner.token }));
    const ids = own.map((a) => a.id);
    for (const ref of Object.values(theirs)) expect(ids).toContain(ref.id);
    expect(new Set(own.map((a) => a.kind))).toEqual(new Set(['rank_user', 'membership', 'person', 'work', 'company']));
    const times = own.map((a) => a.updatedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const intruders = data(await get<Array<{ id: string }>>(t.app, apiPaths.myApplications, {}, { token: intruder.token }));
    for (const ref of Object.values(theirs)) expect(intruders.map((a) => a.id)).not.toContain(ref.id);
  });

  it('answers from the session alone: a user id in the query reaches nobody else’s list', async () => {
    const res = await get<Array<{ id: string }>>(t.app, apiPaths.myApplications, { userId: owner.id, user_id: owner.id }, { token: intruder.token });
    for (const ref of Object.values(theirs)) expect(data(res).map((a) => a.id)).not.toContain(ref.id);
  });
});

describe('without a session', () => {
  const gets = [
    [apiPaths.getRankUser, { mobile: '13800000001', type: 'check' }],
    [apiPaths.getApplyStatus, {}],
    [apiPaths.getMemberInfo, {}],
    [apiPaths.getPersonInfo, {}],
    [apiPaths.getCompanyInfo, {}],
    [apiPaths.getWorks, {}],
    [apiPaths.getWork, { id: 'x' }],
    [apiPaths.getDraft, { kind: 'person' }],
    [apiPaths.myApplications, {}],
  ] as const;
  const posts = [
    apiPaths.submit,
    apiPaths.update,
    apiPaths.memberApply,
    apiPaths.memberUpdate,
    apiPaths.applyPerson,
    apiPaths.updateApplyPerson,
    apiPaths.addWork,
    apiPaths.updateWork,
    apiPaths.applyCompany,
    apiPaths.updateApplyCompany,
    apiPaths.saveDraft,
    apiPaths.withdrawApplication,
  ];

  it('answers 401 with the envelope, for no token and for a made-up one', async () => {
    const before = await applicationCounts(t.db);
    for (const authorization of [undefined, 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      const headers = authorization ? { authorization } : {};
      for (const [url, query] of gets) {
        const res = await t.app.inject({ method: 'GET', url, query, headers });
        expect([url, res.statusCode]).toEqual([url, 401]);
        expect(res.json()).toMatchObject({ success: false, code: Code.UNAUTHORIZED });
      }
      for (const url of posts) {
        const res = await t.app.inject({ method: 'POST', url, payload: { id: theirs.work!.id }, headers });
        expect([url, res.statusCode]).toEqual([url, 401]);
      }
    }
    expect(await applicationCounts(t.db)).toEqual(before);
  });
});
