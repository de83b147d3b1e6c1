/**
 * The ranking (排名): candidates of a kind by the mean of their weighted totals, ties sharing a rank,
 * the kind's quota drawing the cut line (and saying when a tie straddles it), per theme for works,
 * too few reviews flagged; 拟定入选 stages each row through the single staging rules. Admins only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths, Code, type ConsoleRankingResponse, type ConsoleRankingStageResponse, type SubmitResponse,
} from '@qgw/contracts';
import { data, get, newUser, post } from './support/api.js';
import { themeIds, uploadImage, workForm } from './support/applications.js';
import { assign, createWorld, type ReviewWorld, setRubric, submittedPerson, versionOf } from './support/console-review.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let w: ReviewWorld;
let personRubric: string[];
let workRubric: string[];
/** person entries by their planned totals */
const person: Record<string, string> = {};
const work: Record<string, string> = {};
let themes: string[];

/** Scores giving a weighted total of `total` (a multiple of 10) with the suites' rubric. */
const scoresFor = (rubric: string[], total: number) => {
  const f = total / 100;
  return { [rubric[0]!]: 10 * f, [rubric[1]!]: 10 * f, [rubric[2]!]: 5 * f };
};

async function reviewed(id: string, rubric: string[], totals: number[]) {
  const reviewers = [w.reviewer, w.reviewer2].slice(0, totals.length);
  if (reviewers.length > 0) await assign(t.app, w.admin.token, [id], reviewers.map((r) => r.id));
  for (const [i, total] of totals.entries()) {
    data(await post(t.app, apiPaths.consoleReview, { applicationId: id, scores: scoresFor(rubric, total), recommendation: 'approve' }, { token: reviewers[i]!.token }));
  }
}

async function submittedWork(themeId: string): Promise<string> {
  const u = await newUser(t.app);
  const photo = await uploadImage(t.app, u.token, 'work');
  return data(await post<SubmitResponse>(t.app, apiPaths.addWork, workForm(themeId, [photo]), { token: u.token })).id;
}

const ranking = (query: Record<string, string>, token = w.admin.token) => get<ConsoleRankingResponse>(t.app, apiPaths.consoleRanking, query, { token });
const setQuota = async (kind: string, n: number) => data(await post(t.app, apiPaths.consoleProgramme, { quota: { [kind]: n } }, { token: w.admin.token }));
const stageFrom = (body: Record<string, unknown>, token = w.admin.token) => post<ConsoleRankingStageResponse>(t.app, apiPaths.consoleRankingStage, body, { token });

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t, { minReviews: 2 });
  personRubric = await setRubric(t.app, w.admin.token, 'person');
  workRubric = await setRubric(t.app, w.admin.token, 'work');
  // planned means: g 100 (one review), a 90, b 75, c 75 (wider spread), d 70, e 60 (one review), f none
  const plan: Array<[string, number[]]> = [['g', [100]], ['a', [90, 90]], ['b', [80, 70]], ['c', [90, 60]], ['d', [70, 70]], ['e', [60]], ['f', []]];
  for (const [key, totals] of plan) {
    person[key] = (await submittedPerson(t)).id;
    await reviewed(person[key]!, personRubric, totals);
  }
  themes = await themeIds(t.app);
  work.w1 = await submittedWork(themes[0]!);
  work.w2 = await submittedWork(themes[0]!);
  work.w3 = await submittedWork(themes[1]!);
  await reviewed(work.w1, workRubric, [80, 80]);
  await reviewed(work.w2, workRubric, [70, 70]);
  await reviewed(work.w3, workRubric, [90, 90]);
});
afterAll(async () => {
  await t.close();
});

const byId = (r: ConsoleRankingResponse) => new Map(r.rows.map((row) => [row.applicationId, row]));

describe('the ranking of a kind', () => {
  it('orders by mean total; ties share a rank; the unreviewed come last without one; statistics per row', async () => {
    await setQuota('person', 0);
    const r = data(await ranking({ kind: 'person' }));
    expect(r.rows.map((row) => row.applicationId)).toEqual([person.g, person.a, person.b, person.c, person.d, person.e, person.f]);
    expect(r.rows.map((row) => row.rank)).toEqual([1, 2, 3, 3, 5, 6, null]);
    expect(r.rows.map((row) => row.tied)).toEqual([false, false, true, true, false, false, false]);
    const rows = byId(r);
    expect(rows.get(person.c!)).toMatchObject({ mean: 75, reviewCount: 2, min: 60, max: 90, spread: 30, stdDev: 15, belowMinimum: false, placement: null });
    expect(rows.get(person.b!)).toMatchObject({ mean: 75, spread: 10, stdDev: 5 });
    expect(rows.get(person.f!)).toMatchObject({ mean: null, reviewCount: 0, spread: null, stdDev: null, rank: null });
    expect(r.cutLine).toBeNull();
    expect(r).toMatchObject({ kind: 'person', themeId: null, quota: 0, minReviews: 2, programme: { phase: 'open' } });
  });

  it('flags candidates with fewer reviews than the kind’s minimum, and masks the mobile', async () => {
    const rows = byId(data(await ranking({ kind: 'person' })));
    expect([person.g, person.e, person.f].map((id) => rows.get(id!)!.belowMinimum)).toEqual([true, true, true]);
    expect(rows.get(person.a!)!.belowMinimum).toBe(false);
    for (const row of rows.values()) expect(row.mobileMasked).toMatch(/^1\d{2}\*{4}\d{4}$/);
  });

  it('draws the cut line after the quota’s place', async () => {
    await setQuota('person', 4);
    const r = data(await ranking({ kind: 'person' }));
    expect(r.cutLine).toEqual({ places: 4, above: 4, tie: null });
    expect(r.rows.map((row) => row.placement)).toEqual(['above', 'above', 'above', 'above', 'below', 'below', null]);
  });

  it('says so when a tie straddles the line: two share the third place with one place left', async () => {
    await setQuota('person', 3);
    const r = data(await ranking({ kind: 'person' }));
    expect(r.cutLine).toEqual({ places: 3, above: 2, tie: { rank: 3, count: 2, placesLeft: 1 } });
    expect(r.rows.map((row) => row.placement)).toEqual(['above', 'above', 'tie', 'tie', 'below', 'below', null]);
  });

  it('works: per theme, or across every theme; a theme’s own ranking draws no line (the quota is the kind’s)', async () => {
    await setQuota('work', 1);
    const all = data(await ranking({ kind: 'work' }));
    expect(all.rows.map((row) => [row.applicationId, row.rank])).toEqual([[work.w3, 1], [work.w1, 2], [work.w2, 3]]);
    expect(all.cutLine).toEqual({ places: 1, above: 1, tie: null });
    const first = data(await ranking({ kind: 'work', themeId: themes[0]! }));
    expect(first.rows.map((row) => [row.applicationId, row.rank])).toEqual([[work.w1, 1], [work.w2, 2]]);
    expect(first.rows[0]!.themeId).toBe(themes[0]);
    expect(first.rows[0]!.themeName).toBeTruthy();
    expect(first).toMatchObject({ themeId: themes[0], cutLine: null });
    expect(first.rows.every((row) => row.placement === null)).toBe(true);
  });
});

describe('拟定入选', () => {
  it('stages each row through the staging rules: too few reviews refused with the counts, the rest staged and audited', async () => {
    await setQuota('person', 4);
    const r = data(await ranking({ kind: 'person' }));
    const above = r.rows.filter((row) => row.placement === 'above').map((row) => ({ applicationId: row.applicationId, version: row.version }));
    const below = r.rows.filter((row) => row.placement === 'below').map((row) => ({ applicationId: row.applicationId, version: row.version }));
    const res = data(await stageFrom({ kind: 'person', approve: above, reject: below, rejectReason: '未进入本次入选名单', expectedCount: above.length + below.length }));
    const outcome = new Map(res.results.map((x) => [x.applicationId, x]));
    expect(outcome.get(person.g!)).toMatchObject({ decision: 'approve', outcome: 'refused', reason: expect.stringContaining('少于要求的 2 份') });
    expect(outcome.get(person.e!)).toMatchObject({ decision: 'reject', outcome: 'refused' });
    for (const id of [person.a, person.b, person.c]) expect(outcome.get(id!)).toMatchObject({ decision: 'approve', outcome: 'staged', reason: null });
    expect(outcome.get(person.d!)).toMatchObject({ decision: 'reject', outcome: 'staged' });
    const staged = await t.db.selectFrom('staged_decisions').select(['application_id', 'decision', 'reason']).where('application_id', 'in', Object.values(person)).execute();
    expect(new Map(staged.map((s) => [s.application_id, s.decision]))).toEqual(
      new Map([[person.a, 'approve'], [person.b, 'approve'], [person.c, 'approve'], [person.d, 'reject']]),
    );
    expect(staged.find((s) => s.application_id === person.d)?.reason).toBe('未进入本次入选名单');
    const audits = await t.db.selectFrom('audit_log').select('entity_id').where('action', '=', 'decision.stage').where('entity_id', 'in', Object.values(person)).execute();
    expect(audits).toHaveLength(4);
    // the ranking now shows what is staged
    expect(byId(data(await ranking({ kind: 'person' }))).get(person.a!)!.staged).toEqual({ decision: 'approve', reason: '' });
  });

  it('refuses a row that no longer stands where the admin saw it, and a stale version', async () => {
    await setQuota('person', 3);
    const res = data(
      await stageFrom({
        kind: 'person',
        approve: [
          { applicationId: person.b!, version: await versionOf(t.app, w.admin.token, person.b!) },
          { applicationId: person.a!, version: 0 },
        ],
        expectedCount: 2,
      }),
    );
    expect(res.results).toEqual([
      { applicationId: person.b, decision: 'approve', outcome: 'refused', reason: expect.stringContaining('不在入选线以上') },
      { applicationId: person.a, decision: 'approve', outcome: 'refused', reason: expect.stringContaining('请刷新') },
    ]);
  });

  it('refuses bad input: counts that differ from the confirmation, a reject without a reason, an empty list', async () => {
    const one = [{ applicationId: person.a!, version: 1 }];
    for (const body of [
      { kind: 'person', approve: one, expectedCount: 2 },
      { kind: 'person', approve: [], reject: one, expectedCount: 1 },
      { kind: 'person', approve: [], expectedCount: 1 },
      { kind: 'membership', approve: one, expectedCount: 1 },
      { kind: 'person', themeId: themes[0], approve: one, expectedCount: 1 },
      { kind: 'person', approve: [{ applicationId: 'bad id!', version: 1 }], expectedCount: 1 },
    ]) {
      const res = await stageFrom(body);
      expect(res.body, JSON.stringify(body)).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
  });
});

describe('who may rank', () => {
  it('only admins: no token, an applicant and a reviewer are refused, and nothing is staged', async () => {
    const applicant = await newUser(t.app);
    const before = await t.db.selectFrom('staged_decisions').select('application_id').execute();
    expect((await get(t.app, apiPaths.consoleRanking, { kind: 'person' })).status).toBe(401);
    expect((await ranking({ kind: 'person' }, applicant.token)).body.success).toBe(false);
    expect((await ranking({ kind: 'person' }, w.reviewer.token)).status).toBe(403);
    const body = { kind: 'person', approve: [{ applicationId: person.a!, version: 1 }], expectedCount: 1 };
    expect((await post(t.app, apiPaths.consoleRankingStage, body)).status).toBe(401);
    expect((await stageFrom(body, applicant.token)).body.success).toBe(false);
    expect((await stageFrom(body, w.reviewer.token)).status).toBe(403);
    expect(await t.db.selectFrom('staged_decisions').select('application_id').execute()).toEqual(before);
  });

  it('refuses bad queries: no kind, a kind that awards no places, a theme for a kind without themes, a malformed theme', async () => {
    for (const q of [{}, { kind: 'membership' }, { kind: 'nobody' }, { kind: 'person', themeId: themes[0]! }, { kind: 'work', themeId: 'x y' }] as Record<string, string>[]) {
      expect((await ranking(q)).body, JSON.stringify(q)).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
  });
});
