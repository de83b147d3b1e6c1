/**
 * The member directory: search (by name, by a published unit, nonsense), grouping by subdivision
 * or region, and the next page loading as the visitor scrolls.
 */
import type { Page } from '@playwright/test';
import { apiPaths, contentLimits, routes } from '@qgw/contracts';
import { at, hashRoute } from './support/app.js';
import { seeded } from './support/content.js';
import { expect, test } from './support/test.js';

const memberLinks = (page: Page) => page.locator('a[href*="memberlist/detail"]');

async function openDirectory(page: Page): Promise<void> {
  await page.goto(at(routes.intro.index));
  await page.getByRole('navigation', { name: '快捷入口' }).getByRole('link', { name: '会员名录' }).click();
  await expect(page).toHaveURL(hashRoute(routes.homeIntro.memberList));
  await expect(page.getByText('会员名录', { exact: true }).first()).toBeVisible();
}

test('searching the directory: by name, by a published unit, and nonsense', async ({ page }) => {
  await openDirectory(page);
  const search = page.getByLabel('搜索会员');
  await expect(search).toBeVisible();

  await search.fill(seeded.openMember.name);
  await expect(memberLinks(page)).toHaveCount(1);
  await expect(memberLinks(page).first()).toContainText(seeded.openMember.name);
  await expect(memberLinks(page).first()).toContainText(seeded.openMember.organization);

  // a unit is found only on members who published it
  await search.fill('文博数字文化公司');
  await expect(memberLinks(page).first()).toBeVisible();
  await expect(memberLinks(page).filter({ hasText: '马晓雯' })).toHaveCount(1);
  await expect(memberLinks(page).filter({ hasText: seeded.privateMember.name })).toHaveCount(0);

  const nonsense = 'zzqx无此人';
  await search.fill(nonsense);
  await expect(page.getByText(`没有找到与“${nonsense}”相关的会员`)).toBeVisible();
  await expect(page.getByText('换个关键词试试')).toBeVisible();
  await expect(memberLinks(page)).toHaveCount(0);

  // clearing the search brings the directory back
  await page.getByRole('button', { name: '清除搜索' }).click();
  await expect(search).toHaveValue('');
  await expect(memberLinks(page)).toHaveCount(contentLimits.page.default);

  // a result opens the member's profile
  await search.fill(seeded.openMember.name);
  await expect(memberLinks(page)).toHaveCount(1);
  await memberLinks(page).first().click();
  await expect(page).toHaveURL(hashRoute(routes.memberlist.detail));
  await expect(page.getByRole('heading', { level: 1, name: seeded.openMember.name })).toBeVisible();
});

test('grouped by subdivision, the next page loads as the visitor scrolls to the end', async ({ page }) => {
  const firstPage = page.waitForResponse((r) => new URL(r.url()).pathname === apiPaths.contentMembers && r.status() === 200);
  await openDirectory(page);
  const first = (await (await firstPage).json()) as { message: { items: unknown[]; nextCursor: string | null } };
  expect(first.message.items).toHaveLength(contentLimits.page.default);
  expect(first.message.nextCursor).toBeTruthy();

  // the first subdivision's group heading carries its size
  const group = page.getByRole('region', { name: seeded.subdivision });
  await expect(group.getByRole('heading')).toContainText(`${seeded.subdivisionSize} 人`);
  await expect(group.getByRole('listitem')).toHaveCount(seeded.subdivisionSize);

  // scrolling to the end loads the rest, then says there is no more
  const next = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === apiPaths.contentMembers && url.searchParams.has('cursor');
  });
  await page.getByText('没有更多了').or(page.getByText('加载中', { exact: true }).last()).scrollIntoViewIfNeeded();
  expect((await next).status()).toBe(200);
  await expect(page.getByText('没有更多了')).toBeVisible();
  await expect(memberLinks(page)).toHaveCount(seeded.directorySize);
  const headings = page.locator('section[aria-label] > h2');
  await expect(headings).toHaveCount(5);
  for (const h of await headings.all()) await expect(h).toContainText(`${seeded.subdivisionSize} 人`);
});

test('grouped by region, every member shows their subdivision instead', async ({ page }) => {
  await openDirectory(page);
  await expect(page.getByRole('region', { name: seeded.subdivision })).toBeVisible();
  await page.getByRole('group', { name: '分组方式' }).getByText('按地区').click();

  // eight regions of five members each; a page of 20 holds the first four whole
  const beijing = page.getByRole('region', { name: seeded.openMember.region });
  await expect(beijing).toBeVisible();
  await expect(page.getByRole('region', { name: seeded.subdivision })).toHaveCount(0);
  const regions = page.locator('section[aria-label]');
  await expect(regions.first().getByRole('heading')).toContainText('5 人');
  await expect(regions.first().getByRole('listitem')).toHaveCount(5);
  // rows carry their subdivision as a tag, not their region (the heading says it)
  const row = page.getByRole('link', { name: new RegExp(`^${seeded.openMember.name}`) });
  await expect(row).toContainText(seeded.subdivision);
  await expect(row).not.toContainText(seeded.openMember.region);

  // every region ends up whole after scrolling
  await page.getByText('加载中', { exact: true }).last().scrollIntoViewIfNeeded();
  await expect(page.getByText('没有更多了')).toBeVisible();
  await expect(regions).toHaveCount(8);
  for (const r of await regions.all()) await expect(r.getByRole('listitem')).toHaveCount(5);
});
