/**
 * Starting an application the short way, with what the person gave before: 立即申报 opens the 创新榜
 * form itself (the notice agreed to in place), whose fields come filled from their earlier
 * application and which offers that application's answers (沿用上次填写的内容); the person entry
 * starts filled in too, shows everything read-only before 提交, and its result page shows all that
 * was sent; a person signed out at 个人申报 who taps 去登录 lands back on the form.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { apiPaths, appConstants, maskIdNumber, routes } from '@qgw/contracts';
import { at, registerViaApi, seeText, slowApi, submitLogin, type TestUser } from './support/app.js';
import { expectRoute, fileInput, mediaFiles, signIn, uploadedImage } from './support/applications.js';
import { expectAccessible } from './support/accessibility.js';
import { apiToken, submitRankUserViaApi } from './support/rank-user-api.js';
import { layoutShift } from './support/layout-shift.js';

test.describe.configure({ mode: 'serial' });

const name = '周青禾';
const previousIntro = '长期扎根智能制造一线，带领青年突击队完成多项技术攻关。';
const resume = '2016年至今在青城智造从事工业视觉研发，历任工程师、项目负责人。';
const achievements = '牵头研发产线视觉检测系统，获省级青年岗位能手称号。';
const email = 'qinghe@example.com';

let user: TestUser;
/** the earlier application's ID number as the server shows it once sent (masked) */
let maskedId: string;
/** the same in full, as the form is filled in with it */
let idNumber: string;

const button = (page: Page, label: string) => page.getByRole('button', { name: label, exact: true });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const isSaveDraft = (r: { url(): string }) => new URL(r.url()).pathname === apiPaths.saveDraft;

test.beforeAll(async ({ request }) => {
  user = await registerViaApi(request);
  // an earlier 创新榜 application, sent and then withdrawn: a new one may start from it
  const id = await submitRankUserViaApi(request, user, name);
  const token = await apiToken(request, user);
  const info = await request.get(apiPaths.getRankUser, {
    headers: { Authorization: token },
    params: { mobile: user.mobile, type: 'info', ...appConstants.fixedRequestFields },
  });
  maskedId = ((await info.json()) as { message: { rankUser: { data: { idNumber: string } } } }).message.rankUser.data.idNumber;
  const withdrawn = await request.post(apiPaths.withdrawApplication, {
    headers: { Authorization: token },
    data: { id, reason: '重新整理材料', ...appConstants.fixedRequestFields },
  });
  expect(((await withdrawn.json()) as { success: boolean }).success).toBe(true);
});

test('创新榜: 立即申报 opens the form, filled in from the last application, whose answers are offered and taken over', async ({ page }) => {
  await signIn(page, user);
  await page.goto(at(routes.cxb.index));
  await expect(page.getByRole('heading', { name: '青年创新榜人物申报' })).toBeVisible();
  await button(page, '立即申报').click();

  // one tap: the form's first step, the notice on it
  await expectRoute(page, routes.cxbApplication.index);
  await expect(page.getByRole('heading', { name: '申报须知' })).toBeVisible();
  await expect(field(page, '姓名')).toHaveValue(name);
  // the ID number in full, the one sent before
  await expect(field(page, '身份证号码')).toHaveValue(/^\d{17}[\dX]$/);
  idNumber = await field(page, '身份证号码').inputValue();
  expect(maskIdNumber(idNumber)).toBe(maskedId);
  const offer = page.getByRole('region', { name: '沿用上次填写的内容？' });
  await expect(offer).toBeVisible();
  await expectAccessible(page, 'the 创新榜 form with the notice and the offer', ['.qgw-ru-notice-inline', '.qgw-app-offer']);

  const saved = page.waitForResponse((r) => isSaveDraft(r) && r.request().method() === 'POST');
  await offer.getByRole('button', { name: '沿用', exact: true }).click();
  await expect(offer).toHaveCount(0);
  await saved;

  // the notice is agreed to before the next step
  await button(page, '下一步').click();
  await seeText(page, '请先阅读并同意申报须知');
  await expectRoute(page, routes.cxbApplication.index);
  await page.getByText('我已阅读并同意', { exact: true }).click();
  await button(page, '下一步').click();
  await expectRoute(page, routes.cxbApplication.videoNew);

  // the story step holds the last application's answers, kept by the server across a reload
  await page.goto(at(routes.cxbApplication.videoInfo));
  await expect(field(page, '个人简介')).toHaveValue(previousIntro);
  await page.reload();
  await expect(field(page, '个人简介')).toHaveValue(previousIntro);
  await expect(page.getByRole('navigation', { name: /第3步，共4步/ })).toBeVisible();
  await expect(page.locator('.qgw-app-section').first()).toHaveCSS('background-color', 'rgb(255, 255, 255)');
});

test('person entry: filled in from the account and earlier application, previewed whole, the result shows all that was sent', async ({ page }) => {
  await signIn(page, user);
  await page.goto(at(routes.cxb2024.personApply));
  await button(page, '开始申报').click();

  await expectRoute(page, routes.cxb2024.information);
  await expect(page.getByText('已根据您的账号和以往申报填入部分信息，请核对，可修改')).toBeVisible();
  await expect(field(page, '姓名')).toHaveValue(name);
  await expect(field(page, '身份证号码')).toHaveValue(idNumber);
  await button(page, '下一步').click();

  await expectRoute(page, routes.cxb2024.information1);
  await expect(field(page, '工作单位')).toHaveValue('青城智造有限公司');
  await expect(field(page, '联系电话')).toHaveValue('13912345678');
  await field(page, '电子邮箱').fill(email);
  await button(page, '下一步').click();

  await expectRoute(page, routes.cxb2024.information2);
  await fileInput(page, '个人照片').setInputFiles(mediaFiles().photoJpeg);
  await expect(uploadedImage(page, 1)).toBeVisible();
  await field(page, '个人简历').fill(resume);
  await field(page, '主要成绩').fill(achievements);
  const saved = page.waitForResponse((r) => isSaveDraft(r) && r.request().method() === 'POST');
  await button(page, '预览').click();
  await saved;

  // the preview: everything read-only, nothing sent yet; it survives a reload (the draft is the server's)
  await expect(page.getByRole('navigation', { name: '第4步，共4步：确认提交' })).toBeVisible();
  const check = async () => {
    for (const text of [name, idNumber, '青城智造有限公司', '13912345678', email, resume, achievements]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('img', { name: '个人照片' })).toBeVisible();
  };
  await check();
  await expectAccessible(page, 'the person entry preview');
  await page.reload();
  await check();
  await expect(page.locator('.qgw-p24-preview-hint')).toHaveCSS('border-radius', /px/);

  await button(page, '提交').click();
  await seeText(page, '提交成功...');
  await expectRoute(page, routes.cxb2024.personResult);
  const result = async () => {
    await expect(page.getByTestId('application-status')).toHaveText('已提交');
    for (const text of [name, '13912345678', email, resume, achievements, '青城智造有限公司']) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    // the ID number only masked once sent
    await expect(page.getByText(idNumber)).toHaveCount(0);
  };
  await result();
  await page.reload();
  await result();
  await expectAccessible(page, 'the person result page');
});

test('个人申报 signed out: 去登录 returns to the form once signed in', async ({ page, request }) => {
  const newcomer = await registerViaApi(request);
  await page.goto(at(routes.cxb2024.personApply));
  await button(page, '去登录').click();
  await expectRoute(page, routes.login.index);
  await submitLogin(page, newcomer.mobile, newcomer.password);
  // no WeChat account to bind here: skipped, on to where the person was going
  await expectRoute(page, routes.login.bind);
  await page.getByRole('button', { name: /跳过/ }).click();
  await expectRoute(page, routes.cxb2024.information);
  await page.reload();
  await expectRoute(page, routes.cxb2024.information);
  await expect(page.getByRole('navigation', { name: /第1步，共4步/ })).toBeVisible();
});

test('a form opened directly comes with its filled-in details: nothing on it moves once shown', async ({ page }) => {
  // the membership form, which this person has never sent: their details are read and filled in
  // as it opens; the offer and the filled-in line must come with the form, not push it down after
  await signIn(page, user);
  // on a slow network the details arrive well after the draft, never in the same frame
  await slowApi(page, apiPaths.getPrefill, 400);
  await page.goto(at(routes.member.index));
  await expect(page.getByText('已根据您的账号和以往申报填入部分信息，请核对，可修改')).toBeVisible();
  await expect(field(page, '姓名')).toHaveValue(name);
  await page.waitForTimeout(500);
  expect(await layoutShift(page)).toBeLessThan(0.01);
});
