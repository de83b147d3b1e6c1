/**
 * Rubric versions at a desk-sized screen: a rank-user application already reviewed by the demo
 * reviewer locks 创新榜's rubric. The admin sees each criterion's score anchors in the editor; a
 * weight change is refused and 另存为新版本 saves it as version 2, after which the application's
 * detail marks the review as scored under version 1. The reviewer then finds 需重新评分 on their
 * desk, each criterion's description and anchors beside its score, re-scores, and the review counts
 * again. (Runs after the other review journeys: it changes 创新榜's rubric for the rest of the run.)
 */
import type { BrowserContext, Page } from '@playwright/test';
import { registerViaApi } from './support/app.js';
import { expectAccessible } from './support/accessibility.js';
import { consoleNav, signInToConsole, uniqueName } from './support/console.js';
import { reviewWithTotal } from './support/ranking-state.js';
import { submitRankUserViaApi } from './support/rank-user-api.js';
import { urls } from './support/stack-env.js';
import { expect, test } from './support/test.js';

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false });
test.describe.configure({ mode: 'serial' });

let applicationId: string;
let name: string;
let adminContext: BrowserContext;
let admin: Page;
let reviewerContext: BrowserContext;
let reviewer: Page;
const uncaught: string[] = [];

test.beforeAll(async ({ request, browser }) => {
  test.setTimeout(120_000);
  name = uniqueName();
  const applicant = await registerViaApi(request);
  applicationId = await submitRankUserViaApi(request, applicant, name);
  expect(await reviewWithTotal(applicant.mobile, 'rank_user', 0.8)).toBe(80);
  const desk = { baseURL: urls.app, viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, locale: 'zh-CN' };
  adminContext = await browser.newContext(desk);
  admin = await adminContext.newPage();
  reviewerContext = await browser.newContext(desk);
  reviewer = await reviewerContext.newPage();
  for (const [who, p] of [['admin', admin], ['reviewer', reviewer]] as const) p.on('pageerror', (e) => uncaught.push(`${who}: ${e.message}`));
});

test.afterAll(async () => {
  expect(uncaught, 'no page threw').toEqual([]);
  await adminContext.close();
  await reviewerContext.close();
});

test('the admin sees the anchors, is refused a weight change on a reviewed kind, and saves it as version 2', async () => {
  test.setTimeout(120_000);
  await signInToConsole(admin, 'admin');
  await consoleNav(admin).getByRole('link', { name: '评选设置' }).click();
  const editor = admin.getByRole('region', { name: '评分细则' });
  await editor.getByLabel('申报类型').selectOption('rank_user');
  await expect(editor.getByText('当前为第 1 版')).toBeVisible();
  await expect(editor.getByLabel('第1项锚点1的起评分')).toHaveValue('9');
  await expect(editor.getByLabel('第1项锚点1的含义')).toHaveValue('突出');
  await editor.getByLabel('权重1', { exact: true }).fill('30');
  await editor.getByLabel('权重2', { exact: true }).fill('40');
  await editor.getByRole('button', { name: '保存评分细则' }).click();

  const locked = editor.getByRole('alert').filter({ hasText: '评分细则已锁定' });
  await expect(locked).toContainText('评分项、权重和满分已锁定');
  await expect(locked).toContainText('已提交的评审都将标记为“需重新评分”');
  // the rubric editor (the programme form above it is another screen's part)
  await expectAccessible(admin, '评分细则已锁定', ['section[aria-label="评分细则"]']);
  await locked.getByRole('button', { name: '另存为新版本' }).click();
  await expect(admin.getByText('已另存为第 2 版，已有评审需重新评分')).toBeVisible();
  await expect(editor.getByText('当前为第 2 版')).toBeVisible();
  await expect(locked).toHaveCount(0);

  await admin.goto(`/#/console/review/${encodeURIComponent(applicationId)}`);
  const reviews = admin.getByRole('region', { name: '评审记录' });
  await expect(reviews).toContainText('按第 1 版细则评分，需重新评分，不计入平均分');
});

test('the reviewer finds 需重新评分, scores against the anchors, and the review counts again', async () => {
  test.setTimeout(120_000);
  await signInToConsole(reviewer, 'reviewer');
  await reviewer.goto(`/#/console/review/${encodeURIComponent(applicationId)}`);
  await expect(reviewer.getByRole('heading', { name: new RegExp(name) }).first()).toBeVisible();
  const bar = reviewer.getByRole('navigation', { name: '我的评审进度' });
  await expect(bar).toContainText(/需重新评分 \d+/);
  const sheet = reviewer.getByRole('form', { name: '评审打分' });
  await expect(sheet.getByRole('note')).toContainText('按第 1 版给出的评分不再计入平均分');
  const guide = sheet.getByRole('list', { name: '“事迹与成就”的评分参考' });
  await expect(guide.getByRole('listitem')).toHaveText(['9–10 分 突出', '7–8 分 良好', '5–6 分 一般', '0–4 分 较弱']);
  await expect(sheet).toContainText('代表性成果的水平与分量');
  // the parts this journey adds to (the materials beside them are the review journeys' to check)
  await expectAccessible(reviewer, '评审打分与评分参考', ['form[aria-label="评审打分"] .qgw-rv-anchors', 'form[aria-label="评审打分"] [role="note"]', 'nav[aria-label="我的评审进度"]']);

  for (const criterion of ['事迹与成就', '创新与示范', '社会影响']) await sheet.getByLabel(criterion, { exact: true }).fill('9');
  await sheet.getByLabel('通过', { exact: true }).check();
  await sheet.getByRole('button', { name: '提交评审' }).click();
  // submitted: on to the next one still to review, or back to the queue when none is left
  await expect(reviewer).not.toHaveURL(new RegExp(encodeURIComponent(applicationId)));

  await admin.reload();
  const reviews = admin.getByRole('region', { name: '评审记录' });
  await expect(reviews).toContainText('90.0 分');
  await expect(reviews).not.toContainText('需重新评分');
});
