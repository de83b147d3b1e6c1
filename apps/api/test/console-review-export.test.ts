/**
 * Exports: the XLSX and the UTF-8 CSV (with BOM) hold exactly what the database holds — one row per
 * submitted application with masked mobile, review count, average score, recommendations and the
 * decision — read back with an independent parser; a zip of one application's files holds the
 * stored bytes; exports are audited and rate-limited.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths, beijingDateTime, Code, type Decision, decisionLabels, exportColumns, maskMobile, statusLabels,
} from '@qgw/contracts';
import { kindLabels } from '../src/modules/review/review.strings.js';
import { data, get, post } from './support/api.js';
import {
  assign, createWorld, type ReviewWorld, setRubric, submittedPerson, submittedRankUser, versionOf,
} from './support/console-review.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let w: ReviewWorld;
let rankId: string;
let p1Id: string;
let criterionIds: string[];

const EXPORTS_PER_MINUTE = 8;

beforeAll(async () => {
  t = await createTestApp({ env: { EXPORT_PER_MINUTE: String(EXPORTS_PER_MINUTE) } });
  w = await createWorld(t);
  const criteria = await setRubric(t.app, w.admin.token, 'person');
  criterionIds = criteria;
  const [a, b, c] = criteria as [string, string, string];
  const score = async (token: string, id: string, s: [number, number, number], recommendation: Decision, comment = '') =>
    data(await post(t.app, apiPaths.consoleReview, { applicationId: id, scores: { [a]: s[0], [b]: s[1], [c]: s[2] }, recommendation, commentToApplicant: comment }, { token }));
  const stage = async (id: string, decision: Decision, reason: string) =>
    data(await post(t.app, apiPaths.consoleDecisionStage, { applicationId: id, decision, reason, version: await versionOf(t.app, w.admin.token, id) }, { token: w.admin.token }));

  // approved with two reviews, a comma and quotes in the reason
  const p1 = await submittedPerson(t);
  p1Id = p1.id;
  await assign(t.app, w.admin.token, [p1.id], [w.reviewer.id, w.reviewer2.id]);
  await score(w.reviewer.token, p1.id, [8, 7, 4], 'approve');
  await score(w.reviewer2.token, p1.id, [6, 5, 5], 'return');
  await stage(p1.id, 'approve', '表现突出, 评审一致认可"优秀"');
  data(await post(t.app, apiPaths.consoleDecisionRelease, { applicationIds: [p1.id], expectedCount: 1 }, { token: w.admin.token }));
  // staged only, one review; a name that a spreadsheet would run as a formula
  const p2 = await submittedPerson(t, { name: '=赵四' as string });
  await assign(t.app, w.admin.token, [p2.id], [w.reviewer.id]);
  await score(w.reviewer.token, p2.id, [3, 3, 1], 'reject');
  await stage(p2.id, 'reject', '不符合条件');
  // submitted, untouched; and a rank-user entry with photo and video
  await submittedPerson(t);
  rankId = (await submittedRankUser(t)).id;
});
afterAll(async () => {
  await t.close();
});

/** What each export row must say, computed here from the tables. */
async function expectedRows(filter: { kind?: string } = {}): Promise<Map<string, Record<string, string>>> {
  let q = t.db
    .selectFrom('applications as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.kind', 'a.status', 'a.title', 'a.applicant_name', 'a.reason', 'a.decided_at', 'u.mobile'])
    .where('a.status', '<>', 'draft');
  if (filter.kind) q = q.where('a.kind', '=', filter.kind as 'person');
  const out = new Map<string, Record<string, string>>();
  for (const r of await q.execute()) {
    const reviews = await t.db.selectFrom('reviews').selectAll().where('application_id', '=', r.id).execute();
    const staged = await t.db.selectFrom('staged_decisions').selectAll().where('application_id', '=', r.id).executeTakeFirst();
    const totals = reviews.map((x) => Number(x.total));
    const avg = totals.length ? Math.round((totals.reduce((s, x) => s + x, 0) / totals.length) * 100) / 100 : null;
    const released = ({ approved: 'approve', rejected: 'reject', returned: 'return' } as Record<string, Decision>)[r.status];
    out.set(r.id, {
      id: r.id,
      kind: kindLabels[r.kind],
      status: statusLabels[r.status],
      title: r.title,
      applicantName: r.applicant_name ?? '',
      mobileMasked: maskMobile(r.mobile),
      reviewCount: String(reviews.length),
      averageScore: avg === null ? '' : String(avg),
      decision: released ? decisionLabels[released] : staged ? `${decisionLabels[staged.decision]}（待发布）` : '',
      reason: released ? (r.reason ?? '') : (staged?.reason ?? ''),
      decidedAt: released && r.decided_at ? beijingDateTime(r.decided_at) : '',
    });
  }
  return out;
}

/** Columns compared (the export has more: organisation, theme, submission time, recommendations). */
const compared = ['id', 'kind', 'status', 'title', 'applicantName', 'mobileMasked', 'reviewCount', 'averageScore', 'decision', 'reason', 'decidedAt'] as const;
const header = exportColumns.map((c) => c.header);
/** After the fixed columns: each active criterion's average, named by kind when the file holds several kinds. */
async function criterionHeaders(kind?: 'person'): Promise<string[]> {
  let q = t.db.selectFrom('rubric_criteria').select(['kind', 'name']).where('active', '=', 1);
  if (kind) q = q.where('kind', '=', kind);
  const rows = await q.orderBy('kind').orderBy('sort').orderBy('id').execute();
  return rows.map((c) => (kind ? `${c.name}（平均分）` : `${kindLabels[c.kind]}·${c.name}（平均分）`));
}
const col = (key: string) => exportColumns.findIndex((c) => c.key === key);
/** A spreadsheet never runs an exported value: formula-like text starts with an apostrophe (CSV) or is a string cell (XLSX). */
const unformula = (v: string) => v.replace(/^'(?=[=+\-@])/, '');

async function exportFile(query: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: apiPaths.consoleExport, query, headers: { authorization: w.admin.token } });
}

describe('applications export', () => {
  it('CSV: UTF-8 with BOM, the header, and one row per application matching the database', async () => {
    const res = await exportFile({ format: 'csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="applications-\d{8}-\d{6}\.csv"$/);
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const book = new ExcelJS.Workbook();
    const sheet = await book.csv.read(Readable.from(bytes.subarray(3)), { map: (v: unknown) => v });
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
    const extra = await criterionHeaders();
    expect(extra).toContain('2024 个人申报·创新性（平均分）');
    expect(rows[0]).toEqual([...header, ...extra]);
    const body = rows.slice(1);
    const want = await expectedRows();
    expect(body).toHaveLength(want.size);
    for (const r of body) {
      const e = want.get(r[0]!)!;
      expect(e, r[0]).toBeDefined();
      for (const k of compared) expect(unformula(r[col(k)] ?? ''), k).toBe(e[k]);
    }
    expect(body.find((r) => r[col('applicantName')] === "'=赵四")).toBeDefined();
    // the approved entry's two recommendations, and each review in detail: reviewer, total, every criterion
    expect(body.some((r) => r[col('recommendations')] === '通过×1；退回修改×1')).toBe(true);
    const details = body.map((r) => r[col('reviewDetails')]).find((d) => d?.includes('；'));
    expect(details).toMatch(/^\S+ \d+\.\d{2}分（创新性 \d+、影响力 \d+、完整性 \d+；(通过|退回修改)）；\S+ \d+\.\d{2}分（/);
    // times are Beijing time, 8 hours ahead of the stored UTC instant
    const [submitted] = await t.db.selectFrom('applications').select(['id', 'submitted_at']).where('submitted_at', 'is not', null).limit(1).execute();
    const row = body.find((r) => r[0] === submitted!.id)!;
    expect(row[col('submittedAt')]).toBe(new Date(Date.parse(submitted!.submitted_at!) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' '));
  });

  it('XLSX: instants are real date cells in Beijing time, formatted for reading', async () => {
    const res = await exportFile({ format: 'xlsx', kind: 'person' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const cell = sheet.getRow(2).getCell(col('submittedAt') + 1);
    expect(cell.value).toBeInstanceOf(Date);
    expect(cell.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    const id = String(sheet.getRow(2).getCell(1).value);
    const stored = await t.db.selectFrom('applications').select('submitted_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect((cell.value as Date).getTime() - Date.parse(stored.submitted_at!)).toBe(8 * 3600_000);
  });

  it('XLSX: the same content; filters apply', async () => {
    const res = await exportFile({ format: 'xlsx', kind: 'person' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows: string[][] = [];
    // a date cell holds the Beijing wall clock (Excel dates have no zone): shown as the CSV writes it
    const extra = await criterionHeaders('person');
    sheet.eachRow((row) => rows.push([...header, ...extra].map((_, i) => {
      const v = row.getCell(i + 1).value;
      if (v instanceof Date) return v.toISOString().slice(0, 19).replace('T', ' ');
      return v === null || v === undefined ? '' : String(v);
    })));
    expect(rows[0]).toEqual([...header, ...extra]);
    const want = await expectedRows({ kind: 'person' });
    expect(rows.slice(1).map((r) => r[0]).sort()).toEqual([...want.keys()].sort());
    for (const r of rows.slice(1)) {
      const e = want.get(r[0]!)!;
      for (const k of compared) expect(r[col(k)], k).toBe(e[k]);
    }
    // formula-like text stays text
    const zhao = sheet.getColumn(col('applicantName') + 1).values.find((v) => v === '=赵四');
    expect(zhao).toBe('=赵四');
  });

  it('XLSX: each criterion\'s average over the reviews is a number cell; the reviews name their reviewers; kinds in Chinese', async () => {
    const res = await exportFile({ format: 'xlsx', kind: 'person' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(exportColumns.length)).toEqual(['创新性（平均分）', '影响力（平均分）', '完整性（平均分）']);
    let found = false;
    sheet.eachRow((row, n) => {
      if (n === 1 || row.getCell(1).value !== p1Id) return;
      found = true;
      const averages = criterionIds.map((_, i) => row.getCell(exportColumns.length + i + 1));
      // (8 + 6) / 2, (7 + 5) / 2, (4 + 5) / 2
      expect(averages.map((c) => c.value)).toEqual([7, 6, 4.5]);
      expect(averages.every((c) => c.type === ExcelJS.ValueType.Number)).toBe(true);
      expect(row.getCell(col('kind') + 1).value).toBe('2024 个人申报');
      expect(row.getCell(col('averageScore') + 1).type).toBe(ExcelJS.ValueType.Number);
      const details = String(row.getCell(col('reviewDetails') + 1).value);
      expect(details).toContain(w.reviewer.login.nickname);
      expect(details).toContain(w.reviewer2.login.nickname);
      expect(details).toMatch(/创新性 8、影响力 7、完整性 4/);
      // a released decision's time: a date cell in the date-time format, the Beijing wall clock
      const decided = row.getCell(col('decidedAt') + 1);
      expect(decided.type).toBe(ExcelJS.ValueType.Date);
      expect(decided.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    });
    expect(found).toBe(true);
    const stored = await t.db.selectFrom('applications').select('decided_at').where('id', '=', p1Id).executeTakeFirstOrThrow();
    const cell = (() => {
      let v: unknown;
      sheet.eachRow((row) => {
        if (row.getCell(1).value === p1Id) v = row.getCell(col('decidedAt') + 1).value;
      });
      return v as Date;
    })();
    expect(cell.toISOString().slice(0, 19)).toBe(new Date(Date.parse(stored.decided_at!) + 8 * 3600_000).toISOString().slice(0, 19));
  });

  it('blind review: reviewers are named by their place, not by name; scores stay', async () => {
    data(await post(t.app, apiPaths.consoleProgramme, { blindReview: true }, { token: w.admin.token }));
    try {
      for (const format of ['csv', 'xlsx'] as const) {
        const res = await exportFile({ format, kind: 'person' });
        expect(res.statusCode).toBe(200);
        let text: string;
        if (format === 'csv') {
          text = res.rawPayload.toString('utf8');
        } else {
          const book = new ExcelJS.Workbook();
          await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
          const cells: string[] = [];
          book.worksheets[0]!.eachRow((row) => row.eachCell((c) => cells.push(String(c.value))));
          text = cells.join('\n');
        }
        expect(text, format).not.toContain(w.reviewer.login.nickname);
        expect(text, format).not.toContain(w.reviewer2.login.nickname);
        expect(text, format).toMatch(/评审专家1 \d+\.\d{2}分（创新性 \d+、影响力 \d+、完整性 \d+；(通过|退回修改)）；评审专家2 /);
      }
    } finally {
      data(await post(t.app, apiPaths.consoleProgramme, { blindReview: false }, { token: w.admin.token }));
    }
  });

  it('is audited with who exported what', async () => {
    const entries = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'export.applications').orderBy('created_at').execute();
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries.every((e) => e.actor_id === w.admin.id)).toBe(true);
    expect(entries.map((e) => JSON.parse(e.after_json!).format)).toEqual(expect.arrayContaining(['csv', 'xlsx']));
  });
});

describe('media export', () => {
  it('zips every file of the application with the stored bytes, audited', async () => {
    const res = await t.app.inject({ method: 'GET', url: apiPaths.consoleExportMedia, query: { applicationId: rankId }, headers: { authorization: w.admin.token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(['photo-1.png', 'video-1.mp4']);
    const files = await t.db.selectFrom('files').selectAll().where('application_id', '=', rankId).execute();
    for (const f of files) {
      const stored = await readFile(join(t.config.uploadsDir, f.storage_key));
      const name = f.kind === 'video' ? 'video-1.mp4' : 'photo-1.png';
      expect(Buffer.compare(await zip.file(name)!.async('nodebuffer'), stored)).toBe(0);
    }
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'export.media').where('entity_id', '=', rankId).execute();
    expect(audit.map((a) => a.actor_id)).toEqual([w.admin.id]);
  });

  it('answers the envelope when there is nothing to export', async () => {
    const res = await get(t.app, apiPaths.consoleExportMedia, { applicationId: 'no-such-application' }, { token: w.admin.token });
    expect(res.body).toMatchObject({ success: false, code: Code.NOT_FOUND });
  });
});

describe('rate limit', () => {
  it('refuses exports beyond the per-minute allowance with 429', async () => {
    let limited = 0;
    for (let i = 0; i < EXPORTS_PER_MINUTE + 1; i++) {
      const res = await exportFile({ format: 'csv', kind: 'company' });
      if (res.statusCode === 429) {
        limited++;
        expect(res.json()).toMatchObject({ success: false, code: Code.RATE_LIMITED });
      }
    }
    expect(limited).toBeGreaterThan(0);
  });
});
