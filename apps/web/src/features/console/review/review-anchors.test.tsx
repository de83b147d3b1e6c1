import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { apiPaths, type ConsoleMyAssignment, type ConsoleReview } from '@qgw/contracts';
import { renderApp } from '../../../test/render-app.js';
import { ok } from '../../../test/api-stub.js';
import { profileOf, signIn } from '../../../test/session-fixture.js';
import { stubConsoleApi } from '../testing/console-stub.js';
import { anchorBands } from './components/criterion-anchors.js';
import { consoleApplication } from './testing/fixtures.js';

afterEach(() => vi.unstubAllGlobals());

const item = (id: string, over: Partial<ConsoleMyAssignment> = {}): ConsoleMyAssignment => ({
  applicationId: id, kind: 'person', title: `申报 ${id}`, reviewed: false, needsRescore: false, hasDraft: false, ...over,
});
const outdated: ConsoleReview = {
  id: 'rv1',
  reviewer: { id: 'user-1', nickname: '小青' },
  scores: { c1: 8, c2: 10 },
  total: 65,
  recommendation: 'approve',
  commentToApplicant: '',
  privateNote: '',
  submittedAt: '2024-05-03T00:00:00.000Z',
  updatedAt: '2024-05-03T00:00:00.000Z',
  rubricVersion: 1,
  needsRescore: true,
};

describe('score anchors', () => {
  test('bands run from each anchor up to the next one, highest first', () => {
    expect(anchorBands([{ score: 6, label: '良好' }, { score: 9, label: '突出' }, { score: 0, label: '较弱' }], 10)).toEqual([
      { range: '9–10', label: '突出' },
      { range: '6–8', label: '良好' },
      { range: '0–5', label: '较弱' },
    ]);
    expect(anchorBands([{ score: 10, label: '满分' }], 10)).toEqual([{ range: '10', label: '满分' }]);
  });

  test('the reviewer sees each criterion’s description and anchors; an outdated review asks for re-scoring, counted in the desk bar', async () => {
    stubConsoleApi({
      [apiPaths.getUserInfo]: ok(profileOf(signIn({ roles: ['reviewer'] }))),
      [apiPaths.consoleMyAssignments]: ok({ items: [item('app-1', { needsRescore: true }), item('app-2', { reviewed: true })], done: 1, total: 2 }),
      [apiPaths.consoleApplication]: ok(consoleApplication({
        id: 'app-1',
        rubricVersion: 2,
        rubric: [
          { id: 'c1', name: '创新性', description: '解决问题的新思路', weight: 3, maxScore: 10, anchors: [{ score: 9, label: '突出' }, { score: 6, label: '良好' }, { score: 0, label: '较弱' }] },
          { id: 'c2', name: '影响力', description: '', weight: 1, maxScore: 20, anchors: [] },
        ],
        reviews: [outdated],
      })),
      [apiPaths.consoleReviewDraft]: ok({ draft: null }),
      [apiPaths.consoleReviewDraftSave]: ok({ savedAt: '2024-05-03T06:07:00.000Z' }),
    });
    await renderApp('/console/review/app-1');
    const guide = await screen.findByRole('list', { name: '“创新性”的评分参考' });
    expect(within(guide).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['9–10 分 突出', '6–8 分 良好', '0–5 分 较弱']);
    expect(screen.queryByRole('list', { name: '“影响力”的评分参考' })).toBeNull();
    expect(screen.getByText(/解决问题的新思路（0–10）/)).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('按第 1 版给出的评分不再计入平均分');
    const bar = screen.getByRole('navigation', { name: '我的评审进度' });
    expect(within(bar).getByText('已评 1/2')).toBeTruthy();
    expect(within(bar).getByText('需重新评分 1')).toBeTruthy();
  });
});
