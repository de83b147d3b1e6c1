import { afterEach, describe, expect, test, vi } from 'vitest';
import { stubConsoleApi } from '../testing/console-stub.js';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths } from '@qgw/contracts';
import { renderApp } from '../../../test/render-app.js';
import { fail, ok, type RecordedCall } from '../../../test/api-stub.js';
import { profileOf, signIn } from '../../../test/session-fixture.js';
import { consoleApplication, queueItem, stagedItem } from './testing/fixtures.js';

afterEach(() => vi.unstubAllGlobals());

function asAdmin() {
  const info = signIn({ roles: ['admin'] });
  return ok(profileOf(info));
}

const themes = ok([{ id: 'th1', name: '乡村振兴', description: '' }]);

describe('review queue', () => {
  test('filters and the search box reach the server; 加载更多 follows the cursor', async () => {
    const api = stubConsoleApi({
      [apiPaths.getUserInfo]: asAdmin(),
      [apiPaths.getThemes]: themes,
      // an admin is offered the shown season's themes (queue-themes.ts)
      [apiPaths.consoleThemes]: ok({ items: [{ id: 'th1', name: '乡村振兴', description: '', sort: 1, active: true, applicationCount: 0 }] }),
      [apiPaths.consoleQueue]: (c: RecordedCall) =>
        c.url.searchParams.get('cursor') === 'next-1'
          ? ok({ items: [queueItem({ id: 'app-2', title: '第二份申报', applicantName: null, mobileMasked: null, blind: true })], nextCursor: null })
          : ok({ items: [queueItem()], nextCursor: 'next-1' }),
    });
    await renderApp('/console/review');
    const rows = await screen.findByRole('list', { name: '评审队列' });
    expect(within(rows).getByText('张三 · 138****1234')).toBeTruthy();
    expect(within(rows).getByText('个人申报')).toBeTruthy();
    expect(within(rows).getByText('已提交')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByText('第二份申报')).toBeTruthy();
    expect(screen.getByText('匿名评审')).toBeTruthy();
    expect(screen.getByText('已全部加载')).toBeTruthy();
    expect(api.callsTo(apiPaths.consoleQueue).at(-1)!.url.searchParams.get('cursor')).toBe('next-1');

    fireEvent.change(screen.getByLabelText('类型'), { target: { value: 'work' } });
    await waitFor(() => expect(api.callsTo(apiPaths.consoleQueue).at(-1)!.url.searchParams.get('kind')).toBe('work'));
    fireEvent.change(screen.getByLabelText('状态'), { target: { value: 'under_review' } });
    await screen.findByRole('option', { name: '乡村振兴' });
    fireEvent.change(screen.getByLabelText('主题'), { target: { value: 'th1' } });
    fireEvent.change(screen.getByLabelText('搜索姓名或手机号'), { target: { value: '138****1234' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => {
      const last = api.callsTo(apiPaths.consoleQueue).at(-1)!.url.searchParams;
      expect([last.get('kind'), last.get('status'), last.get('themeId'), last.get('q'), last.get('cursor')]).toEqual(['work', 'under_review', 'th1', '138****1234', null]);
    });
  });

  test('assignment: refusals for a conflict of interest are shown per row', async () => {
    const api = stubConsoleApi({
      [apiPaths.getUserInfo]: asAdmin(),
      [apiPaths.getThemes]: themes,
      [apiPaths.consoleQueue]: ok({ items: [queueItem()], nextCursor: null }),
      [apiPaths.consoleReviewers]: ok([{ id: 'r1', nickname: '评审甲', mobileMasked: '138****0002', organization: '青年突击队', load: 2, reviewed: 0 }]),
      [apiPaths.consoleAssign]: ok({ assigned: [], unchanged: [], refused: [{ applicationId: 'app-1', reviewerId: 'r1', cause: 'conflict', reason: '评审与申报人同一单位，需回避' }] }),
    });
    await renderApp('/console/review');
    fireEvent.click(await screen.findByRole('checkbox', { name: '选择 张三的个人申报' }));
    fireEvent.click(screen.getByRole('button', { name: '分配评审' }));
    fireEvent.click(await screen.findByLabelText('评审甲（待评 2）'));
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('app-1：评审与申报人同一单位，需回避')).toBeTruthy();
    expect(api.callsTo(apiPaths.consoleAssign)[0]!.body).toMatchObject({ applicationIds: ['app-1'], reviewerIds: ['r1'] });
  });
});

describe('application detail', () => {
  test('reveal buttons: each asks the server (audited) and shows the full value', async () => {
    const api = stubConsoleApi({
      [apiPaths.getUserInfo]: asAdmin(),
      [apiPaths.consoleApplication]: ok(consoleApplication({ canReview: false })),
      [apiPaths.consoleReveal]: (c: RecordedCall) => ok({ field: (c.body as { field: string }).field, value: '110101199001011234' }),
    });
    await renderApp('/console/review/app-1');
    expect(await screen.findByText('查看记录将被审计')).toBeTruthy();
    expect(screen.getByText('1101**********1234')).toBeTruthy();
    expect(screen.getByRole('button', { name: '显示完整手机号' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '显示完整身份证号' }));
    expect(await screen.findByText('110101199001011234')).toBeTruthy();
    expect(api.callsTo(apiPaths.consoleReveal).map((c) => c.body)).toEqual([expect.objectContaining({ id: 'app-1', field: 'idNumber' })]);
    expect(screen.queryByRole('button', { name: '显示完整身份证号' })).toBeNull();
  });

  test('the review form: weighted total live, then 提交评审 sends scores and texts', async () => {
    const api = stubConsoleApi({
      [apiPaths.getUserInfo]: asAdmin(),
      [apiPaths.consoleApplication]: ok(consoleApplication()),
      [apiPaths.consoleReview]: (c: RecordedCall) =>
        ok({
          id: 'rv1',
          reviewer: { id: 'user-1', nickname: '小青' },
          scores: (c.body as { scores: Record<string, number> }).scores,
          total: 72.5,
          recommendation: 'approve',
          commentToApplicant: '',
          privateNote: '',
          submittedAt: '2024-05-03T00:00:00.000Z',
          updatedAt: '2024-05-03T00:00:00.000Z',
          rubricVersion: 1,
          needsRescore: false,
        }),
    });
    await renderApp('/console/review/app-1');
    const total = await screen.findByLabelText('加权总分');
    expect(total.textContent).toBe('0.00');
    fireEvent.change(screen.getByLabelText('创新性'), { target: { value: '8' } });
    // (8/10·3 + 0) / 4 · 100 = 60
    expect(screen.getByLabelText('加权总分').textContent).toBe('60.00');
    fireEvent.change(screen.getByLabelText('影响力'), { target: { value: '10' } });
    // (0.8·3 + 0.5·1) / 4 · 100 = 72.5
    expect(screen.getByLabelText('加权总分').textContent).toBe('72.50');
    fireEvent.click(within(screen.getByRole('form', { name: '评审打分' })).getByLabelText('通过'));
    fireEvent.change(screen.getByLabelText('给申请人的意见'), { target: { value: '材料完整' } });
    fireEvent.change(screen.getByLabelText('内部备注'), { target: { value: '可推荐' } });
    fireEvent.click(screen.getByRole('button', { name: '提交评审' }));
    await waitFor(() => expect(api.callsTo(apiPaths.consoleReview)).toHaveLength(1));
    expect(api.callsTo(apiPaths.consoleReview)[0]!.body).toMatchObject({
      applicationId: 'app-1',
      scores: { c1: 8, c2: 10 },
      recommendation: 'approve',
      commentToApplicant: '材料完整',
      privateNote: '可推荐',
    });
  });

  test('leaving a half-typed review asks first: 继续填写 stays, 离开 goes', async () => {
    stubConsoleApi({
      [apiPaths.getUserInfo]: asAdmin(),
      [apiPaths.consoleApplication]: ok(consoleApplication()),
      [apiPaths.consoleQueue]: ok({ items: [queueItem()], nextCursor: null }),
    });
    const app = await renderApp('/console/review/app-1');
    fireEvent.change(await screen.findByLabelText('创新性'), { target: { value: '8' } });
    fireEvent.click(screen.getByRole('link', { name: '返回队列' }));
    expect(await screen.findByText('刚填写的内容尚未保存，离开后将丢失。确定离开吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '继续填写' }));
    await waitFor(() => expect(screen.queryByText('刚填写的内容尚未保存，离开后将丢失。确定离开吗？')).toBeNull());
    expect(app.path()).toBe('/console/review/app-1');
    expect((screen.getByLabelText('创新性') as HTMLInputElement).value).toBe('8');

    fireEvent.click(screen.getByRole('link', { name: '返回队列' }));
    fireEvent.click(await screen.findByRole('button', { name: '离开' }));
    await waitFor(() => expect(app.path()).not.toBe('/console/review/app-1'));
  });

  test('a score above the maximum is refused before sending', async () => {
    const api = stubConsoleApi({ [apiPaths.getUserInfo]: asAdmin(), [apiPaths.consoleApplication]: ok(consoleApplication()) });
    await renderApp('/console/review/app-1');
    fireEvent.change(await screen.findByLabelText('创新性'), { target: { value: '11' } });
    fireEvent.change(screen.getByLabelText('影响力'), { target: { value: '1' } });
    fireEvent.click(within(screen.getByRole('form', { name: '评审打分' })).getByLabelText('通过'));
    fireEvent.click(screen.getByRole('button', { name: '提交评审' }));
    expect(await screen.findByText('“创新性”的分数应在0到10之间')).toBeTruthy();
    expect(api.callsTo(apiPaths.consoleReview)).toHaveLength(0);
  });

  test('拟定结论 answered CONFLICT: 该申请已被其他管理员处理，请刷新', async () => {
    const api = stubConsoleApi({
      [apiPaths.getUserInfo]: asAdmin(),
      [apiPaths.consoleApplication]: ok(consoleApplication({ canReview: false })),
      [apiPaths.consoleDecisionStage]: fail('申报已被他人更新，请刷新后重试', 4090),
    });
    await renderApp('/console/review/app-1');
    fireEvent.click(await screen.findByLabelText('不通过'));
    fireEvent.change(screen.getByLabelText('理由'), { target: { value: '材料不全' } });
    fireEvent.click(screen.getByRole('button', { name: '拟定结论' }));
    expect(await screen.findByText('该申请已被其他管理员处理，请刷新')).toBeTruthy();
    expect(api.callsTo(apiPaths.consoleDecisionStage)[0]!.body).toMatchObject({ applicationId: 'app-1', decision: 'reject', reason: '材料不全', version: 3 });
  });

  test('拟定结论 with too few reviews: the server’s counts, then a reason to decide without them is sent with it', async () => {
    const tooFew = '该申报已完成评审 0 份，少于要求的 1 份；如确需直接作出结论，请填写理由';
    const api = stubConsoleApi({
      [apiPaths.getUserInfo]: asAdmin(),
      [apiPaths.consoleApplication]: ok(consoleApplication({ canReview: false })),
      [apiPaths.consoleDecisionStage]: (c: RecordedCall) =>
        (c.body as { override?: string }).override
          ? ok({ applicationId: 'app-1', decision: 'approve', reason: '', stagedBy: { id: 'a', nickname: '管理员' }, stagedAt: '2024-06-01T00:00:00.000Z', version: 4 })
          : fail(tooFew, 1510),
    });
    await renderApp('/console/review/app-1');
    fireEvent.click(await screen.findByLabelText('通过'));
    expect(screen.queryByLabelText('不经足够评审即作结论的理由')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '拟定结论' }));
    expect((await screen.findByRole('alert')).textContent).toBe(tooFew);
    fireEvent.change(screen.getByLabelText('不经足够评审即作结论的理由'), { target: { value: '上届获奖者直接认定' } });
    fireEvent.click(screen.getByRole('button', { name: '拟定结论' }));
    await waitFor(() => expect(api.callsTo(apiPaths.consoleDecisionStage)).toHaveLength(2));
    expect(api.callsTo(apiPaths.consoleDecisionStage)[1]!.body).toMatchObject({ decision: 'approve', override: '上届获奖者直接认定' });
    expect(api.callsTo(apiPaths.consoleDecisionStage)[0]!.body).not.toHaveProperty('override');
  });
});

describe('staged decisions', () => {
  test('发布所选 asks first, naming every selected item; only the confirmed batch is released', async () => {
    const api = stubConsoleApi({
      [apiPaths.getUserInfo]: asAdmin(),
      [apiPaths.consoleDecisionsStaged]: ok([
        stagedItem(),
        stagedItem({ applicationId: 'app-2', title: '李四的作品', kind: 'work', decision: 'return', reason: '请补充视频' }),
        stagedItem({ applicationId: 'app-3', title: '王五企业', kind: 'company', decision: 'reject', reason: '不符合条件' }),
      ]),
      [apiPaths.consoleDecisionPreview]: ok({ applicationId: 'app-2', decision: 'return', title: '申报退回修改', body: '您的申报需要修改：请补充视频', lookupCode: 9000 }),
      [apiPaths.consoleDecisionRelease]: ok({
        released: [{ applicationId: 'app-1', status: 'approved', decidedAt: '2024-05-04T00:00:00.000Z' }],
        failed: [{ applicationId: 'app-2', reason: '该申请已被其他管理员处理' }],
      }),
    });
    await renderApp('/console/decisions');
    const previewButtons = await screen.findAllByRole('button', { name: '预览通知' });
    // beside each decision, what it rests on
    expect(screen.getByLabelText('张三的个人申报 的评分').textContent).toBe('均分 80.00评审 1 份类别排名 第 3 名（共 12）');
    fireEvent.click(previewButtons[1]!);
    expect(await screen.findByText('您的申报需要修改：请补充视频')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: '选择 张三的个人申报' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 李四的作品' }));
    fireEvent.click(screen.getByRole('button', { name: '发布所选' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定发布以下 2 项结论？')).toBeTruthy();
    // released before 结果公布, the applicants hear at once: the confirmation says so
    expect(within(dialog).getByRole('alert').textContent).toBe('评选当前阶段：评审中。尚未到“结果公布”阶段：发布后申报人将立即收到通知。');
    expect(within(dialog).getByText('张三的个人申报（个人申报）：通过')).toBeTruthy();
    expect(within(dialog).getByText('李四的作品（作品申报）：退回修改')).toBeTruthy();
    expect(within(dialog).queryByText(/王五企业/)).toBeNull();
    expect(api.callsTo(apiPaths.consoleDecisionRelease)).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: '发布' }));
    expect(await screen.findByText('张三的个人申报：已发布')).toBeTruthy();
    expect(screen.getByText('李四的作品：该申请已被其他管理员处理')).toBeTruthy();
    expect(api.callsTo(apiPaths.consoleDecisionRelease)[0]!.body).toMatchObject({ applicationIds: ['app-1', 'app-2'], expectedCount: 2 });
  });

  test('cancelling the confirmation releases nothing', async () => {
    const api = stubConsoleApi({ [apiPaths.getUserInfo]: asAdmin(), [apiPaths.consoleDecisionsStaged]: ok([stagedItem()]) });
    await renderApp('/console/decisions');
    fireEvent.click(await screen.findByRole('checkbox', { name: '选择 张三的个人申报' }));
    fireEvent.click(screen.getByRole('button', { name: '发布所选' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定发布以下 1 项结论？')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    // What matters is that nothing is sent. The dialog's removal waits for its closing animation,
    // whose frames jsdom may not run on a loaded machine; the browser journeys see it close.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(api.callsTo(apiPaths.consoleDecisionRelease)).toHaveLength(0);
    expect(screen.getByRole('button', { name: '发布所选' })).toBeTruthy();
  });
});
