/**
 * The in-app web view: an allowlisted https page is framed (sandboxed, no referrer); any other site
 * asks first (即将离开青工委服务平台); javascript: and data: addresses are refused outright.
 * Nothing outside loads here (no network): the frame's attributes are what is checked.
 */
import type { Page } from '@playwright/test';
import { apiPaths, routes } from '@qgw/contracts';
import { at, hashRoute } from './support/app.js';
import { seeded, watchPage } from './support/content.js';
import { expect, test } from './support/test.js';

const openWebview = (page: Page, url: string) => page.goto(at(routes.common.webview, { url }));

async function serverVerdict(page: Page, url: string) {
  const res = await page.request.get(apiPaths.contentWebviewCheck, { params: { url } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { message: { allowed: boolean; reason: string } }).message;
}

test('an allowlisted https page opens in a sandboxed frame titled with its host', async ({ page }) => {
  // the intro's 常用链接 lists the allowlist and opens the web view
  await page.goto(at(routes.intro.index));
  await page.getByRole('link', { name: '常用链接' }).click();
  await expect(page).toHaveURL(hashRoute(routes.common.index));
  await page.getByRole('list', { name: '常用链接' }).getByRole('link', { name: seeded.allowedHost }).click();
  await expect(page).toHaveURL(hashRoute(routes.common.webview));
  await expect(page.locator(`iframe[title="${seeded.allowedHost}"]`)).toHaveAttribute('src', `https://${seeded.allowedHost}/`);

  const url = `https://${seeded.allowedHost}/zhengce/index.htm`;
  expect(await serverVerdict(page, url)).toMatchObject({ allowed: true, reason: 'ok' });
  await openWebview(page, url);
  await expect(page.getByText(seeded.allowedHost, { exact: true }).first()).toBeVisible();
  const frame = page.locator('iframe');
  await expect(frame).toHaveCount(1);
  await expect(frame).toHaveAttribute('src', url);
  await expect(frame).toHaveAttribute('title', seeded.allowedHost);
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-popups');
  await expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
  const fallback = page.getByRole('link', { name: '在浏览器中打开' });
  await expect(fallback).toHaveAttribute('href', url);
  await expect(fallback).toHaveAttribute('rel', /noopener/);
  await expect(page.getByText('即将离开青工委服务平台')).toHaveCount(0);
});

test('a site off the allowlist asks before leaving, and is never framed', async ({ page }) => {
  await page.goto(at(routes.intro.index));
  // a look-alike host that merely starts with an allowed one
  for (const url of ['https://example.com/page', `https://${seeded.allowedHost}.evil.example/`]) {
    expect(await serverVerdict(page, url)).toMatchObject({ allowed: false });
    await openWebview(page, url);
    await expect(page.getByRole('heading', { name: '即将离开青工委服务平台' })).toBeVisible();
    await expect(page.getByText(url, { exact: true })).toBeVisible();
    const go = page.getByRole('button', { name: '继续访问' });
    await expect(go).toHaveAttribute('href', url);
    await expect(go).toHaveAttribute('target', '_blank');
    await expect(go).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(page.getByRole('region', { name: '即将离开青工委服务平台' }).getByRole('button', { name: '返回' })).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
  }
  // opened straight from a shared address there is nothing in the app to go back to: 返回 leads home
  await page.getByRole('region', { name: '即将离开青工委服务平台' }).getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(hashRoute(routes.home.index));
  await expect(page.getByText('即将离开青工委服务平台')).toHaveCount(0);
});

test('javascript: and data: addresses are refused with no way to continue', async ({ page }) => {
  const seen = watchPage(page);
  for (const url of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>']) {
    await openWebview(page, url);
    await expect(page.getByText('链接无效', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('该链接无法打开，请确认链接地址是否正确。')).toBeVisible();
    await expect(page.getByRole('button', { name: '继续访问' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: '在浏览器中打开' })).toHaveCount(0);
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(page.getByRole('alert', { name: '链接无效' }).getByRole('button', { name: '返回' })).toBeVisible();
    expect(await serverVerdict(page, url.trim())).toMatchObject({ allowed: false });
  }
  expect(seen.dialogs, 'no script ran').toEqual([]);
});
