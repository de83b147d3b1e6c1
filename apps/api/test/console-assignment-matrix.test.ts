/**
 * The assignment matrix (分配评审): applications × reviewers with each cell's state (assigned,
 * reviewed, a review kept after unassigning, a declared conflict, an organisation conflict),
 * coverage against each kind's target number of reviewers and 补足 through automatic assignment,
 * each reviewer's progress and last activity; reminders to a reviewer (an in-app notice, and the
 * outbox's SMS / WeChat copies; once per hour; audited); who may call what, and bad input; one
 * season's matrix (its applications, targets and coverage; membership, seasonless, left out).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths, Code, type ConsoleAssignmentMatrixResponse, type ConsoleAssignResponse, type ConsoleMyReminderResponse,
  type ConsoleRemindReviewerResponse, type ConsoleSeason, type ConsoleSeasonsResponse, type GetNotificationsResponse,
  maskMobile, reminderPolicy, type SubmitResponse,
} from '@qgw/contracts';
import { isoAt } from '../src/clock.js';
import { data, get, login, newUser, post, type TestUser } from './support/api.js';
import { memberForm, uploadImage } from './support/applications.js';
import { newConsoleUser } from './support/console.js';
import { assign, createWorld, type ReviewWorld, setRubric, submittedPerson } from './support/console-review.js';
import { type NotifyDouble, startNotifyDouble } from './support/notify-double.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let w: ReviewWorld;
let nd: NotifyDouble;
let criteria: string[];
/** p1: both reviewers, one reviewed; p2: reviewer, reviewer2 declared a conflict; p3: reviewer's organisation */
const p: Array<{ id: string; applicant: TestUser; name: string }> = [];

beforeAll(async () => {
  nd = await startNotifyDouble();
  t = await createTestApp({ env: { SMS_GATEWAY_URL: `${nd.url}/sms`, SMS_GATEWAY_TOKEN: nd.smsToken, NOTIFY_TIMEOUT_MS: '2000' } });
  w = await createWorld(t);
  criteria = await setRubric(t.app, w.admin.token, 'person');
  for (const organization of ['甲单位', '乙单位', '评审一单位']) {
    const s = await submittedPerson(t, { organization });
    p.push({ id: s.id, applicant: s.applicant, name: s.form.name });
  }
});
afterAll(async () => {
  await t.close();
  await nd.close();
});

const matrix = async (query: Record<string, string> = {}, token = w.admin.token) =>
  data(await get<ConsoleAssignmentMatrixResponse>(t.app, apiPaths.consoleAssignmentMatrix, { kind: 'person', ...query }, { token }));
const remind = (reviewerId: string, token = w.admin.token) => post<ConsoleRemindReviewerResponse>(t.app, apiPaths.consoleRemindReviewer, { reviewerId }, { token });
const rowOf = (m: ConsoleAssignmentMatrixResponse, id: string) => m.rows.find((r) => r.id === id)!;
const cell = (m: ConsoleAssignmentMatrixResponse, id: string, reviewerId: string) => rowOf(m, id).cells.find((c) => c.reviewerId === reviewerId)?.state ?? null;
const setTarget = async (n: number) => data(await post(t.app, apiPaths.consoleProgramme, { targetReviewers: { person: n } }, { token: w.admin.token }));

describe('the matrix', () => {
  it('shows each cell: assigned, reviewed, declared conflict, organisation conflict, a review kept after unassigning', async () => {
    const [p1, p2, p3] = p as [(typeof p)[0], (typeof p)[0], (typeof p)[0]];
    await assign(t.app, w.admin.token, [p1.id], [w.reviewer.id, w.reviewer2.id]);
    await assign(t.app, w.admin.token, [p2.id], [w.reviewer.id, w.reviewer2.id]);
    const scores = { [criteria[0]!]: 8, [criteria[1]!]: 7, [criteria[2]!]: 4 };
    data(await post(t.app, apiPaths.consoleReview, { applicationId: p1.id, scores, recommendation: 'approve' }, { token: w.reviewer.token }));
    data(await post(t.app, apiPaths.consoleConflict, { applicationId: p2.id, reason: '曾为其导师' }, { token: w.reviewer2.token }));

    let m = await matrix();
    expect(m.total).toBe(3);
    expect(m.rows.map((r) => r.id)).toEqual([p1.id, p2.id, p3.id]);
    expect(cell(m, p1.id, w.reviewer.id)).toBe('reviewed');
    expect(cell(m, p1.id, w.reviewer2.id)).toBe('assigned');
    expect(cell(m, p2.id, w.reviewer.id)).toBe('assigned');
    expect(cell(m, p2.id, w.reviewer2.id)).toBe('conflictDeclared');
    expect(cell(m, p3.id, w.reviewer.id)).toBe('conflictOrganization');
    expect(cell(m, p3.id, w.reviewer2.id)).toBeNull();
    expect(rowOf(m, p1.id)).toMatchObject({ kind: 'person', status: 'under_review', assigned: 2, reviewed: 1, target: 2, belowTarget: false });
    expect(rowOf(m, p2.id)).toMatchObject({ assigned: 1, reviewed: 0, belowTarget: true });
    expect(rowOf(m, p3.id)).toMatchObject({ status: 'submitted', assigned: 0, belowTarget: true });
    // the applicant masked: the name's first character and the masked mobile, never the whole
    const shown = rowOf(m, p1.id).applicantMasked;
    expect(shown).toBe(`${[...p1.name][0]}${'*'.repeat([...p1.name].length - 1)} · ${maskMobile(p1.applicant.mobile)}`);
    expect(JSON.stringify(m)).not.toContain(p1.applicant.mobile);

    // unassigning a reviewer who reviewed: the review stays on record, the cell says so
    data(await post(t.app, apiPaths.consoleUnassign, { applicationId: p1.id, reviewerId: w.reviewer.id }, { token: w.admin.token }));
    m = await matrix();
    expect(cell(m, p1.id, w.reviewer.id)).toBe('reviewKept');
    expect(rowOf(m, p1.id)).toMatchObject({ assigned: 1, reviewed: 0, belowTarget: true });
    data(await post(t.app, apiPaths.consoleAssign, { applicationIds: [p1.id], reviewerIds: [w.reviewer.id] }, { token: w.admin.token }));
    expect(cell(await matrix(), p1.id, w.reviewer.id)).toBe('reviewed');
  });

  it('gives each reviewer load, progress and last activity', async () => {
    const m = await matrix();
    const r1 = m.reviewers.find((r) => r.id === w.reviewer.id)!;
    const r2 = m.reviewers.find((r) => r.id === w.reviewer2.id)!;
    expect(r1).toMatchObject({ load: 2, done: 1, mobileMasked: maskMobile(w.reviewer.mobile), organization: '评审一单位', lastRemindedAt: null, remindableAt: null });
    expect(r1.lastReviewAt).toEqual(expect.any(String));
    expect(r1.lastSeenAt).toEqual(expect.any(String));
    expect(r1.lastActivityAt! >= r1.lastReviewAt!).toBe(true);
    expect(r2).toMatchObject({ load: 1, done: 0, lastReviewAt: null });
    // only reviewers are columns: the admin is not one
    expect(m.reviewers.map((r) => r.id)).not.toContain(w.admin.id);
  });

  it('filters and pages; a status other than the default lists decided applications too', async () => {
    const one = await matrix({ pageSize: '1', page: '2' });
    expect(one).toMatchObject({ total: 3, page: 2, pageSize: 1 });
    expect(one.rows.map((r) => r.id)).toEqual([p[1]!.id]);
    expect((await matrix({ status: 'submitted' })).rows.map((r) => r.id)).toEqual([p[2]!.id]);
    expect((await matrix({ kind: 'work' })).total).toBe(0);
    expect((await matrix({ status: 'approved' })).total).toBe(0);
  });
});

describe('coverage', () => {
  it('counts per kind the applications below the target, and belowTarget lists only those', async () => {
    let m = await matrix();
    const person = () => m.coverage.find((c) => c.kind === 'person')!;
    expect(person()).toMatchObject({ target: 2, applications: 3, below: 2, belowIds: [p[1]!.id, p[2]!.id] });
    expect(m.coverage.find((c) => c.kind === 'work')).toMatchObject({ target: 2, applications: 0, below: 0 });
    expect((await matrix({ belowTarget: 'true' })).rows.map((r) => r.id)).toEqual([p[1]!.id, p[2]!.id]);

    await setTarget(1);
    m = await matrix();
    expect(person()).toMatchObject({ target: 1, below: 1, belowIds: [p[2]!.id] });
    expect(rowOf(m, p[1]!.id)).toMatchObject({ target: 1, belowTarget: false });
  });

  it('补足: automatic assignment at the target fills only those, conflicts respected', async () => {
    await setTarget(2);
    const below = (await matrix()).coverage.find((c) => c.kind === 'person')!.belowIds;
    const out = data(await post<ConsoleAssignResponse>(t.app, apiPaths.consoleAssignAuto, { applicationIds: below, perApplication: 2 }, { token: w.admin.token }));
    // p2: reviewer2 declared a conflict; p3: reviewer is of the applicant's organisation
    expect(out.assigned).toEqual([{ applicationId: p[2]!.id, reviewerId: w.reviewer2.id }]);
    expect(out.refused.map((r) => [r.applicationId, r.cause])).toEqual([
      [p[1]!.id, 'no_reviewer'],
      [p[2]!.id, 'no_reviewer'],
    ]);
    const m = await matrix();
    expect(cell(m, p[2]!.id, w.reviewer2.id)).toBe('assigned');
    expect(m.coverage.find((c) => c.kind === 'person')).toMatchObject({ below: 2 });
    await setTarget(1);
    expect((await matrix()).coverage.find((c) => c.kind === 'person')).toMatchObject({ below: 0, belowIds: [] });
  });
});

describe('reminders', () => {
  it('write the reviewer a notice, queue an SMS through the outbox, and are audited with the admin as actor', async () => {
    const res = data(await remind(w.reviewer2.id));
    // p1 and p3 await reviewer2's review
    expect(res).toMatchObject({ reviewerId: w.reviewer2.id, pending: 2 });
    expect(Date.parse(res.remindableAt) - Date.parse(res.remindedAt)).toBe(reminderPolicy.intervalMinutes * 60_000);

    const inbox = data(await get<GetNotificationsResponse>(t.app, apiPaths.getNotifications, {}, { token: w.reviewer2.token }));
    expect(inbox.items[0]).toMatchObject({ title: '评审提醒', applicationId: null, readAt: null });
    expect(inbox.items[0]!.body).toContain('2 份申报尚待评审');
    const mine = data(await get<ConsoleMyReminderResponse>(t.app, apiPaths.consoleMyReminder, {}, { token: w.reviewer2.token }));
    expect(mine.reminder).toMatchObject({ id: inbox.items[0]!.id, title: '评审提醒' });

    await t.services.notifications.idle();
    const outbox = await t.db.selectFrom('notification_outbox').selectAll().where('notification_id', '=', inbox.items[0]!.id).execute();
    expect(outbox.map((o) => [o.channel, o.status, o.user_id]).sort()).toEqual([
      ['sms', 'sent', w.reviewer2.id],
      // WeChat is not configured in this file: the copy is settled as skipped, and the log says why
      ['wechat', 'skipped', w.reviewer2.id],
    ]);
    expect(nd.sms.find((s) => s.to === w.reviewer2.mobile)?.text).toBe('【青工委服务平台】您有 2 份申报尚待评审，请尽快登录管理后台完成评审。');

    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'review.remind').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: w.admin.id, entity: 'user', entity_id: w.reviewer2.id });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ pending: 2 });

    // once read, the banner has nothing to show
    data(await post(t.app, apiPaths.readNotification, { id: inbox.items[0]!.id }, { token: w.reviewer2.token }));
    expect(data(await get<ConsoleMyReminderResponse>(t.app, apiPaths.consoleMyReminder, {}, { token: w.reviewer2.token })).reminder).toBeNull();
    const m = await matrix();
    expect(m.reviewers.find((r) => r.id === w.reviewer2.id)).toMatchObject({ lastRemindedAt: res.remindedAt, remindableAt: res.remindableAt });
  });

  it('are refused within the hour, whichever admin sends, with a Chinese message; allowed again after it', async () => {
    const admin2 = await newConsoleUser(t.app, t.db, t.clock, ['admin']);
    const again = await remind(w.reviewer2.id, admin2.token);
    expect(again.body).toMatchObject({ success: false, code: Code.REMIND_TOO_SOON });
    expect((again.body as { message: string }).message).toMatch(/每位评审每小时只能提醒一次.*北京时间/);
    expect(await t.db.selectFrom('audit_log').select('id').where('action', '=', 'review.remind').execute()).toHaveLength(1);

    // an hour later (the reminder's own time moved back, so the sessions stay fresh)
    const back = isoAt(t.clock.now() - reminderPolicy.intervalMinutes * 60_000 - 1000);
    await t.db.updateTable('notifications').set({ created_at: back }).where('user_id', '=', w.reviewer2.id).where('title', '=', '评审提醒').execute();
    expect(data(await remind(w.reviewer2.id, admin2.token))).toMatchObject({ pending: 2 });
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'review.remind').execute();
    expect(audit.map((a) => a.actor_id).sort()).toEqual([w.admin.id, admin2.id].sort());
  });

  it('are refused for a reviewer with nothing to review, an unknown id, or someone who is not a reviewer', async () => {
    // reviewer: p1 reviewed, p2 still assigned → review it, nothing is left
    const scores = { [criteria[0]!]: 6, [criteria[1]!]: 6, [criteria[2]!]: 3 };
    data(await post(t.app, apiPaths.consoleReview, { applicationId: p[1]!.id, scores, recommendation: 'approve' }, { token: w.reviewer.token }));
    expect((await remind(w.reviewer.id)).body).toMatchObject({ success: false, code: Code.CONFLICT, message: '该评审没有待评的申报，无需提醒' });
    expect((await remind('no-such-reviewer')).body).toMatchObject({ success: false, code: Code.NOT_FOUND });
    expect((await remind(p[0]!.applicant.id)).body).toMatchObject({ success: false, code: Code.NOT_FOUND });
    expect((await remind(w.admin.id)).body).toMatchObject({ success: false, code: Code.NOT_FOUND });
    const notices = await t.db.selectFrom('notifications').select('id').where('title', '=', '评审提醒').execute();
    expect(notices).toHaveLength(2);
  });
});

describe('who may call', () => {
  it('refuses no token, an applicant and a reviewer for the matrix and reminders; a reviewer reads only their own reminder', async () => {
    const applicant = await newUser(t.app);
    for (const [token, status] of [[undefined, 401], [applicant.token, 403], [w.reviewer.token, 403]] as const) {
      const m = await get(t.app, apiPaths.consoleAssignmentMatrix, {}, token ? { token } : {});
      expect(m.status, `matrix ${token ?? 'no token'}`).toBe(status);
      expect(m.body.success).toBe(false);
      const r = await post(t.app, apiPaths.consoleRemindReviewer, { reviewerId: w.reviewer2.id }, token ? { token } : {});
      expect(r.status, `remind ${token ?? 'no token'}`).toBe(status);
    }
    expect((await get(t.app, apiPaths.consoleMyReminder, {})).status).toBe(401);
    expect((await get(t.app, apiPaths.consoleMyReminder, {}, { token: applicant.token })).status).toBe(403);
    // reviewer2's reminder is theirs: reviewer (none unread) sees nothing of it
    expect(data(await get<ConsoleMyReminderResponse>(t.app, apiPaths.consoleMyReminder, {}, { token: w.reviewer.token })).reminder).toBeNull();
    expect(data(await get<ConsoleMyReminderResponse>(t.app, apiPaths.consoleMyReminder, {}, { token: w.reviewer2.token })).reminder).not.toBeNull();
  });

  it('refuses bad input with the schema', async () => {
    const bad: Array<Record<string, string>> = [{ page: '0' }, { pageSize: '201' }, { pageSize: 'x' }, { status: 'draft' }, { kind: 'nobody' }, { themeId: '../x' }, { belowTarget: 'maybe' }];
    for (const query of bad) {
      const res = await get(t.app, apiPaths.consoleAssignmentMatrix, query, { token: w.admin.token });
      expect(res.body, JSON.stringify(query)).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
    for (const body of [{}, { reviewerId: '' }, { reviewerId: 'a b' }, { reviewerId: 'x'.repeat(65) }, { reviewerId: 7 }]) {
      const res = await post(t.app, apiPaths.consoleRemindReviewer, body, { token: w.admin.token });
      expect(res.body, JSON.stringify(body)).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
    expect(await t.db.selectFrom('notifications').select('id').where('title', '=', '评审提醒').execute()).toHaveLength(2);
  });
});

describe('one season', () => {
  let s2024: ConsoleSeason;
  let s2025: ConsoleSeason;
  let entry2025: string;
  let member: string;
  const ids = (m: ConsoleAssignmentMatrixResponse) => m.rows.map((r) => r.id);
  const person = (m: ConsoleAssignmentMatrixResponse) => m.coverage.find((c) => c.kind === 'person')!;

  beforeAll(async () => {
    s2024 = data(await get<ConsoleSeasonsResponse>(t.app, apiPaths.consoleSeasons, {}, { token: w.admin.token })).items[0]!;
    s2025 = data(await post<ConsoleSeason>(t.app, apiPaths.consoleSeasonCreate, { year: 2025, copyFrom: s2024.id }, { token: w.admin.token }));
    data(await post(t.app, apiPaths.consoleProgramme, { programmeId: s2025.id, targetReviewers: { person: 3 } }, { token: w.admin.token }));
    // an entry of 2025 (submitted while 2024 is open, then filed under 2025) and a seasonless membership application
    entry2025 = (await submittedPerson(t)).id;
    await t.db.updateTable('applications').set({ programme_id: s2025.id }).where('id', '=', entry2025).execute();
    const applicant = await newUser(t.app);
    const photo = await uploadImage(t.app, applicant.token, 'photo');
    member = data(await post<SubmitResponse>(t.app, apiPaths.memberApply, memberForm(photo), { token: applicant.token })).id;
  });

  it('lists only that season\'s applications, against its own targets and coverage; every season\'s without it', async () => {
    const all = await matrix();
    expect(ids(all)).toEqual([p[0]!.id, p[1]!.id, p[2]!.id, entry2025]);
    const of2024 = await matrix({ programmeId: s2024.id });
    expect(ids(of2024)).toEqual([p[0]!.id, p[1]!.id, p[2]!.id]);
    expect(person(of2024)).toMatchObject({ target: 1, applications: 3 });
    const of2025 = await matrix({ programmeId: s2025.id });
    expect(of2025).toMatchObject({ total: 1, rows: [{ id: entry2025, target: 3, assigned: 0, belowTarget: true }] });
    expect(person(of2025)).toMatchObject({ target: 3, applications: 1, below: 1, belowIds: [entry2025] });
    expect(ids(await matrix({ programmeId: s2025.id, belowTarget: 'true' }))).toEqual([entry2025]);
  });

  it('leaves membership out of a season, as the queue does', async () => {
    expect(ids(await matrix({ kind: 'membership' }))).toEqual([member]);
    expect((await matrix({ kind: 'membership', programmeId: s2024.id })).total).toBe(0);
    const m = await matrix({ kind: 'membership', programmeId: s2025.id });
    expect(m.coverage.find((c) => c.kind === 'membership')).toMatchObject({ applications: 0 });
  });

  it('refuses an unknown season (NOT_FOUND) and a malformed one (BAD_REQUEST)', async () => {
    const ask = (programmeId: string) => get(t.app, apiPaths.consoleAssignmentMatrix, { programmeId }, { token: w.admin.token });
    expect((await ask('no-such-season')).body).toMatchObject({ success: false, code: Code.NOT_FOUND });
    for (const programmeId of ['', 'a b', 'x'.repeat(65)]) {
      expect((await ask(programmeId)).body, programmeId).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
  });

  it('stays an admin\'s: no token 401, a reviewer 403, an admin before the second factor CONSOLE_MFA_REQUIRED', async () => {
    const query = { programmeId: s2025.id };
    expect((await get(t.app, apiPaths.consoleAssignmentMatrix, query)).status).toBe(401);
    expect((await get(t.app, apiPaths.consoleAssignmentMatrix, query, { token: w.reviewer.token })).status).toBe(403);
    const unverified = (await login(t.app, w.admin.mobile, w.admin.password)).token;
    const r = await get(t.app, apiPaths.consoleAssignmentMatrix, query, { token: unverified });
    expect(r.body).toMatchObject({ success: false, code: Code.CONSOLE_MFA_REQUIRED });
    expect(JSON.stringify(r.body)).not.toContain(entry2025);
  });
});
