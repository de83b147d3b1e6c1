/**
 * Programme administration (admins): the programme's dates, phase override and blind-review switch
 * (seen at once by the public status call), themes (a theme in use is never deleted), and weighted
 * rubrics per application kind (weights sum to 100; criteria left out are retired, not lost).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths, applicationKinds, Code, type ConsoleProgramme, type ConsoleRubricsResponse, type ConsoleTheme,
  type ConsoleThemesResponse, type CurrentStatus, type Rubric, type Theme,
} from '@qgw/contracts';
import { isoAt } from '../src/clock.js';
import { seedDemoProgramme } from '../src/db/seed-programme.js';
import { isBlindReview } from '../src/modules/admin/console-settings.repository.js';
import { activeCriteria, allCriteria } from '../src/modules/admin/rubrics.js';
import { data, get, newUser, post } from './support/api.js';
import { type ConsoleUser, newConsoleUser } from './support/console.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let admin: ConsoleUser;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoProgramme(t.db, t.clock.now, { applicantMobile: '13900000000' });
  admin = await newConsoleUser(t.app, t.db, t.clock, ['admin']);
});
afterAll(async () => {
  await t.close();
});

const as = () => ({ token: admin.token });
const audits = (action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();

describe('programme', () => {
  it('shows the current programme with its phase and the blind-review switch', async () => {
    const p = data(await get<ConsoleProgramme>(t.app, apiPaths.consoleProgramme, {}, as()));
    expect(p).toMatchObject({ year: 2024, phase: 'open', phaseOverride: null, blindReview: false });
  });

  it('changes dates (any offset, stored as UTC) and the public status follows at once', async () => {
    const before = data(await get<ConsoleProgramme>(t.app, apiPaths.consoleProgramme, {}, as()));
    const day = 86_400_000;
    const closesAt = new Date(t.clock.now() + 10 * day);
    const withOffset = new Date(closesAt.getTime() + 8 * 3_600_000).toISOString().replace('Z', '+08:00');
    const p = data(await post<ConsoleProgramme>(t.app, apiPaths.consoleProgramme, { closesAt: withOffset }, as()));
    expect(p.closesAt).toBe(closesAt.toISOString());
    expect(p.opensAt).toBe(before.opensAt);
    const status = data(await get<CurrentStatus>(t.app, apiPaths.getCurrentStatus));
    expect(status.closesAt).toBe(closesAt.toISOString());

    const [a] = await audits('programme.update');
    expect(a!.actor_id).toBe(admin.id);
    expect(JSON.parse(a!.before_json!).closesAt).toBe(before.closesAt);
    expect(JSON.parse(a!.after_json!).closesAt).toBe(closesAt.toISOString());
  });

  it('refuses dates out of order and writes nothing', async () => {
    const before = data(await get<ConsoleProgramme>(t.app, apiPaths.consoleProgramme, {}, as()));
    const n = (await audits('programme.update')).length;
    const r = await post(t.app, apiPaths.consoleProgramme, { resultsAt: isoAt(Date.parse(before.opensAt) - 1000) }, as());
    expect(r.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    expect(data(await get<ConsoleProgramme>(t.app, apiPaths.consoleProgramme, {}, as()))).toEqual(before);
    expect((await audits('programme.update')).length).toBe(n);
    for (const body of [{}, { opensAt: '2024-05-01' }, { phaseOverride: 'paused' }, { blindReview: 'yes' }, { name: '' }]) {
      expect((await post(t.app, apiPaths.consoleProgramme, body, as())).body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
  });

  it('forces a phase and releases it; switches blind review', async () => {
    data(await post(t.app, apiPaths.consoleProgramme, { phaseOverride: 'closed', blindReview: true }, as()));
    expect(data(await get<CurrentStatus>(t.app, apiPaths.getCurrentStatus)).phase).toBe('closed');
    expect(await isBlindReview(t.db)).toBe(true);
    t.clock.advance(1000);
    const p = data(await post<ConsoleProgramme>(t.app, apiPaths.consoleProgramme, { phaseOverride: null, blindReview: false }, as()));
    expect(p).toMatchObject({ phase: 'open', phaseOverride: null, blindReview: false });
    expect(await isBlindReview(t.db)).toBe(false);
    const [a] = await audits('programme.update');
    expect(JSON.parse(a!.before_json!)).toMatchObject({ phaseOverride: 'closed', blindReview: true });
    expect(JSON.parse(a!.after_json!)).toMatchObject({ phaseOverride: null, blindReview: false });
  });
});

describe('themes', () => {
  const themes = async () => data(await get<ConsoleThemesResponse>(t.app, apiPaths.consoleThemes, {}, as())).items;

  it('lists every theme with its use; creates, renames, deactivates (applicants stop seeing it)', async () => {
    expect(await themes()).toHaveLength(5);
    const created = data(await post<ConsoleTheme>(t.app, apiPaths.consoleThemeCreate, { name: '数字经济', description: '数字技术与产业融合' }, as()));
    expect(created).toMatchObject({ name: '数字经济', active: true, applicationCount: 0, sort: 6 });
    expect(data(await get<Theme[]>(t.app, apiPaths.getThemes)).map((x) => x.name)).toContain('数字经济');

    const dup = await post(t.app, apiPaths.consoleThemeCreate, { name: '科技创新' }, as());
    expect(dup.body).toMatchObject({ success: false, code: Code.CONFLICT });

    const renamed = data(await post<ConsoleTheme>(t.app, apiPaths.consoleThemeUpdate, { id: created.id, name: '数字中国', active: false }, as()));
    expect(renamed).toMatchObject({ name: '数字中国', active: false, description: '数字技术与产业融合' });
    expect(data(await get<Theme[]>(t.app, apiPaths.getThemes)).map((x) => x.id)).not.toContain(created.id);
    const [a] = await audits('theme.update');
    expect(JSON.parse(a!.before_json!)).toMatchObject({ name: '数字经济', active: true });
    expect(JSON.parse(a!.after_json!)).toMatchObject({ name: '数字中国', active: false });

    data(await post(t.app, apiPaths.consoleThemeDelete, { id: created.id }, as()));
    expect((await themes()).map((x) => x.id)).not.toContain(created.id);
    expect((await audits('theme.delete'))[0]!.entity_id).toBe(created.id);
  });

  it('a theme an application refers to cannot be deleted, only deactivated', async () => {
    const [theme] = await themes();
    const owner = await newUser(t.app);
    const programme = await t.db.selectFrom('programmes').select('id').executeTakeFirstOrThrow();
    const now = isoAt(t.clock.now());
    await t.db
      .insertInto('applications')
      .values({
        id: randomUUID(), kind: 'work', user_id: owner.id, programme_id: programme.id, status: 'draft', version: 1,
        title: '作品', applicant_name: null, organization: null, theme_id: theme!.id, data_json: '{}', id_number_enc: null,
        reason: null, submitted_at: null, decided_at: null, created_at: now, updated_at: now,
      })
      .execute();
    expect((await themes()).find((x) => x.id === theme!.id)?.applicationCount).toBe(1);
    const r = await post(t.app, apiPaths.consoleThemeDelete, { id: theme!.id }, as());
    expect(r.body).toMatchObject({ success: false, code: Code.CONFLICT });
    expect((await themes()).map((x) => x.id)).toContain(theme!.id);
    data(await post(t.app, apiPaths.consoleThemeUpdate, { id: theme!.id, active: false }, as()));
  });

  it('unknown ids and empty changes are refused', async () => {
    expect((await post(t.app, apiPaths.consoleThemeUpdate, { id: 'nope', name: 'x' }, as())).body).toMatchObject({ code: Code.NOT_FOUND });
    expect((await post(t.app, apiPaths.consoleThemeDelete, { id: 'nope' }, as())).body).toMatchObject({ code: Code.NOT_FOUND });
    const [theme] = await themes();
    expect((await post(t.app, apiPaths.consoleThemeUpdate, { id: theme!.id }, as())).body).toMatchObject({ code: Code.BAD_REQUEST });
  });
});

describe('rubrics', () => {
  const rubrics = async () => data(await get<ConsoleRubricsResponse>(t.app, apiPaths.consoleRubrics, {}, as()));
  const save = (body: object) => post<Rubric>(t.app, apiPaths.consoleRubrics, body, as());

  it('one rubric per kind, empty at first', async () => {
    const r = await rubrics();
    expect(r.map((x) => x.kind)).toEqual([...applicationKinds]);
    expect(r.every((x) => x.criteria.length === 0)).toBe(true);
  });

  it('weights must sum to 100, names be distinct, scores bounded; nothing is written otherwise', async () => {
    const bad = [
      { kind: 'work', criteria: [{ name: '创新', weight: 60, maxScore: 10 }, { name: '实用', weight: 39, maxScore: 10 }] },
      { kind: 'work', criteria: [{ name: '创新', weight: 50, maxScore: 10 }, { name: '创新', weight: 50, maxScore: 10 }] },
      { kind: 'work', criteria: [{ name: '创新', weight: 100, maxScore: 0 }] },
      { kind: 'work', criteria: [{ name: '创新', weight: 100.5, maxScore: 10 }] },
      { kind: 'work', criteria: [] },
      { kind: 'nope', criteria: [{ name: '创新', weight: 100, maxScore: 10 }] },
    ];
    for (const body of bad) expect((await save(body)).body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    expect(await allCriteria(t.db, 'work')).toEqual([]);
    expect(await audits('rubric.update')).toEqual([]);
  });

  it('saves a kind in order; a later save keeps, changes, adds and retires criteria', async () => {
    const first = data(
      await save({
        kind: 'work',
        criteria: [
          { name: '创新性', description: '新颖程度', weight: 40, maxScore: 10 },
          { name: '实用性', weight: 30, maxScore: 10 },
          { name: '完成度', weight: 30, maxScore: 5 },
        ],
      }),
    );
    expect(first.criteria.map((c) => [c.name, c.weight, c.maxScore])).toEqual([['创新性', 40, 10], ['实用性', 30, 10], ['完成度', 30, 5]]);
    expect(await activeCriteria(t.db, 'work')).toEqual(first.criteria);
    expect((await rubrics()).find((x) => x.kind === 'person')!.criteria).toEqual([]);

    const [innov, useful, done] = first.criteria;
    t.clock.advance(1000);
    const second = data(
      await save({
        kind: 'work',
        criteria: [
          { id: done!.id, name: '完成度', weight: 20, maxScore: 5 },
          { id: innov!.id, name: '创新性', description: '新颖程度', weight: 50, maxScore: 10 },
          { name: '展示效果', weight: 30, maxScore: 10 },
        ],
      }),
    );
    expect(second.criteria.map((c) => c.name)).toEqual(['完成度', '创新性', '展示效果']);
    expect(second.criteria[0]!.id).toBe(done!.id);
    const all = await allCriteria(t.db, 'work');
    expect(all.find((c) => c.id === useful!.id)).toMatchObject({ active: false, name: '实用性' });
    const [a] = await audits('rubric.update');
    expect(a!.entity_id).toBe('work');
    expect(JSON.parse(a!.before_json!).criteria.map((c: { name: string }) => c.name)).toEqual(['创新性', '实用性', '完成度']);
    expect(JSON.parse(a!.after_json!).criteria.map((c: { name: string }) => c.name)).toEqual(['完成度', '创新性', '展示效果']);

    // a retired criterion can come back; an id of another kind cannot be borrowed
    data(await save({ kind: 'work', criteria: [{ id: useful!.id, name: '实用性', weight: 100, maxScore: 10 }] }));
    expect((await activeCriteria(t.db, 'work')).map((c) => c.id)).toEqual([useful!.id]);
    const borrowed = await save({ kind: 'person', criteria: [{ id: useful!.id, name: '实用性', weight: 100, maxScore: 10 }] });
    expect(borrowed.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    expect(await activeCriteria(t.db, 'person')).toEqual([]);
  });

  it('admins saving the same kind at once: one whole rubric stands, weights still sum to 100', async () => {
    const variants = [0, 1, 2, 3].map((i) => ({
      kind: 'company',
      criteria: [
        { name: `甲${i}`, weight: 25 + i, maxScore: 10 },
        { name: `乙${i}`, weight: 75 - i, maxScore: 10 },
      ],
    }));
    const results = await Promise.all(variants.map((v) => save(v)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const active = await activeCriteria(t.db, 'company');
    expect(active.reduce((s, c) => s + c.weight, 0)).toBe(100);
    expect(active).toHaveLength(2);
    const suffix = active[0]!.name.slice(1);
    expect(active.every((c) => c.name.endsWith(suffix))).toBe(true);
  });
});
