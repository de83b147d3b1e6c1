import { describe, expect, it } from 'vitest';
import { allRoutePaths, defaultRoute, isTabPath, routes, tabBar, tabPaths } from './routes.js';

describe('route table', () => {
  it('holds the 47 seed routes (requirements: routes) plus the 3 tab pages, each once', () => {
    expect(allRoutePaths).toHaveLength(50);
    expect(new Set(allRoutePaths).size).toBe(50);
    for (const p of allRoutePaths) expect(p).toMatch(/^\/pages\/[A-Za-z0-9]+\/[A-Za-z0-9]+$/);
  });

  it('defaults to the 2024 programme home', () => {
    expect(defaultRoute).toBe('/pages/cxb2024/index');
  });

  it('has the spec tab bar: home, committee intro, my account; #333 on #fff, white border', () => {
    expect(tabBar.list.map((t) => t.path)).toEqual(['/pages/home/index', '/pages/intro/index', '/pages/account/index']);
    expect(tabBar.list.map((t) => t.text)).toEqual(['首页', '青工委介绍', '我的']);
    expect([tabBar.color, tabBar.backgroundColor, tabBar.borderStyle]).toEqual(['#333', '#fff', 'white']);
    expect(tabPaths.every(isTabPath)).toBe(true);
    expect(isTabPath(routes.login.index)).toBe(false);
  });

  it('names the spec routes exactly', () => {
    expect(routes.cxbCheck.checkStatus).toBe('/pages/cxbCheck/checkStatus');
    expect(routes.login.bind).toBe('/pages/login/bind');
    expect(routes.cxbApplication.applyNotice).toBe('/pages/cxbApplication/applyNotice');
    expect(routes.update.updatePhone).toBe('/pages/update/updatePhone');
  });
});
