/**
 * Every applicant screen (the spec's 47 routes, the three tabs and the project's own account
 * screens), opened by its address signed out and again signed in as the demo applicant, whose
 * entries fill the status and result pages, passes axe-core with no serious or critical violation
 * once its data has arrived. The screens that show one item by `?id=` are opened on a real item too,
 * not only on their list. A screen that sends a visitor to 登录 is scanned as the login screen, once.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { allScreenPaths } from '@qgw/contracts';
import { demoDetails } from '../bench/lib/demo-details.js';
import { appStarted, at, hashQuery, type ScreenPath } from './support/app.js';
import { seriousViolations, type SeriousViolation } from './support/accessibility.js';
import { demoApplicant, signIn } from './support/applications.js';
import { urls } from './support/stack-env.js';

test.describe.configure({ mode: 'serial' });

/** What a screen shows while its data is on its way: the scan waits until none is left. */
const stillLoading = '[aria-busy="true"], .qgw-screen-loading, .qgw-ru-loading, .qgw-ct-skeleton, .adm-skeleton';

interface Address {
  route: ScreenPath;
  query?: Record<string, string>;
}

async function everyAddress(): Promise<Address[]> {
  const details = await demoDetails(urls.app);
  return [...allScreenPaths.map((route) => ({ route })), ...details.map((d) => ({ route: d.route, query: { id: d.id } }))];
}

/** The hash route the page shows now, with its query. */
const shownAddress = (page: Page): string => {
  const hash = new URL(page.url()).hash.slice(1);
  const route = hash.split('?')[0] ?? '';
  const query = hashQuery(page);
  query.delete('redirect');
  const rest = query.toString();
  return rest ? `${route}?${rest}` : route;
};

/**
 * Opens each address as a fresh load (a reload or a link from outside would), waits for its data,
 * and scans it; every screen's findings are gathered so that one run names them all.
 */
async function scanEvery(page: Page, addresses: Address[]): Promise<{ scanned: number; found: Record<string, SeriousViolation[]> }> {
  const seen = new Set<string>();
  const found: Record<string, SeriousViolation[]> = {};
  for (const a of addresses) {
    await test.step(at(a.route, a.query), async () => {
      await page.goto('about:blank');
      await page.goto(at(a.route, a.query));
      await appStarted(page);
      await page.waitForLoadState('networkidle');
      await expect(page.locator(stillLoading)).toHaveCount(0);
      const shown = shownAddress(page);
      if (seen.has(shown)) return;
      seen.add(shown);
      const violations = await seriousViolations(page);
      if (violations.length) found[shown] = violations;
    });
  }
  return { scanned: seen.size, found };
}

test('signed out: every screen, or the login screen it sends a visitor to, has no serious or critical axe violation', async ({ page }) => {
  test.setTimeout(240_000);
  const addresses = await everyAddress();
  const { scanned, found } = await scanEvery(page, addresses);
  expect(found).toEqual({});
  // the screens open to visitors are scanned as themselves, not only as 登录
  expect(scanned).toBeGreaterThan(addresses.length / 2);
});

test('signed in: every screen, with the demo applicant\'s entries, has no serious or critical axe violation', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, demoApplicant);
  const addresses = await everyAddress();
  const { scanned, found } = await scanEvery(page, addresses);
  expect(found).toEqual({});
  // signed in, no screen sends the applicant elsewhere: each is scanned as itself
  expect(scanned).toBe(addresses.length);
});
