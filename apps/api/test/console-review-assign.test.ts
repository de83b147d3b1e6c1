/**
 * Assignment: manual, automatic (balanced by load) and by CSV; the conflict-of-interest rule —
 * a reviewer from the applicant's organisation is never assigned, whichever way is used — and a
 * reviewer's own declaration of a conflict. The first assignment starts the review (audited).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths, Code, type ConsoleAssignCsvResponse, type ConsoleAssignResponse, type ConsoleReviewerLoad, type SubmitResponse,
} from '@qgw/contracts';
import { data, get, post } from './support/api.js';
import { personForm, themeIds, uploadImage, workForm } from './support/applications.js';
import { type ConsoleUser, newConsoleUser } from './support/console.js';
import { assign, createWorld, reviewCounts, type ReviewWorld, setOrganization, submittedPerson, versionOf } from './support/console-review.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let w: ReviewWorld;
/** works at the applicants' organisation (personalInfo: 青城科技有限公司), written differently */
let colleague: ConsoleUser;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  colleague = await newConsoleUser(t.app, t.db, t.clock, ['reviewer']);
  await setOrganization(t.app, w.admin.token, colleague.id, ' 青城科技有限公司 ');
});
afterAll(async () => {
  await t.close();
});

const assignmentsOf = (id: string) =>
  t.db.selectFrom('review_assignments').select(['reviewer_id', 'method']).where('application_id', '=', id).orderBy('reviewer_id').execute();

async function csvUpload(text: string, asMultipart = false) {
  const headers = { authorization: w.admin.token };
  if (!asMultipart) {
    return t.app.inject({ method: 'POST', url: apiPaths.consoleAssignCsv, payload: text, headers: { ...headers, 'content-type': 'text/csv' } });
  }
  const boundary = 'csvboundary';
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n${text}\r\n--${boundary}--\r\n`;
  return t.app.inject({
    method: 'POST',
    url: apiPaths.consoleAssignCsv,
    payload,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

describe('automatic assignment with too few eligible reviewers', () => {
  it('fills what it can and reports the rest; conflicts stay out', async () => {
    // more reviewers wanted than there are eligible ones
    const one = (await submittedPerson(t)).id;
    const many = data(
      await post<ConsoleAssignResponse>(t.app, apiPaths.consoleAssignAuto, { applicationIds: [one], perApplication: 5 }, { token: w.admin.token }),
    );
    expect(many.refused.map((r) => r.cause)).toEqual(['no_reviewer']);
    expect(many.assigned.map((a) => a.reviewerId).sort()).toEqual([w.reviewer.id, w.reviewer2.id].sort());
    expect((await assignmentsOf(one)).map((a) => a.reviewer_id)).not.toContain(colleague.id);
  });
});

describe('manual assignment', () => {
  it('assigns, moves submitted → under_review once, and audits both', async () => {
    const p = await submittedPerson(t);
    const out = await assign(t.app, w.admin.token, [p.id], [w.reviewer.id, w.reviewer2.id]);
    expect(out.assigned).toHaveLength(2);
    expect(out.refused).toEqual([]);
    const row = await t.db.selectFrom('applications').select(['status', 'version']).where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('under_review');
    const again = await assign(t.app, w.admin.token, [p.id], [w.reviewer.id]);
    expect(again).toEqual({ assigned: [], unchanged: [{ applicationId: p.id, reviewerId: w.reviewer.id }], refused: [] });
    const audit = await t.db.selectFrom('audit_log').select(['action', 'actor_id', 'after_json']).where('entity_id', '=', p.id).execute();
    expect(audit.filter((a) => a.action === 'review.assign').map((a) => a.actor_id)).toEqual([w.admin.id, w.admin.id]);
    const start = audit.filter((a) => a.action === 'application.review_start');
    expect(start).toHaveLength(1);
    expect(JSON.parse(start[0]!.after_json!)).toMatchObject({ status: 'under_review' });
    // the applicant's timeline shows it
    const view = data(await get<{ person: { timeline: Array<{ status: string }> } }>(t.app, apiPaths.getPersonInfo, {}, { token: p.applicant.token }));
    expect(view.person.timeline.map((e) => e.status)).toEqual(['submitted', 'under_review']);
  });

  it('never assigns a reviewer from the applicant’s organisation', async () => {
    const p = await submittedPerson(t);
    const before = await reviewCounts(t);
    const out = await assign(t.app, w.admin.token, [p.id], [colleague.id]);
    expect(out.assigned).toEqual([]);
    expect(out.refused).toEqual([
      { applicationId: p.id, reviewerId: colleague.id, cause: 'conflict', reason: '评审与申报人来自同一单位，须回避' },
    ]);
    expect(await reviewCounts(t)).toEqual(before);
  });

  it('follows the applicant’s organisation to their works entries too', async () => {
    const p = await submittedPerson(t, { organization: '远山文化传媒' });
    const [theme] = await themeIds(t.app);
    const photo = await uploadImage(t.app, p.applicant.token, 'work');
    const work = data(await post<SubmitResponse>(t.app, apiPaths.addWork, workForm(theme!, [photo]), { token: p.applicant.token }));
    const other = await newConsoleUser(t.app, t.db, t.clock, ['reviewer']);
    await setOrganization(t.app, w.admin.token, other.id, '远山文化传媒');
    const out = await assign(t.app, w.admin.token, [work.id], [other.id, w.reviewer.id]);
    expect(out.refused.map((r) => [r.reviewerId, r.cause])).toEqual([[other.id, 'conflict']]);
    expect(out.assigned.map((a) => a.reviewerId)).toEqual([w.reviewer.id]);
  });

  it('never assigns reviewers their own application', async () => {
    const self = await newConsoleUser(t.app, t.db, t.clock, ['reviewer']);
    const photo = await uploadImage(t.app, self.token, 'photo');
    const own = data(await post<SubmitResponse>(t.app, apiPaths.applyPerson, personForm(photo), { token: self.token }));
    const out = await assign(t.app, w.admin.token, [own.id], [self.id]);
    expect(out.refused.map((r) => [r.reviewerId, r.cause])).toEqual([[self.id, 'conflict']]);
  });

  it('refuses non-reviewers, the applicant themselves and applications not awaiting a decision', async () => {
    const p = await submittedPerson(t);
    const out = await assign(t.app, w.admin.token, [p.id, 'no-such-application'], [w.admin.id, 'nobody']);
    expect(out.assigned).toEqual([]);
    expect(out.refused.map((r) => r.cause).sort()).toEqual(['not_found', 'not_found', 'not_found', 'not_reviewer'].sort());
    // withdrawn: no longer assignable
    data(await post(t.app, apiPaths.withdrawApplication, { id: p.id, reason: '不再参加' }, { token: p.applicant.token }));
    const late = await assign(t.app, w.admin.token, [p.id], [w.reviewer.id]);
    expect(late.refused.map((r) => r.cause)).toEqual(['state']);
  });
});

describe('automatic assignment', () => {
  it('balances by load, skips conflicts and reports what it could not fill', async () => {
    const fresh = await newConsoleUser(t.app, t.db, t.clock, ['reviewer']);
    const loadsBefore = new Map(
      data(await get<ConsoleReviewerLoad[]>(t.app, apiPaths.consoleReviewers, {}, { token: w.admin.token })).map((r) => [r.id, r.load]),
    );
    expect(loadsBefore.get(fresh.id)).toBe(0);
    const apps = [];
    for (let i = 0; i < 4; i++) apps.push((await submittedPerson(t)).id);
    const out = data(
      await post<ConsoleAssignResponse>(t.app, apiPaths.consoleAssignAuto, { applicationIds: apps, perApplication: 1 }, { token: w.admin.token }),
    );
    expect(out.assigned).toHaveLength(4);
    // the colleague shares the applicants' organisation: never picked
    expect(out.assigned.map((a) => a.reviewerId)).not.toContain(colleague.id);
    // every pick was a least-loaded eligible reviewer at that moment
    const load = new Map([...loadsBefore.entries()].filter(([id]) => id !== colleague.id));
    for (const a of out.assigned) {
      expect(load.get(a.reviewerId)).toBe(Math.min(...load.values()));
      load.set(a.reviewerId, load.get(a.reviewerId)! + 1);
    }
    const loads = data(await get<ConsoleReviewerLoad[]>(t.app, apiPaths.consoleReviewers, {}, { token: w.admin.token }));
    for (const r of loads) if (r.id !== colleague.id) expect(r.load).toBe(load.get(r.id));
    for (const id of apps) expect((await assignmentsOf(id))[0]?.method).toBe('auto');

  });
});

describe('CSV assignment', () => {
  it('answers every row; the conflict rule holds here too', async () => {
    const a = await submittedPerson(t);
    const b = await submittedPerson(t);
    const csv = [
      '\uFEFFapplication_id,reviewer_mobile',
      `${a.id},${w.reviewer.mobile}`,
      `${a.id},${colleague.mobile}`,
      `${b.id},${w.reviewer2.mobile}`,
      `${a.id},${w.reviewer.mobile}`,
      `missing,${w.reviewer.mobile}`,
      `${b.id},12345`,
      `${b.id}`,
      '',
      `"${b.id}",${w.admin.mobile}`,
    ].join('\r\n');
    const res = await csvUpload(csv);
    const out = (res.json() as { message: ConsoleAssignCsvResponse }).message;
    expect(out.rows.map((r) => [r.line, r.outcome])).toEqual([
      [2, 'assigned'],
      [3, 'refused'],
      [4, 'assigned'],
      [5, 'unchanged'],
      [6, 'refused'],
      [7, 'refused'],
      [8, 'refused'],
      [10, 'refused'],
    ]);
    expect(out.rows[1]!.reason).toBe('评审与申报人来自同一单位，须回避');
    expect(out.rows[1]!.reviewerMobileMasked).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(out).toMatchObject({ assigned: 2, unchanged: 1, refused: 5 });
    expect((await assignmentsOf(a.id)).map((x) => [x.reviewer_id, x.method])).toEqual([[w.reviewer.id, 'csv']]);
  });

  it('takes a multipart upload; refuses a wrong header or a non-UTF-8 file', async () => {
    const a = await submittedPerson(t);
    const ok = await csvUpload(`application_id,reviewer_mobile\n${a.id},${w.reviewer2.mobile}\n`, true);
    expect((ok.json() as { message: ConsoleAssignCsvResponse }).message.assigned).toBe(1);
    const header = await csvUpload(`id,mobile\n${a.id},${w.reviewer2.mobile}\n`);
    expect(header.json()).toMatchObject({ success: false, code: Code.CSV_INVALID });
    const gbk = await t.app.inject({
      method: 'POST',
      url: apiPaths.consoleAssignCsv,
      payload: Buffer.from([0x61, 0x2c, 0xc4, 0xe3, 0x0a]),
      headers: { authorization: w.admin.token, 'content-type': 'text/csv' },
    });
    expect(gbk.json()).toMatchObject({ success: false, code: Code.CSV_INVALID });
  });
});

describe('declaring a conflict', () => {
  it('removes the reviewer’s assignment and review, is audited, and keeps them off for good', async () => {
    const p = await submittedPerson(t);
    await assign(t.app, w.admin.token, [p.id], [w.reviewer2.id]);
    const declared = await post(t.app, apiPaths.consoleConflict, { applicationId: p.id, reason: '申报人是我的亲属' }, { token: w.reviewer2.token });
    expect(declared.body.success).toBe(true);
    expect(await assignmentsOf(p.id)).toEqual([]);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', p.id)
      .where('action', '=', 'review.conflict')
      .executeTakeFirstOrThrow();
    expect(audit.actor_id).toBe(w.reviewer2.id);
    expect(JSON.parse(audit.after_json!)).toEqual({ reviewerId: w.reviewer2.id, reason: '申报人是我的亲属' });
    const again = await assign(t.app, w.admin.token, [p.id], [w.reviewer2.id]);
    expect(again.refused).toEqual([{ applicationId: p.id, reviewerId: w.reviewer2.id, cause: 'conflict', reason: '该评审已声明回避此申报' }]);
    const auto = data(
      await post<ConsoleAssignResponse>(t.app, apiPaths.consoleAssignAuto, { applicationIds: [p.id], perApplication: 5 }, { token: w.admin.token }),
    );
    expect(auto.assigned.map((x) => x.reviewerId)).not.toContain(w.reviewer2.id);
    // no longer assigned: the application is closed to them
    const detail = await get(t.app, apiPaths.consoleApplication, { id: p.id }, { token: w.reviewer2.token });
    expect(detail.status).toBe(403);
  });

  it('not once the application is decided: the review a decision rests on stays on record', async () => {
    const p = await submittedPerson(t);
    await assign(t.app, w.admin.token, [p.id], [w.reviewer2.id]);
    const stage = await post(t.app, apiPaths.consoleDecisionStage, {
      applicationId: p.id, decision: 'approve', reason: '', version: await versionOf(t.app, w.admin.token, p.id),
    }, { token: w.admin.token });
    expect(stage.body.success).toBe(true);
    expect((await post(t.app, apiPaths.consoleDecisionRelease, { applicationIds: [p.id], expectedCount: 1 }, { token: w.admin.token })).body.success).toBe(true);
    const late = await post(t.app, apiPaths.consoleConflict, { applicationId: p.id, reason: '申报人是我的亲属' }, { token: w.reviewer2.token });
    expect(late.body).toMatchObject({ success: false, code: Code.APPLICATION_STATE });
    expect((await assignmentsOf(p.id)).length).toBe(1);
    expect(await t.db.selectFrom('review_conflicts').select('reviewer_id').where('application_id', '=', p.id).execute()).toEqual([]);
  });

  it('only by a reviewer the application is assigned to', async () => {
    const p = await submittedPerson(t);
    const res = await post(t.app, apiPaths.consoleConflict, { applicationId: p.id, reason: '同事关系' }, { token: w.reviewer.token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: Code.NOT_ASSIGNED });
  });
});
