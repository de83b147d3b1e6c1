import { afterEach, describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths, Code, type ConsoleAuditEntry, type ConsoleMeResponse, type ConsoleProgramme, type ConsoleSeason, type ConsoleUser } from '@qgw/contracts';
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
  minAge: 18,
  maxAge: 40,
  phase: 'open',
  blindReview: false,
  minReviews: { rank_user: 1, membership: 1, person: 1, work: 1, company: 1 },
  targetReviewers: { rank_user: 2, membership: 2, person: 2, work: 2, company: 2 },
  quota: { rank_user: 0, membership: 0, person: 0, work: 0, company: 0 },
  updatedAt: '2024-04-01T00:00:00.000Z',
};

const season = (over: Partial<ConsoleSeason>): ConsoleSeason => ({
  id: 'p2024', year: 2024, name: '2024年度青年创新榜', phase: 'open', current: true, opensAt: programme.opensAt, closesAt: programme.closesAt,
  reviewEndsAt: programme.reviewEndsAt, resultsAt: programme.resultsAt, applicationCount: 12, themeCount: 5, ...over,
});
const seasons: ConsoleSeason[] = [season({ id: 'p2025', year: 2025, name: '2025年度青年创新榜', phase: 'not_open', current: false, applicationCount: 0 }), season({})];

describe('programme', () => {
  const handlers = (extra: Parameters<typeof stubApi>[0] = {}) => ({
    [apiPaths.consoleProgramme]: (c: RecordedCall) => (c.method === 'POST' ? ok({ ...programme, ...(c.body as object), updatedAt: 'x' }) : ok(programme)),
    [apiPaths.consoleThemes]: ok({ items: [] }),
    [apiPaths.consoleSeasons]: ok({ items: seasons }),
    [apiPaths.consoleRubrics]: ok([
      { kind: 'person', version: 1, criteria: [{ id: 'c1', name: '创新性', description: '', weight: 60, maxScore: 10, anchors: [] }, { id: 'c2', name: '影响力', description: '', weight: 40, maxScore: 10, anchors: [] }] },
    ]),
    ...extra,
  });

  test('seasons: listed with the current one marked; the next is created from one; switching asks for a reason while in review', async () => {
    const inReview = [seasons[0]!, season({ phase: 'reviewing' })];
    const api = verifiedAdmin(
      handlers({
        [apiPaths.consoleSeasons]: ok({ items: inReview }),
        [apiPaths.consoleSeasonCreate]: (c: RecordedCall) => ok(season({ id: 'p2026', year: (c.body as { year: number }).year, current: false })),
        [apiPaths.consoleSeasonMakeCurrent]: ok({ items: inReview }),
      }),
    );
    await renderApp('/console/admin/programme');
    const list = within(await screen.findByRole('list', { name: '届次' }));
    expect(list.getByText(/2024 届/).textContent).toContain('当前届');
    expect(list.getByText(/未开始 · 申报 0 项/)).toBeTruthy();

    expect((screen.getByLabelText('新一届年份') as HTMLInputElement).value).toBe('2026');
    fireEvent.click(screen.getByRole('button', { name: '创建新一届' }));
    await waitFor(() => expect(api.calls.filter((c) => c.url.pathname === apiPaths.consoleSeasonCreate)).toHaveLength(1));
    expect(api.calls.find((c) => c.url.pathname === apiPaths.consoleSeasonCreate)!.body).toMatchObject({ year: 2026, copyFrom: 'p2025' });

    fireEvent.click(list.getByRole('button', { name: '将 2025 届设为当前届' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/当前的 2024 届正在评审中/)).toBeTruthy();
    fireEvent.click(dialog.getByText('确认切换'));
    expect((await dialog.findByRole('alert')).textContent).toBe('请填写切换原因');
    expect(api.calls.filter((c) => c.url.pathname === apiPaths.consoleSeasonMakeCurrent)).toHaveLength(0);
    fireEvent.change(dialog.getByLabelText('切换原因'), { target: { value: '2024 届评审顺延' } });
    fireEvent.click(dialog.getByText('确认切换'));
    await waitFor(() => expect(api.calls.filter((c) => c.url.pathname === apiPaths.consoleSeasonMakeCurrent)).toHaveLength(1));
    expect(api.calls.find((c) => c.url.pathname === apiPaths.consoleSeasonMakeCurrent)!.body).toMatchObject({ id: 'p2025', reason: '2024 届评审顺延' });
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
    expect(Object.keys(sent).sort()).toEqual(['blindReview', 'closesAt', 'phaseOverride', 'platform', 'programmeId', 'rent_mode']);
    expect(sent).toMatchObject({ blindReview: true, phaseOverride: 'reviewing' });
    expect(Date.parse(sent.closesAt as string)).toBeLessThan(Date.parse(programme.closesAt));
  });

  test('the minimum of reviews per kind: a bad number is refused before sending; only the kinds changed are sent', async () => {
    const api = verifiedAdmin(handlers());
    await renderApp('/console/admin/programme');
    const person = (await screen.findByLabelText('个人申报：作出结论前至少完成的评审份数')) as HTMLInputElement;
    expect(person.value).toBe('1');
    fireEvent.change(person, { target: { value: '-1' } });
    expect((await screen.findByRole('alert')).textContent).toBe('个人申报的“作出结论前至少完成的评审份数”须为 0-20 的整数');
    fireEvent.click(screen.getAllByRole('button', { name: '保存' })[0]!);
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls.filter((c) => c.url.pathname === apiPaths.consoleProgramme && c.method === 'POST')).toHaveLength(0);

    fireEvent.change(person, { target: { value: '3' } });
    fireEvent.click(screen.getAllByRole('button', { name: '保存' })[0]!);
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST' && c.url.pathname === apiPaths.consoleProgramme)).toHaveLength(1));
    const sent = api.calls.find((c) => c.method === 'POST' && c.url.pathname === apiPaths.consoleProgramme)!.body as Record<string, unknown>;
    expect(sent.minReviews).toEqual({ person: 3 });
  });

  test('reviewers per application and the quota per kind: bounds from the contract, only changes sent', async () => {
    const api = verifiedAdmin(handlers());
    await renderApp('/console/admin/programme');
    const target = (await screen.findByLabelText('作品申报：每项申报的评审人数')) as HTMLInputElement;
    expect(target.value).toBe('2');
    fireEvent.change(target, { target: { value: '0' } });
    expect((await screen.findByRole('alert')).textContent).toBe('作品申报的“每项申报的评审人数”须为 1-10 的整数');
    fireEvent.change(target, { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('企业申报：名额'), { target: { value: '10' } });
    fireEvent.click(screen.getAllByRole('button', { name: '保存' })[0]!);
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST' && c.url.pathname === apiPaths.consoleProgramme)).toHaveLength(1));
    const sent = api.calls.find((c) => c.method === 'POST' && c.url.pathname === apiPaths.consoleProgramme)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ targetReviewers: { work: 3 }, quota: { company: 10 } });
    expect(sent).not.toHaveProperty('minReviews');
  });

  test('the age range of person entries: a minimum above the maximum is refused before sending; only the changed end is sent', async () => {
    const api = verifiedAdmin(handlers());
    await renderApp('/console/admin/programme');
    const min = (await screen.findByLabelText('最低年龄')) as HTMLInputElement;
    const max = screen.getByLabelText('最高年龄') as HTMLInputElement;
    expect([min.value, max.value]).toEqual(['18', '40']);
    fireEvent.change(min, { target: { value: '45' } });
    expect((await screen.findByRole('alert')).textContent).toBe('年龄须为 0–120 之间的整数，且最低年龄不大于最高年龄');
    fireEvent.click(screen.getAllByRole('button', { name: '保存' })[0]!);
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls.filter((c) => c.url.pathname === apiPaths.consoleProgramme && c.method === 'POST')).toHaveLength(0);

    fireEvent.change(min, { target: { value: '18' } });
    fireEvent.change(max, { target: { value: '35' } });
    fireEvent.click(screen.getAllByRole('button', { name: '保存' })[0]!);
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST' && c.url.pathname === apiPaths.consoleProgramme)).toHaveLength(1));
    const sent = api.calls.find((c) => c.method === 'POST' && c.url.pathname === apiPaths.consoleProgramme)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ maxAge: 35 });
    expect(sent).not.toHaveProperty('minAge');
    expect(sent).not.toHaveProperty('name');
  });

  test('rubric weights: the total is shown live and must be 100', async () => {
    const api = verifiedAdmin(handlers({ [apiPaths.consoleRubrics]: (c: RecordedCall) => (c.method === 'POST' ? ok(c.body) : ok([{ kind: 'person', version: 1, criteria: [{ id: 'c1', name: '创新性', description: '', weight: 60, maxScore: 10, anchors: [] }, { id: 'c2', name: '影响力', description: '', weight: 40, maxScore: 10, anchors: [] }] }])) }));
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

  test('rubric anchors are edited with the criteria; a locked rubric offers 另存为新版本, sent explicitly', async () => {
    const criteria = [
      { id: 'c1', name: '创新性', description: '看新意', weight: 60, maxScore: 10, anchors: [{ score: 9, label: '突出' }, { score: 6, label: '良好' }] },
      { id: 'c2', name: '影响力', description: '', weight: 40, maxScore: 10, anchors: [] },
    ];
    const api = verifiedAdmin(handlers({
      [apiPaths.consoleRubrics]: (c: RecordedCall) => {
        if (c.method !== 'POST') return ok([{ kind: 'person', version: 1, criteria }]);
        const body = c.body as { newVersion?: boolean; criteria: typeof criteria };
        if (!body.newVersion) return fail('该类别已有 1 份评审，评分项、权重和满分已锁定（名称与说明仍可修改），以免新旧评分不可比', Code.RUBRIC_LOCKED);
        return ok({ kind: 'person', version: 2, criteria: body.criteria.map((x, i) => ({ ...x, id: `c${i + 1}` })) });
      },
    }));
    await renderApp('/console/admin/programme');
    expect(await screen.findByText('当前为第 1 版')).toBeTruthy();
    expect((screen.getByLabelText('第1项锚点1的起评分') as HTMLInputElement).value).toBe('9');
    expect((screen.getByLabelText('第1项锚点2的含义') as HTMLInputElement).value).toBe('良好');
    expect((screen.getByLabelText('说明（选填）1') as HTMLInputElement).value).toBe('看新意');
    fireEvent.click(screen.getByRole('button', { name: '为第2项添加锚点' }));
    typeInto('第2项锚点1的起评分', '8');
    typeInto('第2项锚点1的含义', '广泛');
    typeInto('权重1', '50');
    typeInto('权重2', '50');

    fireEvent.click(screen.getByRole('button', { name: '保存评分细则' }));
    const locked = await screen.findByText('评分细则已锁定');
    const panel = locked.closest('[role="alert"]') as HTMLElement;
    expect(within(panel).getByText(/已提交的评审都将标记为“需重新评分”/)).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: '另存为新版本' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST' && c.url.pathname === apiPaths.consoleRubrics)).toHaveLength(2));
    const [plain, versioned] = api.calls.filter((c) => c.method === 'POST' && c.url.pathname === apiPaths.consoleRubrics).map((c) => c.body as Record<string, unknown>);
    expect(plain).not.toHaveProperty('newVersion');
    expect(versioned).toMatchObject({
      kind: 'person',
      newVersion: true,
      criteria: [
        { id: 'c1', weight: 50, anchors: [{ score: 9, label: '突出' }, { score: 6, label: '良好' }] },
        { id: 'c2', weight: 50, anchors: [{ score: 8, label: '广泛' }] },
      ],
    });
    expect(await screen.findByText('当前为第 2 版')).toBeTruthy();
    expect(screen.queryByText('评分细则已锁定')).toBeNull();
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

    typeInto('操作人', '管理员');
    fireEvent.change(screen.getByLabelText('操作'), { target: { value: 'user.roles' } });
    typeInto('开始日期', '2024-05-01');
    typeInto('结束日期', '2024-05-02');
    fireEvent.click(screen.getByRole('button', { name: '筛选' }));
    await waitFor(() => {
      const last = api.callsTo(apiPaths.consoleAudit).at(-1)!.url.searchParams;
      expect(last.get('actorName')).toBe('管理员');
      expect(last.get('action')).toBe('user.roles');
      expect(last.get('fromDate')).toBe('2024-05-01');
      expect(last.get('toDate')).toBe('2024-05-02');
      expect(last.get('actorId')).toBeNull();
      expect(last.get('cursor')).toBeNull();
    });
  });

  test('the filter lives in the address: a reload shows it; a reversed range is not sent; times are Beijing time', async () => {
    const api = verifiedAdmin({ [apiPaths.consoleAudit]: ok({ items: [entry('a1')], nextCursor: null }) });
    const app = await renderApp('/console/admin/audit?actor=%E7%AE%A1%E7%90%86&action=user.roles&from=2024-05-01&to=2024-05-03&entity=bad%20');
    await screen.findByText('管理员甲 修改了用户角色');
    const first = api.callsTo(apiPaths.consoleAudit)[0]!.url.searchParams;
    expect([first.get('actorName'), first.get('action'), first.get('fromDate'), first.get('toDate'), first.get('entity')]).toEqual(['管理', 'user.roles', '2024-05-01', '2024-05-03', 'bad']);
    expect((screen.getByLabelText('操作人') as HTMLInputElement).value).toBe('管理');
    expect((screen.getByLabelText('开始日期') as HTMLInputElement).value).toBe('2024-05-01');
    // 08:00 UTC is 16:00 in Beijing
    expect(screen.getByText('2024-05-02 16:00:00')).toBeTruthy();

    typeInto('开始日期', '2024-05-04');
    fireEvent.click(screen.getByRole('button', { name: '筛选' }));
    expect((await screen.findByRole('alert')).textContent).toBe('结束日期不能早于开始日期');
    expect(api.callsTo(apiPaths.consoleAudit)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(app.search()).toBe(''));
    await waitFor(() => expect(api.callsTo(apiPaths.consoleAudit).at(-1)!.url.searchParams.get('actorName')).toBeNull());
    expect((screen.getByLabelText('操作人') as HTMLInputElement).value).toBe('');
  });

  test('a hand-edited link with a bad date opens the list without it', async () => {
    const api = verifiedAdmin({ [apiPaths.consoleAudit]: ok({ items: [entry('a1')], nextCursor: null }) });
    await renderApp('/console/admin/audit?from=2024-13-01&actor=%E7%94%B2');
    await screen.findByText('管理员甲 修改了用户角色');
    const first = api.callsTo(apiPaths.consoleAudit)[0]!.url.searchParams;
    expect(first.get('fromDate')).toBeNull();
    expect(first.get('actorName')).toBe('甲');
  });

  test('auditDiff: added, removed and changed fields; plain values', () => {
    expect(auditDiff(null, { a: 1 })).toEqual([{ field: 'a', before: null, after: '1' }]);
    expect(auditDiff({ a: 1, b: 'x' }, { a: 2, b: 'x' })).toEqual([{ field: 'a', before: '1', after: '2' }]);
    expect(auditDiff({ a: 1 }, null)).toEqual([{ field: 'a', before: '1', after: null }]);
    expect(auditDiff('x', 'y')).toEqual([{ field: '', before: 'x', after: 'y' }]);
    expect(auditDiff(null, null)).toEqual([]);
  });
});
