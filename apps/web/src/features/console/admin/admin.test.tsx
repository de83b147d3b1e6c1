import { afterEach, describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths, type ConsoleAuditEntry, type ConsoleMeResponse, type ConsoleProgramme, type ConsoleUser } from '@qgw/contracts';
import { renderApp } from '../../../test/render-app.js';
import { fail, ok, stubApi, type RecordedCall } from '../../../test/api-stub.js';
import { profileOf, signIn } from '../../../test/session-fixture.js';
import { auditDiff } from './audit-diff.js';

afterEach(() => vi.unstubAllGlobals());

const me: ConsoleMeResponse = {
  user: { id: 'user-1', nickname: '小青', mobileMasked: '138****1234', avatar: null },
  roles: ['applicant', 'admin'],
  mfaEnrolled: true,
  mfaVerified: true,
  consoleExpiresAt: '2030-01-01T00:00:00.000Z',
  recoveryCodesLeft: 10,
};

const user = (over: Partial<ConsoleUser> = {}): ConsoleUser => ({
  id: 'u-2',
  nickname: '评审甲',
  mobileMasked: '138****0002',
  avatar: null,
  roles: ['applicant', 'reviewer'],
  status: 'active',
  mfaEnrolled: true,
  organization: null,
  createdAt: '2024-05-01T00:00:00.000Z',
  ...over,
});

/** A verified admin: the console's calls answer from `handlers`. */
function verifiedAdmin(handlers: Parameters<typeof stubApi>[0]) {
  const info = signIn({ roles: ['applicant', 'admin'] });
  return stubApi({ [apiPaths.getUserInfo]: ok(profileOf(info)), [apiPaths.consoleMe]: ok(me), ...handlers });
}

const typeInto = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('people', () => {
  test('search and role filter are sent; 加载更多 follows the cursor', async () => {
    const api = verifiedAdmin({
      [apiPaths.consoleUsers]: (c: RecordedCall) =>
        c.url.searchParams.get('cursor') === 'c1'
          ? ok({ items: [user({ id: 'u-3', nickname: '评审乙' })], nextCursor: null })
          : ok({ items: [user()], nextCursor: 'c1' }),
    });
    await renderApp('/console/admin/users');
    await screen.findByRole('link', { name: '管理：评审甲' });
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByRole('link', { name: '管理：评审乙' })).toBeTruthy();
    expect(screen.getByText('已全部加载')).toBeTruthy();

    typeInto('搜索用户', '0002');
    fireEvent.change(screen.getByLabelText('角色'), { target: { value: 'reviewer' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => {
      const last = api.callsTo(apiPaths.consoleUsers).at(-1)!;
      expect(last.url.searchParams.get('q')).toBe('0002');
      expect(last.url.searchParams.get('role')).toBe('reviewer');
    });
  });

  test("a user's page: roles saved, disable names the user, reviewer organisation", async () => {
    const api = verifiedAdmin({
      [apiPaths.consoleUsers]: ok({ items: [user()], nextCursor: null }),
      [apiPaths.consoleUserRoles]: (c: RecordedCall) => ok(user({ roles: (c.body as { roles: ConsoleUser['roles'] }).roles })),
      [apiPaths.consoleUserDisable]: () => ok({ user: user({ status: 'disabled' }), sessionsEnded: 2 }),
      [apiPaths.consoleReviewerProfile]: (c: RecordedCall) => ok(user({ organization: (c.body as { organization: string }).organization })),
    });
    await renderApp('/console/admin/users');
    fireEvent.click(await screen.findByRole('link', { name: '管理：评审甲' }));
    const admin = await screen.findByRole('checkbox', { name: '管理员' });
    expect((screen.getByRole('checkbox', { name: '评审专家' }) as HTMLInputElement).checked).toBe(true);
    expect((admin as HTMLInputElement).checked).toBe(false);
    fireEvent.click(admin);
    fireEvent.click(screen.getByRole('checkbox', { name: '申请人' }));
    fireEvent.click(screen.getByRole('button', { name: '保存角色' }));
    await waitFor(() => expect(api.callsTo(apiPaths.consoleUserRoles)).toHaveLength(1));
    expect(api.callsTo(apiPaths.consoleUserRoles)[0]?.body).toMatchObject({ userId: 'u-2', roles: ['reviewer', 'admin'] });
    expect(await screen.findByText('角色已更新')).toBeTruthy();

    typeInto('所在单位', '某某集团');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.callsTo(apiPaths.consoleReviewerProfile)[0]?.body).toMatchObject({ userId: 'u-2', organization: '某某集团' }));

    fireEvent.click(screen.getByRole('button', { name: '停用账号' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('评审甲');
    expect(api.callsTo(apiPaths.consoleUserDisable)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '停用账号' }));
    await waitFor(() => expect(api.callsTo(apiPaths.consoleUserDisable)[0]?.body).toMatchObject({ userId: 'u-2', disabled: true }));
    expect(await screen.findByRole('button', { name: '启用账号' })).toBeTruthy();
  });

  test('no role left: refused before sending', async () => {
    const api = verifiedAdmin({ [apiPaths.consoleUsers]: ok({ items: [user({ roles: ['reviewer'] })], nextCursor: null }) });
    await renderApp('/console/admin/users');
    fireEvent.click(await screen.findByRole('link', { name: '管理：评审甲' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: '评审专家' }));
    fireEvent.click(screen.getByRole('button', { name: '保存角色' }));
    expect(await screen.findByText('至少保留一个角色')).toBeTruthy();
    expect(api.callsTo(apiPaths.consoleUserRoles)).toHaveLength(0);
  });

  test("a user's page opened on its own (a link, a reload) reads the user by id", async () => {
    const api = verifiedAdmin({
      [apiPaths.consoleUser]: (c: RecordedCall) =>
        c.url.searchParams.get('userId') === 'u-2' ? ok(user({ organization: '青城科技' })) : fail('用户不存在', 4004),
    });
    await renderApp('/console/admin/users/u-2');
    expect(await screen.findByRole('heading', { name: '评审甲' })).toBeTruthy();
    expect(screen.getByLabelText('所在单位')).toHaveProperty('value', '青城科技');
    expect(api.callsTo(apiPaths.consoleUser)).toHaveLength(1);
    expect(api.callsTo(apiPaths.consoleUsers)).toHaveLength(0);
  });

  test("an unknown user's page says so and leads back to the list", async () => {
    verifiedAdmin({ [apiPaths.consoleUser]: fail('用户不存在', 4004) });
    await renderApp('/console/admin/users/u-404');
    expect(await screen.findByText('用户不存在')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回用户列表' })).toBeTruthy();
  });
});

const programme: ConsoleProgramme = {
  id: 'p2024',
  year: 2024,
  name: '2024年度青年创新榜',
  opensAt: '2024-05-01T00:00:00.000Z',
  closesAt: '2024-07-01T00:00:00.000Z',
  reviewEndsAt: '2024-08-01T00:00:00.000Z',
  resultsAt: '2024-09-01T00:00:00.000Z',
  phaseOverride: null,
  phase: 'open',
  blindReview: false,
  minReviews: { rank_user: 1, membership: 1, person: 1, work: 1, company: 1 },
  updatedAt: '2024-04-01T00:00:00.000Z',
};

describe('programme', () => {
  const handlers = (extra: Parameters<typeof stubApi>[0] = {}) => ({
    [apiPaths.consoleProgramme]: (c: RecordedCall) => (c.method === 'POST' ? ok({ ...programme, ...(c.body as object), updatedAt: 'x' }) : ok(programme)),
    [apiPaths.consoleThemes]: ok({ items: [] }),
    [apiPaths.consoleRubrics]: ok([
      { kind: 'person', criteria: [{ id: 'c1', name: '创新性', description: '', weight: 60, maxScore: 10 }, { id: 'c2', name: '影响力', description: '', weight: 40, maxScore: 10 }] },
    ]),
    ...extra,
  });

  test('dates out of order are refused before sending; only changed fields are sent', async () => {
    const api = verifiedAdmin(handlers());
    await renderApp('/console/admin/programme');
    const closes = (await screen.findByLabelText('申报截止')) as HTMLInputElement;
    const opens = screen.getByLabelText('申报开始') as HTMLInputElement;
    fireEvent.change(closes, { target: { value: opens.value.replace('2024-05', '2024-04') } });
    expect((await screen.findByRole('alert')).textContent).toContain('日期须依次为');
    fireEvent.click(screen.getAllByRole('button', { name: '保存' })[0]!);
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls.filter((c) => c.url.pathname === apiPaths.consoleProgramme && c.method === 'POST')).toHaveLength(0);

    fireEvent.change(closes, { target: { value: opens.value.replace('2024-05', '2024-06') } });
    fireEvent.change(screen.getByLabelText('阶段（手动指定）'), { target: { value: 'reviewing' } });
    fireEvent.click(screen.getByRole('checkbox', { name: '盲评模式' }));
    fireEvent.click(screen.getAllByRole('button', { name: '保存' })[0]!);
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST' && c.url.pathname === apiPaths.consoleProgramme)).toHaveLength(1));
    const sent = api.calls.find((c) => c.method === 'POST' && c.url.pathname === apiPaths.consoleProgramme)!.body as Record<string, unknown>;
    expect(Object.keys(sent).sort()).toEqual(['blindReview', 'closesAt', 'phaseOverride', 'platform', 'rent_mode']);
    expect(sent).toMatchObject({ blindReview: true, phaseOverride: 'reviewing' });
    expect(Date.parse(sent.closesAt as string)).toBeLessThan(Date.parse(programme.closesAt));
  });

  test('the minimum of reviews per kind: a bad number is refused before sending; only the kinds changed are sent', async () => {
    const api = verifiedAdmin(handlers());
    await renderApp('/console/admin/programme');
    const person = (await screen.findByLabelText('个人申报')) as HTMLInputElement;
    expect(person.value).toBe('1');
    expect(screen.getByText('作出结论前至少完成的评审份数')).toBeTruthy();
    fireEvent.change(person, { target: { value: '-1' } });
    expect((await screen.findByRole('alert')).textContent).toBe('个人申报的评审份数须为 0-20 的整数');
    fireEvent.click(screen.getAllByRole('button', { name: '保存' })[0]!);
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls.filter((c) => c.url.pathname === apiPaths.consoleProgramme && c.method === 'POST')).toHaveLength(0);

    fireEvent.change(person, { target: { value: '3' } });
    fireEvent.click(screen.getAllByRole('button', { name: '保存' })[0]!);
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST' && c.url.pathname === apiPaths.consoleProgramme)).toHaveLength(1));
    const sent = api.calls.find((c) => c.method === 'POST' && c.url.pathname === apiPaths.consoleProgramme)!.body as Record<string, unknown>;
    expect(sent.minReviews).toEqual({ person: 3 });
  });

  test('rubric weights: the total is shown live and must be 100', async () => {
    const api = verifiedAdmin(handlers({ [apiPaths.consoleRubrics]: (c: RecordedCall) => (c.method === 'POST' ? ok(c.body) : ok([{ kind: 'person', criteria: [{ id: 'c1', name: '创新性', description: '', weight: 60, maxScore: 10 }, { id: 'c2', name: '影响力', description: '', weight: 40, maxScore: 10 }] }])) }));
    await renderApp('/console/admin/programme');
    expect((await screen.findByText(/权重合计 100/)).textContent).toContain('权重合计正确');
    typeInto('权重2', '30');
    expect(screen.getByText(/权重合计 90/).textContent).toContain('各评分项权重之和须为100');
    fireEvent.click(screen.getByRole('button', { name: '保存评分细则' }));
    expect(await screen.findAllByText('各评分项权重之和须为100')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST' && c.url.pathname === apiPaths.consoleRubrics)).toHaveLength(0);

    typeInto('权重2', '40');
    fireEvent.click(screen.getByRole('button', { name: '保存评分细则' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST' && c.url.pathname === apiPaths.consoleRubrics)).toHaveLength(1));
    const sent = api.calls.find((c) => c.method === 'POST' && c.url.pathname === apiPaths.consoleRubrics)!.body as { kind: string; criteria: { id?: string; weight: number }[] };
    expect(sent.kind).toBe('person');
    expect(sent.criteria.map((c) => [c.id, c.weight])).toEqual([['c1', 60], ['c2', 40]]);
  });
});

const entry = (id: string, over: Partial<ConsoleAuditEntry> = {}): ConsoleAuditEntry => ({
  id,
  actorId: 'user-1',
  actorName: '管理员甲',
  action: 'user.roles',
  entity: 'user',
  entityId: 'u-2',
  before: { roles: ['applicant'], status: 'active' },
  after: { roles: ['applicant', 'reviewer'], status: 'active' },
  createdAt: '2024-05-02T08:00:00.000Z',
  ...over,
});

describe('audit log', () => {
  test('pages with the cursor, filters are sent, before/after shown as a diff of changed fields', async () => {
    const api = verifiedAdmin({
      [apiPaths.consoleAudit]: (c: RecordedCall) =>
        c.url.searchParams.get('cursor') === 'n1' ? ok({ items: [entry('a2', { action: 'mfa.reset' })], nextCursor: null }) : ok({ items: [entry('a1')], nextCursor: 'n1' }),
    });
    await renderApp('/console/admin/audit');
    // a sentence with the actor's name, the record beside it, and the stored code for the record
    expect(await screen.findByText('管理员甲 修改了用户角色')).toBeTruthy();
    expect(screen.getByText('用户 #u-2')).toBeTruthy();
    expect(screen.getByText('user.roles')).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('rowheader').textContent).toBe('roles');
    expect(table.textContent).toContain('["applicant","reviewer"]');
    expect(table.textContent).not.toContain('status');

    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByText('管理员甲 重置了身份验证器')).toBeTruthy();
    expect(screen.getByText('已全部加载')).toBeTruthy();
    expect(api.callsTo(apiPaths.consoleAudit).map((c) => c.url.searchParams.get('cursor'))).toEqual([null, 'n1']);

    typeInto('操作人', 'user-1');
    fireEvent.change(screen.getByLabelText('操作'), { target: { value: 'user.roles' } });
    typeInto('开始时间', '2024-05-01T00:00');
    fireEvent.click(screen.getByRole('button', { name: '筛选' }));
    await waitFor(() => {
      const last = api.callsTo(apiPaths.consoleAudit).at(-1)!.url.searchParams;
      expect(last.get('actorId')).toBe('user-1');
      expect(last.get('action')).toBe('user.roles');
      expect(last.get('from')).toBe(new Date('2024-05-01T00:00').toISOString());
      expect(last.get('cursor')).toBeNull();
    });
  });

  test('auditDiff: added, removed and changed fields; plain values', () => {
    expect(auditDiff(null, { a: 1 })).toEqual([{ field: 'a', before: null, after: '1' }]);
    expect(auditDiff({ a: 1, b: 'x' }, { a: 2, b: 'x' })).toEqual([{ field: 'a', before: '1', after: '2' }]);
    expect(auditDiff({ a: 1 }, null)).toEqual([{ field: 'a', before: '1', after: null }]);
    expect(auditDiff('x', 'y')).toEqual([{ field: '', before: 'x', after: 'y' }]);
    expect(auditDiff(null, null)).toEqual([]);
  });
});
