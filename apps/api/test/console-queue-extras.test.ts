/**
 * What a queue row shows besides the application — its reviewers in the order they were assigned,
 * the count, mean, median and spread of its current reviews, whether the caller reviewed it or must
 * score it again, its staged decision and its theme's name — read for the page in one statement
 * (docs/decisions/0040), on both databases.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, type ConsoleQueueItem, type ConsoleQueueResponse, type SubmitResponse } from '@qgw/contracts';
import { isoAt } from '../src/clock.js';
import { data, get, newUser, post } from './support/api.js';
import { themeIds, uploadImage, workForm } from './support/applications.js';
import { assign, createWorld, type ReviewWorld, submittedPerson } from './support/console-review.js';
import { createTestApp, type TestApp, testDatabaseUrl } from './support/test-app.js';

let t: TestApp;
let w: ReviewWorld;
let recording: string[] | null = null;
let person: string;
let work: string;
let themeName: string;

beforeAll(async () => {
  t = await createTestApp({ onStatement: (sql) => recording?.push(sql) });
  w = await createWorld(t);
  person = (await submittedPerson(t)).id;
  const u = await newUser(t.app);
  const themeId = (await themeIds(t.app))[0]!;
  themeName = (await t.db.selectFrom('themes').select('name').where('id', '=', themeId).executeTakeFirstOrThrow()).name;
  work = data(await post<SubmitResponse>(t.app, apiPaths.addWork, workForm(themeId, [await uploadImage(t.app, u.token, 'photo')]), { token: u.token })).id;
  // reviewer2 first, then reviewer a moment later: the row lists them in that order
  await assign(t.app, w.admin.token, [person], [w.reviewer2.id]);
  t.clock.advance(1000);
  await assign(t.app, w.admin.token, [person], [w.reviewer.id]);
  const now = isoAt(t.clock.now());
  const review = (reviewerId: string, total: number, needsRescore: 0 | 1) => ({
    id: randomUUID(), application_id: person, reviewer_id: reviewerId, scores_json: '{}', total, recommendation: 'approve' as const,
    comment_to_applicant: '', private_note: '', submitted_at: now, updated_at: now, rubric_version: 1, needs_rescore: needsRescore,
  });
  // the reviewer's review is current; reviewer2 scored on an older rubric and must score again
  await t.db.insertInto('reviews').values([review(w.reviewer.id, 80, 0), review(w.reviewer2.id, 40, 1)]).execute();
  await t.db.insertInto('staged_decisions').values({ application_id: person, decision: 'approve', reason: '', staged_by: w.admin.id, staged_at: now, app_version: 1 }).execute();
});
afterAll(async () => {
  await t.close();
});

const queueAs = async (token: string): Promise<{ items: Map<string, ConsoleQueueItem>; statements: string[] }> => {
  recording = [];
  try {
    const page = data(await get<ConsoleQueueResponse>(t.app, apiPaths.consoleQueue, { limit: '20' }, { token }));
    return { items: new Map(page.items.map((i) => [i.id, i])), statements: recording };
  } finally {
    recording = null;
  }
};

describe(`a queue row's reviewers, reviews, staged decision and theme, on ${testDatabaseUrl ? 'postgres' : 'sqlite'}`, () => {
  it('shows an admin every figure, reviewers in the order assigned, the stale review counted nowhere', async () => {
    const { items } = await queueAs(w.admin.token);
    expect(items.get(person)).toMatchObject({
      reviewers: [{ id: w.reviewer2.id }, { id: w.reviewer.id }],
      assignedCount: 2,
      reviewCount: 1,
      averageScore: 80,
      medianScore: 80,
      stagedDecision: 'approve',
      reviewedByMe: false,
      rescoreByMe: false,
      themeName: null,
    });
    expect(items.get(work)).toMatchObject({ reviewers: [], reviewCount: 0, averageScore: null, stagedDecision: null, themeName });
  });

  it('tells each reviewer whether they reviewed it or must score again', async () => {
    expect((await queueAs(w.reviewer.token)).items.get(person)).toMatchObject({ reviewedByMe: true, rescoreByMe: false, reviewers: [], stagedDecision: null });
    expect((await queueAs(w.reviewer2.token)).items.get(person)).toMatchObject({ reviewedByMe: false, rescoreByMe: true });
  });

  it('reads all of it in one statement after the page', async () => {
    const { statements } = await queueAs(w.admin.token);
    const extras = statements.filter((s) => /review_assignments|staged_decisions|from "?reviews"?|from "?themes"?/.test(s));
    expect(extras).toHaveLength(1);
  });
});
