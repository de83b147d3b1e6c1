import { afterEach, describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths, type ConsoleRankingResponse, type RankingRow } from '@qgw/contracts';
import { renderApp } from '../../../test/render-app.js';
import { ok, type RecordedCall } from '../../../test/api-stub.js';
import { profileOf, signIn } from '../../../test/session-fixture.js';
import { stubConsoleApi } from '../testing/console-stub.js';

afterEach(() => vi.unstubAllGlobals());

const asAdmin = () => ok(profileOf(signIn({ roles: ['admin'] })));

const row = (name: string, over: Partial<RankingRow>): RankingRow => ({
  applicationId: `app-${name.codePointAt(0)}`, version: 3, title: `${name} 的申报`, applicantName: name, mobileMasked: '138****1234', themeId: null, themeName: null,
  status: 'under_review', reviewCount: 2, mean: 80, min: 75, max: 85, spread: 10, stdDev: 5, rank: 1, tied: false, belowMinimum: false,
  placement: 'above', staged: null, ...over,
});

const ranking = (over: Partial<ConsoleRankingResponse> = {}): ConsoleRankingResponse => ({
  kind: 'person', themeId: null, programme: { id: 'p1', name: '2024 青年创新榜', phase: 'reviewing' }, quota: 2, minReviews: 2,
  cutLine: { places: 2, above: 1, tie: { rank: 2, count: 2, placesLeft: 1 } },
  rows: [
    row('甲', { mean: 90, rank: 1 }),
    row('乙', { mean: 80, rank: 2, tied: true, placement: 'tie' }),
    row('丙', { mean: 80, rank: 2, tied: true, placement: 'tie' }),
    row('丁', { mean: 70, rank: 4, placement: 'below', reviewCount: 1, belowMinimum: true }),
  ],
  ...over,
});

describe('排名', () => {
  test('the cut line, the tie it cuts through and too few reviews are shown; 拟定入选 stages above the line after a confirmation', async () => {
    const api = stubConsoleApi({
      [apiPaths.getUserInfo]: asAdmin(),
      [apiPaths.consoleRanking]: ok(ranking()),
      [apiPaths.consoleRankingStage]: ok({ results: [{ applicationId: `app-${'甲'.codePointAt(0)}`, decision: 'approve', outcome: 'staged', reason: null }] }),
    });
    await renderApp('/console/ranking?kind=person');
    const table = await screen.findByRole('table', { name: '排名列表' });
    expect(screen.getByRole('alert').textContent).toContain('2 人并列第 2 名，跨越入选线：仅余 1 个名额');
    const bodyRows = within(table).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(bodyRows[3]).toBe('入选线（名额 2 个）');
    expect(bodyRows[1]).toContain('并列于入选线');
    expect(bodyRows[4]).toContain('评审不足');

    fireEvent.click(screen.getByRole('button', { name: '拟定入选' }));
    fireEvent.click(within(screen.getByRole('region', { name: '拟定入选' })).getByRole('button', { name: '拟定' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定拟定 1 项通过？')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '拟定' }));
    await waitFor(() => expect(api.callsTo(apiPaths.consoleRankingStage)).toHaveLength(1));
    expect(await screen.findByText('甲 的申报：已拟定通过', undefined, { timeout: 5000 })).toBeTruthy();
    expect(api.callsTo(apiPaths.consoleRankingStage)[0]!.body).toMatchObject({
      kind: 'person', approve: [{ applicationId: `app-${'甲'.codePointAt(0)}`, version: 3 }], reject: [], expectedCount: 1,
    });
  });

  test('the kind and theme are in the address and reach the server', async () => {
    const api = stubConsoleApi({
      [apiPaths.getUserInfo]: asAdmin(),
      [apiPaths.getThemes]: ok([{ id: 'th1', name: '乡村振兴', description: '' }]),
      [apiPaths.consoleRanking]: (c: RecordedCall) => ok(ranking({ kind: 'work', themeId: c.url.searchParams.get('themeId'), cutLine: null, rows: [] })),
    });
    await renderApp('/console/ranking?kind=work&themeId=th1');
    await screen.findByText('该类型暂无候选申报');
    const call = api.callsTo(apiPaths.consoleRanking)[0]!;
    expect(call.url.searchParams.get('kind')).toBe('work');
    expect(call.url.searchParams.get('themeId')).toBe('th1');
    fireEvent.change(screen.getByLabelText('主题'), { target: { value: '' } });
    await waitFor(() => expect(api.callsTo(apiPaths.consoleRanking).some((c) => c.url.searchParams.get('themeId') === null)).toBe(true));
  });
});
