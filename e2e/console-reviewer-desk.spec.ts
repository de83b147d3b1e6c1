/**
 * The reviewer's desk at a desk-sized screen: three rank-user applications, assigned one after the
 * other to the demo reviewer through the admin's API. The reviewer opens the first from the queue:
 * the materials on the left, the score sheet on the right staying in view, 已评 x/y above. They score
 * it with the keyboard alone (digits, a refused digit, Space for the recommendation, Ctrl+Enter) and
 * land on the next one still to review; they type half a review, it is saved as a draft, and a
 * reload brings it back; then j / k move between their assignments.
 */
import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { apiPaths, appConstants, mfaPolicy } from '@qgw/contracts';
import { registerViaApi } from './support/app.js';
import { expectAccessible } from './support/accessibility.js';
import { consoleNav, consolePeople, signInToConsole, totpFor, uniqueName } from './support/console.js';
import { apiToken, submitRankUserViaApi } from './support/rank-user-api.js';
import { urls } from './support/stack-env.js';
import { expect, test } from './support/test.js';

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false });
test.describe.configure({ mode: 'serial' });

const stepMs = mfaPolicy.periodSeconds * 1000;
const fixed = appConstants.fixedRequestFields;

/** The three applications, in the order they are assigned. */
const apps: Array<{ id: string; name: string }> = [];
/** one desk for the whole journey, signed in once */
let context: BrowserContext;
let page: Page;
const uncaught: string[] = [];

async function ok<T>(res: { json(): Promise<unknown> }, what: string): Promise<T> {
  const body = (await res.json()) as { success: boolean; message: T };
  expect(body, `${what}: ${JSON.stringify(body)}`).toMatchObject({ success: true });
  return body.message;
}

/** The demo admin's API session past the second factor (the next step's code when this step's is spent). */
async function adminSession(request: APIRequestContext): Promise<string> {
  const token = await apiToken(request, consolePeople.admin);
  for (let attempt = 0; attempt < 2; attempt++) {
    const res = await request.post(apiPaths.consoleMfaVerify, { headers: { Authorization: token }, data: { code: totpFor('admin'), ...fixed } });
    if (((await res.json()) as { success: boolean }).success) return token;
    await new Promise((r) => setTimeout(r, stepMs - (Date.now() % stepMs) + 500));
  }
  throw new Error('the demo admin could not pass the second factor');
}

test.beforeAll(async ({ request, browser }) => {
  test.setTimeout(120_000);
  context = await browser.newContext({ baseURL: urls.app, viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, locale: 'zh-CN' });
  page = await context.newPage();
  page.on('pageerror', (e) => uncaught.push(e.message));
  for (let i = 0; i < 3; i++) {
    const applicant = await registerViaApi(request);
    let name = uniqueName();
    while (apps.some((a) => a.name === name)) name = uniqueName();
    apps.push({ id: await submitRankUserViaApi(request, applicant, name), name });
  }
  const token = await adminSession(request);
  const reviewers = await ok<Array<{ id: string; nickname: string }>>(
    await request.get(apiPaths.consoleReviewers, { headers: { Authorization: token }, params: fixed }),
    'reviewers',
  );
  const reviewer = reviewers.find((r) => r.nickname === consolePeople.reviewer.nickname);
  expect(reviewer, 'the demo reviewer').toBeTruthy();
  // one at a time: the reviewer's list keeps the order they were assigned in
  for (const a of apps) {
    const res = await request.post(apiPaths.consoleAssign, {
      headers: { Authorization: token },
      data: { applicationIds: [a.id], reviewerIds: [reviewer!.id], ...fixed },
    });
    expect(await ok<{ assigned: unknown[] }>(res, 'assign')).toMatchObject({ assigned: [{ applicationId: a.id }] });
    await new Promise((r) => setTimeout(r, 20));
  }
});

test.afterAll(async () => {
  expect(uncaught, 'no page threw').toEqual([]);
  await context.close();
});

const progressBar = (page: Page) => page.getByRole('navigation', { name: '我的评审进度' });

/** x and y of 已评 x/y. */
async function progress(page: Page): Promise<[number, number]> {
  const text = (await progressBar(page).getByText(/^已评 \d+\/\d+$/).textContent()) ?? '';
  const [, done, total] = /已评 (\d+)\/(\d+)/.exec(text) ?? [];
  return [Number(done), Number(total)];
}

/** Nothing focused: the shortcuts act on the page, not on a field. */
const blur = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

const score = (form: Locator, name: string) => form.getByLabel(name, { exact: true });

let done0 = 0;
let total0 = 0;

test('the reviewer opens the first assignment: materials on the left, the score sheet in view on the right, 已评 x/y', async () => {
  test.setTimeout(120_000);
  await signInToConsole(page, 'reviewer');
  await consoleNav(page).getByRole('link', { name: '评审队列' }).click();
  await page.getByRole('searchbox').fill(apps[0]!.name);
  await page.getByRole('search').getByRole('button', { name: '搜索' }).click();
  const rows = page.getByRole('list', { name: '评审队列' });
  await expect(rows.getByRole('listitem')).toHaveCount(1);
  await rows.getByRole('link', { name: new RegExp(apps[0]!.name) }).click();
  await expect(page.getByRole('heading', { name: apps[0]!.name })).toBeVisible();

  await expect(progressBar(page).getByText(/^已评 \d+\/\d+$/)).toBeVisible();
  [done0, total0] = await progress(page);
  expect(total0).toBeGreaterThanOrEqual(3);
  await expect(progressBar(page).getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(done0));

  const form = page.getByRole('form', { name: '评审打分' });
  const fields = page.getByRole('region', { name: '申报内容' });
  await expect(form).toBeVisible();
  const [formBox, fieldsBox] = [await form.boundingBox(), await fields.boundingBox()];
  expect(formBox!.x, 'the score sheet is right of the materials').toBeGreaterThan(fieldsBox!.x + fieldsBox!.width - 1);
  // scrolled to the end of the materials, the score sheet is still in view
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByRole('region', { name: '进度' })).toBeInViewport();
  await expect(form.getByRole('heading', { name: '评审打分' })).toBeInViewport();
  // below the console's top bar (3.5rem), not behind it
  expect((await form.boundingBox())!.y).toBeGreaterThanOrEqual(56);
  await expect(page.getByText('键盘快捷键')).toBeVisible();
  // the desk's own parts (the console's shared frame and hint colours are another matter)
  await expectAccessible(page, 'the reviewer’s desk', ['.qgw-rv-deskbar', '.qgw-rv-side']);

  // ---- the keyboard alone ----
  await blur(page);
  // 1 may begin 10: it waits; 1 again would be 11, above 10: refused, not clamped
  await page.keyboard.press('1');
  await expect(score(form, '事迹与成就')).toHaveValue('1');
  await page.keyboard.press('1');
  await expect(form.getByRole('alert')).toHaveText('“事迹与成就”满分10分，不能打11分');
  await expect(score(form, '事迹与成就')).toHaveValue('1');
  await expect(score(form, '事迹与成就')).toBeFocused();
  await page.keyboard.press('8');
  await expect(score(form, '事迹与成就')).toHaveValue('8');
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expect(score(form, '创新与示范')).toBeFocused();
  await page.keyboard.press('7');
  await expect(score(form, '社会影响')).toBeFocused();
  await page.keyboard.press('9');
  // past the last criterion: the recommendation, chosen with Space
  await expect(form.getByRole('radio', { name: '通过', exact: true })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(form.getByRole('radio', { name: '通过', exact: true })).toBeChecked();
  // 40/30/30 of 100: 8, 7, 9 out of 10 each
  await expect(form.getByRole('status', { name: '加权总分' })).toHaveText('80.00');
  await page.keyboard.press('Control+Enter');

  // on to the next one still to review
  await expect(page.getByText('评审已提交')).toBeVisible();
  await expect(page.getByRole('heading', { name: apps[1]!.name })).toBeVisible();
  await expect(progressBar(page).getByText(`已评 ${done0 + 1}/${total0}`)).toBeVisible();
});

test('half a review is saved as a draft and comes back after a reload; then j / k', async () => {
  test.setTimeout(90_000);
  // where the first review left the reviewer
  await expect(page.getByRole('heading', { name: apps[1]!.name })).toBeVisible();
  const form = page.getByRole('form', { name: '评审打分' });
  await blur(page);
  await page.keyboard.press('6');
  await expect(score(form, '事迹与成就')).toHaveValue('6');
  await form.getByLabel('给申请人的意见', { exact: true }).fill('视频材料清晰，事迹');
  await expect(form.getByText(/^已自动保存 \d{2}:\d{2}$/)).toBeVisible({ timeout: 10_000 });

  await page.reload();
  await expect(page.getByRole('heading', { name: apps[1]!.name })).toBeVisible();
  const again = page.getByRole('form', { name: '评审打分' });
  await expect(again.getByText('已恢复上次未提交的评审草稿')).toBeVisible();
  await expect(score(again, '事迹与成就')).toHaveValue('6');
  await expect(score(again, '创新与示范')).toHaveValue('');
  await expect(again.getByLabel('给申请人的意见', { exact: true })).toHaveValue('视频材料清晰，事迹');
  await expect(again.getByText(/^已自动保存 \d{2}:\d{2}$/)).toBeVisible();

  // ---- j / k through the assignments ----
  await blur(page);
  await page.keyboard.press('k');
  await expect(page.getByRole('heading', { name: apps[0]!.name })).toBeVisible();
  await page.keyboard.press('j');
  await expect(page.getByRole('heading', { name: apps[1]!.name })).toBeVisible();
  await blur(page);
  await page.keyboard.press('j');
  await expect(page.getByRole('heading', { name: apps[2]!.name })).toBeVisible();
  // typing j in a text field is typing
  const comment = page.getByRole('form', { name: '评审打分' }).getByLabel('给申请人的意见', { exact: true });
  await comment.click();
  await page.keyboard.type('jk');
  await expect(comment).toHaveValue('jk');
  await expect(page.getByRole('heading', { name: apps[2]!.name })).toBeVisible();
});
