/**
 * The review queue at a desk (1440×900): two applicants submit rank-user applications. The admin
 * signs in with the second factor, sees the queue as a table, sorts it by mean score and filters it
 * to 创新榜 (both written to the address), selects the visible rows and then everything the filter
 * matches (its count shown), and assigns the demo reviewer to all of them at once. Opening an
 * application and going back, the 返回队列 link, and a reload each show the same filtered, sorted,
 * styled table. The demo reviewer then finds one of them in their queue, sees the applicant's
 * organisation on the row, and declares a conflict of interest there without opening the file.
 */
import type { Page } from '@playwright/test';
import { registerViaApi } from './support/app.js';
import { expectAccessible } from './support/accessibility.js';
import { consoleNav, signInToConsole, uniqueName } from './support/console.js';
import { submitRankUserViaApi } from './support/rank-user-api.js';
import { type DeskPair, openDeskPair } from './support/console-desk.js';
import { expect, test } from './support/test.js';

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false });

const names: string[] = [];
let pair: DeskPair;
let admin: Page;
let reviewer: Page;

test.beforeAll(async ({ request, browser }) => {
  test.setTimeout(120_000);
  while (names.length < 2) {
    const name = uniqueName();
    if (!names.includes(name)) names.push(name);
  }
  for (const name of names) await submitRankUserViaApi(request, await registerViaApi(request), name);
  ({ admin, reviewer } = pair = await openDeskPair(browser));
});

test.afterAll(async () => pair.close());

const queueTable = (page: Page) => page.getByRole('table', { name: '评审队列' });
const search = (page: Page) => new URL(page.url().replace('#', '')).searchParams;

/** The table as the stylesheet draws it: a header row on grey, figures right-aligned. */
async function expectStyledTable(page: Page) {
  const table = queueTable(page);
  await expect(table).toBeVisible();
  await expect(table.locator('thead th').first()).toHaveCSS('background-color', 'rgb(247, 248, 250)');
  await expect(table.getByRole('columnheader', { name: '均分' })).toHaveCSS('text-align', 'right');
}

/** The address keeps the filter and the order, and the screen shows them. */
async function expectFiltersKept(page: Page) {
  await expect.poll(() => search(page).get('kind')).toBe('rank_user');
  expect(search(page).get('sort')).toBe('mean');
  await expect(page.getByLabel('类型', { exact: true })).toHaveValue('rank_user');
  await expect(page.getByLabel('排序', { exact: true })).toHaveValue('mean');
  await expect(queueTable(page).getByRole('columnheader', { name: '均分' })).toHaveAttribute('aria-sort', 'descending');
  await expectStyledTable(page);
}

test('the admin sorts and filters the table, selects everything the filter matches and assigns it at once', async () => {
  test.setTimeout(120_000);
  await signInToConsole(admin, 'admin');
  await consoleNav(admin).getByRole('link', { name: '评审队列' }).click();
  await expectStyledTable(admin);
  for (const column of ['类型', '名称', '申报人', '状态', '评审', '已评/分配', '均分', '中位数', '分差', '拟定结论']) {
    await expect(queueTable(admin).getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }

  await queueTable(admin).getByRole('button', { name: '均分' }).click();
  await expect.poll(() => search(admin).get('sort')).toBe('mean');
  await admin.getByLabel('类型', { exact: true }).selectOption('rank_user');
  await expect.poll(() => search(admin).get('kind')).toBe('rank_user');
  for (const name of names) await expect(queueTable(admin).getByRole('row').filter({ hasText: name })).toContainText('创新榜');
  // the table and its selection bar (the console's frame is not this journey's subject)
  await expectAccessible(admin, '评审队列（表格）', ['.qgw-rv-table-wrap']);

  await queueTable(admin).getByRole('checkbox', { name: '选择本页全部' }).check();
  const selectAll = admin.getByRole('button', { name: /^选择全部符合条件的 \d+ 项$/ });
  await expect(selectAll).toBeVisible();
  const total = Number(/(\d+)/.exec((await selectAll.textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThanOrEqual(names.length);
  await selectAll.click();
  await expect(admin.getByText(`已选择全部符合条件的 ${total} 项`)).toBeVisible();
  await expect(admin.getByText(`已选 ${total} 项`)).toBeVisible();

  await admin.getByRole('button', { name: '分配评审', exact: true }).click();
  const reviewers = admin.getByRole('group', { name: '评审' });
  await reviewers.getByLabel(/^演示评审（待评 \d+）$/).check();
  await reviewers.getByRole('button', { name: '确定' }).click();
  await expect(admin.getByRole('status').filter({ hasText: '已分配' })).toContainText(/已分配 \d+ 项/);
  // done: the selection goes, and each row names its reviewer
  await expect(admin.getByText('已选 0 项')).toBeVisible();
  for (const name of names) {
    const row = queueTable(admin).getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('演示评审');
    await expect(row).toContainText('0/1');
  }
});

test('opening an application and coming back, 返回队列 and a reload keep the filters, the order and the styles', async () => {
  test.setTimeout(90_000);
  const open = () => queueTable(admin).getByRole('link', { name: names[0]! }).click();
  await open();
  await expect(admin.getByRole('heading', { name: names[0]! })).toBeVisible();
  await admin.goBack();
  await expectFiltersKept(admin);

  await open();
  await admin.getByRole('link', { name: '返回队列' }).click();
  await expectFiltersKept(admin);

  await admin.reload();
  await expectFiltersKept(admin);
  await expect(queueTable(admin).getByRole('row').filter({ hasText: names[0]! })).toBeVisible();
});

test('the reviewer sees the organisation on the row and declares a conflict there, without opening the file', async () => {
  test.setTimeout(90_000);
  await signInToConsole(reviewer, 'reviewer');
  await consoleNav(reviewer).getByRole('link', { name: '评审队列' }).click();
  await reviewer.getByRole('searchbox').fill(names[1]!);
  await reviewer.getByRole('search').getByRole('button', { name: '搜索' }).click();
  const rows = reviewer.getByRole('list', { name: '评审队列' });
  await expect(rows.getByRole('listitem')).toHaveCount(1);
  const row = rows.getByRole('listitem');
  await expect(row).toContainText('单位：青城智造有限公司');
  await expectAccessible(reviewer, '评审队列（评审）', ['.qgw-rv-rows']);

  await row.getByRole('button', { name: '声明回避' }).click();
  await row.getByLabel('回避原因').fill('申报人是我的同事');
  await row.getByRole('button', { name: '声明回避' }).click();
  await reviewer.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(reviewer.getByText('已声明回避')).toBeVisible();
  await expect(rows).toHaveCount(0);
  await expect(reviewer.getByText('暂无申报')).toBeVisible();
  // it never opened: the address is still the queue's
  expect(reviewer.url()).toContain('/console/review?');
});
