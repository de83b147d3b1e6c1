/**
 * The programme's phase follows its dates and the clock (or an admin's override), and the demo
 * seed creates an open 2024 programme, five themes and the demo applicant's approved rank-user
 * application — once, however often it runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, Code, ZRankUserCheckResponse } from '@qgw/contracts';
import { DEMO_PASSWORD, demoAccounts, seedDemo } from '../src/db/seed.js';
import { DEMO_ID_NUMBER } from '../src/db/seed-programme.js';
import { resolveDataKey } from '../src/modules/applications/id-number-cipher.js';
import { phaseOf } from '../src/modules/programme/programme.service.js';
import { data, get, login } from './support/api.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const DAY = 86_400_000;

describe('phaseOf', () => {
  const p = {
    id: 'p',
    year: 2024,
    name: 'x',
    opens_at: new Date(10 * DAY).toISOString(),
    closes_at: new Date(20 * DAY).toISOString(),
    review_ends_at: new Date(30 * DAY).toISOString(),
    results_at: new Date(35 * DAY).toISOString(),
    phase_override: null,
    min_age: 18,
    max_age: 40,
    created_at: '',
    updated_at: '',
    is_current: 1 as const,
  };
  it('derives not_open → open → reviewing → results from the dates', () => {
    expect(phaseOf(p, 10 * DAY - 1)).toBe('not_open');
    expect(phaseOf(p, 10 * DAY)).toBe('open');
    expect(phaseOf(p, 20 * DAY - 1)).toBe('open');
    expect(phaseOf(p, 20 * DAY)).toBe('reviewing');
    expect(phaseOf(p, 32 * DAY)).toBe('reviewing');
    expect(phaseOf(p, 35 * DAY)).toBe('results');
  });
  it('lets an override win, closed included', () => {
    expect(phaseOf({ ...p, phase_override: 'closed' }, 15 * DAY)).toBe('closed');
    expect(phaseOf({ ...p, phase_override: 'open' }, 40 * DAY)).toBe('open');
  });
});

describe('without a programme', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  it('getCurrentStatus fails with a message; getThemes is empty', async () => {
    expect((await get(t.app, apiPaths.getCurrentStatus)).body).toEqual({ success: false, code: Code.NOT_FOUND, message: '暂无申报活动' });
    expect(data(await get(t.app, apiPaths.getThemes))).toEqual([]);
  });

  it('documents every programme and applications endpoint in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const documented: Array<[string, string]> = [
      ['get', apiPaths.getCurrentStatus], ['get', apiPaths.getThemes], ['get', apiPaths.getApplyStatus],
      ['get', apiPaths.getRankUser], ['post', apiPaths.submit], ['post', apiPaths.update],
      ['post', apiPaths.memberApply], ['post', apiPaths.memberUpdate], ['get', apiPaths.getMemberInfo],
      ['post', apiPaths.applyPerson], ['post', apiPaths.updateApplyPerson], ['get', apiPaths.getPersonInfo],
      ['get', apiPaths.getWorks], ['get', apiPaths.getWork], ['post', apiPaths.addWork], ['post', apiPaths.updateWork],
      ['post', apiPaths.applyCompany], ['post', apiPaths.updateApplyCompany], ['get', apiPaths.getCompanyInfo],
      ['post', apiPaths.saveDraft], ['get', apiPaths.getDraft], ['post', apiPaths.withdrawApplication],
    ];
    for (const [method, path] of documented) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});

describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates an open programme, five themes and an approved rank-user application, idempotently', async () => {
    const key = await resolveDataKey(t.config);
    await seedDemo(t.db, t.clock.now, { dataKey: key });
    t.clock.advance(5000);
    await seedDemo(t.db, t.clock.now, { dataKey: key });
    const counts = async (table: 'programmes' | 'themes' | 'applications') =>
      (await t.db.selectFrom(table).select('id').execute()).length;
    expect([await counts('programmes'), await counts('themes'), await counts('applications')]).toEqual([1, 5, 1]);

    expect(data(await get<{ phase: string }>(t.app, apiPaths.getCurrentStatus)).phase).toBe('open');

    const applicant = demoAccounts.find((a) => a.role === 'applicant')!;
    const session = await login(t.app, applicant.mobile, DEMO_PASSWORD);
    const a = await get(t.app, apiPaths.getRankUser, { mobile: applicant.mobile, type: 'check' }, { token: session.token });
    expect(a.body).toMatchObject({ success: true, code: Code.OK });
    const msg = ZRankUserCheckResponse.parse((a.body as { message: unknown }).message);
    expect(msg.rankUser.status).toBe('approved');
    expect(msg.rankUser.timeline.map((e) => e.status)).toEqual(['submitted', 'under_review', 'approved']);
    expect(msg.rankUser.data.idNumber).toBe(`${DEMO_ID_NUMBER.slice(0, 4)}**********${DEMO_ID_NUMBER.slice(-4)}`);
    expect(msg.postList).toHaveLength(1);
  });
});
