import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { apiPaths, type ConsoleDashboardResponse } from '@qgw/contracts';
import { renderApp } from '../../../test/render-app.js';
import { fail, ok } from '../../../test/api-stub.js';
import { profileOf, signIn } from '../../../test/session-fixture.js';
import { stubConsoleApi } from '../testing/console-stub.js';

// jsdom draws no canvas: a stand-in Chart records what each chart was asked to draw
const drawn = vi.hoisted(() => [] as Array<{ type: string; labels: unknown[]; datasets: Array<{ label: string; data: number[] }> }>);
vi.mock('./components/chart-setup.js', () => ({
  Chart: class {
    constructor(_canvas: HTMLCanvasElement, config: { type: string; data: { labels: unknown[]; datasets: Array<{ label: string; data: number[] }> } }) {
      drawn.push({ type: config.type, labels: config.data.labels, datasets: config.data.datasets });
    }
    destroy() {}
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
  drawn.length = 0;
});

const days = Array.from({ length: 30 }, (_, i) => `2026-10-${String(i + 1).padStart(2, '0')}`);

const dashboard: ConsoleDashboardResponse = {
  programme: { id: 'p1', name: '2024 青年创新榜', phase: 'reviewing' },
  today: '2026-10-30',
  totals: { applications: 12, submittedToday: 3, inReview: 9, reviews: 14, needingReviewers: 4, decided: 2 },
  submissionsPerDay: days.map((day, i) => ({ day, count: i === 29 ? 3 : i === 10 ? 5 : 0 })),
  byKindStatus: [
    { kind: 'person', status: 'submitted', count: 6 },
    { kind: 'person', status: 'approved', count: 2 },
    { kind: 'work', status: 'under_review', count: 3 },
    { kind: 'rank_user', status: 'submitted', count: 1 },
  ],
  regions: { top: [{ region: '北京市', count: 5 }, { region: '上海市', count: 3 }], other: 1, unknown: 0 },
  reviewProgress: [
    { kind: 'rank_user', inReview: 1, assigned: 0, reviewed: 0, needingReviewers: 1 },
    { kind: 'person', inReview: 6, assigned: 5, reviewed: 4, needingReviewers: 2 },
    { kind: 'work', inReview: 3, assigned: 2, reviewed: 1, needingReviewers: 1 },
    { kind: 'company', inReview: 0, assigned: 0, reviewed: 0, needingReviewers: 0 },
  ],
  scoreDistribution: [
    { kind: 'rank_user', bins: Array(10).fill(0), scored: 0 },
    { kind: 'person', bins: [0, 0, 0, 0, 0, 0, 1, 2, 1, 0], scored: 4 },
    { kind: 'work', bins: [0, 0, 0, 0, 0, 0, 0, 1, 0, 0], scored: 1 },
    { kind: 'company', bins: Array(10).fill(0), scored: 0 },
  ],
};

describe('概览', () => {
  test('an admin sees the headline figures, five charts with summaries and tables of their numbers', async () => {
    stubConsoleApi({ [apiPaths.getUserInfo]: ok(profileOf(signIn({ roles: ['admin'] }))), [apiPaths.consoleDashboard]: ok(dashboard) });
    await renderApp('/console');
    const figures = await screen.findByLabelText('主要数字');
    expect(within(figures).getByText('申报总数').nextSibling?.textContent).toBe('12');
    expect(within(figures).getByText('待补评审人').nextSibling?.textContent).toBe('4');
    expect(screen.getByText('统计至 2026-10-30（北京时间）')).toBeTruthy();

    expect(screen.getByRole('img', { name: '近 30 天每日提交：近 30 天共提交 8 份，最多的一天是 2026-10-11（5 份）' })).toBeTruthy();
    expect(screen.getByRole('img', { name: /^申报人所在地区（前 10）：申报人最多的地区：北京市 5，上海市 3$/ })).toBeTruthy();
    const kindTable = screen.getByRole('table', { name: '各类别申报状态' });
    expect(within(kindTable).getAllByRole('row').map((r) => r.textContent)).toEqual([
      '类别已提交审核中已通过合计', '创新榜1001', '个人申报6028', '作品申报0303', '企业申报0000',
    ]);
    const regions = screen.getByRole('table', { name: '申报人所在地区（前 10）' });
    expect(within(regions).getByText('其他地区').nextSibling?.textContent).toBe('1');
    expect(screen.getByRole('table', { name: '平均分分布（每 10 分一档）' }).textContent).toContain('90–100');

    await waitFor(() => expect(drawn).toHaveLength(5));
    const stacked = drawn.find((c) => c.datasets.some((s) => s.label === '已通过'))!;
    expect(stacked.labels).toEqual(['创新榜', '个人申报', '作品申报', '企业申报']);
    expect(stacked.datasets.find((s) => s.label === '已提交')!.data).toEqual([1, 6, 0, 0]);
    expect(screen.getByRole('link', { name: /介绍、新闻、文件/ })).toBeTruthy();
  });

  test('a failed load offers to try again, and the content cards stay', async () => {
    stubConsoleApi({
      [apiPaths.getUserInfo]: ok(profileOf(signIn({ roles: ['admin'] }))),
      [apiPaths.consoleDashboard]: fail('暂无进行中的评选', 4040),
    });
    await renderApp('/console');
    expect(await screen.findByRole('button', { name: '重试' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /会员名录与公开授权/ })).toBeTruthy();
  });
});
