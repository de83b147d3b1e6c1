/**
 * Membership: memberApply goes back 2 levels, memberUpdate (a returned application corrected) 1
 * level; a refused call says 资料提交失败 for both; a failed fetch of the application is logged, not
 * shown. The return is made by review-state.ts (the review screens are not built yet).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { apiPaths, routes, type RoutePath } from '@qgw/contracts';
import { at, hashRoute, holdApi, registerViaApi, seeText, type TestUser } from './support/app.js';
import {
  expectRoute,
  failApi,
  fileInput,
  fillIdentityFields,
  fillWorkInfoFields,
  mediaFiles,
  samplePerson,
  signIn,
  uploadedImage,
} from './support/applications.js';
import { reviewApplication } from './support/review-state.js';

test.describe.configure({ mode: 'serial' });

const reason = '希望加入青工委，参与青年创新交流，为行业青年发展贡献力量。';
const revisedReason = `${reason}可牵头组织青年技术沙龙。`;
const returnReason = '请补充个人照片为近期免冠正面照';

let user: TestUser;
test.beforeAll(async ({ request }) => {
  user = await registerViaApi(request);
});

/**
 * Opens `route` as the first page of a fresh visit (react-router numbers it 0 in history.state).
 */
async function startVisitAt(page: Page, route: RoutePath): Promise<void> {
  await page.goto(at(route));
  await page.reload();
  await expectRoute(page, route);
}

/**
 * Opens `route` one level deeper. No screen links to the membership pages yet, so the page is
 * opened by its address and given the history index the app's own navigation would have given it.
 */
async function openOneLevelDeeper(page: Page, route: RoutePath): Promise<void> {
  const depth = await page.evaluate(() => ((history.state as { idx?: number } | null)?.idx ?? 0) + 1);
  await page.evaluate((hash) => (location.hash = hash), route);
  await expectRoute(page, route);
  await page.evaluate((idx) => history.replaceState({ ...(history.state as object | null), idx }, ''), depth);
}

const submitButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

test('apply: 资料提交失败 on a refused call; 提交中 → 提交成功... → back 2 levels; the detail page shows it submitted', async ({ page }) => {
  const person = samplePerson();
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await signIn(page, user);

  // a failed fetch of the application is only logged
  await startVisitAt(page, routes.cxb.index);
  const restore = await failApi(page, apiPaths.getMemberInfo, '会员信息暂不可用');
  await openOneLevelDeeper(page, routes.member.detail);
  await expect(page.getByRole('button', { name: '重试' })).toBeVisible();
  await expect(page.getByText('会员信息暂不可用')).toHaveCount(0);
  await expect.poll(() => warnings.some((w) => w.includes('getMemberInfo failed')), { message: 'the failure is logged' }).toBe(true);
  await restore();
  await page.getByRole('button', { name: '重试' }).click();
  await expect(page.getByText('您还没有提交入会申请')).toBeVisible();

  // two levels deep: programme page → my membership → the form
  await page.getByRole('button', { name: '申请入会' }).click();
  await expectRoute(page, routes.member.index);
  await expect(page.getByRole('heading', { name: '加入青工委' })).toBeVisible();
  await fillIdentityFields(page, person);
  await fillWorkInfoFields(page, person);
  // the first of the published subdivisions (applications-pickers.spec.ts checks the list)
  await page.getByLabel('意向分会（选填）', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('入会理由', { exact: true }).fill(reason);
  await fileInput(page, '个人照片').setInputFiles(mediaFiles().photoPng);
  await expect(uploadedImage(page, 1)).toBeVisible();

  const refuse = await failApi(page, apiPaths.memberApply);
  await submitButton(page, '提交申请').click();
  await seeText(page, '资料提交失败');
  await expect(page.getByRole('alert')).toHaveText('资料提交失败，原因：x');
  await expectRoute(page, routes.member.index);
  await refuse();

  const hold = await holdApi(page, apiPaths.memberApply);
  await submitButton(page, '提交申请').click();
  await hold.held;
  await seeText(page, '提交中');
  await hold.release();
  await seeText(page, '提交成功...');
  await expect(page, 'back 2 levels, to the programme page').toHaveURL(hashRoute(routes.cxb.index));
  await expect(page.getByRole('heading', { name: '青年创新榜人物申报' })).toBeVisible();

  await page.goto(at(routes.member.detail));
  await expect(page.getByTestId('application-status')).toHaveText('已提交');
  await expect(page.getByText('申请已提交，等待秘书处审核')).toBeVisible();
  await expect(page.getByText(reason)).toBeVisible();
  await expect(page.getByRole('region', { name: '办理进度' }).getByText('已提交', { exact: true })).toBeVisible();
});

test('update: returned with a reason → 修改资料 → 资料提交失败 on a refused call → 保存修改 → back 1 level', async ({ page }) => {
  await reviewApplication(user.mobile, 'membership', 'returned', returnReason);
  await signIn(page, user);
  await startVisitAt(page, routes.member.detail);
  await expect(page.getByTestId('application-status')).toHaveText('退回修改');
  await expect(page.getByText(`审核意见${returnReason}`)).toBeVisible();

  await page.getByRole('button', { name: '修改资料' }).click();
  await expectRoute(page, routes.member.index);
  await expect(page.getByText('申报被退回，请根据审核意见修改后重新提交')).toBeVisible();
  await expect(page.getByText(`审核意见${returnReason}`)).toBeVisible();
  await expect(page.getByLabel('入会理由', { exact: true })).toHaveValue(reason);
  await expect(uploadedImage(page, 1)).toBeVisible();
  await page.getByLabel('入会理由', { exact: true }).fill(revisedReason);

  const refuse = await failApi(page, apiPaths.memberUpdate);
  await submitButton(page, '保存修改').click();
  await seeText(page, '资料提交失败');
  await expectRoute(page, routes.member.index);
  await refuse();

  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === apiPaths.memberUpdate);
  await submitButton(page, '保存修改').click();
  expect((await sent).postDataJSON()).toMatchObject({ reason: revisedReason });
  await seeText(page, '修改成功');
  await expect(page, 'back 1 level, to the detail page').toHaveURL(hashRoute(routes.member.detail));
  await expect(page.getByTestId('application-status')).toHaveText('已提交');
  await expect(page.getByText(revisedReason)).toBeVisible();
  const timeline = page.getByRole('region', { name: '办理进度' });
  await expect(timeline.getByText('退回修改', { exact: true })).toBeVisible();
  await expect(timeline.getByText('已提交', { exact: true })).toHaveCount(2);
});

test('入会理由 grows with its text, from its five rows up to three times as many, then scrolls', async ({ page, request }) => {
  await signIn(page, await registerViaApi(request));
  await page.goto(at(routes.member.index));
  const reason = page.getByLabel('入会理由', { exact: true });
  await expect(reason).toBeVisible();
  const height = () => reason.evaluate((el) => el.getBoundingClientRect().height);
  const lineHeight = await reason.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  const empty = await height();
  expect(empty).toBeGreaterThanOrEqual(5 * lineHeight - 1);
  await reason.fill(Array.from({ length: 8 }, (_, i) => `第${i + 1}行`).join('\n'));
  await expect.poll(height).toBeGreaterThan(empty + 2 * lineHeight);
  await reason.fill(Array.from({ length: 40 }, (_, i) => `第${i + 1}行`).join('\n'));
  await expect.poll(height).toBeLessThanOrEqual(15 * lineHeight + 1);
  expect(await height()).toBeGreaterThan(14 * lineHeight);
});
