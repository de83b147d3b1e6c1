/**
 * An approve or reject rests on completed reviews: by default at least one, per kind as 评选设置
 * says. Fewer are refused (REVIEWS_TOO_FEW) unless the admin states why the decision is made
 * without them, and that reason is audited with the counts. Returning for changes needs none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, Code, type ConsoleProgramme, reviewLimits } from '@qgw/contracts';
import { data, get, post } from './support/api.js';
import { assign, createWorld, type ReviewWorld, setRubric, submittedPerson, versionOf } from './support/console-review.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let w: ReviewWorld;
let criteria: string[];

beforeAll(async () => {
  t = await createTestApp();
  // the shipped default, not the staging suites' none
  w = await createWorld(t, { minReviews: reviewLimits.minReviews.default });
  criteria = await setRubric(t.app, w.admin.token, 'person');
});
afterAll(async () => {
  await t.close();
});

const stage = async (id: string, decision: string, extra: Record<string, unknown> = {}) =>
  post(t.app, apiPaths.consoleDecisionStage, { applicationId: id, decision, reason: '理由写清楚', version: await versionOf(t.app, w.admin.token, id), ...extra }, { token: w.admin.token });
const staged = (id: string) => t.db.selectFrom('staged_decisions').selectAll().where('application_id', '=', id).executeTakeFirst();
const stagings = (id: string) => t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', id).where('action', '=', 'decision.stage').execute();
const programme = async () => data(await get<ConsoleProgramme>(t.app, apiPaths.consoleProgramme, {}, { token: w.admin.token }));
const setMin = (minReviews: unknown) => post<ConsoleProgramme>(t.app, apiPaths.consoleProgramme, { minReviews }, { token: w.admin.token });
const review = (token: string, applicationId: string) =>
  post(t.app, apiPaths.consoleReview, { applicationId, scores: { [criteria[0]!]: 8, [criteria[1]!]: 7, [criteria[2]!]: 4 }, recommendation: 'approve' }, { token });

describe('the minimum of completed reviews', () => {
  it('is one for every kind unless 评选设置 says otherwise', async () => {
    expect((await programme()).minReviews).toEqual({ rank_user: 1, membership: 1, person: 1, work: 1, company: 1 });
  });

  it('refuses an approve or a reject with too few reviews, saying how many; nothing is staged or audited', async () => {
    const p = await submittedPerson(t);
    for (const decision of ['approve', 'reject']) {
      const res = await stage(p.id, decision);
      expect(res.body).toEqual({
        success: false,
        code: Code.REVIEWS_TOO_FEW,
        message: '该申报已完成评审 0 份，少于要求的 1 份；如确需直接作出结论，请填写理由',
      });
    }
    expect(await staged(p.id)).toBeUndefined();
    expect(await stagings(p.id)).toEqual([]);
  });

  it('a return for changes needs no reviews', async () => {
    const p = await submittedPerson(t);
    expect((await stage(p.id, 'return')).body).toMatchObject({ success: true });
    expect((await staged(p.id))?.decision).toBe('return');
  });

  it('with a stated reason the decision is staged, and the audit keeps the reason and the counts', async () => {
    const p = await submittedPerson(t);
    const res = await stage(p.id, 'approve', { override: '申报人为上届获奖者，本届直接认定' });
    expect(res.body).toMatchObject({ success: true });
    const [entry] = await stagings(p.id);
    expect(JSON.parse(entry!.after_json!)).toMatchObject({
      decision: 'approve', reviewsDone: 0, reviewsRequired: 1, override: '申报人为上届获奖者，本届直接认定',
    });
  });

  it('a reason too short or too long is refused as bad input', async () => {
    const p = await submittedPerson(t);
    for (const override of ['', '短', 'x'.repeat(reviewLimits.overrideReason.max + 1)]) {
      expect((await stage(p.id, 'approve', { override })).body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
    expect(await staged(p.id)).toBeUndefined();
  });

  it('once the reviews are in, no reason is needed; a raised minimum counts again, and the audit says so', async () => {
    const p = await submittedPerson(t);
    await assign(t.app, w.admin.token, [p.id], [w.reviewer.id, w.reviewer2.id]);
    expect((await review(w.reviewer.token, p.id)).body).toMatchObject({ success: true });
    expect((await stage(p.id, 'approve')).body).toMatchObject({ success: true });

    expect((await setMin({ person: 2 })).body).toMatchObject({ success: true });
    expect((await programme()).minReviews).toEqual({ rank_user: 1, membership: 1, person: 2, work: 1, company: 1 });
    const update = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'programme.update').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(update.before_json!).minReviews.person).toBe(1);
    expect(JSON.parse(update.after_json!).minReviews.person).toBe(2);
    try {
      expect((await stage(p.id, 'reject')).body).toMatchObject({ success: false, code: Code.REVIEWS_TOO_FEW, message: expect.stringContaining('已完成评审 1 份，少于要求的 2 份') });
      expect((await review(w.reviewer2.token, p.id)).body).toMatchObject({ success: true });
      expect((await stage(p.id, 'reject')).body).toMatchObject({ success: true });
    } finally {
      await setMin({ person: 1 });
    }
  });

  it('settings refuse a negative, fractional or too large minimum and an unknown kind, changing nothing', async () => {
    const before = await programme();
    for (const bad of [{ person: -1 }, { person: 1.5 }, { person: reviewLimits.minReviews.max + 1 }, { nobody: 1 }, { person: '2' }]) {
      expect((await setMin(bad)).body, JSON.stringify(bad)).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
    expect((await programme()).minReviews).toEqual(before.minReviews);
  });

  it('only an admin past the second factor changes it', async () => {
    for (const token of [w.reviewer.token, undefined]) {
      const res = await post(t.app, apiPaths.consoleProgramme, { minReviews: { person: 0 } }, token ? { token } : {});
      expect(res.body.success).toBe(false);
    }
    expect((await programme()).minReviews.person).toBe(1);
  });
});
