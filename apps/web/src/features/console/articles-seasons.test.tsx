import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths, type ArticleCategory, type ConsoleSeason } from '@qgw/contracts';
import { renderApp } from '../../test/render-app.js';
import { ok, type RecordedCall } from '../../test/api-stub.js';
import { profileOf, signIn } from '../../test/session-fixture.js';
import { adminArticle, adminArticleSummary, page } from '../content/testing/fixtures.js';
import { stubConsoleApi } from './testing/console-stub.js';

/**
 * The 文章 screens by season: the programme's pages and awards are each season's own records, so
 * their list has the queue's season picker (the current season by default, kept in the address),
 * lists and edits that season's, and a new one is created in it. The committee's pages have none.
 */

afterEach(() => vi.unstubAllGlobals());

const season = (over: Partial<ConsoleSeason>): ConsoleSeason => ({
  id: 'p2025', year: 2025, name: '2025 青年创新榜', phase: 'not_open', current: false, opensAt: '2025-05-01T00:00:00.000Z',
  closesAt: '2025-06-01T00:00:00.000Z', reviewEndsAt: '2025-07-01T00:00:00.000Z', resultsAt: '2025-08-01T00:00:00.000Z',
  applicationCount: 0, themeCount: 5, ...over,
});
/** 2024 is current; 2025 is being prepared */
const seasons = [season({}), season({ id: 'p2024', year: 2024, name: '2024 青年创新榜', phase: 'open', current: true })];
const award = (id: string, title: string, programmeId: string) => adminArticleSummary({ id, title, category: 'award', programmeId });
/** the server's lists: a season's awards (no programmeId: the current season's); committee pages whatever the season */
const listed: Record<string, ReturnType<typeof award>[]> = {
  p2024: [award('a24', '一等奖（2024）', 'p2024')],
  p2025: [award('a25', '一等奖（2025）', 'p2025')],
};

function stub(extra: Parameters<typeof stubConsoleApi>[0] = {}) {
  return stubConsoleApi({
    [apiPaths.getUserInfo]: ok(profileOf(signIn({ roles: ['applicant', 'admin'] }))),
    [apiPaths.consoleSeasons]: ok({ items: seasons }),
    [apiPaths.contentAdminArticles]: (c: RecordedCall) => {
      const category = c.url.searchParams.get('category') as ArticleCategory;
      if (category !== 'award') return ok(page([adminArticleSummary({ id: 'n1', title: '委员会新闻', category })]));
      return ok(page(listed[c.url.searchParams.get('programmeId') ?? 'p2024'] ?? []));
    },
    ...extra,
  });
}

const seasonSelect = () => screen.getByLabelText('届次') as HTMLSelectElement;
const lastList = (api: ReturnType<typeof stub>) => api.callsTo(apiPaths.contentAdminArticles).at(-1)!.url.searchParams;

describe('the articles list by season', () => {
  test('the current season’s awards by default; another season’s once chosen, kept in the address; committee pages have no season', async () => {
    const api = stub();
    const app = await renderApp('/console/content/articles?category=award');
    const list = await screen.findByRole('list', { name: '奖项' });
    expect(within(list).getByText('一等奖（2024）')).toBeTruthy();
    expect(seasonSelect().value).toBe('');
    await waitFor(() => expect(Array.from(seasonSelect().options).map((o) => o.textContent)).toEqual(['2025 届', '2024 届（当前届）']));
    expect(lastList(api).get('programmeId')).toBeNull();

    fireEvent.change(seasonSelect(), { target: { value: 'p2025' } });
    await waitFor(() => expect(new URLSearchParams(app.search()).get('season')).toBe('p2025'));
    expect(await screen.findByText('一等奖（2025）')).toBeTruthy();
    expect(screen.queryByText('一等奖（2024）')).toBeNull();
    expect(lastList(api).get('programmeId')).toBe('p2025');
    // the editor comes back to this season's list
    expect(screen.getByRole('link', { name: '编辑：一等奖（2025）' }).getAttribute('href')).toBe('#/console/content/articles/a25?category=award&season=p2025');

    // the committee's pages: no season picker, the season kept for coming back
    fireEvent.click(screen.getByRole('button', { name: '新闻动态' }));
    expect(await screen.findByText('委员会新闻')).toBeTruthy();
    expect(screen.queryByLabelText('届次')).toBeNull();
    expect(screen.getByText(/不分届次/)).toBeTruthy();
    expect(lastList(api).get('programmeId')).toBeNull();
    expect(new URLSearchParams(app.search()).get('season')).toBe('p2025');
    fireEvent.click(screen.getByRole('button', { name: '奖项' }));
    expect(await screen.findByText('一等奖（2025）')).toBeTruthy();
    expect(seasonSelect().value).toBe('p2025');
  });

  test('a new award is created in the season chosen, and the editor returns to that season’s list', async () => {
    const api = stub({
      [apiPaths.contentAdminArticleCreate]: (c: RecordedCall) => ok(adminArticle({ ...(c.body as object), id: 'new1' })),
    });
    const app = await renderApp('/console/content/articles?category=award&season=p2025');
    await screen.findByText('一等奖（2025）');
    fireEvent.click(screen.getByRole('button', { name: '新建文章' }));
    await waitFor(() => expect(app.path()).toBe('/console/content/articles/new'));
    expect(await screen.findByText('所属届次：2025 届')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '新锐奖' } });
    fireEvent.change(screen.getByLabelText('名额'), { target: { value: '3' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '保存' })));
    await waitFor(() => expect(api.callsTo(apiPaths.contentAdminArticleCreate)).toHaveLength(1));
    expect(api.callsTo(apiPaths.contentAdminArticleCreate)[0]!.body).toMatchObject({ category: 'award', title: '新锐奖', programmeId: 'p2025' });
    await waitFor(() => expect(app.path()).toBe('/console/content/articles'));
    expect(new URLSearchParams(app.search()).get('season')).toBe('p2025');
  });

  test('a new award from the current season’s list goes to the current season (the server’s default); a committee page to none', async () => {
    const api = stub({
      [apiPaths.contentAdminArticleCreate]: (c: RecordedCall) => ok(adminArticle({ ...(c.body as object), id: 'new2' })),
    });
    await renderApp('/console/content/articles/new?category=award');
    expect(await screen.findByText('所属届次：2024 届（当前届）')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('分类'), { target: { value: 'news' } });
    expect(screen.queryByText(/所属届次/)).toBeNull();
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '通知' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '保存' })));
    await waitFor(() => expect(api.callsTo(apiPaths.contentAdminArticleCreate)).toHaveLength(1));
    expect(api.callsTo(apiPaths.contentAdminArticleCreate)[0]!.body).not.toHaveProperty('programmeId');
  });

  test('an award is edited in its own season: its season is named, kept on save, and 保存 returns to its season’s list', async () => {
    const api = stub({
      [apiPaths.contentAdminArticle]: ok(adminArticle({ id: 'a25', title: '一等奖（2025）', category: 'award', programmeId: 'p2025', award: { quota: 10, prize: '证书' } })),
      [apiPaths.contentAdminArticleUpdate]: (c: RecordedCall) => ok(adminArticle({ ...(c.body as object) })),
    });
    // opened without the list's address (a link): the season comes from the award itself
    const app = await renderApp('/console/content/articles/a25');
    expect(await screen.findByText('所属届次：2025 届')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('名额'), { target: { value: '12' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '保存' })));
    await waitFor(() => expect(api.callsTo(apiPaths.contentAdminArticleUpdate)).toHaveLength(1));
    const sent = api.callsTo(apiPaths.contentAdminArticleUpdate)[0]!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ id: 'a25', award: { quota: 12, prize: '证书' } });
    expect(sent).not.toHaveProperty('programmeId');
    await waitFor(() => expect(app.path()).toBe('/console/content/articles'));
    expect(app.search()).toBe('?category=award&season=p2025');
    expect(await screen.findByText('一等奖（2025）')).toBeTruthy();
  });
});
