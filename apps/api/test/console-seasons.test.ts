/**
 * Seasons (评选设置, admins): the list, creating the next season from an existing one (themes,
 * rubrics with their versions, the 评选设置 and the dates a year on; no applications or reviews),
 * and making a season current (audited; a reason while the current season is in its review
 * phase). Switching changes what applicants see; last season's entries, reviews and exports stay.
 * On SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths, type ApplicationSummary, Code, type ConsoleProgramme, type ConsoleRubricsResponse, type ConsoleSeason, type ConsoleSeasonsResponse, type ConsoleStagedItem,
  type ConsoleThemesResponse, type CurrentStatus, type GetApplyStatusResponse, type Theme,
} from '@qgw/contracts';
import { data, get, login, newUser, post } from './support/api.js';
import { personForm, uploadImage } from './support/applications.js';
import { assign, createWorld, type ReviewWorld, setRubric, submittedPerson, versionOf } from './support/console-review.js';
import { reviewThrough } from './support/review.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let w: ReviewWorld;
let season2024: ConsoleSeason;
let entry2024: string;

const as = (token = w.admin.token) => ({ token });
const seasons = async () => data(await get<ConsoleSeasonsResponse>(t.app, apiPaths.consoleSeasons, {}, as())).items;
const audits = (action: string) => t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('created_at').orderBy('id').execute();
const status = async () => data(await get<CurrentStatus>(t.app, apiPaths.getCurrentStatus));

/** A new applicant's person entry, as the answer: refused while the current season is not open. */
async function submittedPersonRefused(app: TestApp) {
  const u = await newUser(app.app);
  const photo = await uploadImage(app.app, u.token, 'photo');
  return (await post(app.app, apiPaths.applyPerson, personForm(photo), { token: u.token })).body;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  await setRubric(t.app, w.admin.token, 'person');
  // a second version of the person rubric, and 评选设置 the next season should carry
  await post(t.app, apiPaths.consoleRubrics, { kind: 'person', criteria: [{ name: '总体', description: '', weight: 100, maxScore: 10 }], newVersion: true }, as());
  data(await post(t.app, apiPaths.consoleProgramme, { blindReview: true, quota: { person: 7 }, targetReviewers: { work: 4 } }, as()));
  entry2024 = (await submittedPerson(t)).id;
  await assign(t.app, w.admin.token, [entry2024], [w.reviewer.id]);
  season2024 = (await seasons())[0]!;
});
afterAll(async () => {
  await t.close();
});

describe('the list', () => {
  it('shows the first season, current, with its phase and counts', async () => {
    expect(season2024).toMatchObject({ year: 2024, current: true, phase: 'open', applicationCount: 1, themeCount: 5 });
  });
});

describe('creating a season', () => {
  let s2025: ConsoleSeason;
  beforeAll(async () => {
    s2025 = data(await post<ConsoleSeason>(t.app, apiPaths.consoleSeasonCreate, { year: 2025, copyFrom: season2024.id }, as()));
  });

  it('copies the programme a year on, not current, with no applications', async () => {
    const day = (iso: string) => iso.slice(5);
    expect(s2025).toMatchObject({ year: 2025, name: '2025 青年创新榜', current: false, applicationCount: 0, themeCount: 5 });
    expect(Number(s2025.opensAt.slice(0, 4)) - Number(season2024.opensAt.slice(0, 4))).toBe(1);
    for (const k of ['opensAt', 'closesAt', 'reviewEndsAt', 'resultsAt'] as const) expect(day(s2025[k])).toBe(day(season2024[k]));
    const n = await t.db.selectFrom('applications').select('id').where('programme_id', '=', s2025.id).execute();
    expect(n).toEqual([]);
    expect(await seasons()).toHaveLength(2);
  });

  it('copies the themes, the rubrics with their versions and the 评选设置, as new records', async () => {
    const themes = (id: string) => get<ConsoleThemesResponse>(t.app, apiPaths.consoleThemes, { programmeId: id }, as());
    const old = data(await themes(season2024.id)).items;
    const copied = data(await themes(s2025.id)).items;
    expect(copied.map((x) => [x.name, x.sort, x.active])).toEqual(old.map((x) => [x.name, x.sort, x.active]));
    expect(copied.some((x) => old.some((o) => o.id === x.id))).toBe(false);

    const rubrics = (id: string) => get<ConsoleRubricsResponse>(t.app, apiPaths.consoleRubrics, { programmeId: id }, as());
    const person = (r: ConsoleRubricsResponse) => r.find((x) => x.kind === 'person')!;
    const before = person(data(await rubrics(season2024.id)));
    const after = person(data(await rubrics(s2025.id)));
    expect(after.version).toBe(2);
    expect(after.criteria.map(({ id: _, ...c }) => c)).toEqual(before.criteria.map(({ id: _, ...c }) => c));
    expect(after.criteria[0]!.id).not.toBe(before.criteria[0]!.id);

    const p = data(await get<ConsoleProgramme>(t.app, apiPaths.consoleProgramme, { programmeId: s2025.id }, as()));
    expect(p).toMatchObject({ year: 2025, blindReview: true, phaseOverride: null });
    expect(p.quota.person).toBe(7);
    expect(p.targetReviewers.work).toBe(4);
  });

  it('is audited with what it copied', async () => {
    const [a] = await audits('season.create');
    expect(a).toMatchObject({ actor_id: w.admin.id, entity: 'programme', entity_id: s2025.id });
    expect(JSON.parse(a!.after_json!)).toMatchObject({ year: 2025, copyFrom: { id: season2024.id, year: 2024 }, themes: 5, rubricVersions: { person: 2 } });
  });

  it('a season being prepared is edited on its own: the current one stays as it was', async () => {
    data(await post(t.app, apiPaths.consoleProgramme, { programmeId: s2025.id, quota: { person: 9 } }, as()));
    data(await post(t.app, apiPaths.consoleThemeCreate, { programmeId: s2025.id, name: '数字经济' }, as()));
    expect(data(await get<ConsoleProgramme>(t.app, apiPaths.consoleProgramme, {}, as())).quota.person).toBe(7);
    expect((data(await get<Theme[]>(t.app, apiPaths.getThemes)) as Theme[]).map((x) => x.name)).not.toContain('数字经济');
    expect((await status()).year).toBe(2024);
  });

  it('refuses a year that exists, an unknown source and bad input, writing nothing', async () => {
    const r = await post(t.app, apiPaths.consoleSeasonCreate, { year: 2025, copyFrom: season2024.id }, as());
    expect(r.body).toMatchObject({ success: false, code: Code.SEASON_EXISTS });
    expect((await post(t.app, apiPaths.consoleSeasonCreate, { year: 2026, copyFrom: 'nope' }, as())).body).toMatchObject({ success: false, code: Code.NOT_FOUND });
    for (const body of [{}, { year: 2026 }, { copyFrom: season2024.id }, { year: 1999, copyFrom: season2024.id }, { year: 2026.5, copyFrom: season2024.id }, { year: '2026', copyFrom: season2024.id }, { year: 2026, copyFrom: '' }]) {
      expect((await post(t.app, apiPaths.consoleSeasonCreate, body, as())).body, JSON.stringify(body)).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
    expect(await seasons()).toHaveLength(2);
    expect(await audits('season.create')).toHaveLength(1);
  });
});

describe('making a season current', () => {
  it('switches what applicants see, and is audited', async () => {
    const target = (await seasons()).find((x) => x.year === 2025)!;
    const list = data(await post<ConsoleSeasonsResponse>(t.app, apiPaths.consoleSeasonMakeCurrent, { id: target.id }, as())).items;
    expect(list.filter((x) => x.current).map((x) => x.year)).toEqual([2025]);
    expect(await status()).toMatchObject({ year: 2025, name: '2025 青年创新榜' });
    expect((data(await get<Theme[]>(t.app, apiPaths.getThemes)) as Theme[]).map((x) => x.name)).toContain('数字经济');
    const [a] = await audits('season.makeCurrent');
    expect(a).toMatchObject({ actor_id: w.admin.id, entity_id: target.id });
    expect(JSON.parse(a!.before_json!)).toMatchObject({ id: season2024.id, year: 2024 });
    expect(JSON.parse(a!.after_json!)).toMatchObject({ year: 2025, reason: null });
  });

  it('leaves last season\'s entry, its assignment and its export with 2024', async () => {
    const row = await t.db.selectFrom('applications').select(['programme_id', 'status']).where('id', '=', entry2024).executeTakeFirstOrThrow();
    expect(row).toEqual({ programme_id: season2024.id, status: 'under_review' });
    const queue = await get<{ items: { id: string }[] }>(t.app, apiPaths.consoleQueue, { programmeId: season2024.id }, as());
    expect(data(queue).items.map((x) => x.id)).toEqual([entry2024]);
    const current = await get<{ items: { id: string }[] }>(t.app, apiPaths.consoleQueue, { programmeId: (await seasons())[0]!.id }, as());
    expect(data(current).items).toEqual([]);
    // the reviewer still scores it by 2024's rubric
    const detail = data(await get<{ rubric: { name: string }[]; rubricVersion: number }>(t.app, apiPaths.consoleApplication, { id: entry2024 }, as(w.reviewer.token)));
    expect(detail.rubricVersion).toBe(2);
    expect(detail.rubric.map((c) => c.name)).toEqual(['总体']);
  });

  it('while the current season is in review: refused without a reason, switched with one', async () => {
    const s2025 = (await seasons()).find((x) => x.current)!;
    data(await post(t.app, apiPaths.consoleProgramme, { programmeId: s2025.id, phaseOverride: 'reviewing' }, as()));
    const refused = await post(t.app, apiPaths.consoleSeasonMakeCurrent, { id: season2024.id }, as());
    expect(refused.body).toMatchObject({ success: false, code: Code.SEASON_IN_REVIEW });
    expect((await post(t.app, apiPaths.consoleSeasonMakeCurrent, { id: season2024.id, reason: '   ' }, as())).body).toMatchObject({ code: Code.SEASON_IN_REVIEW });
    expect((await status()).year).toBe(2025);
    const ok = data(await post<ConsoleSeasonsResponse>(t.app, apiPaths.consoleSeasonMakeCurrent, { id: season2024.id, reason: '2025 届推迟启动' }, as()));
    expect(ok.items.find((x) => x.current)!.year).toBe(2024);
    expect(JSON.parse((await audits('season.makeCurrent')).at(-1)!.after_json!)).toMatchObject({ year: 2024, reason: '2025 届推迟启动' });
    expect((await status()).year).toBe(2024);
  });

  it('the current season again changes nothing; unknown and bad input are refused', async () => {
    const n = (await audits('season.makeCurrent')).length;
    data(await post(t.app, apiPaths.consoleSeasonMakeCurrent, { id: season2024.id }, as()));
    expect(await audits('season.makeCurrent')).toHaveLength(n);
    expect((await post(t.app, apiPaths.consoleSeasonMakeCurrent, { id: 'nope' }, as())).body).toMatchObject({ success: false, code: Code.NOT_FOUND });
    for (const body of [{}, { id: '' }, { id: 5 }, { id: season2024.id, reason: 'x'.repeat(201) }]) {
      expect((await post(t.app, apiPaths.consoleSeasonMakeCurrent, body, as())).body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
  });
});

describe('applicants across seasons', () => {
  it('see the current season; their earlier entries apart, each under its year; a returned 2024 entry still goes back in 2024', async () => {
    const { applicant, id, form } = await submittedPerson(t);
    await reviewThrough(t.db, t.clock.now, id, 'returned', '请补充简历');
    const s2025 = (await seasons()).find((x) => x.year === 2025)!;
    data(await post(t.app, apiPaths.consoleSeasonMakeCurrent, { id: s2025.id, reason: '新一届' }, as()));
    expect((await status()).year).toBe(2025);

    const home = data(await get<GetApplyStatusResponse>(t.app, apiPaths.getApplyStatus, {}, { token: applicant.token }));
    expect(home).toMatchObject({ person: null, company: null, works: [] });
    expect(home.earlier!.map((x) => [x.id, x.seasonYear, x.status])).toEqual([[id, 2024, 'returned']]);
    const mine = data(await get<ApplicationSummary[]>(t.app, apiPaths.myApplications, {}, { token: applicant.token }));
    expect(mine.map((x) => [x.id, x.seasonYear])).toEqual([[id, 2024]]);

    // its rules are 2024's (open for resubmission), whatever the current season's phase
    const version = Number((await t.db.selectFrom('applications').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version);
    data(await post(t.app, apiPaths.updateApplyPerson, { ...form, id, version }, { token: applicant.token }));
    const row = await t.db.selectFrom('applications').select(['status', 'programme_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'submitted', programme_id: season2024.id });
    // a new entry goes to the current season, which is not open yet
    const fresh = await submittedPersonRefused(t);
    expect(fresh).toMatchObject({ success: false, code: Code.PROGRAMME_CLOSED });
  });
});

describe('待发布结论 by season', () => {
  const staged = (query: Record<string, string>, token = w.admin.token) => get<ConsoleStagedItem[]>(t.app, apiPaths.consoleDecisionsStaged, query, { token });

  it('lists one season\'s staged decisions with programmeId, every season\'s without; membership by its kind', async () => {
    const version = await versionOf(t.app, w.admin.token, entry2024);
    data(await post(t.app, apiPaths.consoleDecisionStage, { applicationId: entry2024, decision: 'approve', reason: '', version }, as()));
    const s2025 = (await seasons()).find((x) => x.year === 2025)!;
    try {
      expect(data(await staged({ programmeId: season2024.id })).map((i) => i.applicationId)).toContain(entry2024);
      expect(data(await staged({ programmeId: s2025.id })).map((i) => i.applicationId)).not.toContain(entry2024);
      expect(data(await staged({})).map((i) => i.applicationId)).toContain(entry2024);
      expect(data(await staged({ kind: 'membership' })).map((i) => i.applicationId)).not.toContain(entry2024);
    } finally {
      data(await post(t.app, apiPaths.consoleDecisionUnstage, { applicationId: entry2024, version: await versionOf(t.app, w.admin.token, entry2024) }, as()));
    }
  });

  it('refuses a malformed season, and anyone but an admin', async () => {
    for (const programmeId of ['', 'x'.repeat(65)]) {
      expect((await staged({ programmeId })).body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
    expect((await get(t.app, apiPaths.consoleDecisionsStaged, { programmeId: season2024.id })).status).toBe(401);
    expect((await staged({ programmeId: season2024.id }, w.reviewer.token)).status).toBe(403);
    const applicant = await newUser(t.app);
    expect((await staged({ programmeId: season2024.id }, applicant.token)).status).toBe(403);
  });
});

describe('a season\'s themes (the console queue\'s 主题 filter)', () => {
  const themes = (query: Record<string, string>) => get<ConsoleThemesResponse>(t.app, apiPaths.consoleThemes, query, as());

  it('lists the season named, the current one without a name; an unknown season is NOT_FOUND, a malformed one BAD_REQUEST', async () => {
    const current = (await seasons()).find((x) => x.current)!;
    const other = (await seasons()).find((x) => !x.current)!;
    const ids = async (query: Record<string, string>) => data(await themes(query)).items.map((x) => x.id);
    const own = await ids({ programmeId: other.id });
    expect(own).toHaveLength(other.themeCount);
    expect(await ids({})).toEqual(await ids({ programmeId: current.id }));
    expect((await ids({ programmeId: current.id })).some((id) => own.includes(id))).toBe(false);
    expect((await themes({ programmeId: 'nope' })).body).toMatchObject({ success: false, code: Code.NOT_FOUND });
    for (const programmeId of ['', 'x'.repeat(65)]) {
      expect((await themes({ programmeId })).body, programmeId).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
  });
});

describe('who may', () => {
  const calls = () => [
    (token?: string) => get(t.app, apiPaths.consoleSeasons, {}, token ? { token } : {}),
    (token?: string) => get(t.app, apiPaths.consoleThemes, { programmeId: season2024.id }, token ? { token } : {}),
    (token?: string) => post(t.app, apiPaths.consoleSeasonCreate, { year: 2030, copyFrom: season2024.id }, token ? { token } : {}),
    (token?: string) => post(t.app, apiPaths.consoleSeasonMakeCurrent, { id: season2024.id }, token ? { token } : {}),
  ];

  it('no token: 401; an applicant and a reviewer: 403; an admin before the second factor: CONSOLE_MFA_REQUIRED', async () => {
    const applicant = await newUser(t.app);
    const unverified = (await login(t.app, w.admin.mobile, w.admin.password)).token;
    for (const call of calls()) {
      expect((await call()).status).toBe(401);
      const a = await call(applicant.token);
      expect(a.status).toBe(403);
      expect(a.body.success).toBe(false);
      const r = await call(w.reviewer.token);
      expect(r.status).toBe(403);
      expect((await call(unverified)).body).toMatchObject({ success: false, code: Code.CONSOLE_MFA_REQUIRED });
    }
    expect((await seasons()).map((x) => x.year)).toEqual([2025, 2024]);
  });
});
