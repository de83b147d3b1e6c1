/**
 * Rubric versions and score anchors. Anchors guide reviewers and never lock anything; once a kind
 * has reviews a scoring change is refused unless saved as a new version (另存为新版本), which bumps
 * the kind's version, flags every review of the kind for re-scoring (audited), and leaves those
 * totals out of every count and mean (queue, ranking, detail, desk) until their reviewer submits
 * again against the current rubric.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths, Code, type ConsoleApplicationResponse, type ConsoleMyAssignmentsResponse, type ConsoleQueueResponse, type ConsoleRankingResponse,
} from '@qgw/contracts';
import { data, get, newUser, post } from './support/api.js';
import {
  assign, createRubricWorld, type CriterionBody, criteriaWithIds, type ReviewWorld, rubricOfKind, saveRubric, submittedPerson,
} from './support/console-review.js';
import type { TestApp } from './support/test-app.js';

let t: TestApp;
let w: ReviewWorld;
let ids: string[];

beforeAll(async () => ({ t, w, ids } = await createRubricWorld()));
afterAll(() => t.close());

const save = (kind: string, criteria: CriterionBody[], extra: Record<string, unknown> = {}, token = w.admin.token) =>
  saveRubric(t.app, token, kind, criteria, extra);
const rubric = (kind: string) => rubricOfKind(t.app, w.admin.token, kind);
const withIds = (over: (i: number) => Partial<CriterionBody> = () => ({})) => criteriaWithIds(ids, (_c, i) => over(i));
const anchors = [
  { score: 6, label: '良好' },
  { score: 9, label: '突出' },
  { score: 0, label: '较弱' },
];
/** Scores giving a weighted total of `total` (a multiple of 10) with the suites' rubric. */
const scoresFor = (total: number) => ({ [ids[0]!]: total / 10, [ids[1]!]: total / 10, [ids[2]!]: total / 20 });
const review = (applicationId: string, total: number, token: string) =>
  post(t.app, apiPaths.consoleReview, { applicationId, scores: scoresFor(total), recommendation: 'approve' }, { token });
const detail = async (id: string, token = w.admin.token) => data(await get<ConsoleApplicationResponse>(t.app, apiPaths.consoleApplication, { id }, { token }));
const queueRow = async (id: string, token = w.admin.token) =>
  data(await get<ConsoleQueueResponse>(t.app, apiPaths.consoleQueue, { kind: 'person' }, { token })).items.find((i) => i.id === id)!;

describe('score anchors', () => {
  it('round-trip highest first, reach the reviewer with the description, and change freely', async () => {
    const saved = data(await save('person', withIds((i) => (i === 0 ? { anchors, description: '看新意' } : {}))));
    expect(saved.version).toBe(1);
    expect(saved.criteria[0]!.anchors).toEqual([{ score: 9, label: '突出' }, { score: 6, label: '良好' }, { score: 0, label: '较弱' }]);
    expect(saved.criteria[1]!.anchors).toEqual([]);
    expect((await rubric('person')).criteria[0]!.anchors.map((a) => a.score)).toEqual([9, 6, 0]);

    const p = await submittedPerson(t);
    await assign(t.app, w.admin.token, [p.id], [w.reviewer.id]);
    const seen = (await detail(p.id, w.reviewer.token)).rubric[0]!;
    expect(seen).toMatchObject({ name: '创新性', description: '看新意', anchors: [{ score: 9, label: '突出' }, { score: 6, label: '良好' }, { score: 0, label: '较弱' }] });
  });

  it('bad anchors are refused with a Chinese message, nothing written', async () => {
    const before = await rubric('person');
    const cases: Array<[Partial<CriterionBody>, string]> = [
      [{ anchors: [{ score: 11, label: '超出' }] }, '锚点分值不能超过该项满分，且不能重复'],
      [{ anchors: [{ score: 5, label: 'a' }, { score: 5, label: 'b' }] }, '锚点分值不能超过该项满分，且不能重复'],
      [{ anchors: [{ score: 5, label: '   ' }] }, '请填写锚点说明（最多20个字）'],
      [{ anchors: [{ score: 5, label: '长'.repeat(21) }] }, '请填写锚点说明（最多20个字）'],
      [{ anchors: [{ score: 2.5, label: '半' }] }, '锚点分值须为不小于0的整数'],
      [{ anchors: [{ score: -1, label: '负' }] }, '锚点分值须为不小于0的整数'],
      [{ anchors: Array.from({ length: 7 }, (_, i) => ({ score: i, label: `第${i}档` })) }, '评分锚点最多6个'],
    ];
    for (const [over, message] of cases) {
      const body = (await save('person', withIds((i) => (i === 0 ? over : {})))).body;
      expect(body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
      expect(JSON.stringify(body)).toContain(message);
    }
    expect((await save('person', withIds(), { newVersion: 'yes' })).body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    expect(await rubric('person')).toEqual(before);
  });
});

describe('a new rubric version', () => {
  let a: string;
  let b: string;

  it('a locked rubric still refuses the plain save; 另存为新版本 makes version 2, flags every review of the kind, and is audited', async () => {
    a = (await submittedPerson(t)).id;
    b = (await submittedPerson(t)).id;
    await assign(t.app, w.admin.token, [a, b], [w.reviewer.id, w.reviewer2.id]);
    data(await review(a, 80, w.reviewer.token));
    data(await review(a, 60, w.reviewer2.token));
    data(await review(b, 50, w.reviewer.token));
    expect(await queueRow(a)).toMatchObject({ reviewCount: 2, averageScore: 70 });

    const heavier = withIds((i) => (i === 0 ? { weight: 40 } : i === 1 ? { weight: 40 } : {}));
    expect((await save('person', heavier)).body).toMatchObject({ success: false, code: Code.RUBRIC_LOCKED });
    expect((await rubric('person')).version).toBe(1);

    const saved = data(await save('person', heavier, { newVersion: true }));
    expect(saved.version).toBe(2);
    expect(saved.criteria.map((c) => c.weight)).toEqual([40, 40, 20]);
    expect((await rubric('person')).version).toBe(2);
    const flagged = await t.db.selectFrom('reviews').select(['needs_rescore', 'rubric_version']).where('application_id', 'in', [a, b]).execute();
    expect(flagged).toHaveLength(3);
    expect(flagged.every((r) => Number(r.needs_rescore) === 1 && Number(r.rubric_version) === 1)).toBe(true);

    const entry = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'rubric.version').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_id: w.admin.id, entity: 'rubric', entity_id: 'person' });
    expect(JSON.parse(entry.before_json!)).toMatchObject({ version: 1 });
    expect(JSON.parse(entry.after_json!)).toMatchObject({ version: 2, reviewsToRescore: 3 });
  });

  it('flagged reviews count nowhere: queue, ranking and detail show no mean, the desk shows 需重新评分 as not done', async () => {
    expect(await queueRow(a)).toMatchObject({ reviewCount: 0, averageScore: null });
    const ranked = data(await get<ConsoleRankingResponse>(t.app, apiPaths.consoleRanking, { kind: 'person' }, { token: w.admin.token }));
    expect(ranked.rows.find((r) => r.applicationId === a)).toMatchObject({ reviewCount: 0, mean: null, rank: null });

    const d = await detail(a);
    expect(d.rubricVersion).toBe(2);
    expect(d.reviews.map((r) => [r.rubricVersion, r.needsRescore])).toEqual([[1, true], [1, true]]);
    expect(d.assignments.every((x) => !x.reviewed)).toBe(true);

    const desk = data(await get<ConsoleMyAssignmentsResponse>(t.app, apiPaths.consoleMyAssignments, {}, { token: w.reviewer.token }));
    const mine = desk.items.filter((i) => i.applicationId === a || i.applicationId === b);
    expect(mine.map((i) => [i.reviewed, i.needsRescore])).toEqual([[false, true], [false, true]]);
    expect(desk.done).toBe(0);
    expect(await queueRow(a, w.reviewer.token)).toMatchObject({ reviewedByMe: false, rescoreByMe: true });
  });

  it('submitting again against the current rubric clears the flag; only current reviews make the mean', async () => {
    data(await review(a, 90, w.reviewer.token));
    const row = await t.db.selectFrom('reviews').select(['needs_rescore', 'rubric_version']).where('application_id', '=', a).where('reviewer_id', '=', w.reviewer.id).executeTakeFirstOrThrow();
    expect([Number(row.needs_rescore), Number(row.rubric_version)]).toEqual([0, 2]);
    // reviewer2's 60 under version 1 is not averaged with the new 90
    expect(await queueRow(a)).toMatchObject({ reviewCount: 1, averageScore: 90 });
    const d = await detail(a);
    expect(d.reviews.find((r) => r.reviewer.id === w.reviewer.id)).toMatchObject({ rubricVersion: 2, needsRescore: false, total: 90 });
    expect(d.reviews.find((r) => r.reviewer.id === w.reviewer2.id)).toMatchObject({ rubricVersion: 1, needsRescore: true, total: 60 });
    const desk = data(await get<ConsoleMyAssignmentsResponse>(t.app, apiPaths.consoleMyAssignments, {}, { token: w.reviewer.token }));
    expect(desk.items.find((i) => i.applicationId === a)).toMatchObject({ reviewed: true, needsRescore: false });
    expect(desk.done).toBe(1);
    expect(await queueRow(a, w.reviewer.token)).toMatchObject({ reviewedByMe: true, rescoreByMe: false });
    expect(await queueRow(a, w.reviewer2.token)).toMatchObject({ reviewedByMe: false, rescoreByMe: true });
  });

  it('a later version flags only what was scored before it; names and anchors still save without a version', async () => {
    expect(data(await save('person', withIds((i) => (i === 0 ? { weight: 40, anchors: [{ score: 8, label: '好' }] } : i === 1 ? { weight: 40 } : {})))).version).toBe(2);
    data(await save('person', withIds((i) => (i === 0 ? { weight: 40 } : i === 1 ? { weight: 40 } : {})), { newVersion: true }));
    expect((await rubric('person')).version).toBe(3);
    expect(await queueRow(a)).toMatchObject({ reviewCount: 0, averageScore: null });
  });

  it('only admins may save: no token, a reviewer and an applicant are refused, nothing written', async () => {
    const before = await rubric('person');
    const body = withIds((i) => (i === 0 ? { weight: 40 } : i === 1 ? { weight: 40 } : {}));
    expect((await post(t.app, apiPaths.consoleRubrics, { kind: 'person', criteria: body, newVersion: true })).body).toMatchObject({ success: false, code: Code.UNAUTHORIZED });
    expect((await save('person', body, { newVersion: true }, w.reviewer.token)).body).toMatchObject({ success: false, code: Code.FORBIDDEN });
    const applicant = await newUser(t.app);
    expect((await save('person', body, { newVersion: true }, applicant.token)).body).toMatchObject({ success: false, code: Code.FORBIDDEN });
    expect(await rubric('person')).toEqual(before);
  });
});
