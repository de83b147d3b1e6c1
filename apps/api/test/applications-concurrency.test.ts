/**
 * Races the database must settle: N concurrent submits of one draft, N concurrent first
 * submissions, N concurrent updates of one version, N concurrent withdrawals — exactly one wins
 * each time, the others are refused, and the audit trail has exactly one transition.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, type SubmitResponse } from '@qgw/contracts';
import { type Answer, data, newUser, post, type TestUser } from './support/api.js';
import { companyForm, personForm, seedProgramme, themeIds, uploadsFor, workForm } from './support/applications.js';
import { reviewThrough } from './support/review.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const N = 8;

let t: TestApp;
let u: TestUser;
let f: Awaited<ReturnType<typeof uploadsFor>>;
let theme: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedProgramme(t.db, t.clock);
  u = await newUser(t.app);
  f = await uploadsFor(t.app, u);
  theme = (await themeIds(t.app))[0]!;
});
afterAll(async () => {
  await t.close();
});

function exactlyOneWins(answers: Answer[]) {
  for (const a of answers) expect(a.status).toBe(200);
  const wins = answers.filter((a) => a.body.success);
  expect(wins).toHaveLength(1);
  for (const a of answers.filter((x) => !x.body.success)) expect(a.body.code).toBeGreaterThanOrEqual(1000);
  return wins[0]!.body.message as SubmitResponse;
}

const transitions = async (id: string, action: string) =>
  (await t.db.selectFrom('audit_log').select('id').where('entity_id', '=', id).where('action', '=', action).execute()).length;

describe('concurrent submits', () => {
  it('of the same draft: exactly one wins', async () => {
    const draft = data(await post<{ id: string }>(t.app, apiPaths.saveDraft, { kind: 'person', data: { name: '并发测试' } }, { token: u.token }));
    const body = { ...personForm(f.photo), draftId: draft.id };
    const answers = await Promise.all(Array.from({ length: N }, () => post(t.app, apiPaths.applyPerson, body, { token: u.token })));
    const win = exactlyOneWins(answers);
    expect(win).toMatchObject({ id: draft.id, status: 'submitted', version: 2 });
    const row = await t.db.selectFrom('applications').selectAll().where('id', '=', draft.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'submitted', version: 2 });
    expect(await transitions(draft.id, 'application.submit')).toBe(1);
  });

  it('of the same work draft: exactly one wins', async () => {
    const draft = data(await post<{ id: string }>(t.app, apiPaths.saveDraft, { kind: 'work', data: { title: '并发作品' } }, { token: u.token }));
    const body = { ...workForm(theme, [f.photo]), draftId: draft.id };
    const answers = await Promise.all(Array.from({ length: N }, () => post(t.app, apiPaths.addWork, body, { token: u.token })));
    expect(exactlyOneWins(answers).id).toBe(draft.id);
    expect(await transitions(draft.id, 'application.submit')).toBe(1);
  });

  it('of a first application without a draft: exactly one is created', async () => {
    const answers = await Promise.all(
      Array.from({ length: N }, () => post(t.app, apiPaths.applyCompany, companyForm(f.license), { token: u.token })),
    );
    const win = exactlyOneWins(answers);
    const rows = await t.db.selectFrom('applications').select('id').where('user_id', '=', u.id).where('kind', '=', 'company').execute();
    expect(rows.map((r) => r.id)).toEqual([win.id]);
  });
});

describe('concurrent updates and withdrawals', () => {
  it('of one returned application at one version: exactly one wins', async () => {
    const v = await newUser(t.app);
    const files = await uploadsFor(t.app, v);
    const s = data(await post<SubmitResponse>(t.app, apiPaths.applyPerson, personForm(files.photo), { token: v.token }));
    await reviewThrough(t.db, t.clock.now, s.id, 'returned', '请修改');
    const body = { ...personForm(files.photo), id: s.id, version: 3 };
    const answers = await Promise.all(Array.from({ length: N }, () => post(t.app, apiPaths.updateApplyPerson, body, { token: v.token })));
    expect(exactlyOneWins(answers)).toEqual({ id: s.id, status: 'submitted', version: 4 });
    expect(await transitions(s.id, 'application.resubmit')).toBe(1);
  });

  it('of one application: exactly one withdrawal', async () => {
    const s = data(await post<SubmitResponse>(t.app, apiPaths.addWork, workForm(theme, [f.photo]), { token: u.token }));
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) => post(t.app, apiPaths.withdrawApplication, { id: s.id, reason: `撤回原因${i}` }, { token: u.token })),
    );
    expect(exactlyOneWins(answers)).toMatchObject({ id: s.id, status: 'withdrawn' });
    expect(await transitions(s.id, 'application.withdraw')).toBe(1);
  });
});
