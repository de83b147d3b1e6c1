import { afterEach, describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths, type ConsoleMyAssignment } from '@qgw/contracts';
import { renderApp } from '../../../test/render-app.js';
import { ok, type RecordedCall } from '../../../test/api-stub.js';
import { profileOf, signIn } from '../../../test/session-fixture.js';
import { stubConsoleApi } from '../testing/console-stub.js';
import { consoleApplication } from './testing/fixtures.js';

afterEach(() => vi.unstubAllGlobals());

const item = (id: string, reviewed = false): ConsoleMyAssignment => ({ applicationId: id, kind: 'person', title: `申报 ${id}`, reviewed, needsRescore: false, hasDraft: false });
const asReviewer = () => ok(profileOf(signIn({ roles: ['reviewer'] })));
const savedAt = '2024-05-03T06:07:00.000Z';

function reviewerDesk(extra: Parameters<typeof stubConsoleApi>[0] = {}) {
  return stubConsoleApi({
    [apiPaths.getUserInfo]: asReviewer(),
    [apiPaths.consoleMyAssignments]: ok({ items: [item('app-0', true), item('app-1'), item('app-2')], done: 1, total: 3 }),
    [apiPaths.consoleApplication]: (c: RecordedCall) => ok(consoleApplication({ id: c.url.searchParams.get('id')!, title: `申报 ${c.url.searchParams.get('id')}` })),
    [apiPaths.consoleReviewDraft]: (c: RecordedCall) =>
      c.url.searchParams.get('applicationId') === 'app-1'
        ? ok({ draft: { applicationId: 'app-1', scores: { c1: 6 }, recommendation: null, commentToApplicant: '草稿意见', privateNote: '', savedAt } })
        : ok({ draft: null }),
    [apiPaths.consoleReviewDraftSave]: ok({ savedAt }),
    ...extra,
  });
}

describe('the reviewer’s desk', () => {
  test('已评 1/3 with 上一份 / 下一份 in the list’s order, and the draft restored with its time (Beijing)', async () => {
    reviewerDesk();
    const app = await renderApp('/console/review/app-1');
    const bar = await screen.findByRole('navigation', { name: '我的评审进度' });
    expect(within(bar).getByText('已评 1/3')).toBeTruthy();
    expect(within(bar).getByRole('progressbar', { name: '已评 1/3' }).getAttribute('aria-valuenow')).toBe('1');
    expect((await screen.findByLabelText('创新性') as HTMLInputElement).value).toBe('6');
    expect((screen.getByLabelText('给申请人的意见') as HTMLTextAreaElement).value).toBe('草稿意见');
    expect(screen.getByText('已恢复上次未提交的评审草稿')).toBeTruthy();
    expect(screen.getByText('已自动保存 14:07')).toBeTruthy();

    fireEvent.click(within(bar).getByRole('link', { name: '下一份' }));
    await waitFor(() => expect(app.path()).toBe('/console/review/app-2'));
    expect(await screen.findByRole('heading', { name: '申报 app-2' })).toBeTruthy();
    fireEvent.click(within(screen.getByRole('navigation', { name: '我的评审进度' })).getByRole('link', { name: '上一份' }));
    await waitFor(() => expect(app.path()).toBe('/console/review/app-1'));
  });

  test('typing is saved as a draft once it pauses; until then leaving asks', async () => {
    const api = reviewerDesk();
    await renderApp('/console/review/app-2');
    fireEvent.change(await screen.findByLabelText('创新性'), { target: { value: '8' } });
    fireEvent.change(screen.getByLabelText('影响力'), { target: { value: '25' } });
    fireEvent.change(screen.getByLabelText('内部备注'), { target: { value: '再看' } });
    expect(api.callsTo(apiPaths.consoleReviewDraftSave)).toHaveLength(0);
    fireEvent.click(screen.getByRole('link', { name: '返回队列' }));
    expect(await screen.findByText('刚填写的内容尚未保存，离开后将丢失。确定离开吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '继续填写' }));

    await waitFor(() => expect(api.callsTo(apiPaths.consoleReviewDraftSave)).toHaveLength(1), { timeout: 4000 });
    // a score beyond its maximum stays on screen but is not saved as a score
    expect(api.callsTo(apiPaths.consoleReviewDraftSave)[0]!.body).toMatchObject({
      applicationId: 'app-2',
      scores: { c1: 8 },
      recommendation: null,
      commentToApplicant: '',
      privateNote: '再看',
    });
    expect(await screen.findByText('已自动保存 14:07')).toBeTruthy();
  });

  test('after 提交评审: on to the next one still to review', async () => {
    const api = reviewerDesk({
      [apiPaths.consoleReview]: (c: RecordedCall) =>
        ok({
          id: 'rv1',
          reviewer: { id: 'user-1', nickname: '小青' },
          scores: (c.body as { scores: Record<string, number> }).scores,
          total: 70,
          recommendation: 'approve',
          commentToApplicant: '',
          privateNote: '',
          submittedAt: savedAt,
          updatedAt: savedAt,
          rubricVersion: 1,
          needsRescore: false,
        }),
    });
    const app = await renderApp('/console/review/app-2');
    fireEvent.change(await screen.findByLabelText('创新性'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('影响力'), { target: { value: '14' } });
    fireEvent.click(within(screen.getByRole('form', { name: '评审打分' })).getByLabelText('通过'));
    fireEvent.click(screen.getByRole('button', { name: '提交评审' }));
    await waitFor(() => expect(app.path()).toBe('/console/review/app-1'));
    expect(api.callsTo(apiPaths.consoleReview)[0]!.body).toMatchObject({ applicationId: 'app-2', scores: { c1: 7, c2: 14 } });
    // no question on the way: the review is on the server
    expect(screen.queryByText('刚填写的内容尚未保存，离开后将丢失。确定离开吗？')).toBeNull();
  });

  test('an admin without assignments: no progress bar, the detail as before', async () => {
    stubConsoleApi({
      [apiPaths.getUserInfo]: ok(profileOf(signIn({ roles: ['admin'] }))),
      [apiPaths.consoleMyAssignments]: ok({ items: [], done: 0, total: 0 }),
      [apiPaths.consoleApplication]: ok(consoleApplication({ canReview: false })),
    });
    await renderApp('/console/review/app-1');
    expect(await screen.findByRole('region', { name: '拟定结论' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: '我的评审进度' })).toBeNull();
  });
});
