import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths, applicationKinds, queueSorts } from '@qgw/contracts';
import { renderApp } from '../../../test/render-app.js';
import { ok, type RecordedCall } from '../../../test/api-stub.js';
import { profileOf, signIn } from '../../../test/session-fixture.js';
import { stubConsoleApi } from '../testing/console-stub.js';
import { defaultFilters, filtersFromSearch, type QueueFilters, rememberSearch, requestFilters, searchFromFilters } from './queue/queue-search.js';
import { queueItem } from './testing/fixtures.js';

const asRole = (role: 'admin' | 'reviewer') => ok(profileOf(signIn({ roles: [role] })));
const themes = ok([{ id: 'th1', name: '乡村振兴', description: '' }]);
const reviewers = ok([{ id: 'r1', nickname: '评审甲', mobileMasked: '138****0002', organization: '青年突击队', load: 2, reviewed: 0 }]);

const rows = [
  queueItem({ id: 'app-1', title: '甲的申报', reviewers: [{ id: 'r1', nickname: '评审甲' }], reviewCount: 2, assignedCount: 3, averageScore: 71.666, medianScore: 65, scoreSpread: 40, stagedDecision: 'approve' }),
  queueItem({ id: 'app-2', title: '乙的申报' }),
];

/** A desk-sized window (the table) or a phone (cards): jsdom has no media queries of its own. */
function windowWidth(desk: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: desk && query.includes('min-width: 1024px'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeEach(() => rememberSearch(''));
afterEach(() => vi.unstubAllGlobals());

const lastQueue = (api: { callsTo(path: string): RecordedCall[] }) => api.callsTo(apiPaths.consoleQueue).at(-1)!.url.searchParams;

describe('filters in the address', () => {
  test('every filter and order survives the round trip through the search params', () => {
    const samples: QueueFilters[] = [
      defaultFilters,
      { ...defaultFilters, kind: 'work', status: 'under_review', themeId: 'th-1', q: '张青', reviewerId: 'r_1', unassigned: 'true', staged: 'false', sort: 'median', order: 'asc' },
      ...applicationKinds.map((kind) => ({ ...defaultFilters, kind })),
      ...queueSorts.map((sort) => ({ ...defaultFilters, sort, order: 'asc' as const })),
      { ...defaultFilters, q: '138****1234', staged: 'true' },
      { ...defaultFilters, season: 'p2024', kind: 'work' },
    ];
    for (const f of samples) {
      const search = searchFromFilters(f).toString();
      expect(filtersFromSearch(new URLSearchParams(search)), search).toEqual(f);
    }
    // only what differs from the defaults is written
    expect(searchFromFilters(defaultFilters).toString()).toBe('');
    expect(searchFromFilters({ ...defaultFilters, sort: 'mean' }).toString()).toBe('sort=mean');
    // an admin's season goes to the server as the programme; a reviewer sends none
    expect(requestFilters({ ...defaultFilters, season: 'p2024' }, true).programmeId).toBe('p2024');
    expect(requestFilters({ ...defaultFilters, season: 'p2024' }, false)).not.toHaveProperty('programmeId');
  });

  test('a hand-edited address falls back to the defaults, field by field', () => {
    const f = filtersFromSearch(new URLSearchParams('kind=nope&status=draft&sort=score&order=up&unassigned=1&themeId=a%20b&reviewerId=r1&q=%20李%20'));
    expect(f).toEqual({ ...defaultFilters, reviewerId: 'r1', q: '李' });
  });

  test('changing a filter writes it to the address; opening that address asks the server for it', async () => {
    windowWidth(false);
    const api = stubConsoleApi({
      [apiPaths.getUserInfo]: asRole('admin'),
      [apiPaths.getThemes]: themes,
      [apiPaths.consoleReviewers]: reviewers,
      [apiPaths.consoleQueue]: ok({ items: rows, nextCursor: null }),
    });
    const app = await renderApp('/console/review?sort=mean&order=asc&staged=true');
    await screen.findByRole('list', { name: '评审队列' });
    await waitFor(() => expect([lastQueue(api).get('sort'), lastQueue(api).get('order'), lastQueue(api).get('staged')]).toEqual(['mean', 'asc', 'true']));
    expect((screen.getByLabelText('排序') as HTMLSelectElement).value).toBe('mean');
    expect((screen.getByLabelText('拟定结论') as HTMLSelectElement).value).toBe('true');

    fireEvent.change(screen.getByLabelText('类型'), { target: { value: 'work' } });
    await waitFor(() => expect(new URLSearchParams(app.search()).get('kind')).toBe('work'));
    expect(new URLSearchParams(app.search()).get('sort')).toBe('mean');
    await waitFor(() => expect(lastQueue(api).get('kind')).toBe('work'));

    // the bare queue address (返回队列, the nav) takes up where the admin left off
    await app.router.navigate('/console/review/app-1');
    await app.router.navigate('/console/review');
    await waitFor(() => expect(new URLSearchParams(app.search()).get('kind')).toBe('work'));
    // 清除筛选 really clears, and stays cleared
    fireEvent.click(await screen.findByRole('button', { name: '清除筛选' }));
    await waitFor(() => expect(app.search()).toBe(''));
    await waitFor(() => expect(lastQueue(api).get('kind')).toBeNull());
  });
});

describe('the selection', () => {
  test('is cleared when a filter changes, so hidden rows are never acted on', async () => {
    windowWidth(false);
    stubConsoleApi({
      [apiPaths.getUserInfo]: asRole('admin'),
      [apiPaths.getThemes]: themes,
      [apiPaths.consoleReviewers]: reviewers,
      [apiPaths.consoleQueue]: ok({ items: rows, nextCursor: null }),
    });
    await renderApp('/console/review');
    fireEvent.click(await screen.findByRole('checkbox', { name: '选择 甲的申报' }));
    expect(screen.getByText('已选 1 项')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('状态'), { target: { value: 'under_review' } });
    await waitFor(() => expect(screen.getByText('已选 0 项')).toBeTruthy());
    expect(((await screen.findByRole('checkbox', { name: '选择 甲的申报' })) as HTMLInputElement).checked).toBe(false);
  });

  test('at a desk: the table, select the visible rows, then everything the filter matches; a new order clears it', async () => {
    windowWidth(true);
    const api = stubConsoleApi({
      [apiPaths.getUserInfo]: asRole('admin'),
      [apiPaths.getThemes]: themes,
      [apiPaths.consoleReviewers]: reviewers,
      [apiPaths.consoleQueue]: ok({ items: rows, nextCursor: 'more' }),
      [apiPaths.consoleQueueIds]: ok({ ids: ['app-1', 'app-2', 'app-3', 'app-4', 'app-5'], total: 5, capped: false }),
    });
    await renderApp('/console/review?kind=person');
    const table = await screen.findByRole('table', { name: '评审队列' });
    const first = within(table).getAllByRole('row')[1]!;
    // reviewers, done/assigned, mean, median, spread, staged decision
    for (const text of ['甲的申报', '评审甲', '2/3', '71.7', '65.0', '40.0', '通过', '张三', '138****1234']) expect(within(first).getByText(text)).toBeTruthy();

    fireEvent.click(within(table).getByRole('checkbox', { name: '选择本页全部' }));
    expect(screen.getByText('已选 2 项')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '选择全部符合条件的 5 项' }));
    expect(screen.getByText('已选 5 项')).toBeTruthy();
    expect(screen.getByText('已选择全部符合条件的 5 项')).toBeTruthy();
    expect(api.callsTo(apiPaths.consoleQueueIds).at(-1)!.url.searchParams.get('kind')).toBe('person');

    // a new order: the same rows perhaps, but not what was selected under the last one
    fireEvent.click(within(table).getByRole('button', { name: '均分' }));
    await waitFor(() => expect(lastQueue(api).get('sort')).toBe('mean'));
    expect(screen.getByText('已选 0 项')).toBeTruthy();
    expect((await screen.findByRole('columnheader', { name: /均分/ })).getAttribute('aria-sort')).toBe('descending');
  });

  test('bulk staging goes in batches and shows each refusal by title', async () => {
    windowWidth(true);
    const ids = Array.from({ length: 250 }, (_, i) => `app-${i + 1}`);
    const api = stubConsoleApi({
      [apiPaths.getUserInfo]: asRole('admin'),
      [apiPaths.getThemes]: themes,
      [apiPaths.consoleReviewers]: reviewers,
      [apiPaths.consoleQueue]: ok({ items: rows, nextCursor: null }),
      [apiPaths.consoleQueueIds]: ok({ ids, total: 250, capped: false }),
      [apiPaths.consoleDecisionStageMany]: (c: RecordedCall) => {
        const batch = (c.body as { applicationIds: string[] }).applicationIds;
        return ok({
          staged: batch.filter((id) => id !== 'app-1').map((id) => ({ applicationId: id, version: 2 })),
          refused: batch.includes('app-1') ? [{ applicationId: 'app-1', code: 1510, reason: '该申报已完成评审 0 份，少于要求的 1 份' }] : [],
        });
      },
    });
    await renderApp('/console/review');
    fireEvent.click(await screen.findByRole('checkbox', { name: '选择本页全部' }));
    fireEvent.click(await screen.findByRole('button', { name: '选择全部符合条件的 250 项' }));
    fireEvent.click(screen.getByRole('button', { name: '批量拟定结论' }));
    fireEvent.click(screen.getByRole('button', { name: '拟定结论' }));
    expect(await screen.findByText('已拟定 249 项，未能拟定 1 项')).toBeTruthy();
    expect(screen.getByText('甲的申报：该申报已完成评审 0 份，少于要求的 1 份')).toBeTruthy();
    expect(api.callsTo(apiPaths.consoleDecisionStageMany).map((c) => (c.body as { applicationIds: string[] }).applicationIds.length)).toEqual([200, 50]);
    expect(api.callsTo(apiPaths.consoleDecisionStageMany)[0]!.body).toMatchObject({ decision: 'approve', reason: '' });
    expect(screen.getByText('已选 0 项')).toBeTruthy();
  });
});

describe('a reviewer’s queue', () => {
  test('names the organisation (blind review too) and declares a conflict from the row', async () => {
    windowWidth(true);
    const api = stubConsoleApi({
      [apiPaths.getUserInfo]: asRole('reviewer'),
      [apiPaths.getThemes]: themes,
      [apiPaths.consoleQueue]: ok({ items: [queueItem({ title: '个人申报 ABCD1234', applicantName: null, mobileMasked: null, blind: true, organization: '星河科技研究院', status: 'under_review' })], nextCursor: null }),
      [apiPaths.consoleConflict]: ok({ applicationId: 'app-1', declaredAt: '2024-05-03T00:00:00.000Z' }),
    });
    await renderApp('/console/review');
    const list = await screen.findByRole('list', { name: '评审队列' });
    expect(within(list).getByText('单位：星河科技研究院')).toBeTruthy();
    expect(within(list).getByText('匿名评审')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(within(list).getByRole('button', { name: '声明回避' }));
    fireEvent.change(within(list).getByLabelText('回避原因'), { target: { value: '与申报单位有合作关系' } });
    fireEvent.click(within(list).getByRole('button', { name: '声明回避' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(api.callsTo(apiPaths.consoleConflict)).toHaveLength(1));
    expect(api.callsTo(apiPaths.consoleConflict)[0]!.body).toMatchObject({ applicationId: 'app-1', reason: '与申报单位有合作关系' });
  });
});
