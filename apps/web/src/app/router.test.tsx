import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { allRoutePaths, allScreenPaths, defaultRoute, routes, tabPaths } from '@qgw/contracts';
import { buildRoutes, screens } from './router.js';
import { ChunkLoadError, lazyScreen, loadFirstScreenInOwnTask, withChunkTimeout } from './lazy-screen.js';
import { renderApp } from '../test/render-app.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('route table', () => {
  test('the contract holds the spec’s 47 routes and 3 tab pages', () => {
    expect(allRoutePaths).toHaveLength(50);
    expect(new Set(allRoutePaths).size).toBe(50);
    expect(tabPaths).toEqual([routes.home.index, routes.intro.index, routes.account.index]);
  });

  test('every registered screen is a path of the table (or one of the project’s own), loaded lazily as its own chunk', () => {
    const children = buildRoutes()[0]?.children ?? [];
    const screenRoutes = children.filter((r) => r.path && r.path !== '*');
    expect(screenRoutes.map((r) => r.path)).toEqual(screens.map(([p]) => p));
    for (const route of screenRoutes) {
      expect(allScreenPaths).toContain(route.path);
      expect(typeof route.lazy).toBe('function');
      expect(route.Component).toBeUndefined();
      expect(route.element).toBeUndefined();
      expect(route.errorElement).toBeDefined();
    }
  });

  test('issue 2 screens are registered: tabs, programme home, login (both), register, bind, welcome, update', () => {
    const registered = screens.map(([p]) => p);
    for (const p of [
      ...tabPaths,
      routes.cxb2024.index,
      routes.login.index,
      routes.cxb2024.login,
      routes.login.register,
      routes.login.bind,
      routes.welcome.index,
      routes.update.index,
      routes.update.updatePhone,
    ]) {
      expect(registered).toContain(p);
    }
  });

  test('each screen chunk loads and yields a component', async () => {
    for (const [, load] of screens) {
      const { Component } = await lazyScreen(load)();
      expect(typeof Component).toBe('function');
    }
  });
});

describe('navigation shell', () => {
  test('an empty hash opens the default route', async () => {
    const app = await renderApp('');
    await vi.waitFor(() => expect(app.path()).toBe(defaultRoute));
    expect(await screen.findByRole('heading', { name: '2024 青年创新榜' })).toBeTruthy();
  });

  test('an unknown route says 页面不存在 with a way home', async () => {
    await renderApp('/pages/nowhere/index');
    expect(await screen.findByText('页面不存在')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回首页' })).toBeTruthy();
  });

  test('every registered screen is a route of the contract table (or one of the project’s own), registered once', () => {
    const paths = screens.map(([path]) => path);
    for (const p of paths) expect(allScreenPaths).toContain(p);
    expect(new Set(paths).size).toBe(paths.length);
  });

  test('the tab bar: 首页 / 青工委介绍 / 我的 linking to the tab pages, #333 on #fff with a white border', async () => {
    await renderApp(routes.cxb2024.index);
    const nav = await screen.findByRole('navigation', { name: '标签栏' });
    const links = Array.from(nav.querySelectorAll('a'));
    expect(links.map((a) => a.textContent)).toEqual(['首页', '青工委介绍', '我的']);
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '#/pages/home/index',
      '#/pages/intro/index',
      '#/pages/account/index',
    ]);
    expect(nav.style.color).toBe('rgb(51, 51, 51)');
    expect(nav.style.backgroundColor).toBe('rgb(255, 255, 255)');
    expect(nav.style.borderTop).toBe('1px solid rgb(255, 255, 255)');
    expect(links[0]?.getAttribute('aria-current')).toBe('page');
  });

  test('switching tabs', async () => {
    const app = await renderApp(routes.home.index);
    const nav = await screen.findByRole('navigation', { name: '标签栏' });
    await act(async () => nav.querySelectorAll('a')[1]?.click());
    expect(await screen.findByRole('heading', { name: '青工委介绍' })).toBeTruthy();
    expect(app.path()).toBe(routes.intro.index);
  });
});

describe('a screen\'s data module', () => {
  test('starts with the screen\'s chunk, before the chunk has arrived', async () => {
    let arrive!: (m: { default: () => null }) => void;
    const chunk = new Promise<{ default: () => null }>((resolve) => (arrive = resolve));
    const started = vi.fn();
    const loading = lazyScreen(() => chunk, undefined, async () => ({ default: started }))();
    await vi.waitFor(() => expect(started).toHaveBeenCalledTimes(1));
    arrive({ default: () => null });
    await expect(loading).resolves.toHaveProperty('Component');
  });

  test('one that fails to load costs the screen nothing', async () => {
    const mod = { default: () => null };
    const { Component } = await lazyScreen(async () => mod, undefined, () => Promise.reject(new Error('offline')))();
    expect(Component).toBe(mod.default);
  });

  test('the programme, award, process, intro and article screens have one; the first screens do not', () => {
    const withData = screens.filter(([, , data]) => data).map(([path]) => path);
    expect(withData).toEqual(expect.arrayContaining([routes.cxb.index, routes.cxb.award, routes.cxb.process, routes.intro.index, routes.homeIntro.index, routes.article.index, routes.article.document]));
    for (const first of [routes.home.index, routes.cxb2024.index, routes.login.index]) expect(withData).not.toContain(first);
  });
});

describe('a screen that cannot load', () => {
  test('withChunkTimeout rejects after 120 000 ms, not before', async () => {
    vi.useFakeTimers();
    const settled = vi.fn();
    const failed = vi.fn();
    withChunkTimeout(() => new Promise(() => {})).then(settled, failed);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(failed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(failed).toHaveBeenCalledTimes(1);
    expect(failed.mock.calls[0]?.[0]).toBeInstanceOf(ChunkLoadError);
    expect(settled).not.toHaveBeenCalled();
  });

  test('a chunk that arrives in time is handed over', async () => {
    const mod = { default: () => null };
    await expect(withChunkTimeout(async () => mod)).resolves.toBe(mod);
  });

  const renderWith = (load: () => Promise<{ default: () => null }>) => {
    const [root] = buildRoutes([['/pages/slow/index', load]]);
    const router = createMemoryRouter([root!], { initialEntries: ['/pages/slow/index'] });
    render(<RouterProvider router={router} />);
  };

  test('a failed chunk shows 页面加载失败 and 重试', async () => {
    renderWith(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(await screen.findByText('页面加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });

  test('a chunk still loading after 120 s shows 页面加载失败 instead of a blank page', async () => {
    vi.useFakeTimers();
    renderWith(() => new Promise(() => {}));
    await act(() => vi.advanceTimersByTimeAsync(119_000));
    expect(screen.queryByText('页面加载失败')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    vi.useRealTimers();
    expect(await screen.findByText('页面加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});

describe('the first screen as the app starts', () => {
  const module = { default: () => null };
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

  test('its chunk is asked for in a task after the router’s, and the next screen’s at once', async () => {
    const first = vi.fn(async () => module);
    loadFirstScreenInOwnTask();
    const loading = lazyScreen(first)();
    // every microtask of the router's task has run: nothing asked for yet
    await Promise.resolve();
    await Promise.resolve();
    expect(first).not.toHaveBeenCalled();
    await nextTask();
    expect(first).toHaveBeenCalledTimes(1);
    expect((await loading).Component).toBe(module.default);

    const next = vi.fn(async () => module);
    void lazyScreen(next)();
    expect(next).toHaveBeenCalledTimes(1);
  });
});
