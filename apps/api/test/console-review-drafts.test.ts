/**
 * The reviewer's desk: a score sheet's draft is saved as the reviewer types and read back on any
 * device, by its author only, only while the application is assigned to them and under review; it
 * goes when the review is submitted, the assignment is removed, a conflict is declared, or the
 * author's account is erased. And the reviewer's own assignment list: stable order, progress
 * counts, titles that stay blind in blind review.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountClosingPolicy, apiPaths, Code, type ConsoleMyAssignmentsResponse, type ConsoleReviewDraftResponse,
  type ConsoleReviewDraftSaveResponse, reviewLimits,
} from '@qgw/contracts';
import { data, get, newUser, post } from './support/api.js';
import { newConsoleUser } from './support/console.js';
import { assign, createWorld, type ReviewWorld, setRubric, submittedPerson } from './support/console-review.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let w: ReviewWorld;
/** person rubric: 创新性 /10, 影响力 /10, 完整性 /5 */
let crit: string[];

const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  crit = await setRubric(t.app, w.admin.token, 'person');
});
afterAll(async () => {
  await t.close();
});

const save = (token: string | undefined, body: Record<string, unknown>) =>
  post<ConsoleReviewDraftSaveResponse>(t.app, apiPaths.consoleReviewDraftSave, body, token === undefined ? {} : { token });
const read = (token: string | undefined, applicationId: string) =>
  get<ConsoleReviewDraftResponse>(t.app, apiPaths.consoleReviewDraft, { applicationId }, token === undefined ? {} : { token });
const mine = async (token: string) => data(await get<ConsoleMyAssignmentsResponse>(t.app, apiPaths.consoleMyAssignments, {}, { token }));
const draftRows = async () => Number((await t.db.selectFrom('review_drafts').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);
const fullReview = (applicationId: string) => ({
  applicationId,
  scores: { [crit[0]!]: 8, [crit[1]!]: 7, [crit[2]!]: 4 },
  recommendation: 'approve',
  commentToApplicant: '材料完整',
});

/** A submitted person entry assigned to the world's reviewer. */
async function assignedPerson(reviewers = [w.reviewer.id]) {
  const p = await submittedPerson(t);
  await assign(t.app, w.admin.token, [p.id], reviewers);
  return p;
}

describe('a review draft', () => {
  it('is saved partially, read back by its author, and replaced by the next save', async () => {
    const p = await assignedPerson();
    expect(data(await read(w.reviewer.token, p.id))).toEqual({ draft: null });

    const first = data(await save(w.reviewer.token, { applicationId: p.id, scores: { [crit[0]!]: 8 }, commentToApplicant: '  思路新颖  ' }));
    expect(Date.parse(first.savedAt)).not.toBeNaN();
    expect(data(await read(w.reviewer.token, p.id))).toEqual({
      draft: { applicationId: p.id, scores: { [crit[0]!]: 8 }, recommendation: null, commentToApplicant: '思路新颖', privateNote: '', savedAt: first.savedAt },
    });

    t.clock.advance(2_000);
    const second = data(
      await save(w.reviewer.token, { applicationId: p.id, scores: { [crit[2]!]: 4.5, [crit[0]!]: 7 }, recommendation: 'return', privateNote: '再看视频' }),
    );
    const { draft } = data(await read(w.reviewer.token, p.id));
    expect(draft).toEqual({
      applicationId: p.id,
      scores: { [crit[0]!]: 7, [crit[2]!]: 4.5 },
      recommendation: 'return',
      commentToApplicant: '',
      privateNote: '再看视频',
      savedAt: second.savedAt,
    });
    expect(second.savedAt > first.savedAt).toBe(true);
    // an empty sheet is a draft too (everything cleared)
    data(await save(w.reviewer.token, { applicationId: p.id }));
    expect(data(await read(w.reviewer.token, p.id)).draft).toMatchObject({ scores: {}, recommendation: null, commentToApplicant: '', privateNote: '' });
  });

  it('is its author’s only: another reviewer, even assigned, and an admin read none of it', async () => {
    const p = await assignedPerson([w.reviewer.id, w.reviewer2.id]);
    data(await save(w.reviewer.token, { applicationId: p.id, scores: { [crit[0]!]: 9 }, privateNote: '仅本人可见' }));
    expect(data(await read(w.reviewer2.token, p.id))).toEqual({ draft: null });
    data(await save(w.reviewer2.token, { applicationId: p.id, scores: { [crit[0]!]: 3 } }));
    expect(data(await read(w.reviewer.token, p.id)).draft?.scores).toEqual({ [crit[0]!]: 9 });
    expect(data(await read(w.reviewer2.token, p.id)).draft?.scores).toEqual({ [crit[0]!]: 3 });

    // an admin is not assigned: refused like any reviewer who is not (and the detail shows no draft)
    for (const a of [await read(w.admin.token, p.id), await save(w.admin.token, { applicationId: p.id })]) {
      expect(a.status).toBe(403);
      expect(a.body).toMatchObject({ success: false, code: Code.NOT_ASSIGNED });
    }
    const detail = JSON.stringify(data(await get(t.app, apiPaths.consoleApplication, { id: p.id }, { token: w.admin.token })));
    expect(detail).not.toContain('仅本人可见');
  });

  it('is refused to a reviewer it is not assigned to, and to callers outside the console', async () => {
    const p = await assignedPerson();
    const before = await draftRows();
    for (const a of [await read(w.reviewer2.token, p.id), await save(w.reviewer2.token, { applicationId: p.id, scores: { [crit[0]!]: 1 } })]) {
      expect(a.status).toBe(403);
      expect(a.body).toMatchObject({ success: false, code: Code.NOT_ASSIGNED });
    }
    // an id that names nothing answers the same (ids reveal nothing)
    expect((await read(w.reviewer.token, 'no-such-application')).body).toMatchObject({ success: false, code: Code.NOT_ASSIGNED });

    const applicant = await newUser(t.app);
    for (const token of [undefined, applicant.token, p.applicant.token]) {
      for (const a of [
        await read(token, p.id),
        await save(token, { applicationId: p.id }),
        await get(t.app, apiPaths.consoleMyAssignments, {}, token === undefined ? {} : { token }),
      ]) {
        expect(a.status).toBe(token === undefined ? 401 : 403);
        expect(a.body).toMatchObject({ success: false, code: token === undefined ? Code.UNAUTHORIZED : Code.FORBIDDEN });
      }
    }
    // a reviewer whose session has not passed the second factor
    const fresh = await newConsoleUser(t.app, t.db, t.clock, ['reviewer']);
    const { token: unverified } = data(await post<{ token: string }>(t.app, apiPaths.login, { mobile: fresh.mobile, password: fresh.password }));
    expect((await get(t.app, apiPaths.consoleMyAssignments, {}, { token: unverified })).body).toMatchObject({ success: false, code: Code.CONSOLE_MFA_REQUIRED });
    expect(await draftRows()).toBe(before);
  });

  it('refuses bad input (schema and rubric) and writes nothing', async () => {
    const p = await assignedPerson();
    const before = await draftRows();
    const badRequest = [
      {},
      { applicationId: '' },
      { applicationId: 'a b' },
      { applicationId: 'x'.repeat(65) },
      { applicationId: p.id, scores: { [crit[0]!]: '8' } },
      { applicationId: p.id, scores: [8] },
      { applicationId: p.id, scores: { ['k'.repeat(65)]: 1 } },
      { applicationId: p.id, scores: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`c${i}`, 1])) },
      { applicationId: p.id, recommendation: 'maybe' },
      { applicationId: p.id, commentToApplicant: 'x'.repeat(reviewLimits.comment.max + 1) },
      { applicationId: p.id, privateNote: 'x'.repeat(reviewLimits.note.max + 1) },
      { applicationId: p.id, privateNote: 'bad\u0000text' },
      { applicationId: p.id, commentToApplicant: 42 },
    ];
    for (const body of badRequest) {
      const a = await save(w.reviewer.token, body);
      expect(a.body, JSON.stringify(body).slice(0, 80)).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
    const badScores = [
      { scores: { unknown: 5 } },
      { scores: { [crit[0]!]: 11 } },
      { scores: { [crit[2]!]: 6 } },
      { scores: { [crit[0]!]: -1 } },
      { scores: { [crit[0]!]: 7.3 } },
    ];
    for (const extra of badScores) {
      const a = await save(w.reviewer.token, { applicationId: p.id, ...extra });
      expect(a.body, JSON.stringify(extra)).toMatchObject({ success: false, code: Code.SCORES_INVALID });
    }
    expect((await read(w.reviewer.token, 'bad id!')).body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    expect(await draftRows()).toBe(before);
  });

  it('goes when the review is submitted; a later edit starts a new draft', async () => {
    const p = await assignedPerson();
    data(await save(w.reviewer.token, { applicationId: p.id, scores: { [crit[0]!]: 8 } }));
    data(await post(t.app, apiPaths.consoleReview, fullReview(p.id), { token: w.reviewer.token }));
    expect(data(await read(w.reviewer.token, p.id))).toEqual({ draft: null });
    expect(await t.db.selectFrom('review_drafts').select('reviewer_id').where('application_id', '=', p.id).execute()).toEqual([]);
    // changing a submitted review: its draft until sent again
    data(await save(w.reviewer.token, { applicationId: p.id, scores: { [crit[0]!]: 9 } }));
    expect(data(await read(w.reviewer.token, p.id)).draft?.scores).toEqual({ [crit[0]!]: 9 });
  });

  it('goes with an unassignment and a declared conflict, and is refused afterwards', async () => {
    const p = await assignedPerson([w.reviewer.id, w.reviewer2.id]);
    data(await save(w.reviewer.token, { applicationId: p.id, scores: { [crit[0]!]: 8 } }));
    data(await save(w.reviewer2.token, { applicationId: p.id, scores: { [crit[0]!]: 6 } }));

    data(await post(t.app, apiPaths.consoleUnassign, { applicationId: p.id, reviewerId: w.reviewer.id }, { token: w.admin.token }));
    const drafts = await t.db.selectFrom('review_drafts').select('reviewer_id').where('application_id', '=', p.id).execute();
    expect(drafts.map((d) => d.reviewer_id)).toEqual([w.reviewer2.id]);
    expect((await save(w.reviewer.token, { applicationId: p.id })).body).toMatchObject({ success: false, code: Code.NOT_ASSIGNED });
    // assigned again: the old draft does not come back
    await assign(t.app, w.admin.token, [p.id], [w.reviewer.id]);
    expect(data(await read(w.reviewer.token, p.id))).toEqual({ draft: null });

    data(await post(t.app, apiPaths.consoleConflict, { applicationId: p.id, reason: '曾为其导师' }, { token: w.reviewer2.token }));
    expect(await t.db.selectFrom('review_drafts').select('reviewer_id').where('application_id', '=', p.id).execute()).toEqual([]);
    for (const a of [await save(w.reviewer2.token, { applicationId: p.id }), await read(w.reviewer2.token, p.id)]) {
      expect(a.body).toMatchObject({ success: false, code: Code.NOT_ASSIGNED });
    }
  });

  it('is neither saved nor answered once the application has left the reviewers', async () => {
    const p = await assignedPerson();
    data(await save(w.reviewer.token, { applicationId: p.id, scores: { [crit[0]!]: 8 } }));
    data(await post(t.app, apiPaths.withdrawApplication, { id: p.id, reason: '不再参评' }, { token: p.applicant.token }));
    expect(data(await read(w.reviewer.token, p.id))).toEqual({ draft: null });
    expect((await save(w.reviewer.token, { applicationId: p.id, scores: { [crit[0]!]: 9 } })).body).toMatchObject({
      success: false,
      code: Code.APPLICATION_STATE,
    });
  });
});

describe('my assignments', () => {
  it('lists the caller’s open assignments in the order assigned, with progress; blind titles stay blind', async () => {
    const r = await newConsoleUser(t.app, t.db, t.clock, ['reviewer']);
    expect(await mine(r.token)).toEqual({ items: [], done: 0, total: 0 });
    const a = await submittedPerson(t);
    const b = await submittedPerson(t);
    const c = await submittedPerson(t);
    // assigned c, a, b: the list keeps that order whatever the ids or later changes say
    for (const p of [c, a, b]) {
      await assign(t.app, w.admin.token, [p.id], [r.id]);
      t.clock.advance(1_000);
    }
    const order = [c.id, a.id, b.id];
    let list = await mine(r.token);
    expect(list.items.map((i) => i.applicationId)).toEqual(order);
    expect(list).toMatchObject({ done: 0, total: 3 });
    expect(list.items[0]).toEqual({ applicationId: c.id, kind: 'person', title: expect.any(String), reviewed: false, needsRescore: false, hasDraft: false });

    data(await post(t.app, apiPaths.consoleReview, fullReview(a.id), { token: r.token }));
    data(await save(r.token, { applicationId: b.id, scores: { [crit[0]!]: 5 } }));
    list = await mine(r.token);
    expect(list.items.map((i) => [i.applicationId, i.reviewed, i.hasDraft])).toEqual([
      [c.id, false, false],
      [a.id, true, false],
      [b.id, false, true],
    ]);
    expect(list).toMatchObject({ done: 1, total: 3 });
    // someone else's work does not count
    expect((await mine(w.reviewer2.token)).items.map((i) => i.applicationId)).not.toContain(a.id);

    // blind review: person titles are a neutral label, never the applicant's name
    data(await post(t.app, apiPaths.consoleProgramme, { blindReview: true }, { token: w.admin.token }));
    try {
      const blind = await mine(r.token);
      for (const [i, item] of blind.items.entries()) {
        const name = [c, a, b][i]!.form.name;
        expect(item.title).not.toContain(name);
        expect(item.title).toBe(`2024 个人申报 ${item.applicationId.slice(0, 8).toUpperCase()}`);
      }
    } finally {
      data(await post(t.app, apiPaths.consoleProgramme, { blindReview: false }, { token: w.admin.token }));
    }

    // an application that leaves the reviewers leaves the list and the counts
    data(await post(t.app, apiPaths.withdrawApplication, { id: c.id, reason: '不再参评' }, { token: c.applicant.token }));
    list = await mine(r.token);
    expect(list.items.map((i) => i.applicationId)).toEqual([a.id, b.id]);
    expect(list).toMatchObject({ done: 1, total: 2 });
  });

  it('an admin with no assignments gets an empty list', async () => {
    expect(await mine(w.admin.token)).toEqual({ items: [], done: 0, total: 0 });
  });
});

describe('erasure', () => {
  // last in the file: the clock moves past the grace period
  it('an erased reviewer’s drafts go, and so do drafts about an erased applicant’s applications', async () => {
    const leaving = await newConsoleUser(t.app, t.db, t.clock, ['reviewer']);
    const p = await submittedPerson(t);
    const q = await submittedPerson(t);
    await assign(t.app, w.admin.token, [p.id], [leaving.id, w.reviewer.id]);
    await assign(t.app, w.admin.token, [q.id], [w.reviewer.id]);
    data(await save(leaving.token, { applicationId: p.id, privateNote: '半句话' }));
    data(await save(w.reviewer.token, { applicationId: p.id, privateNote: '另一位的' }));
    data(await save(w.reviewer.token, { applicationId: q.id, commentToApplicant: '提到了申报人的名字' }));

    data(await post(t.app, apiPaths.closeAccount, { password: leaving.password }, { token: leaving.token }));
    data(await post(t.app, apiPaths.closeAccount, { password: q.applicant.password }, { token: q.applicant.token }));
    // closing alone erases nothing: the grace period may still reopen the account
    expect(await t.db.selectFrom('review_drafts').select('reviewer_id').where('reviewer_id', '=', leaving.id).execute()).toHaveLength(1);
    t.clock.advance(accountClosingPolicy.graceDays * DAY_MS + 60_000);
    expect(await t.services.accountRights.eraseDue()).toBe(2);
    const left = await t.db.selectFrom('review_drafts').select(['application_id', 'reviewer_id']).where('application_id', 'in', [p.id, q.id]).execute();
    expect(left).toEqual([{ application_id: p.id, reviewer_id: w.reviewer.id }]);
  });
});
