/**
 * Reviews and decisions: the weighted rubric total, who may score what; staged decisions (two
 * admins at once: exactly one stands), the notice preview, and the release — after which the
 * applicant's look-up code follows (0 approved, 9000 with the reason otherwise) and an in-app
 * notification waits for them.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  apiPaths, Code, type ConsoleRankingResponse, type ConsoleReleaseResponse, type ConsoleReview, type ConsoleStagedItem, type GetNotificationsResponse,
  type SubmitResponse,
} from '@qgw/contracts';
import { data, get, post, type TestUser } from './support/api.js';
import { memberForm, uploadImage } from './support/applications.js';
import { type ConsoleUser, newConsoleUser } from './support/console.js';
import {
  assign, createWorld, reviewCounts, type ReviewWorld, setRubric, submittedPerson, submittedRankUser, versionOf,
} from './support/console-review.js';
import { reviewRepository } from '../src/modules/review/review.repository.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let w: ReviewWorld;
let admin2: ConsoleUser;
let personRubric: string[];
let rankRubric: string[];

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  admin2 = await newConsoleUser(t.app, t.db, t.clock, ['admin']);
  personRubric = await setRubric(t.app, w.admin.token, 'person');
  rankRubric = await setRubric(t.app, w.admin.token, 'rank_user');
});
afterAll(async () => {
  await t.close();
});

const review = (token: string, applicationId: string, scores: Record<string, number>, extra: Record<string, unknown> = {}) =>
  post<ConsoleReview>(t.app, apiPaths.consoleReview, { applicationId, scores, recommendation: 'approve', ...extra }, { token });
const stage = (token: string, applicationId: string, decision: string, version: number, reason = '') =>
  post<{ version: number }>(t.app, apiPaths.consoleDecisionStage, { applicationId, decision, reason, version }, { token });
const release = (ids: string[], token = w.admin.token) =>
  post<ConsoleReleaseResponse>(t.app, apiPaths.consoleDecisionRelease, { applicationIds: ids, expectedCount: ids.length }, { token });
const check = (u: TestUser) => get(t.app, apiPaths.getRankUser, { mobile: u.mobile, type: 'check' }, { token: u.token });

describe('reviews', () => {
  it('computes the weighted total from the rubric; sending again replaces the review', async () => {
    const p = await submittedPerson(t);
    await assign(t.app, w.admin.token, [p.id], [w.reviewer.id]);
    const [a, b, c] = personRubric as [string, string, string];
    // 8/10·50 + 7/10·30 + 4/5·20 = 77
    const first = data(await review(w.reviewer.token, p.id, { [a]: 8, [b]: 7, [c]: 4 }, { commentToApplicant: '材料扎实', privateNote: '可推荐' }));
    expect(first).toMatchObject({ total: 77, recommendation: 'approve', commentToApplicant: '材料扎实', privateNote: '可推荐' });
    const second = data(await review(w.reviewer.token, p.id, { [a]: 10, [b]: 10, [c]: 2.5 }, { recommendation: 'return' }));
    expect(second).toMatchObject({ id: first.id, total: 90, recommendation: 'return' });
    const rows = await t.db.selectFrom('reviews').selectAll().where('application_id', '=', p.id).execute();
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.total)).toBe(90);
  });

  it('refuses scores that do not fit the rubric, and writes nothing', async () => {
    const p = await submittedPerson(t);
    await assign(t.app, w.admin.token, [p.id], [w.reviewer.id]);
    const [a, b, c] = personRubric as [string, string, string];
    const before = await reviewCounts(t);
    for (const scores of [
      { [a]: 8, [b]: 7 },
      { [a]: 11, [b]: 7, [c]: 4 },
      { [a]: -1, [b]: 7, [c]: 4 },
      { [a]: 8.3, [b]: 7, [c]: 4 },
      { [a]: 8, [b]: 7, [c]: 4, other: 3 },
    ]) {
      const res = await review(w.reviewer.token, p.id, scores);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: false, code: Code.SCORES_INVALID });
    }
    expect(await reviewCounts(t)).toEqual(before);
  });

  it('only by an assigned reviewer, only under review, only with a rubric', async () => {
    const p = await submittedPerson(t);
    const [a, b, c] = personRubric as [string, string, string];
    const scores = { [a]: 5, [b]: 5, [c]: 5 };
    expect((await review(w.reviewer2.token, p.id, scores)).status).toBe(403);
    // an admin not assigned cannot score either
    expect((await review(w.admin.token, p.id, scores)).body).toMatchObject({ success: false, code: Code.NOT_ASSIGNED });
    // another kind's criteria do not fit
    const r = await submittedRankUser(t);
    await assign(t.app, w.admin.token, [r.id], [w.reviewer2.id]);
    expect((await review(w.reviewer2.token, r.id, scores)).body).toMatchObject({ success: false, code: Code.SCORES_INVALID });
    // membership has no rubric configured here
    const photo = await uploadImage(t.app, r.applicant.token, 'photo');
    const m = data(await post<SubmitResponse>(t.app, apiPaths.memberApply, memberForm(photo), { token: r.applicant.token }));
    await assign(t.app, w.admin.token, [m.id], [w.reviewer2.id]);
    expect((await review(w.reviewer2.token, m.id, scores)).body).toMatchObject({ success: false, code: Code.RUBRIC_MISSING });
    // decided: closed to reviews
    data(await stage(w.admin.token, m.id, 'approve', await versionOf(t.app, w.admin.token, m.id)));
    data(await release([m.id]));
    expect((await review(w.reviewer2.token, m.id, scores)).body).toMatchObject({ success: false, code: Code.APPLICATION_STATE });
  });

  it('a review checked just before a release and written after it is refused, not stored on the decided application', async () => {
    const p = await submittedPerson(t);
    await assign(t.app, w.admin.token, [p.id], [w.reviewer.id]);
    const [a, b, c] = personRubric as [string, string, string];
    // what the review's first checks read: the application under review, before the release lands
    const seenUnderReview = await reviewRepository.application(t.db, p.id);
    data(await stage(w.admin.token, p.id, 'approve', await versionOf(t.app, w.admin.token, p.id)));
    data(await release([p.id]));
    const stale = vi.spyOn(reviewRepository, 'application').mockResolvedValueOnce(seenUnderReview);
    try {
      const r = await review(w.reviewer.token, p.id, { [a]: 5, [b]: 5, [c]: 5 });
      expect(r.body).toMatchObject({ success: false, code: Code.APPLICATION_STATE });
    } finally {
      stale.mockRestore();
    }
    expect(await t.db.selectFrom('reviews').select('id').where('application_id', '=', p.id).execute()).toEqual([]);
  });

  it('stops at the programme’s review deadline', async () => {
    const p = await submittedPerson(t);
    await assign(t.app, w.admin.token, [p.id], [w.reviewer.id]);
    const [a, b, c] = personRubric as [string, string, string];
    const programme = await t.db.selectFrom('programmes').select(['id', 'review_ends_at']).executeTakeFirstOrThrow();
    await t.db.updateTable('programmes').set({ review_ends_at: new Date(t.clock.now() - 1000).toISOString() }).where('id', '=', programme.id).execute();
    try {
      const late = await review(w.reviewer.token, p.id, { [a]: 5, [b]: 5, [c]: 5 });
      expect(late.body).toMatchObject({ success: false, code: Code.PROGRAMME_CLOSED });
    } finally {
      await t.db.updateTable('programmes').set({ review_ends_at: programme.review_ends_at }).where('id', '=', programme.id).execute();
    }
  });
});

describe('staging', () => {
  it('two admins staging at once: exactly one stands, the other is told to reload', async () => {
    for (let round = 0; round < 6; round++) {
      const p = await submittedPerson(t);
      await assign(t.app, w.admin.token, [p.id], [w.reviewer.id]);
      const version = await versionOf(t.app, w.admin.token, p.id);
      const [x, y] = await Promise.all([
        stage(w.admin.token, p.id, 'approve', version, '优秀'),
        stage(admin2.token, p.id, 'reject', version, '材料不全'),
      ]);
      const wins = [x, y].filter((r) => r.body.success);
      const losses = [x, y].filter((r) => !r.body.success);
      expect(wins).toHaveLength(1);
      expect(losses).toHaveLength(1);
      expect(losses[0]!.status).toBe(200);
      expect(losses[0]!.body.code).toBe(Code.CONFLICT);
      const staged = await t.db.selectFrom('staged_decisions').selectAll().where('application_id', '=', p.id).execute();
      expect(staged).toHaveLength(1);
      const winner = wins[0] === x ? { by: w.admin.id, decision: 'approve' } : { by: admin2.id, decision: 'reject' };
      expect(staged[0]).toMatchObject({ staged_by: winner.by, decision: winner.decision, app_version: version + 1 });
      expect(await versionOf(t.app, w.admin.token, p.id)).toBe(version + 1);
    }
  });

  it('needs a reason for reject and return; a stale version is a conflict; unstaging withdraws it', async () => {
    const p = await submittedPerson(t);
    const v = await versionOf(t.app, w.admin.token, p.id);
    expect((await stage(w.admin.token, p.id, 'reject', v)).body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    const staged = data(await stage(w.admin.token, p.id, 'return', v, '请补充证明材料'));
    expect((await stage(w.admin.token, p.id, 'approve', v)).body).toMatchObject({ success: false, code: Code.CONFLICT });
    const list = data(await get<ConsoleStagedItem[]>(t.app, apiPaths.consoleDecisionsStaged, {}, { token: w.admin.token }));
    expect(list.find((i) => i.applicationId === p.id)).toMatchObject({ decision: 'return', reason: '请补充证明材料', version: staged.version });
    const un = data(await post<{ version: number }>(t.app, apiPaths.consoleDecisionUnstage, { applicationId: p.id, version: staged.version }, { token: w.admin.token }));
    expect(un.version).toBe(staged.version + 1);
    expect(await t.db.selectFrom('staged_decisions').selectAll().where('application_id', '=', p.id).execute()).toEqual([]);
    const actions = await t.db.selectFrom('audit_log').select('action').where('entity_id', '=', p.id).orderBy('created_at').execute();
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['decision.stage', 'decision.unstage']));
  });

  it('待发布结论 shows each decision’s mean total, its reviews, its place in its kind’s ranking and the programme’s phase', async () => {
    const [a, b, c] = personRubric as [string, string, string];
    const p = await submittedPerson(t);
    await assign(t.app, w.admin.token, [p.id], [w.reviewer.id, w.reviewer2.id]);
    data(await review(w.reviewer.token, p.id, { [a]: 10, [b]: 10, [c]: 5 }));
    data(await review(w.reviewer2.token, p.id, { [a]: 8, [b]: 8, [c]: 4 }));
    const unreviewed = await submittedPerson(t);
    data(await stage(w.admin.token, p.id, 'approve', await versionOf(t.app, w.admin.token, p.id)));
    data(await stage(w.admin.token, unreviewed.id, 'return', await versionOf(t.app, w.admin.token, unreviewed.id), '请补充材料'));
    const ranked = data(await get<ConsoleRankingResponse>(t.app, apiPaths.consoleRanking, { kind: 'person' }, { token: w.admin.token }));
    const place = ranked.rows.find((r) => r.applicationId === p.id)!.rank;
    const list = data(await get<ConsoleStagedItem[]>(t.app, apiPaths.consoleDecisionsStaged, {}, { token: w.admin.token }));
    expect(list.find((i) => i.applicationId === p.id)).toMatchObject({
      decision: 'approve', averageScore: 90, reviewCount: 2, rank: place, rankedCount: ranked.rows.filter((r) => r.rank !== null).length, phase: 'open',
    });
    expect(list.find((i) => i.applicationId === unreviewed.id)).toMatchObject({ averageScore: null, reviewCount: 0, rank: null, phase: 'open' });
    // the release's confirmation warns from this: outside 结果公布 the applicants hear at once
    data(await post(t.app, apiPaths.consoleProgramme, { phaseOverride: 'results' }, { token: w.admin.token }));
    try {
      const later = data(await get<ConsoleStagedItem[]>(t.app, apiPaths.consoleDecisionsStaged, {}, { token: w.admin.token }));
      expect(later.find((i) => i.applicationId === p.id)?.phase).toBe('results');
    } finally {
      data(await post(t.app, apiPaths.consoleProgramme, { phaseOverride: null }, { token: w.admin.token }));
    }
    for (const id of [p.id, unreviewed.id]) {
      data(await post(t.app, apiPaths.consoleDecisionUnstage, { applicationId: id, version: await versionOf(t.app, w.admin.token, id) }, { token: w.admin.token }));
    }
  });

  it('refuses applications already decided', async () => {
    const p = await submittedPerson(t);
    const v = await versionOf(t.app, w.admin.token, p.id);
    const s = data(await stage(w.admin.token, p.id, 'approve', v));
    data(await release([p.id]));
    expect((await stage(w.admin.token, p.id, 'reject', s.version + 1, '重新考虑')).body).toMatchObject({
      success: false, code: Code.APPLICATION_STATE,
    });
  });
});

describe('release', () => {
  it('staging does not change the applicant’s look-up; release does: 0 when approved', async () => {
    const r = await submittedRankUser(t);
    await assign(t.app, w.admin.token, [r.id], [w.reviewer.id]);
    const [a, b, c] = rankRubric as [string, string, string];
    data(await review(w.reviewer.token, r.id, { [a]: 9, [b]: 9, [c]: 5 }, { commentToApplicant: '事迹突出，视频清晰', privateNote: '内部：建议一等' }));
    expect((await check(r.applicant)).body).toMatchObject({ success: true, code: Code.UNDER_REVIEW });

    const v = await versionOf(t.app, w.admin.token, r.id);
    data(await stage(w.admin.token, r.id, 'approve', v, '恭喜入选'));
    expect((await check(r.applicant)).body).toMatchObject({ success: true, code: Code.UNDER_REVIEW });
    const preview = data(await get<{ title: string; body: string; lookupCode: number }>(t.app, apiPaths.consoleDecisionPreview, { applicationId: r.id }, { token: w.admin.token }));
    expect(preview.lookupCode).toBe(Code.OK);
    expect(preview.body).toContain('已通过审核');
    expect(preview.body).toContain('事迹突出，视频清晰');
    expect(preview.body).not.toContain('内部');

    const out = data(await release([r.id]));
    expect(out.released.map((x) => [x.applicationId, x.status])).toEqual([[r.id, 'approved']]);
    const after = await check(r.applicant);
    expect(after.body).toMatchObject({ success: true, code: Code.OK, message: { rankUser: { id: r.id, status: 'approved' } } });

    const row = await t.db.selectFrom('applications').selectAll().where('id', '=', r.id).executeTakeFirstOrThrow();
    expect(row.decided_at).toBe(out.released[0]!.decidedAt);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', r.id).where('action', '=', 'decision.release').executeTakeFirstOrThrow();
    expect(audit.actor_id).toBe(w.admin.id);
    expect(JSON.parse(audit.before_json!)).toMatchObject({ status: 'under_review' });
    expect(JSON.parse(audit.after_json!)).toMatchObject({ status: 'approved', note: '恭喜入选' });
    expect(await t.db.selectFrom('staged_decisions').selectAll().where('application_id', '=', r.id).execute()).toEqual([]);

    // the applicant's notification, with the shared comment and never the private note
    const inbox = data(await get<GetNotificationsResponse>(t.app, apiPaths.getNotifications, {}, { token: r.applicant.token }));
    expect(inbox.unread).toBe(1);
    expect(inbox.items[0]).toMatchObject({ applicationId: r.id, kind: 'rank_user', status: 'approved', readAt: null, title: preview.title, body: preview.body });
    const read = data(await post<{ unread: number }>(t.app, apiPaths.readNotification, { id: inbox.items[0]!.id }, { token: r.applicant.token }));
    expect(read.unread).toBe(0);
    // someone else's notification cannot be marked
    const other = await post(t.app, apiPaths.readNotification, { id: inbox.items[0]!.id }, { token: w.reviewer.token });
    expect(other.body).toMatchObject({ success: false, code: Code.NOT_FOUND });

    // no outbound channel configured: both logged as skipped, the deployment still works
    await t.services.notifications.idle();
    const deliveries = await t.db.selectFrom('notification_deliveries').selectAll().where('application_id', '=', r.id).execute();
    expect(deliveries.map((d) => [d.channel, d.status, d.detail]).sort()).toEqual([
      ['sms', 'skipped', 'not_configured'],
      ['wechat', 'skipped', 'not_configured'],
    ]);
  });

  it('rejected and returned: 9000 with the reason', async () => {
    for (const [decision, reason] of [['reject', '不符合申报条件'], ['return', '请补充获奖证书']] as const) {
      const r = await submittedRankUser(t);
      const v = await versionOf(t.app, w.admin.token, r.id);
      data(await stage(w.admin.token, r.id, decision, v, reason));
      expect((await check(r.applicant)).body).toMatchObject({ success: true, code: Code.UNDER_REVIEW });
      data(await release([r.id]));
      expect((await check(r.applicant)).body).toEqual({ success: false, code: Code.APPLY_REJECTED, message: reason });
    }
  });

  it('releases a batch; skips what changed since staging; the confirmed count must match', async () => {
    const a = await submittedPerson(t);
    const b = await submittedPerson(t);
    const c = await submittedPerson(t);
    for (const p of [a, b, c]) data(await stage(w.admin.token, p.id, 'approve', await versionOf(t.app, w.admin.token, p.id)));
    // after staging, b withdraws (which takes its staged decision with it) and c is assigned a reviewer
    data(await post(t.app, apiPaths.withdrawApplication, { id: b.id, reason: '个人原因' }, { token: b.applicant.token }));
    await assign(t.app, w.admin.token, [c.id], [w.reviewer.id]);
    const wrong = await post(t.app, apiPaths.consoleDecisionRelease, { applicationIds: [a.id, b.id, c.id], expectedCount: 2 }, { token: w.admin.token });
    expect(wrong.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    const out = data(await release([a.id, b.id, c.id]));
    expect(out.released.map((x) => x.applicationId)).toEqual([a.id]);
    expect(out.failed).toEqual([
      { applicationId: b.id, reason: '该申报没有待发布的决定' },
      { applicationId: c.id, reason: '申报已变化，请重新确认决定' },
    ]);
    const statuses = await t.db.selectFrom('applications').select(['id', 'status']).where('id', 'in', [a.id, b.id, c.id]).execute();
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({ [a.id]: 'approved', [b.id]: 'withdrawn', [c.id]: 'under_review' });
    // releasing again: nothing staged any more
    const twice = data(await release([a.id]));
    expect(twice.released).toEqual([]);
    expect(twice.failed.map((f) => f.applicationId)).toEqual([a.id]);
  });

  it('a return only while the applicant can still resubmit: refused at staging and at release once review is over', async () => {
    const setPhase = (phase: string | null) => t.db.updateTable('programmes').set({ phase_override: phase as never }).execute();
    const late = await submittedPerson(t);
    const staged = await submittedPerson(t);
    data(await stage(w.admin.token, staged.id, 'return', await versionOf(t.app, w.admin.token, staged.id), '请补充材料'));
    await setPhase('results');
    try {
      const refused = await stage(w.admin.token, late.id, 'return', await versionOf(t.app, w.admin.token, late.id), '请补充材料');
      expect(refused.body).toMatchObject({ success: false, code: Code.PROGRAMME_CLOSED });
      const out = data(await release([staged.id]));
      expect(out.failed).toEqual([{ applicationId: staged.id, reason: '申报期和评审期已结束，退回后申报人无法再修改，请作出通过或不通过的决定' }]);
      expect((await t.db.selectFrom('applications').select('status').where('id', '=', staged.id).executeTakeFirstOrThrow()).status).toBe('submitted');
      // approve and reject still go through
      data(await stage(w.admin.token, late.id, 'reject', await versionOf(t.app, w.admin.token, late.id), '不符合条件'));
      expect(data(await release([late.id])).released.map((r) => r.applicationId)).toEqual([late.id]);
    } finally {
      await setPhase(null);
    }
  });

  it('a withdrawal takes its staged decision with it: nothing left pending that could never be released or unstaged', async () => {
    const p = await submittedPerson(t);
    data(await stage(w.admin.token, p.id, 'approve', await versionOf(t.app, w.admin.token, p.id)));
    const pending = () => get<ConsoleStagedItem[]>(t.app, apiPaths.consoleDecisionsStaged, {}, { token: w.admin.token });
    expect(data(await pending()).map((i) => i.applicationId)).toContain(p.id);
    data(await post(t.app, apiPaths.withdrawApplication, { id: p.id, reason: '个人原因' }, { token: p.applicant.token }));
    expect(data(await pending()).map((i) => i.applicationId)).not.toContain(p.id);
    const audit = await t.db.selectFrom('audit_log').select('after_json').where('entity_id', '=', p.id).where('action', '=', 'application.withdraw').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json!)).toMatchObject({ status: 'withdrawn', stagedDecisionDropped: true });
  });

  it('returned, corrected and resubmitted: the same reviewer takes it up again, then a decision stands', async () => {
    const p = await submittedPerson(t);
    await assign(t.app, w.admin.token, [p.id], [w.reviewer.id]);
    const [a, b, c] = personRubric as [string, string, string];
    data(await review(w.reviewer.token, p.id, { [a]: 4, [b]: 4, [c]: 2 }, { recommendation: 'return' }));
    data(await stage(w.admin.token, p.id, 'return', await versionOf(t.app, w.admin.token, p.id), '请补充简历'));
    data(await release([p.id]));
    const mine = data(await get<{ person: { version: number } }>(t.app, apiPaths.getPersonInfo, {}, { token: p.applicant.token }));
    data(await post(t.app, apiPaths.updateApplyPerson, { ...p.form, resume: '2012 年至今在青城科技从事研发工作，负责平台架构。', id: p.id, version: mine.person.version }, { token: p.applicant.token }));
    expect((await t.db.selectFrom('applications').select('status').where('id', '=', p.id).executeTakeFirstOrThrow()).status).toBe('submitted');
    // the assignment is still there; assigning again restarts the review
    const again = await assign(t.app, w.admin.token, [p.id], [w.reviewer.id]);
    expect(again.unchanged).toHaveLength(1);
    expect((await t.db.selectFrom('applications').select('status').where('id', '=', p.id).executeTakeFirstOrThrow()).status).toBe('under_review');
    expect(data(await review(w.reviewer.token, p.id, { [a]: 9, [b]: 9, [c]: 5 })).total).toBe(92);
    data(await stage(w.admin.token, p.id, 'approve', await versionOf(t.app, w.admin.token, p.id)));
    data(await release([p.id]));
    const timeline = data(await get<{ person: { timeline: Array<{ status: string }> } }>(t.app, apiPaths.getPersonInfo, {}, { token: p.applicant.token }));
    expect(timeline.person.timeline.map((e) => e.status)).toEqual(['submitted', 'under_review', 'returned', 'submitted', 'under_review', 'approved']);
  });

  it('two admins releasing the same decision at once: it is released once', async () => {
    const p = await submittedPerson(t);
    data(await stage(w.admin.token, p.id, 'approve', await versionOf(t.app, w.admin.token, p.id)));
    const [x, y] = await Promise.all([release([p.id]), release([p.id], admin2.token)]);
    const released = [...data(x).released, ...data(y).released];
    expect(released).toHaveLength(1);
    const notes = await t.db.selectFrom('notifications').selectAll().where('application_id', '=', p.id).execute();
    expect(notes).toHaveLength(1);
  });
});
