/**
 * Personal data in the console: masked by default, revealed one field at a time with an audit
 * entry (who, when, which field — never the value), never in the logs; blind review hides who
 * applied from reviewers. Files come as signed URLs; the video streams with range requests.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths, Code, type ConsoleApplicationResponse, type ConsoleQueueResponse, maskIdNumber, maskMobile, type SubmitResponse,
} from '@qgw/contracts';
import { data, get, newUser, post } from './support/api.js';
import { companyForm, uploadImage } from './support/applications.js';
import { assign, createWorld, type ReviewWorld, submittedPerson, submittedRankUser } from './support/console-review.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const lines: string[] = [];
let t: TestApp;
let w: ReviewWorld;

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'debug' },
    logStream: new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    }),
  });
  w = await createWorld(t);
});
afterAll(async () => {
  await t.close();
});

const detail = (token: string, id: string) => get<ConsoleApplicationResponse>(t.app, apiPaths.consoleApplication, { id }, { token });
const reveal = (token: string, id: string, field: string) => post<{ field: string; value: string }>(t.app, apiPaths.consoleReveal, { id, field }, { token });
const reveals = (id: string) =>
  t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', id).where('action', '=', 'application.reveal').orderBy('created_at').execute();
const setBlind = async (on: boolean) => data(await post(t.app, apiPaths.consoleProgramme, { blindReview: on }, { token: w.admin.token }));

describe('masked by default', () => {
  it('the detail carries no ID number, mobile or contact number in clear', async () => {
    const p = await submittedPerson(t);
    await assign(t.app, w.admin.token, [p.id], [w.reviewer.id]);
    for (const token of [w.admin.token, w.reviewer.token]) {
      const res = await detail(token, p.id);
      const d = data(res);
      expect(d.data.idNumber).toBe(maskIdNumber(p.form.idNumber));
      expect(d.data.contactMobile).toBe(maskMobile(p.form.contactMobile));
      expect(d.applicant).toEqual({ name: p.form.name, mobileMasked: maskMobile(p.applicant.mobile), organization: p.form.organization });
      const raw = res.raw.body;
      for (const secret of [p.form.idNumber, p.applicant.mobile, p.form.contactMobile]) expect(raw).not.toContain(secret);
      // a full ID number is for admins only
      expect(d.revealable.sort()).toEqual(token === w.admin.token ? ['contactMobile', 'idNumber', 'mobile'] : ['contactMobile', 'mobile']);
    }
    const q = data(await get<ConsoleQueueResponse>(t.app, apiPaths.consoleQueue, {}, { token: w.admin.token }));
    expect(q.items.find((i) => i.id === p.id)?.mobileMasked).toBe(maskMobile(p.applicant.mobile));
  });
});

describe('a landline as contact phone', () => {
  it('is shown down to its area code and last 4 digits, and revealed in full', async () => {
    const p = await submittedPerson(t, { contactMobile: '0755-12345678-123' });
    await assign(t.app, w.admin.token, [p.id], [w.reviewer.id]);
    const res = await detail(w.reviewer.token, p.id);
    expect(data(res).data.contactMobile).toBe('0755-****5678-123');
    expect(res.raw.body).not.toContain('12345678');
    expect(data(await reveal(w.reviewer.token, p.id, 'contactMobile')).value).toBe('0755-12345678-123');
  });
});

describe('reveal', () => {
  it('answers the value and audits who revealed which field, without the value', async () => {
    const p = await submittedPerson(t);
    await assign(t.app, w.admin.token, [p.id], [w.reviewer.id]);
    expect(data(await reveal(w.admin.token, p.id, 'idNumber'))).toEqual({ field: 'idNumber', value: p.form.idNumber });
    expect(data(await reveal(w.reviewer.token, p.id, 'mobile')).value).toBe(p.applicant.mobile);
    expect(data(await reveal(w.reviewer.token, p.id, 'contactMobile')).value).toBe(p.form.contactMobile);
    const audit = await reveals(p.id);
    // the test clock stands still: the three entries share one timestamp, so their order is not asserted
    const byField = (x: [string | null, { field: string }], y: [string | null, { field: string }]) => x[1].field.localeCompare(y[1].field);
    expect(audit.map((a): [string | null, { field: string }] => [a.actor_id, JSON.parse(a.after_json!)]).sort(byField)).toEqual([
      [w.reviewer.id, { field: 'contactMobile' }],
      [w.admin.id, { field: 'idNumber' }],
      [w.reviewer.id, { field: 'mobile' }],
    ]);
    for (const a of audit) {
      expect(a.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      const row = JSON.stringify(a);
      for (const secret of [p.form.idNumber, p.applicant.mobile, p.form.contactMobile]) expect(row).not.toContain(secret);
    }
    // the audit-log browser shows it
    const browse = data(await get<{ items: Array<{ action: string; entityId: string }> }>(t.app, apiPaths.consoleAudit, { entityId: p.id, action: 'application.reveal' }, { token: w.admin.token }));
    expect(browse.items).toHaveLength(3);
    // and no log line carries the values
    const log = lines.join('');
    for (const secret of [p.form.idNumber, p.applicant.mobile]) expect(log).not.toContain(secret);
  });

  it('a full ID number is for admins only: an assigned reviewer is refused (403) and nothing is audited', async () => {
    const p = await submittedPerson(t);
    await assign(t.app, w.admin.token, [p.id], [w.reviewer.id]);
    const res = await reveal(w.reviewer.token, p.id, 'idNumber');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: Code.REVEAL_ADMIN_ONLY, message: '完整身份证号仅管理员可查看' });
    expect(JSON.stringify(res.body)).not.toContain(p.form.idNumber);
    expect(await reveals(p.id)).toEqual([]);
  });

  it('is refused, and not audited, for a reviewer the application is not assigned to', async () => {
    const p = await submittedPerson(t);
    const res = await reveal(w.reviewer2.token, p.id, 'idNumber');
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain(p.form.idNumber);
    expect(await reveals(p.id)).toEqual([]);
  });
});

describe('blind review', () => {
  it('reviewers see no name or mobile, the organisation only in the queue, and cannot reveal or search by them; admins still do', async () => {
    const p = await submittedPerson(t, { name: '欧阳青禾', organization: '星河科技研究院' });
    await assign(t.app, w.admin.token, [p.id], [w.reviewer.id]);
    await setBlind(true);
    try {
      const res = await detail(w.reviewer.token, p.id);
      const d = data(res);
      expect(d.blind).toBe(true);
      expect(d.applicant).toEqual({ name: null, mobileMasked: null, organization: null });
      expect(d.revealable).toEqual([]);
      for (const field of ['name', 'idNumber', 'organization', 'contactMobile', 'birthDate']) expect(d.data).not.toHaveProperty(field);
      for (const secret of ['欧阳青禾', '星河科技研究院', maskMobile(p.applicant.mobile)]) expect(res.raw.body).not.toContain(secret);
      const q = await get<ConsoleQueueResponse>(t.app, apiPaths.consoleQueue, {}, { token: w.reviewer.token });
      const item = data(q).items.find((i) => i.id === p.id)!;
      // the queue names the organisation (never the person), so a conflict can be declared before reading
      expect(item).toMatchObject({ blind: true, applicantName: null, mobileMasked: null, organization: '星河科技研究院' });
      expect(q.raw.body).not.toContain('欧阳青禾');

      const refused = await reveal(w.reviewer.token, p.id, 'mobile');
      expect(refused.body).toMatchObject({ success: false, code: Code.BLIND_REVIEW });
      expect(await reveals(p.id)).toEqual([]);
      const search = await get(t.app, apiPaths.consoleQueue, { q: maskMobile(p.applicant.mobile) }, { token: w.reviewer.token });
      expect(search.body).toMatchObject({ success: false, code: Code.BLIND_REVIEW });
      // a name typed in searches titles, which are neutral in blind review
      const byName = data(await get<ConsoleQueueResponse>(t.app, apiPaths.consoleQueue, { q: '欧阳' }, { token: w.reviewer.token }));
      expect(byName.items).toEqual([]);

      const admin = data(await detail(w.admin.token, p.id));
      expect(admin.blind).toBe(false);
      expect(admin.applicant.name).toBe('欧阳青禾');
    } finally {
      await setBlind(false);
    }
  });
});

describe('blind review of a company', () => {
  it('holds back the business licence: neither in the files nor as a file id in the form data', async () => {
    const applicant = await newUser(t.app);
    const license = await uploadImage(t.app, applicant.token, 'license');
    const c = data(await post<SubmitResponse>(t.app, apiPaths.applyCompany, companyForm(license), { token: applicant.token }));
    await assign(t.app, w.admin.token, [c.id], [w.reviewer.id]);
    await setBlind(true);
    try {
      const res = await detail(w.reviewer.token, c.id);
      const d = data(res);
      expect(d.files.map((f) => f.purpose)).not.toContain('license');
      for (const field of ['license', 'companyName', 'uscc', 'legalRepresentative']) expect(d.data).not.toHaveProperty(field);
      expect(res.raw.body).not.toContain(license);
      // the admin still sees it
      expect(data(await detail(w.admin.token, c.id)).data).toMatchObject({ license });
    } finally {
      await setBlind(false);
    }
  });
});

describe('media', () => {
  it('photos and the video come as signed URLs; the video streams with range requests', async () => {
    const r = await submittedRankUser(t);
    await assign(t.app, w.admin.token, [r.id], [w.reviewer.id]);
    const d = data(await detail(w.reviewer.token, r.id));
    const video = d.files.find((f) => f.kind === 'video')!;
    expect(d.files.map((f) => f.purpose).sort()).toEqual(['photo', 'video']);
    expect(d.fileUrls[video.id]).toBe(video.url);
    const partial = await t.app.inject({ method: 'GET', url: video.url, headers: { range: 'bytes=0-99' } });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes 0-99/${video.size}`);
    expect(partial.rawPayload.length).toBe(100);
  });
});
