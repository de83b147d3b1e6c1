/**
 * The console's 概览 (admins): figures of the current programme's round — submissions per Beijing
 * day, kind × status, regions, review progress and the distribution of mean totals — for a small
 * known world, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, Code, type ConsoleDashboardResponse, type SubmitResponse } from '@qgw/contracts';
import { data, get, newUser, post } from './support/api.js';
import { themeIds, uploadImage, workForm } from './support/applications.js';
import { assign, createWorld, type ReviewWorld, setRubric, submittedPerson, submittedRankUser } from './support/console-review.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let w: ReviewWorld;
const ids: Record<string, string> = {};

const DAY_MS = 86_400_000;
const beijingDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
/** The UTC calendar date before a Beijing day, YYYY-MM-DD. */
const utcDayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);

/** Scores giving a weighted total of `total` (a multiple of 10) with the suites' rubric. */
const scoresFor = (rubric: string[], total: number) => {
  const f = total / 100;
  return { [rubric[0]!]: 10 * f, [rubric[1]!]: 10 * f, [rubric[2]!]: 5 * f };
};

const dashboard = (query: Record<string, string> = {}, token = w.admin.token) =>
  get<ConsoleDashboardResponse>(t.app, apiPaths.consoleDashboard, query, { token });
const setSubmittedAt = (id: string, iso: string) => t.db.updateTable('applications').set({ submitted_at: iso }).where('id', '=', id).execute();

let today: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t, { minReviews: 1 });
  const rubric = await setRubric(t.app, w.admin.token, 'person');
  ids.p1 = (await submittedPerson(t)).id;
  ids.p2 = (await submittedPerson(t)).id;
  ids.p3 = (await submittedPerson(t, { region: '  上海市黄浦区 ' })).id;
  ids.r1 = (await submittedRankUser(t)).id;
  const u = await newUser(t.app);
  const photo = await uploadImage(t.app, u.token, 'work');
  ids.w1 = data(await post<SubmitResponse>(t.app, apiPaths.addWork, workForm((await themeIds(t.app))[0]!, [photo]), { token: u.token })).id;

  // p1: two reviewers, totals 90 and 80 (mean 85); p2: one reviewer, 60; p3, r1, w1: none
  await assign(t.app, w.admin.token, [ids.p1], [w.reviewer.id, w.reviewer2.id]);
  await assign(t.app, w.admin.token, [ids.p2], [w.reviewer.id]);
  const review = async (id: string, token: string, total: number) =>
    data(await post(t.app, apiPaths.consoleReview, { applicationId: id, scores: scoresFor(rubric, total), recommendation: 'approve' }, { token }));
  await review(ids.p1, w.reviewer.token, 90);
  await review(ids.p1, w.reviewer2.token, 80);
  await review(ids.p2, w.reviewer.token, 60);

  // the Beijing-day edge: 15:30 UTC is 23:30 the same Beijing day; 23:30 UTC is 07:30 the next one
  today = beijingDay(t.clock.now());
  const utcBefore = utcDayBefore(today);
  await setSubmittedAt(ids.p1, `${utcBefore}T15:30:00.000Z`);
  await setSubmittedAt(ids.p2, `${utcBefore}T23:30:00.000Z`);
});
afterAll(async () => {
  await t.close();
});

describe('the dashboard of the current round', () => {
  it('counts applications, reviews and those needing reviewers', async () => {
    const d = data(await dashboard());
    expect(d.today).toBe(today);
    expect(d.totals).toEqual({ applications: 5, submittedToday: 4, inReview: 5, reviews: 3, needingReviewers: 4, decided: 0 });
    const kinds = (kind: string) => d.byKindStatus.filter((c) => c.kind === kind).reduce((n, c) => n + c.count, 0);
    expect([kinds('person'), kinds('rank_user'), kinds('work'), kinds('company')]).toEqual([3, 1, 1, 0]);
    expect(d.byKindStatus.every((c) => c.status === 'submitted' || c.status === 'under_review')).toBe(true);
  });

  it('buckets submissions by Beijing day: 23:30 UTC belongs to the next day, 15:30 UTC to the same', async () => {
    const d = data(await dashboard());
    expect(d.submissionsPerDay).toHaveLength(30);
    expect(d.submissionsPerDay.at(-1)).toEqual({ day: today, count: 4 });
    expect(d.submissionsPerDay.at(-2)).toEqual({ day: beijingDay(Date.parse(`${today}T12:00:00+08:00`) - DAY_MS), count: 1 });
    expect(d.submissionsPerDay.slice(0, -2).every((x) => x.count === 0)).toBe(true);
    const week = data(await dashboard({ days: '7' }));
    expect(week.submissionsPerDay.map((x) => x.day)).toEqual(d.submissionsPerDay.slice(-7).map((x) => x.day));
  });

  it('charts regions as the personal forms store them, trimmed; works have none', async () => {
    const d = data(await dashboard());
    expect(d.regions).toEqual({ top: [{ region: '北京市东城区', count: 3 }, { region: '上海市黄浦区', count: 1 }], other: 0, unknown: 0 });
  });

  it('shows review progress per kind and the mean totals in 10-point bins', async () => {
    const d = data(await dashboard());
    const person = d.reviewProgress.find((p) => p.kind === 'person');
    expect(person).toEqual({ kind: 'person', inReview: 3, assigned: 2, reviewed: 2, needingReviewers: 2 });
    expect(d.reviewProgress.find((p) => p.kind === 'rank_user')).toEqual({ kind: 'rank_user', inReview: 1, assigned: 0, reviewed: 0, needingReviewers: 1 });
    const scores = d.scoreDistribution.find((s) => s.kind === 'person')!;
    expect(scores.scored).toBe(2);
    expect(scores.bins).toEqual([0, 0, 0, 0, 0, 0, 1, 0, 1, 0]);
    expect(d.scoreDistribution.find((s) => s.kind === 'work')).toEqual({ kind: 'work', bins: Array(10).fill(0), scored: 0 });
  });
});

describe('who may see it', () => {
  it('only admins: no token, an applicant and a reviewer are refused', async () => {
    const applicant = await newUser(t.app);
    expect((await get(t.app, apiPaths.consoleDashboard, {})).status).toBe(401);
    expect((await dashboard({}, applicant.token)).body.success).toBe(false);
    const asReviewer = await dashboard({}, w.reviewer.token);
    expect(asReviewer.status).toBe(403);
    expect(asReviewer.body.success).toBe(false);
  });

  it('refuses a span out of range or not a whole number', async () => {
    for (const days of ['0', '6', '91', '2.5', 'abc']) {
      expect((await dashboard({ days })).body, days).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
  });
});
