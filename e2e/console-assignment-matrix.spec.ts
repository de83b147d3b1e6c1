/**
 * 分配评审 at a desk: two applicants submit rank-user applications (through the API). The demo admin
 * signs in with the second factor and opens the assignment matrix directly (and reloads it: still
 * styled, its header row sticky); the coverage says how many applications lack reviewers. The admin
 * assigns one application to the demo reviewer from its cell, fills the rest with 补足, unassigns a
 * cell and undoes it, and reminds the demo reviewer (confirmed, then refused until the hour is over).
 * The demo reviewer signs in and sees the reminder above the queue until they dismiss it.
 */
import type { Page } from '@playwright/test';
import { registerViaApi } from './support/app.js';
import { expectAccessible } from './support/accessibility.js';
import { consoleNav, signInToConsole, uniqueName } from './support/console.js';
import { submitRankUserViaApi } from './support/rank-user-api.js';
import { desk, type DeskPair, openDeskPair } from './support/console-desk.js';
import { expect, test } from './support/test.js';

test.describe.configure({ mode: 'serial' });
test.use(desk);

const matrixUrl = '/#/console/assignments';
const names: string[] = [];
let pair: DeskPair;
let admin: Page;
let reviewer: Page;

test.beforeAll(async ({ request, browser }) => {
  for (let i = 0; i < 2; i++) {
    let name: string;
    do name = uniqueName();
    while (names.includes(name));
    names.push(name);
    await submitRankUserViaApi(request, await registerViaApi(request), name);
  }
  ({ admin, reviewer } = pair = await openDeskPair(browser));
});

test.afterAll(async () => pair.close());

/** The demo reviewer's cell of the application carrying `name`. */
const cell = (name: string) => admin.getByRole('button', { name: new RegExp(`^演示评审 · ${name}：`) });

test('the admin opens 分配评审 directly: coverage warnings, a styled matrix with a sticky header', async () => {
  test.setTimeout(120_000);
  await signInToConsole(admin, 'admin');
  await expect(consoleNav(admin).getByRole('link', { name: '分配评审' })).toBeVisible();
  await admin.goto(matrixUrl);
  await admin.reload();
  await expect(admin.getByRole('heading', { name: '分配评审', level: 1 })).toBeVisible();
  const coverage = admin.getByRole('region', { name: '评审人数覆盖' });
  await expect(coverage.getByText(/^创新榜：\d+ 项待评审，每项应有 2 位评审$/)).toBeVisible();
  await expect(coverage.getByText(/^\d+ 项评审人数不足$/).first()).toBeVisible();

  await admin.getByLabel('类型', { exact: true }).selectOption({ label: '创新榜' });
  const matrix = admin.getByRole('region', { name: '分配矩阵' });
  await expect(matrix.getByRole('columnheader', { name: /演示评审/ })).toBeVisible();
  for (const name of names) {
    await expect(matrix.getByRole('rowheader', { name: new RegExp(name) })).toContainText('评审 0/2 · 评审不足');
    await expect(cell(name)).toHaveAccessibleName(`演示评审 · ${name}：未分配（点击分配）`);
  }
  // styled from the screen's own stylesheet after a reload: the header row stays in view
  expect(await matrix.getByRole('columnheader', { name: '申报' }).evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
  expect(await matrix.getByRole('rowheader').first().evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
  await expectAccessible(admin, '分配评审');
});

test('the admin assigns from a cell, fills the rest with 补足, unassigns a cell and undoes it', async () => {
  const [first, second] = names as [string, string];
  await cell(first).click();
  await expect(admin.getByRole('status').filter({ hasText: `已将「${first}」分配给 演示评审` })).toBeVisible();
  await expect(cell(first)).toHaveAccessibleName(`演示评审 · ${first}：已分配（点击取消分配）`);

  await admin.getByRole('button', { name: '补足创新榜评审' }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText('待评最少的评审优先，须回避的评审不会被分配');
  await dialog.getByRole('button', { name: '补足' }).click();
  // one reviewer in the demo: every application gets them, and each still lacks a second
  await expect(admin.getByRole('status').filter({ hasText: /^已新分配 \d+ 人次；\d+ 项仍缺评审（没有可分配的评审）$/ })).toBeVisible();
  await expect(cell(second)).toHaveAccessibleName(`演示评审 · ${second}：已分配（点击取消分配）`);
  await expect(admin.getByRole('rowheader', { name: new RegExp(second) })).toContainText('评审 1/2 · 评审不足');

  await cell(first).click();
  const undo = admin.getByRole('status').filter({ hasText: `已取消 演示评审 对「${first}」的分配` });
  await expect(undo).toBeVisible();
  await expect(cell(first)).toHaveAccessibleName(`演示评审 · ${first}：未分配（点击分配）`);
  await undo.getByRole('button', { name: '撤销' }).click();
  await expect(cell(first)).toHaveAccessibleName(`演示评审 · ${first}：已分配（点击取消分配）`);
});

test('the admin reminds the demo reviewer, once an hour', async () => {
  const progress = admin.getByRole('region', { name: '评审进度' });
  const row = progress.getByRole('row', { name: /演示评审/ });
  await expect(row).toContainText(/0\/\d+ 已评/);
  await row.getByRole('button', { name: '提醒 演示评审' }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText('每位评审每小时最多提醒一次');
  await dialog.getByRole('button', { name: '提醒' }).click();
  await expect(progress.getByRole('status')).toHaveText('已提醒 演示评审');
  await expect(row.getByRole('button', { name: '提醒 演示评审' })).toBeDisabled();
  await expect(row).toContainText(/\d\d-\d\d \d\d:\d\d 后可再提醒/);
});

test('the demo reviewer sees the reminder above the queue until they dismiss it', async () => {
  test.setTimeout(120_000);
  await signInToConsole(reviewer, 'reviewer');
  const banner = reviewer.getByRole('alert', { name: '评审提醒' });
  await expect(banner).toContainText(/您有 \d+ 份申报尚待评审/);
  await expect(banner).toContainText('演示管理员 提醒');
  await expect(reviewer.getByRole('heading', { name: '评审队列' })).toBeVisible();
  // not an admin's screen: the reviewer has no 分配评审
  await expect(consoleNav(reviewer).getByRole('link', { name: '分配评审' })).toHaveCount(0);
  await banner.getByRole('button', { name: '知道了' }).click();
  await expect(banner).toHaveCount(0);
  await reviewer.reload();
  await expect(reviewer.getByRole('heading', { name: '评审队列' })).toBeVisible();
  await expect(reviewer.getByRole('alert', { name: '评审提醒' })).toHaveCount(0);
});
