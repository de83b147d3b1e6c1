import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiPaths, type ConsoleSeason, type ConsoleTheme } from '@qgw/contracts';
import { renderApp } from '../../../test/render-app.js';
import { ok, type RecordedCall } from '../../../test/api-stub.js';
import { profileOf, signIn } from '../../../test/session-fixture.js';
import { stubConsoleApi } from '../testing/console-stub.js';
import { rememberSearch } from './queue/queue-search.js';
import { queueItem } from './testing/fixtures.js';

/**
 * The queue's 主题 filter follows its 届次: a season's themes are its own records, so the filter
 * offers the chosen season's (every season's, named with their year, under 全部届次), and a theme
 * the new season has not got is cleared when the season changes.
 */

const season = (over: Partial<ConsoleSeason>): ConsoleSeason => ({
  id: 'p2025', year: 2025, name: '2025 青年创新榜', phase: 'open', current: true, opensAt: '2025-05-01T00:00:00.000Z',
  closesAt: '2025-06-01T00:00:00.000Z', reviewEndsAt: '2025-07-01T00:00:00.000Z', resultsAt: '2025-08-01T00:00:00.000Z',
  applicationCount: 0, themeCount: 1, ...over,
});
const seasons = [season({}), season({ id: 'p2024', year: 2024, name: '2024 青年创新榜', current: false, phase: 'closed' })];
const theme = (id: string, name: string): ConsoleTheme => ({ id, name, description: '', sort: 0, active: true, applicationCount: 0 });
/** each season's own records: 2025's 乡村振兴 is not 2024's */
const themesOf: Record<string, ConsoleTheme[]> = {
  p2025: [theme('t25-village', '乡村振兴')],
  p2024: [theme('t24-village', '乡村振兴'), theme('t24-culture', '文化传承')],
};

const asRole = (role: 'admin' | 'reviewer') => ok(profileOf(signIn({ roles: [role] })));
const themeSelect = () => screen.getByLabelText('主题') as HTMLSelectElement;
const seasonSelect = () => screen.getByLabelText('届次') as HTMLSelectElement;
const optionsOf = (select: HTMLSelectElement) => Array.from(select.options).map((o) => o.textContent);

function stub(role: 'admin' | 'reviewer') {
  return stubConsoleApi({
    [apiPaths.getUserInfo]: asRole(role),
    [apiPaths.consoleSeasons]: ok({ items: seasons }),
    // no programmeId: the current season's
    [apiPaths.consoleThemes]: (c: RecordedCall) => ok({ items: themesOf[c.url.searchParams.get('programmeId') ?? 'p2025'] ?? [] }),
    [apiPaths.getThemes]: ok([{ id: 't25-village', name: '乡村振兴', description: '' }]),
    [apiPaths.consoleReviewers]: ok([]),
    [apiPaths.consoleQueue]: ok({ items: [queueItem()], nextCursor: null }),
  });
}

beforeEach(() => rememberSearch(''));
afterEach(() => vi.unstubAllGlobals());

describe('the queue’s theme filter', () => {
  test('offers the chosen season’s themes and clears a theme the new season has not got', async () => {
    const api = stub('admin');
    const app = await renderApp('/console/review');
    const params = () => new URLSearchParams(app.search());
    const lastQueue = () => api.callsTo(apiPaths.consoleQueue).at(-1)!.url.searchParams;
    await screen.findByRole('list', { name: '评审队列' });
    // the current season's by default
    await waitFor(() => expect(optionsOf(themeSelect())).toEqual(['全部', '乡村振兴']));
    expect(Array.from(themeSelect().options).map((o) => o.value)).toEqual(['', 't25-village']);

    fireEvent.change(seasonSelect(), { target: { value: 'p2024' } });
    await waitFor(() => expect(optionsOf(themeSelect())).toEqual(['全部', '乡村振兴', '文化传承']));
    expect(api.callsTo(apiPaths.consoleThemes).some((c) => c.url.searchParams.get('programmeId') === 'p2024')).toBe(true);
    fireEvent.change(themeSelect(), { target: { value: 't24-culture' } });
    await waitFor(() => expect(params().get('themeId')).toBe('t24-culture'));
    await waitFor(() => expect([lastQueue().get('themeId'), lastQueue().get('programmeId')]).toEqual(['t24-culture', 'p2024']));

    // every season holds 2024's theme: it stays, and each season's themes are named with their year
    fireEvent.change(seasonSelect(), { target: { value: 'all' } });
    await waitFor(() => expect(optionsOf(themeSelect())).toEqual(['全部', '乡村振兴（2025 届）', '乡村振兴（2024 届）', '文化传承（2024 届）']));
    expect([params().get('season'), params().get('themeId')]).toEqual(['all', 't24-culture']);
    expect(themeSelect().value).toBe('t24-culture');

    // back to 2024: still its theme
    fireEvent.change(seasonSelect(), { target: { value: 'p2024' } });
    await waitFor(() => expect(params().get('season')).toBe('p2024'));
    expect(params().get('themeId')).toBe('t24-culture');

    // the current season has not got it: cleared, so the queue is never asked for 2025 narrowed to 2024's theme
    fireEvent.change(seasonSelect(), { target: { value: '' } });
    await waitFor(() => expect(params().get('season')).toBeNull());
    expect(params().get('themeId')).toBeNull();
    await waitFor(() => expect(optionsOf(themeSelect())).toEqual(['全部', '乡村振兴']));
    expect(themeSelect().value).toBe('');
    const asked = api.callsTo(apiPaths.consoleQueue).map((c) => [c.url.searchParams.get('programmeId'), c.url.searchParams.get('themeId')]);
    expect(asked).not.toContainEqual(['p2025', 't24-culture']);
  });

  test('an address naming a season shows that season’s themes at once', async () => {
    const api = stub('admin');
    await renderApp('/console/review?season=p2024&themeId=t24-village');
    await screen.findByRole('list', { name: '评审队列' });
    await waitFor(() => expect(themeSelect().value).toBe('t24-village'));
    expect(optionsOf(themeSelect())).toEqual(['全部', '乡村振兴', '文化传承']);
    expect(api.callsTo(apiPaths.consoleThemes).map((c) => c.url.searchParams.get('programmeId'))).toEqual(['p2024']);
  });

  test('a reviewer, who has no season choice, is offered the current season’s themes', async () => {
    const api = stub('reviewer');
    await renderApp('/console/review');
    await screen.findByRole('list', { name: '评审队列' });
    await waitFor(() => expect(optionsOf(themeSelect())).toEqual(['全部', '乡村振兴']));
    expect(screen.queryByLabelText('届次')).toBeNull();
    expect(api.callsTo(apiPaths.consoleThemes)).toHaveLength(0);
    expect(api.callsTo(apiPaths.consoleSeasons)).toHaveLength(0);
  });
});
