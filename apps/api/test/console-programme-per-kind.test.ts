/**
 * 评选设置 per kind besides the minimum of reviews: how many reviewers each application should have
 * (coverage warnings) and how many places a kind awards (the ranking's cut line). Defaults from the
 * contract, bounds enforced, only the kinds given change, and every change is audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, Code, type ConsoleProgramme, reviewLimits } from '@qgw/contracts';
import { data, get, newUser, post } from './support/api.js';
import { createWorld, type ReviewWorld } from './support/console-review.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let w: ReviewWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(async () => {
  await t.close();
});

const programme = async (token = w.admin.token) => data(await get<ConsoleProgramme>(t.app, apiPaths.consoleProgramme, {}, { token }));
const update = (body: unknown, token = w.admin.token) => post<ConsoleProgramme>(t.app, apiPaths.consoleProgramme, body, { token });
const every = (n: number) => ({ rank_user: n, membership: n, person: n, work: n, company: n });

describe('reviewers per application and quota, per kind', () => {
  it('start at the contract defaults', async () => {
    const p = await programme();
    expect(p.targetReviewers).toEqual(every(reviewLimits.targetReviewers.default));
    expect(p.quota).toEqual(every(reviewLimits.quota.default));
  });

  it('change only the kinds given, and the audit keeps before and after', async () => {
    const res = await update({ targetReviewers: { work: 3 }, quota: { company: 10, person: 5 } });
    expect(res.body).toMatchObject({ success: true });
    const p = await programme();
    expect(p.targetReviewers).toEqual({ ...every(2), work: 3 });
    expect(p.quota).toEqual({ ...every(0), company: 10, person: 5 });
    const entries = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'programme.update').execute();
    const entry = entries.find((e) => JSON.parse(e.after_json!).quota?.company === 10)!;
    expect(entry.actor_id).toBe(w.admin.id);
    expect(JSON.parse(entry.before_json!)).toMatchObject({ targetReviewers: { work: 2 }, quota: { company: 0 } });
    expect(JSON.parse(entry.after_json!)).toMatchObject({ targetReviewers: { work: 3 }, quota: { company: 10, person: 5 } });
  });

  it('refuse out-of-range, fractional and unknown values with a Chinese message, changing nothing', async () => {
    const before = await programme();
    for (const bad of [
      { targetReviewers: { work: 0 } },
      { targetReviewers: { work: reviewLimits.targetReviewers.max + 1 } },
      { quota: { person: -1 } },
      { quota: { person: 2.5 } },
      { quota: { person: reviewLimits.quota.max + 1 } },
      { quota: { nobody: 1 } },
    ]) {
      const res = await update(bad);
      expect(res.body, JSON.stringify(bad)).toMatchObject({ success: false, code: Code.BAD_REQUEST });
      expect((res.body as { message: string }).message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await programme()).toEqual(before);
  });

  it('are an admin’s: no token, a reviewer and an applicant are refused', async () => {
    const before = await programme();
    for (const res of [
      await post(t.app, apiPaths.consoleProgramme, { quota: { work: 1 } }),
      await update({ quota: { work: 1 } }, w.reviewer.token),
      await update({ quota: { work: 1 } }, (await newUser(t.app)).token),
    ]) {
      expect(res.body).toMatchObject({ success: false });
    }
    expect((await programme()).quota).toEqual(before.quota);
  });
});
