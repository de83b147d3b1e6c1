/**
 * A whole rank-user application by a new user, against the real server: the look-up sends them to
 * the process page (9001); notice, four form steps with a photo and a video sent over tus through a
 * dropped connection, preview, 提交 → checkStatus (9002) with its timeline and detail pages; the
 * review side returns it (9000, the reason shown); 修改申报 → 提交修改 → applyDetail refreshed;
 * finally withdrawn. The review side is played by review-state.ts (its screens are not built yet).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { apiPaths, Code, maskIdNumber, routes, storageKeys } from '@qgw/contracts';
import { at, holdApi, readStorage, registerViaApi, seeText, type TestUser } from './support/app.js';
import {
  expectRoute,
  fileInput,
  fillIdentityFields,
  fillWorkInfoFields,
  isLookup,
  mediaFiles,
  parsed,
  readApplyKeys,
  runLookup,
  samplePerson,
  signIn,
  uploadedImage,
  withWrongCheckDigit,
  type PersonalInfo,
} from './support/applications.js';
import { reviewApplication } from './support/review-state.js';
import { expectResumedOnAnotherDevice, uploadVideoThroughDroppedConnection } from './support/applications-steps.js';

test.describe.configure({ mode: 'serial' });

const intro = '长期扎根智能制造一线，带领青年突击队完成多项技术攻关，热心青年志愿服务。';
const achievements = '主持研发的产线视觉检测系统将缺陷漏检率降低至千分之一，获省级青年创新奖。';
const revisedAchievements = `${achievements}系统已在三家工厂推广应用，年节约成本约两百万元。`;
const returnReason = '请补充主要事迹中成果推广应用的具体数据';

interface StoredView {
  rankUser: { id: string; status: string; data: { achievements?: string; idNumber?: string } } | null;
}

const next = (page: Page) => page.getByRole('button', { name: '下一步', exact: true }).click();

async function expectStatusPage(page: Page, heading: string, code: number) {
  await expectRoute(page, routes.cxbCheck.checkStatus);
  expect(new URL(page.url()).hash).toContain(`status=${code}`);
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
}

let user: TestUser;
let person: PersonalInfo;

test.beforeAll(async ({ request }) => {
  user = await registerViaApi(request);
  person = samplePerson();
});

test('new applicant: 9001 → process → notice → four steps with photo and video → 提交 → checkStatus 9002', async ({ page, browser }) => {
  // eight screens and a video upload: over a minute on a busy machine
  test.setTimeout(120_000);
  const media = mediaFiles();
  await signIn(page, user);

  // the look-up: nothing yet → the process page
  const lookup = page.waitForResponse((r) => isLookup(r));
  await runLookup(page);
  expect(await (await lookup).json()).toMatchObject({ success: true, code: Code.NO_APPLICATION });
  await expectRoute(page, routes.cxb.process);
  let keys = await readApplyKeys(page);
  expect(keys).toEqual({ applyStatus: String(Code.NO_APPLICATION), tempStatus: undefined, applyDetail: undefined, applyStatusMessage: undefined });

  // 开始申报 opens the form; its first step carries the notice, agreed to in place
  await page.getByRole('button', { name: '开始申报' }).click();
  await expectRoute(page, routes.cxbApplication.index);
  await expect(page.getByRole('heading', { name: '申报须知' })).toBeVisible();
  await next(page);
  await seeText(page, '请先阅读并同意申报须知');
  await page.getByText('我已阅读并同意', { exact: true }).click();

  // step 1: personal information; a wrong check digit is refused before anything is sent
  await expect(page.getByText('个人信息').first()).toBeVisible();
  await page.getByLabel('身份证号码', { exact: true }).fill(withWrongCheckDigit(person.identity.idNumber));
  await next(page);
  await seeText(page, '身份证号码不正确');
  await expectRoute(page, routes.cxbApplication.index);
  await fillIdentityFields(page, person);
  await fillWorkInfoFields(page, person);
  await expect(page.getByRole('status').filter({ hasText: /已自动保存 \d{2}:\d{2}/ })).toBeVisible();
  await expectResumedOnAnotherDevice(browser, page, person);
  await next(page);

  // step 2: the photo and the video
  await expectRoute(page, routes.cxbApplication.videoNew);
  await fileInput(page, '证件照').setInputFiles(media.photoPng);
  await expect(uploadedImage(page, 1)).toBeVisible();
  await uploadVideoThroughDroppedConnection(page, media.videoMp4);
  await next(page);

  // step 3: the story
  await expectRoute(page, routes.cxbApplication.videoInfo);
  await page.getByLabel('个人简介', { exact: true }).fill(intro);
  await page.getByLabel('主要事迹', { exact: true }).fill(achievements);
  await next(page);

  // preview: everything read-only with a 修改 link per section, then 提交
  await expectRoute(page, routes.cxbApplication.preview);
  await expect(page.getByRole('link', { name: '修改' })).toHaveCount(3);
  for (const text of [person.name, person.identity.idNumber, person.organization, achievements]) {
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(page.getByText('视频已上传')).toBeVisible();
  const hold = await holdApi(page, apiPaths.submit);
  await page.getByRole('button', { name: '提交', exact: true }).click();
  await hold.held;
  await seeText(page, '提交中，请耐心等待...');
  await hold.release();
  await seeText(page, '提交成功...');

  await expectStatusPage(page, '申报已提交', Code.UNDER_REVIEW);
  await expect(page.getByText('已提交').first()).toBeVisible();
  const timeline = page.getByRole('region', { name: '办理进度' });
  await expect(timeline.getByText('已提交', { exact: true })).toHaveCount(1);
  for (const name of ['查看申报详情', '撤回申报', '返回首页']) await expect(page.getByRole('button', { name })).toBeVisible();
  keys = await readApplyKeys(page);
  expect(keys.tempStatus).toBe(String(Code.STATUS_SUBMITTED));

  // the detail page: the ID number masked now, the photo served to its owner, the video on its own page
  await page.getByRole('button', { name: '查看申报详情' }).click();
  await expectRoute(page, routes.cxbCheck.personalInfo);
  await expect(page.getByText(maskIdNumber(person.identity.idNumber), { exact: true })).toBeVisible();
  const photo = page.getByRole('img', { name: '申报人证件照' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
  const detail = parsed<StoredView>((await readApplyKeys(page)).applyDetail, storageKeys.applyDetail);
  expect(detail.rankUser).toMatchObject({ status: 'submitted', data: { idNumber: maskIdNumber(person.identity.idNumber) } });
  await page.getByRole('button', { name: '观看介绍视频' }).click();
  await expectRoute(page, routes.cxbCheck.videoInfo);
  const video = page.getByLabel('介绍视频').and(page.locator('video'));
  await expect(video).toBeVisible();
  const src = await video.getAttribute('src');
  expect(src).toBeTruthy();
  const served = await page.request.get(new URL(src ?? '', page.url()).toString());
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toContain('video/mp4');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
  expect(served.headers()['content-disposition']).toBeTruthy();

  // looking up again: submitted → checkStatus?status=9002
  await runLookup(page);
  await expectStatusPage(page, '申报已提交', Code.UNDER_REVIEW);
  keys = await readApplyKeys(page);
  expect(keys.applyStatus).toBe(String(Code.UNDER_REVIEW));
  expect(keys.applyStatusMessage).toBeUndefined();
  expect(keys.tempStatus).toBe(String(Code.STATUS_SUBMITTED));
});

test('under review, then returned: 9000 with the reason → 修改申报 → 提交修改 → applyDetail refreshed → 撤回', async ({ page }) => {
  await reviewApplication(user.mobile, 'rank_user', 'under_review');
  await signIn(page, user);
  await runLookup(page);
  await expectStatusPage(page, '申报审核中', Code.UNDER_REVIEW);
  await expect(page.getByRole('region', { name: '办理进度' }).getByText('审核中', { exact: true })).toBeVisible();

  // returned while the status page above is still in this visit's memory: the look-up's new answer wins
  await reviewApplication(user.mobile, 'rank_user', 'returned', returnReason);
  const lookup = page.waitForResponse((r) => isLookup(r));
  await runLookup(page);
  expect(await (await lookup).json()).toMatchObject({ success: false, code: Code.APPLY_REJECTED, message: returnReason });
  await expectRoute(page, routes.cxbCheck.checkStatus);
  await expect(
    page.getByRole('heading', { name: '申报被退回修改', exact: true }),
    'the new answer wins over what this visit fetched before',
  ).toBeVisible();
  await expectStatusPage(page, '申报被退回修改', Code.APPLY_REJECTED);
  await expect(page.getByText(returnReason).first()).toBeVisible();
  const keys = await readApplyKeys(page);
  expect(keys.applyStatus).toBe(String(Code.APPLY_REJECTED));
  expect(keys.applyStatusMessage).toBe(returnReason);

  // the form opens on the returned application, prefilled, with the reviewer's reason
  await page.getByRole('button', { name: '修改申报' }).click();
  await expectRoute(page, routes.cxbApplication.index);
  await expect(page.getByText('您的申报已被退回，请根据审核意见修改后重新提交。')).toBeVisible();
  await expect(page.getByText(`审核意见：${returnReason}`)).toBeVisible();
  await expect(page.getByLabel('姓名', { exact: true })).toHaveValue(person.name);
  await expect(page.getByLabel('身份证号码', { exact: true })).toHaveValue(person.identity.idNumber);
  await next(page);
  await expectRoute(page, routes.cxbApplication.videoNew);
  await expect(uploadedImage(page, 1)).toBeVisible();
  await expect(page.getByText('视频已上传')).toBeVisible();
  await next(page);
  await expectRoute(page, routes.cxbApplication.videoInfo);
  await expect(page.getByLabel('主要事迹', { exact: true })).toHaveValue(achievements);
  await page.getByLabel('主要事迹', { exact: true }).fill(revisedAchievements);
  await next(page);

  await expectRoute(page, routes.cxbApplication.preview);
  const before = (await readStorage(page))[storageKeys.applyDetail];
  const hold = await holdApi(page, apiPaths.update);
  await page.getByRole('button', { name: '提交修改', exact: true }).click();
  await hold.held;
  await seeText(page, '提交中，请耐心等待...');
  const refetch = page.waitForResponse((r) => isLookup(r, 'info'));
  await hold.release();
  await refetch;
  await seeText(page, '提交成功...');
  await expectStatusPage(page, '申报已提交', Code.UNDER_REVIEW);

  const after = await readApplyKeys(page);
  expect(after.applyDetail).not.toBe(before);
  expect(after.tempStatus).toBe(String(Code.STATUS_SUBMITTED));
  const detail = parsed<StoredView>(after.applyDetail, storageKeys.applyDetail);
  expect(detail.rankUser).toMatchObject({ status: 'submitted', data: { achievements: revisedAchievements } });
  const timeline = page.getByRole('region', { name: '办理进度' });
  await expect(timeline.getByText('退回修改', { exact: true })).toBeVisible();
  await expect(timeline.getByText(returnReason)).toBeVisible();
  await expect(timeline.getByText('已提交', { exact: true })).toHaveCount(2);

  // withdrawn with a reason while it waits; the look-up then finds nothing live (9001)
  await page.getByRole('button', { name: '撤回申报' }).click();
  await page.getByLabel('撤回原因', { exact: true }).fill('信息需要进一步核实');
  await page.getByRole('button', { name: '确认撤回' }).click();
  await seeText(page, '已撤回');
  await expect(page.getByRole('heading', { name: '申报已撤回' })).toBeVisible();
  await expect(page.getByRole('button', { name: '重新申报' })).toBeVisible();
  await runLookup(page);
  await expectRoute(page, routes.cxb.process);
  expect((await readApplyKeys(page)).applyStatus).toBe(String(Code.NO_APPLICATION));
  await page.goto(at(routes.cxbCheck.checkStatus));
  await expect(page.getByRole('heading', { name: '暂无进行中的申报' })).toBeVisible();
});
