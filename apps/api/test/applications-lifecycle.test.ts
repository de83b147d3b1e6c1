/**
 * The lifecycle (docs/requirements.md#lifecycle) enforced by the server: no edits after submission
 * except when returned, no withdrawal after a decision, no submission outside the programme's window,
 * one live application per kind, stale versions refused — and a refused request writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, Code, type SubmitResponse } from '@qgw/contracts';
import { data, newUser, post, type TestUser } from './support/api.js';
import {
  applicationCounts,
  companyForm,
  memberForm,
  personForm,
  rankUserForm,
  seedProgramme,
  themeIds,
  uploadImage,
  uploadsFor,
  workForm,
} from './support/applications.js';
import { reviewThrough, reviewTo } from './support/review.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let themes: string[];

beforeAll(async () => {
  t = await createTestApp();
  await seedProgramme(t.db, t.clock);
  themes = await themeIds(t.app);
});
afterAll(async () => {
  await t.close();
});

interface Applicant {
  u: TestUser;
  f: Awaited<ReturnType<typeof uploadsFor>>;
}
async function applicant(): Promise<Applicant> {
  const u = await newUser(t.app);
  return { u, f: await uploadsFor(t.app, u) };
}

/** Expects a refusal with this code (and message), and that nothing was written. */
async function refused(path: string, body: unknown, token: string, code: number, message?: string) {
  const before = await applicationCounts(t.db);
  const a = await post(t.app, path, body, { token });
  expect(a.status).toBe(200);
  expect(a.body).toMatchObject({ success: false, code, ...(message ? { message } : {}) });
  expect(await applicationCounts(t.db)).toEqual(before);
}

const setPhase = (phase: 'not_open' | 'open' | 'reviewing' | 'results' | 'closed' | null) =>
  t.db.updateTable('programmes').set({ phase_override: phase }).execute();

describe('edits', () => {
  it('refuses an update after submission, while under review, after approval and after rejection', async () => {
    const { u, f } = await applicant();
    const form = rankUserForm(f.photo, f.video);
    const s = data(await post<SubmitResponse>(t.app, apiPaths.submit, form, { token: u.token }));
    await refused(apiPaths.update, { ...form, id: s.id, version: s.version }, u.token, Code.APPLICATION_STATE, '申报已提交，当前状态不能修改');

    const v = await reviewTo(t.db, t.clock.now, s.id, 'under_review');
    await refused(apiPaths.update, { ...form, id: s.id, version: v }, u.token, Code.APPLICATION_STATE);

    const approved = await reviewTo(t.db, t.clock.now, s.id, 'approved');
    await refused(apiPaths.update, { ...form, id: s.id, version: approved }, u.token, Code.APPLICATION_STATE);

    const other = await applicant();
    const m = data(await post<SubmitResponse>(t.app, apiPaths.memberApply, memberForm(other.f.photo), { token: other.u.token }));
    await reviewThrough(t.db, t.clock.now, m.id, 'rejected', '不符合入会条件');
    await refused(apiPaths.memberUpdate, { ...memberForm(other.f.photo), id: m.id, version: 3 }, other.u.token, Code.APPLICATION_STATE);
  });

  it('refuses an update at a stale version with 内容已被修改，请刷新后重试', async () => {
    const { u, f } = await applicant();
    const form = personForm(f.photo);
    const s = data(await post<SubmitResponse>(t.app, apiPaths.applyPerson, form, { token: u.token }));
    const v = await reviewTo(t.db, t.clock.now, s.id, 'returned', { reason: '请修改' });
    await refused(apiPaths.updateApplyPerson, { ...form, id: s.id, version: v - 1 }, u.token, Code.CONFLICT, '内容已被修改，请刷新后重试');
    // the current version goes through, once
    data(await post(t.app, apiPaths.updateApplyPerson, { ...form, id: s.id, version: v }, { token: u.token }));
    await refused(apiPaths.updateApplyPerson, { ...form, id: s.id, version: v }, u.token, Code.APPLICATION_STATE);
  });

  it('refuses an update sent to another kind’s endpoint', async () => {
    const { u, f } = await applicant();
    const s = data(await post<SubmitResponse>(t.app, apiPaths.applyPerson, personForm(f.photo), { token: u.token }));
    await reviewTo(t.db, t.clock.now, s.id, 'returned', { reason: 'x' });
    await refused(apiPaths.memberUpdate, { ...memberForm(f.photo), id: s.id, version: 2 }, u.token, Code.NOT_FOUND, '申报不存在');
  });
});

describe('withdrawal', () => {
  it('withdraws from submitted and under review, refuses after a decision or a second time', async () => {
    const { u, f } = await applicant();
    const a = data(await post<SubmitResponse>(t.app, apiPaths.addWork, workForm(themes[0]!, [f.photo]), { token: u.token }));
    data(await post(t.app, apiPaths.withdrawApplication, { id: a.id, reason: '不再参加' }, { token: u.token }));
    await refused(apiPaths.withdrawApplication, { id: a.id, reason: '再撤一次' }, u.token, Code.APPLICATION_STATE, '当前状态不能撤回');

    const b = data(await post<SubmitResponse>(t.app, apiPaths.addWork, workForm(themes[0]!, [f.photo]), { token: u.token }));
    await reviewTo(t.db, t.clock.now, b.id, 'under_review');
    data(await post(t.app, apiPaths.withdrawApplication, { id: b.id, reason: '时间冲突' }, { token: u.token }));

    for (const end of ['approved', 'rejected', 'returned'] as const) {
      const c = data(await post<SubmitResponse>(t.app, apiPaths.addWork, workForm(themes[0]!, [f.photo]), { token: u.token }));
      await reviewThrough(t.db, t.clock.now, c.id, end, '评审意见');
      await refused(apiPaths.withdrawApplication, { id: c.id, reason: '想撤回' }, u.token, Code.APPLICATION_STATE);
    }
  });

  it('needs a reason', async () => {
    const { u, f } = await applicant();
    const a = data(await post<SubmitResponse>(t.app, apiPaths.addWork, workForm(themes[0]!, [f.photo]), { token: u.token }));
    await refused(apiPaths.withdrawApplication, { id: a.id }, u.token, Code.BAD_REQUEST);
    await refused(apiPaths.withdrawApplication, { id: a.id, reason: ' ' }, u.token, Code.BAD_REQUEST, '请填写撤回原因');
  });
});

describe('one live application per kind', () => {
  it('refuses a second rank-user, membership, person or company application while the first is live', async () => {
    const { u, f } = await applicant();
    const forms: Array<[string, unknown]> = [
      [apiPaths.submit, rankUserForm(f.photo, f.video)],
      [apiPaths.memberApply, memberForm(f.photo)],
      [apiPaths.applyPerson, personForm(f.photo)],
      [apiPaths.applyCompany, companyForm(f.license)],
    ];
    for (const [path, form] of forms) {
      data(await post(t.app, path, form, { token: u.token }));
      await refused(path, form, u.token, Code.ALREADY_APPLIED, '您已提交过该申报，请勿重复提交');
    }
  });
});

describe('references', () => {
  it('refuses another user’s files, a video as a photo, an unknown theme', async () => {
    const { u, f } = await applicant();
    const stranger = await newUser(t.app);
    const theirs = await uploadImage(t.app, stranger.token);
    await refused(apiPaths.applyPerson, personForm(theirs), u.token, Code.BAD_REQUEST, '文件无效，请重新上传');
    await refused(apiPaths.applyPerson, personForm(f.video), u.token, Code.BAD_REQUEST, '文件无效，请重新上传');
    await refused(apiPaths.submit, rankUserForm(f.photo, f.photo), u.token, Code.BAD_REQUEST, '文件无效，请重新上传');
    await refused(apiPaths.addWork, workForm('no-such-theme', [f.photo]), u.token, Code.BAD_REQUEST, '所选主题不存在，请重新选择');
    // a refused submission links none of its files, the caller's own included
    const linked = await t.db.selectFrom('files').select('id').where('owner_id', '=', u.id).where('application_id', 'is not', null).execute();
    expect(linked).toEqual([]);
  });
});

describe('the submission window', () => {
  it('refuses first submissions of programme entries unless the phase is open; membership is always open', async () => {
    const { u, f } = await applicant();
    const entries: Array<[string, unknown]> = [
      [apiPaths.submit, rankUserForm(f.photo, f.video)],
      [apiPaths.applyPerson, personForm(f.photo)],
      [apiPaths.addWork, workForm(themes[0]!, [f.photo])],
      [apiPaths.applyCompany, companyForm(f.license)],
    ];
    try {
      for (const phase of ['not_open', 'reviewing', 'results', 'closed'] as const) {
        await setPhase(phase);
        for (const [path, form] of entries) await refused(path, form, u.token, Code.PROGRAMME_CLOSED, '当前不在申报时间内');
      }
      data(await post(t.app, apiPaths.memberApply, memberForm(f.photo), { token: u.token }));
    } finally {
      await setPhase(null);
    }
  });

  it('follows the dates: once closes_at has passed the window is shut, before opens_at it is not yet open', async () => {
    const { u, f } = await applicant();
    const p = await t.db.selectFrom('programmes').select(['opens_at', 'closes_at']).executeTakeFirstOrThrow();
    const at = (ms: number) => new Date(ms).toISOString();
    try {
      await t.db.updateTable('programmes').set({ closes_at: at(t.clock.now() - 1000) }).execute();
      await refused(apiPaths.applyPerson, personForm(f.photo), u.token, Code.PROGRAMME_CLOSED, '当前不在申报时间内');
      await t.db.updateTable('programmes').set({ closes_at: p.closes_at, opens_at: at(t.clock.now() + 1000) }).execute();
      await refused(apiPaths.applyPerson, personForm(f.photo), u.token, Code.PROGRAMME_CLOSED, '当前不在申报时间内');
      // the moment it opens, by the server's clock
      t.clock.advance(1000);
      data(await post(t.app, apiPaths.applyPerson, personForm(f.photo), { token: u.token }));
    } finally {
      await t.db.updateTable('programmes').set({ opens_at: p.opens_at, closes_at: p.closes_at }).execute();
    }
  });

  it('lets a returned entry be resubmitted during review, but not once results are out', async () => {
    const { u, f } = await applicant();
    const form = personForm(f.photo);
    const s = data(await post<SubmitResponse>(t.app, apiPaths.applyPerson, form, { token: u.token }));
    const v = await reviewTo(t.db, t.clock.now, s.id, 'returned', { reason: '补充材料' });
    try {
      await setPhase('results');
      await refused(apiPaths.updateApplyPerson, { ...form, id: s.id, version: v }, u.token, Code.PROGRAMME_CLOSED);
      await setPhase('reviewing');
      data(await post(t.app, apiPaths.updateApplyPerson, { ...form, id: s.id, version: v }, { token: u.token }));
    } finally {
      await setPhase(null);
    }
  });
});
