import { afterEach, describe, expect, test, vi } from 'vitest';
import { apiPaths, storageKeys } from '@qgw/contracts';
import { request, requestEarly } from './request.js';
import { ok, stubApi } from '../test/api-stub.js';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/**
 * requestEarly: a route's first GET sent while its screen's code is still loading, taken by the
 * screen's own request for the same thing instead of a second trip.
 */
describe('requestEarly', () => {
  test('the screen\'s request takes the early answer: one trip, whatever the order of the fields', async () => {
    const api = stubApi({ [apiPaths.contentArticles]: ok({ items: [], nextCursor: null }) });
    requestEarly(apiPaths.contentArticles, { category: 'award', limit: 10 });
    expect(api.calls).toHaveLength(1);
    const body = await request('GET', apiPaths.contentArticles, { limit: 10, category: 'award' });
    expect(body).toEqual({ success: true, code: 0, message: { items: [], nextCursor: null } });
    expect(api.calls).toHaveLength(1);
    // taken once: the next request asks the server again
    await request('GET', apiPaths.contentArticles, { limit: 10, category: 'award' });
    expect(api.calls).toHaveLength(2);
  });

  test('asked twice before anyone waits, it is sent once', async () => {
    const api = stubApi({ [apiPaths.contentSeasons]: ok({ items: [] }) });
    requestEarly(apiPaths.contentSeasons);
    requestEarly(apiPaths.contentSeasons);
    expect(api.calls).toHaveLength(1);
    await request('GET', apiPaths.contentSeasons);
    expect(api.calls).toHaveLength(1);
  });

  test('other fields, another account or a POST never take it', async () => {
    const api = stubApi({ [apiPaths.contentArticle]: ok({}), [apiPaths.getMemberInfo]: ok({ member: null }) });
    requestEarly(apiPaths.contentArticle, { slug: 'cxb-overview' });
    await request('GET', apiPaths.contentArticle, { slug: 'intro' });
    expect(api.calls).toHaveLength(2);

    requestEarly(apiPaths.getMemberInfo);
    localStorage.setItem(storageKeys.token, 'signed-in-since');
    await request('GET', apiPaths.getMemberInfo);
    expect(api.calls.filter((c) => c.url.pathname === apiPaths.getMemberInfo)).toHaveLength(2);
    expect(api.calls.at(-1)?.headers.authorization).toBe('signed-in-since');

    // signed out again: a POST leaves the early GET where it is, the GET takes it
    localStorage.clear();
    await request('POST', apiPaths.getMemberInfo);
    expect(api.calls.filter((c) => c.url.pathname === apiPaths.getMemberInfo)).toHaveLength(3);
    await request('GET', apiPaths.getMemberInfo);
    expect(api.calls.filter((c) => c.url.pathname === apiPaths.getMemberInfo)).toHaveLength(3);
  });

  test('an answer nobody took within ten seconds is dropped: the screen asks the server itself', async () => {
    vi.useFakeTimers();
    const api = stubApi({ [apiPaths.contentSeasons]: ok({ items: [] }) });
    requestEarly(apiPaths.contentSeasons);
    await vi.advanceTimersByTimeAsync(10_001);
    await request('GET', apiPaths.contentSeasons);
    expect(api.calls).toHaveLength(2);
  });

  test('an early request that failed is the taker\'s failure, told as its own', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    requestEarly(apiPaths.contentSeasons);
    await expect(request('GET', apiPaths.contentSeasons)).rejects.toThrow('网络不可用，请检查网络后重试');
  });
});
