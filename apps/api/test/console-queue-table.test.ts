/**
 * The admin's queue at a desk: per application its reviewers, reviews done / assigned and the mean,
 * median and spread of the weighted totals (admins only; reviewers get nulls); every ordering
 * (time, reviews, each figure, both directions) pages to exactly the expected order, ties by id,
 * without repeats; "select all" answers the ids and the count a filter matches; bulk unassignment
 * and bulk staging apply the single-item rules per application, answer per application and audit
 * each change; in blind review a reviewer's queue names the organisation, never the person.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths, Code, type ConsoleQueueIdsResponse, type ConsoleQueueItem, type ConsoleQueueResponse, type ConsoleStageManyResponse,
  type ConsoleUnassignManyResponse, maskMobile, type QueueSort, queueSorts, reviewLimits,
} from '@qgw/contracts';
import { isoAt } from '../src/clock.js';
import { data, get, post } from './support/api.js';
import { type ConsoleUser, newConsoleUser } from './support/console.js';
import { assign, createWorld, type ReviewWorld, setOrganization, setRubric, submittedPerson } from './support/console-review.js';
import { reviewTo } from './support/review.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let w: ReviewWorld;
let reviewer3: ConsoleUser;
let criteria: string[];

/** Scores giving these weighted totals under the suite's rubric (weights 50/30/20, maxima 10/10/5). */
const scoresFor: Record<number, [number, number, number]> = {
  50: [10, 0, 0], 55: [5, 10, 0], 60: [6, 10, 0], 65: [7, 10, 0], 70: [8, 10, 0], 77: [8, 7, 4], 80: [10, 10, 0],
  90: [10, 10, 2.5], 95: [9, 10, 5], 100: [10, 10, 5],
};

/** name (the applicant is 甲青, …) → the totals its reviewers give (reviewer, reviewer2, reviewer3 in turn); null: nobody assigned */
const plan: Record<string, number[] | null> = {
  甲: [80, 60, 70],
  乙: [90, 50],
  丙: [100],
  丁: [],
  戊: [55, 65, 95],
  己: null,
  庚: [77],
};
const ids: Record<string, string> = {};
const applicantMobiles: Record<string, string> = {};

const queue = async (query: Record<string, string>, token = w.admin.token) =>
  data(await get<ConsoleQueueResponse>(t.app, apiPaths.consoleQueue, { kind: 'person', ...query }, { token }));

async function walk(query: Record<string, string>, limit: number, token = w.admin.token): Promise<ConsoleQueueItem[]> {
  const out: ConsoleQueueItem[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const page: ConsoleQueueResponse = await queue({ ...query, limit: String(limit), ...(cursor ? { cursor } : {}) }, token);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    out.push(...page.items);
    if (!page.nextCursor) return out;
    cursor = page.nextCursor;
  }
  throw new Error('pagination did not end');
}

beforeAll(async () => {
  t = await createTestApp();
  // the shipped minimum of one review: bulk staging must meet it like single staging
  w = await createWorld(t, { minReviews: 1 });
  reviewer3 = await newConsoleUser(t.app, t.db, t.clock, ['reviewer']);
  await setOrganization(t.app, w.admin.token, reviewer3.id, '评审三单位');
  criteria = await setRubric(t.app, w.admin.token, 'person');
  const reviewers = [w.reviewer, w.reviewer2, reviewer3];
  for (const [name, totals] of Object.entries(plan)) {
    const p = await submittedPerson(t, { name: `${name}青`, organization: `${name}所在单位` });
    ids[name] = p.id;
    applicantMobiles[name] = p.applicant.mobile;
    // distinct times, so that the time orderings are not all ties
    t.clock.advance(1000);
    if (totals === null) continue;
    // 丁: two assigned, nobody has reviewed yet
    const assigned = reviewers.slice(0, Math.max(totals.length, 2));
    await assign(t.app, w.admin.token, [p.id], assigned.map((r) => r.id));
    for (const [i, total] of totals.entries()) {
      const [a, b, c] = scoresFor[total]!;
      const scores = { [criteria[0]!]: a, [criteria[1]!]: b, [criteria[2]!]: c };
      data(await post(t.app, apiPaths.consoleReview, { applicationId: p.id, scores, recommendation: 'approve' }, { token: reviewers[i]!.token }));
    }
  }
});
afterAll(async () => {
  await t.close();
});

const round2 = (n: number) => Math.round(n * 100) / 100;
const mean = (xs: number[]) => (xs.length ? round2(xs.reduce((a, b) => a + b, 0) / xs.length) : null);
const median = (xs: number[]) => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return round2(s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2);
};
const spread = (xs: number[]) => (xs.length ? round2(Math.max(...xs) - Math.min(...xs)) : null);

describe('what a row shows', () => {
  it('admins: reviewers by name, reviews done / assigned, mean, median and spread, the staged decision', async () => {
    const items = await walk({}, 100);
    expect(items).toHaveLength(Object.keys(plan).length);
    for (const [name, totals] of Object.entries(plan)) {
      const item = items.find((i) => i.id === ids[name])!;
      const xs = totals ?? [];
      expect(item, name).toMatchObject({
        applicantName: `${name}青`,
        mobileMasked: maskMobile(applicantMobiles[name]!),
        organization: `${name}所在单位`,
        reviewCount: xs.length,
        assignedCount: totals === null ? 0 : Math.max(xs.length, 2),
        averageScore: mean(xs),
        medianScore: median(xs),
        scoreSpread: spread(xs),
        stagedDecision: null,
      });
      expect(item.reviewers.map((r) => r.id), name).toEqual([w.reviewer, w.reviewer2, reviewer3].slice(0, totals === null ? 0 : Math.max(xs.length, 2)).map((r) => r.id));
    }
    // 甲 80/60/70: mean 70, median 70, spread 20; 戊 55/65/95: mean 71.67, median 65, spread 40
    expect(items.find((i) => i.id === ids.甲)).toMatchObject({ averageScore: 70, medianScore: 70, scoreSpread: 20 });
    expect(items.find((i) => i.id === ids.戊)).toMatchObject({ averageScore: 71.67, medianScore: 65, scoreSpread: 40 });
    expect(items.find((i) => i.id === ids.乙)).toMatchObject({ averageScore: 70, medianScore: 70, scoreSpread: 40 });
  });

  it('reviewers: their own rows, no reviewers, counts or figures of others', async () => {
    const items = await walk({}, 100, reviewer3.token);
    expect(items.map((i) => i.id).sort()).toEqual([ids.甲!, ids.戊!].sort());
    for (const item of items) {
      expect(item).toMatchObject({ reviewers: [], assignedCount: null, averageScore: null, medianScore: null, scoreSpread: null, stagedDecision: null, reviewedByMe: true });
    }
  });
});

/** The expected order of the suite's applications for a sort: figures to the hundredth, none last, ties by id. */
function expectedOrder(items: ConsoleQueueItem[], sort: QueueSort, order: 'asc' | 'desc'): string[] {
  const figure = (i: ConsoleQueueItem): number | string | null => {
    switch (sort) {
      case 'updated':
        return i.updatedAt;
      case 'submitted':
        return i.submittedAt ?? '';
      case 'reviews':
        return i.reviewCount;
      case 'mean':
        return i.averageScore;
      case 'median':
        return i.medianScore;
      case 'spread':
        return i.scoreSpread;
    }
  };
  const dir = order === 'asc' ? 1 : -1;
  return [...items]
    .sort((x, y) => {
      const a = figure(x);
      const b = figure(y);
      if (a === null || b === null) {
        if (a !== b) return a === null ? 1 : -1;
      } else if (a !== b) return (a < b ? -1 : 1) * dir;
      return (x.id < y.id ? -1 : 1) * dir;
    })
    .map((i) => i.id);
}

describe('orderings', () => {
  it('every sort, both directions, pages to exactly the expected order (ties by id), without repeats', async () => {
    const all = await walk({}, 100);
    for (const sort of queueSorts) {
      for (const order of ['desc', 'asc'] as const) {
        const want = expectedOrder(all, sort, order);
        for (const limit of [1, 2, 3, 100]) {
          const got = (await walk({ sort, order }, limit)).map((i) => i.id);
          expect(got, `${sort} ${order} by ${limit}`).toEqual(want);
        }
      }
    }
    // the figures decide before the id: 丙 (100) heads the mean, 丁 and 己 (none) trail it either way
    const byMean = (await walk({ sort: 'mean' }, 100)).map((i) => i.id);
    expect(byMean[0]).toBe(ids.丙);
    expect(byMean.slice(-2).sort()).toEqual([ids.丁!, ids.己!].sort());
    const byMeanAsc = (await walk({ sort: 'mean', order: 'asc' }, 100)).map((i) => i.id);
    expect(byMeanAsc.slice(-2).sort()).toEqual([ids.丁!, ids.己!].sort());
    // the default is newest change first
    expect((await walk({}, 2)).map((i) => i.id)).toEqual(expectedOrder(all, 'updated', 'desc'));
  });

  it('a page begins after the last row of the one before, even when a new review moves a row meanwhile', async () => {
    const first = await queue({ sort: 'reviews', limit: '2' });
    expect(first.items.map((i) => i.id)).toEqual([ids.甲, ids.戊].sort().reverse());
    // 丁 gets its first review: it moves up, but behind the cursor it cannot repeat a row already seen
    const [a, b, c] = scoresFor[50]!;
    data(await post(t.app, apiPaths.consoleReview, { applicationId: ids.丁, scores: { [criteria[0]!]: a, [criteria[1]!]: b, [criteria[2]!]: c }, recommendation: 'reject' }, { token: w.reviewer.token }));
    const rest = await walk({ sort: 'reviews', cursor: first.nextCursor! }, 2);
    const seen = [...first.items, ...rest].map((i) => i.id);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('a reviewer cannot order by scores or counts: the default order answers', async () => {
    const mine = (await walk({ sort: 'mean' }, 1, reviewer3.token)).map((i) => i.id);
    expect(mine).toEqual((await walk({}, 1, reviewer3.token)).map((i) => i.id));
  });

  it('refuses an unknown ordering, and a cursor made for another ordering', async () => {
    for (const bad of [{ sort: 'score' }, { order: 'up' }, { sort: 'mean', order: '' }] as Record<string, string>[]) {
      expect((await get(t.app, apiPaths.consoleQueue, bad, { token: w.admin.token })).body, JSON.stringify(bad)).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
    const page = await queue({ sort: 'mean', limit: '1' });
    for (const other of [{ sort: 'median' }, { sort: 'mean', order: 'asc' }, {}] as Record<string, string>[]) {
      const res = await get(t.app, apiPaths.consoleQueue, { ...other, cursor: page.nextCursor! }, { token: w.admin.token });
      expect(res.body, JSON.stringify(other)).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
  });
});

describe('select everything the filter matches (consoleQueueIds)', () => {
  it('answers the ids and the count of the same filters as the queue', async () => {
    for (const query of [{ kind: 'person' }, { kind: 'person', unassigned: 'true' }, { reviewerId: reviewer3.id }, { q: '甲' }, { kind: 'work' }] as Record<string, string>[]) {
      const res = data(await get<ConsoleQueueIdsResponse>(t.app, apiPaths.consoleQueueIds, query, { token: w.admin.token }));
      const listed = (await walk(query, 100)).map((i) => i.id);
      expect(res.ids.sort(), JSON.stringify(query)).toEqual(listed.sort());
      expect(res).toMatchObject({ total: listed.length, capped: false });
    }
  });

  it(`stops at ${reviewLimits.selectAll} ids and still counts them all`, async () => {
    const owner = (await t.db.selectFrom('users').select('id').where('mobile', '=', applicantMobiles.甲!).executeTakeFirstOrThrow()).id;
    const now = isoAt(t.clock.now());
    const programmeId = (await t.db.selectFrom('programmes').select('id').executeTakeFirstOrThrow()).id;
    const rows = Array.from({ length: reviewLimits.selectAll + 5 }, () => ({
      id: randomUUID(), kind: 'work' as const, user_id: owner, programme_id: programmeId, status: 'submitted' as const, version: 1,
      title: '批量作品', applicant_name: '甲', organization: null, theme_id: null, data_json: '{}', id_number_enc: null, reason: null,
      submitted_at: now, decided_at: null, created_at: now, updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 500) await t.db.insertInto('applications').values(rows.slice(i, i + 500)).execute();
    const res = data(await get<ConsoleQueueIdsResponse>(t.app, apiPaths.consoleQueueIds, { kind: 'work' }, { token: w.admin.token }));
    expect(res.ids).toHaveLength(reviewLimits.selectAll);
    expect(new Set(res.ids).size).toBe(reviewLimits.selectAll);
    expect(res).toMatchObject({ total: reviewLimits.selectAll + 5, capped: true });
  });
});

const audits = (action: string) => t.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

describe('bulk unassignment (consoleUnassignMany)', () => {
  it('takes every listed reviewer off every listed application, audits each removal, keeps the reviews', async () => {
    const before = (await audits('review.unassign')).length;
    const reviewsBefore = await t.db.selectFrom('reviews').select('id').execute();
    const apps = [ids.甲!, ids.丁!, ids.己!];
    const res = data(await post<ConsoleUnassignManyResponse>(t.app, apiPaths.consoleUnassignMany, { applicationIds: apps, reviewerIds: [reviewer3.id, w.reviewer2.id] }, { token: w.admin.token }));
    const key = (p: { applicationId: string; reviewerId: string }) => `${p.applicationId}/${p.reviewerId}`;
    expect(res.removed.map(key).sort()).toEqual([`${ids.甲}/${reviewer3.id}`, `${ids.甲}/${w.reviewer2.id}`, `${ids.丁}/${w.reviewer2.id}`].sort());
    expect(res.unchanged.map(key).sort()).toEqual([`${ids.丁}/${reviewer3.id}`, `${ids.己}/${reviewer3.id}`, `${ids.己}/${w.reviewer2.id}`].sort());
    const entries = (await audits('review.unassign')).slice(before);
    expect(entries).toHaveLength(3);
    expect(entries.map((e) => `${e.entity_id}/${JSON.parse(e.before_json!).reviewerId}`).sort()).toEqual(res.removed.map(key).sort());
    expect(entries.every((e) => e.actor_id === w.admin.id)).toBe(true);
    expect(await t.db.selectFrom('review_assignments').select('reviewer_id').where('application_id', '=', ids.甲!).execute()).toEqual([{ reviewer_id: w.reviewer.id }]);
    expect(await t.db.selectFrom('reviews').select('id').execute()).toHaveLength(reviewsBefore.length);
    // the row says so: 3 reviews, 1 reviewer still assigned
    expect((await walk({}, 100)).find((i) => i.id === ids.甲)).toMatchObject({ reviewCount: 3, assignedCount: 1 });
  });
});

describe('bulk staging (consoleDecisionStageMany)', () => {
  it('stages where single staging would, refuses per application with its reason, audits each staging', async () => {
    await reviewTo(t.db, t.clock.now, ids.庚!, 'approved');
    const unknown = randomUUID();
    const before = (await audits('decision.stage')).length;
    const res = data(await post<ConsoleStageManyResponse>(t.app, apiPaths.consoleDecisionStageMany, {
      applicationIds: [ids.丙, ids.己, ids.庚, unknown, ids.丙], decision: 'approve', reason: '',
    }, { token: w.admin.token }));
    expect(res.staged.map((s) => s.applicationId)).toEqual([ids.丙]);
    expect(res.refused).toEqual([
      { applicationId: ids.己, code: Code.REVIEWS_TOO_FEW, reason: expect.stringContaining('0 份') },
      { applicationId: ids.庚, code: Code.APPLICATION_STATE, reason: expect.any(String) },
      { applicationId: unknown, code: Code.NOT_FOUND, reason: expect.any(String) },
    ]);
    const entries = (await audits('decision.stage')).slice(before);
    expect(entries.map((e) => e.entity_id)).toEqual([ids.丙]);
    expect(await t.db.selectFrom('staged_decisions').select('application_id').execute()).toEqual([{ application_id: ids.丙 }]);
    expect((await walk({}, 100)).find((i) => i.id === ids.丙)?.stagedDecision).toBe('approve');
  });

  it('with a stated reason stages those short of reviews, the audit keeping the reason and counts', async () => {
    const override = '上届获奖项目，本届直接认定';
    const res = data(await post<ConsoleStageManyResponse>(t.app, apiPaths.consoleDecisionStageMany, {
      applicationIds: [ids.己], decision: 'reject', reason: '材料与方向不符', override,
    }, { token: w.admin.token }));
    expect(res).toMatchObject({ staged: [{ applicationId: ids.己 }], refused: [] });
    const [entry] = (await audits('decision.stage')).filter((e) => e.entity_id === ids.己);
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ decision: 'reject', reason: '材料与方向不符', reviewsDone: 0, reviewsRequired: 1, override });
  });

  it('refuses bad input before anything is staged', async () => {
    const before = await t.db.selectFrom('staged_decisions').selectAll().execute();
    const bad = [
      {},
      { applicationIds: [], decision: 'approve' },
      { applicationIds: [ids.甲], decision: 'maybe' },
      // reject and return need a reason the applicant reads
      { applicationIds: [ids.甲], decision: 'reject', reason: '' },
      { applicationIds: [ids.甲], decision: 'return' },
      { applicationIds: [ids.甲], decision: 'approve', override: '短' },
      { applicationIds: ['../x'], decision: 'approve' },
      { applicationIds: Array.from({ length: reviewLimits.assignBatch.applications + 1 }, () => randomUUID()), decision: 'approve' },
    ];
    for (const body of bad) {
      expect((await post(t.app, apiPaths.consoleDecisionStageMany, body, { token: w.admin.token })).body, JSON.stringify(body).slice(0, 80)).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
    for (const body of [{ applicationIds: [], reviewerIds: [w.reviewer.id] }, { applicationIds: [ids.甲], reviewerIds: [] }, { applicationIds: [ids.甲] }, { applicationIds: [ids.甲], reviewerIds: ['a b'] }]) {
      expect((await post(t.app, apiPaths.consoleUnassignMany, body, { token: w.admin.token })).body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
    expect((await get(t.app, apiPaths.consoleQueueIds, { status: 'nope' }, { token: w.admin.token })).body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    expect(await t.db.selectFrom('staged_decisions').selectAll().execute()).toEqual(before);
  });
});

describe('who may', () => {
  it('no token, an applicant and a reviewer are refused the admin operations, and nothing changes', async () => {
    const applicant = (await submittedPerson(t)).applicant;
    const calls = [
      (token?: string) => get(t.app, apiPaths.consoleQueueIds, {}, token ? { token } : {}),
      (token?: string) => post(t.app, apiPaths.consoleUnassignMany, { applicationIds: [ids.戊], reviewerIds: [w.reviewer.id] }, token ? { token } : {}),
      (token?: string) => post(t.app, apiPaths.consoleDecisionStageMany, { applicationIds: [ids.戊], decision: 'approve' }, token ? { token } : {}),
    ];
    const staged = await t.db.selectFrom('staged_decisions').selectAll().execute();
    const assigned = await t.db.selectFrom('review_assignments').selectAll().execute();
    for (const send of calls) {
      expect((await send()).status).toBe(401);
      for (const token of [applicant.token, w.reviewer.token, reviewer3.token]) {
        const res = await send(token);
        expect(res.status).toBe(403);
        expect(res.body.success).toBe(false);
      }
    }
    expect(await t.db.selectFrom('staged_decisions').selectAll().execute()).toEqual(staged);
    expect(await t.db.selectFrom('review_assignments').selectAll().execute()).toEqual(assigned);
    expect((await get(t.app, apiPaths.consoleQueue, {})).status).toBe(401);
    expect((await get(t.app, apiPaths.consoleQueue, {}, { token: applicant.token })).status).toBe(403);
  });
});

describe('blind review', () => {
  it('a reviewer’s queue names the organisation, never the person, so a conflict can be declared before reading', async () => {
    data(await post(t.app, apiPaths.consoleProgramme, { blindReview: true }, { token: w.admin.token }));
    try {
      const res = await get<ConsoleQueueResponse>(t.app, apiPaths.consoleQueue, {}, { token: w.reviewer.token });
      const item = data(res).items.find((i) => i.id === ids.戊)!;
      expect(item).toMatchObject({ blind: true, applicantName: null, mobileMasked: null, organization: '戊所在单位' });
      expect(res.raw.body).not.toContain(maskMobile(applicantMobiles.戊!));
      expect(item.title).not.toContain('戊');
      // and declares it from there: the assignment goes, audited
      data(await post(t.app, apiPaths.consoleConflict, { applicationId: ids.戊, reason: '与申报单位有合作关系' }, { token: w.reviewer.token }));
      expect((await walk({}, 100, w.reviewer.token)).map((i) => i.id)).not.toContain(ids.戊);
      // admins see who applied, as always
      expect((await walk({}, 100)).find((i) => i.id === ids.戊)).toMatchObject({ applicantName: '戊青', organization: '戊所在单位' });
    } finally {
      data(await post(t.app, apiPaths.consoleProgramme, { blindReview: false }, { token: w.admin.token }));
    }
  });
});
