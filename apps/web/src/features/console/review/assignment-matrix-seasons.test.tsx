import { afterEach, describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiPaths, type ConsoleAssignmentMatrixResponse, type ConsoleSeason, type ConsoleTheme, type MatrixRow } from '@qgw/contracts';
import { renderApp } from '../../../test/render-app.js';
import { ok, type RecordedCall } from '../../../test/api-stub.js';
import { profileOf, signIn } from '../../../test/session-fixture.js';
import { stubConsoleApi } from '../testing/console-stub.js';

/**
 * 分配评审 shows one season like the queue: the 届次 picker (the current season by default, kept in
 * the address), the request's programmeId, and the 主题 filter offering the chosen season's themes
 * (a theme the new season has not got is cleared).
 */

const season = (over: Partial<ConsoleSeason>): ConsoleSeason => ({
  id: 'p2025', year: 2025, name: '2025 青年创新榜', phase: 'open', current: true, opensAt: '2025-05-01T00:00:00.000Z',
  closesAt: '2025-06-01T00:00:00.000Z', reviewEndsAt: '2025-07-01T00:00:00.000Z', resultsAt: '2025-08-01T00:00:00.000Z',
  applicationCount: 1, themeCount: 1, ...over,
});
const seasons = [season({}), season({ id: 'p2024', year: 2024, name: '2024 青年创新榜', current: false, phase: 'closed' })];
const theme = (id: string, name: string): ConsoleTheme => ({ id, name, description: '', sort: 0, active: true, applicationCount: 0 });
const themesOf: Record<string, ConsoleTheme[]> = {
  p2025: [theme('t25-village', '乡村振兴')],
  p2024: [theme('t24-village', '乡村振兴'), theme('t24-culture', '文化传承')],
};
const row = (id: string, title: string): MatrixRow => ({
  id, kind: 'person', status: 'submitted', title, applicantMasked: '张* · 138****1234', themeName: null,
  assigned: 0, reviewed: 0, target: 2, belowTarget: true, cells: [],
});
/** each season's own entry; without a season, both */
const rowsOf: Record<string, MatrixRow[]> = { p2025: [row('a25', '2025 届的申报')], p2024: [row('a24', '2024 届的申报')] };
const matrixOf = (c: RecordedCall): ConsoleAssignmentMatrixResponse => {
  const id = c.url.searchParams.get('programmeId');
  const rows = id ? (rowsOf[id] ?? []) : [...rowsOf.p2025!, ...rowsOf.p2024!];
  const reviewers = [{ id: 'r1', nickname: '评审甲', mobileMasked: '138****0002', organization: null, load: 0, done: 0, lastReviewAt: null, lastSeenAt: null, lastActivityAt: null, lastRemindedAt: null, remindableAt: null }];
  return { rows, total: rows.length, page: 1, pageSize: 50, reviewers, coverage: [] };
};

function stub() {
  return stubConsoleApi({
    [apiPaths.getUserInfo]: ok(profileOf(signIn({ roles: ['admin'] }))),
    [apiPaths.consoleSeasons]: ok({ items: seasons }),
    // no programmeId: the current season's
    [apiPaths.consoleThemes]: (c: RecordedCall) => ok({ items: themesOf[c.url.searchParams.get('programmeId') ?? 'p2025'] ?? [] }),
    [apiPaths.consoleAssignmentMatrix]: (c: RecordedCall) => ok(matrixOf(c)),
  });
}

const themeSelect = () => screen.getByLabelText('主题') as HTMLSelectElement;
const seasonSelect = () => screen.getByLabelText('届次') as HTMLSelectElement;
const optionsOf = (select: HTMLSelectElement) => Array.from(select.options).map((o) => o.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('分配评审 by season', () => {
  test('shows the current season by default, another one chosen in the address, and clears a theme the new season has not got', async () => {
    const api = stub();
    const app = await renderApp('/console/assignments');
    const asked = () => api.callsTo(apiPaths.consoleAssignmentMatrix).map((c) => [c.url.searchParams.get('programmeId'), c.url.searchParams.get('themeId')]);
    expect(await screen.findByText('2025 届的申报')).toBeTruthy();
    expect(screen.queryByText('2024 届的申报')).toBeNull();
    // never every season's while the current one's id was not known yet
    expect(asked()).toEqual([['p2025', null]]);
    expect(seasonSelect().value).toBe('');
    await waitFor(() => expect(optionsOf(themeSelect())).toEqual(['全部', '乡村振兴']));

    fireEvent.change(seasonSelect(), { target: { value: 'p2024' } });
    expect(await screen.findByText('2024 届的申报')).toBeTruthy();
    expect(screen.queryByText('2025 届的申报')).toBeNull();
    expect(new URLSearchParams(app.search()).get('season')).toBe('p2024');
    await waitFor(() => expect(optionsOf(themeSelect())).toEqual(['全部', '乡村振兴', '文化传承']));
    fireEvent.change(themeSelect(), { target: { value: 't24-culture' } });
    await waitFor(() => expect(asked().at(-1)).toEqual(['p2024', 't24-culture']));

    // the current season has not got 2024's theme: cleared
    fireEvent.change(seasonSelect(), { target: { value: '' } });
    expect(await screen.findByText('2025 届的申报')).toBeTruthy();
    expect(new URLSearchParams(app.search()).get('season')).toBeNull();
    expect(themeSelect().value).toBe('');
    // (the current season's unfiltered page is the one already fetched)
    expect(asked()).not.toContainEqual(['p2025', 't24-culture']);

    // every season: no programmeId, both seasons' entries
    fireEvent.change(seasonSelect(), { target: { value: 'all' } });
    expect(await screen.findByText('2024 届的申报')).toBeTruthy();
    expect(screen.getByText('2025 届的申报')).toBeTruthy();
    expect(asked().at(-1)).toEqual([null, null]);
  });

  test('an address naming a season asks for it at once; 入会申请, of no season, asks for none', async () => {
    const api = stub();
    await renderApp('/console/assignments?season=p2024');
    expect(await screen.findByText('2024 届的申报')).toBeTruthy();
    const programmes = () => api.callsTo(apiPaths.consoleAssignmentMatrix).map((c) => c.url.searchParams.get('programmeId'));
    expect(programmes()).toEqual(['p2024']);
    expect(seasonSelect().value).toBe('p2024');

    fireEvent.change(screen.getByLabelText('类型') as HTMLSelectElement, { target: { value: 'membership' } });
    await waitFor(() => expect(api.callsTo(apiPaths.consoleAssignmentMatrix).at(-1)!.url.searchParams.get('kind')).toBe('membership'));
    expect(programmes().at(-1)).toBeNull();
  });
});
