/**
 * The rank-user look-up (GET getRankUserInfo, type check) from the programme page: each answer
 * lands on its route with the localStorage it should leave (docs/requirements.md#lookup-codes,
 * docs/requirements.md#storage-keys). Codes 9001, 9002 and 9000 are reached by a real application
 * in applications-rank-user.spec.ts; this file covers 0 (approved), the unregistered mobile
 * (用户不存在) and the other failures.
 */
import { type Route } from '@playwright/test';
import { expect, test } from './support/test.js';
import { apiPaths, Code, maskIdNumber, routes, storageKeys, USER_NOT_FOUND_MESSAGE } from '@qgw/contracts';
import { DEMO_ID_NUMBER } from '../apps/api/src/db/seed-programme.js';
import { at, freshMobile, readStorage, seeText } from './support/app.js';
import { signInToConsole } from './support/console.js';
import {
  demoApplicant,
  demoReviewer,
  expectRoute,
  isLookup,
  parsed,
  readApplyKeys,
  runLookup,
  signIn,
} from './support/applications.js';

interface Summary {
  id: string;
  kind: string;
  status: string;
  title: string;
}

/** Sends the page's next look-ups for another mobile, as a look-up of someone else's record would. */
async function lookUpAnotherMobile(page: Parameters<typeof runLookup>[0], mobile: string): Promise<void> {
  await page.route(
    (url) => url.pathname === apiPaths.getRankUser,
    (route: Route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('mobile', mobile);
      return route.continue({ url: url.toString() });
    },
  );
}

test('code 0 (approved): 我的申报 → cxbCheck/index listing the applications; applyDetail = postList, tempStatus = {rankUser}', async ({ page }) => {
  await signIn(page, demoApplicant);
  await page.goto(at(routes.cxb.index));
  const answer = page.waitForResponse((r) => isLookup(r));
  // the 我的申报 entry runs the look-up
  await page.getByRole('button', { name: /^我的申报/ }).click();
  const body = (await (await answer).json()) as { success: boolean; code: number };
  expect(body).toMatchObject({ success: true, code: Code.OK });

  await expectRoute(page, routes.cxbCheck.index);
  await expect(page.getByRole('heading', { name: '申报记录' })).toBeVisible();
  const entry = page.getByRole('button', { name: /创新榜人物申报/ });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('李青');
  await expect(entry).toContainText('已通过');

  const keys = await readApplyKeys(page);
  expect(keys.applyStatus).toBe(String(Code.OK));
  expect(keys.applyStatusMessage, 'an object answer is not a message').toBeUndefined();
  const postList = parsed<Summary[]>(keys.applyDetail, storageKeys.applyDetail);
  expect(Array.isArray(postList)).toBe(true);
  expect(postList).toEqual([expect.objectContaining({ kind: 'rank_user', status: 'approved', title: '李青' })]);
  const temp = parsed<{ rankUser: { id: string; status: string; data: { name: string; idNumber?: string } } }>(
    keys.tempStatus,
    storageKeys.tempStatus,
  );
  expect(temp.rankUser).toMatchObject({ id: postList[0]?.id, status: 'approved', data: { name: '李青' } });
  // a decided application is no longer editable: the browser only ever holds the masked number
  expect(temp.rankUser.data.idNumber).toBe(maskIdNumber(DEMO_ID_NUMBER));
  expect(JSON.stringify(await readStorage(page))).not.toContain(DEMO_ID_NUMBER);

  // the single fetch (type info): applyDetail becomes its result and the personal info view opens
  const info = page.waitForResponse((r) => isLookup(r, 'info'));
  await entry.click();
  await info;
  await expectRoute(page, routes.cxbCheck.personalInfo);
  await expect(page.getByRole('heading', { name: '李青' })).toBeVisible();
  await expect(page.getByText(maskIdNumber(DEMO_ID_NUMBER), { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: '办理进度' }).getByText('已通过').first()).toBeVisible();
  const detail = parsed<{ rankUser: { id: string; status: string } }>(
    (await readApplyKeys(page)).applyDetail,
    storageKeys.applyDetail,
  );
  expect(detail.rankUser).toMatchObject({ id: postList[0]?.id, status: 'approved' });
});

test('用户不存在: an admin looking up an unregistered mobile lands on the process page, session kept', async ({ page }) => {
  // looking someone else up takes a session past the console's second factor
  await signInToConsole(page, 'admin');
  const token = (await readStorage(page))[storageKeys.token];
  // the app has no screen yet for a reviewer to type another mobile; the look-up the programme page
  // sends is pointed at an unregistered one, and the server's real answer is what the app handles
  await lookUpAnotherMobile(page, freshMobile());
  const answer = page.waitForResponse((r) => isLookup(r));
  await runLookup(page);
  const body = (await (await answer).json()) as { success: boolean; code: number; message: string };
  expect(body).toMatchObject({ success: false, message: USER_NOT_FOUND_MESSAGE });

  await expectRoute(page, routes.cxb.process);
  await expect(page.getByRole('heading', { name: '六步完成申报' })).toBeVisible();
  const keys = await readApplyKeys(page);
  expect(keys.applyStatus).toBe(String(body.code));
  expect(keys.applyStatusMessage).toBe(USER_NOT_FOUND_MESSAGE);
  expect(keys.applyDetail).toBeUndefined();
  expect(keys.tempStatus).toBeUndefined();
  expect((await readStorage(page))[storageKeys.token], 'the session survives').toBe(token);

  // from the process page the form opens, its first step carrying the notice
  await page.getByRole('button', { name: '开始申报' }).click();
  await expectRoute(page, routes.cxbApplication.index);
});

test('any other failure: its message as a toast, all storage cleared, the welcome page', async ({ page }) => {
  await signIn(page, demoApplicant);
  // something from an earlier look-up, so that clearing is observable
  await page.evaluate((k) => localStorage.setItem(k.detail, '[]'), { detail: storageKeys.applyDetail });

  await page.route(
    (url) => url.pathname === apiPaths.getRankUser,
    (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: false, code: 5000, message: 'x' }) }),
  );
  await runLookup(page);
  await seeText(page, 'x');
  await expectRoute(page, routes.welcome.index);
  await expect(page.getByRole('heading', { name: '欢迎来到青工委服务平台' })).toBeVisible();
  expect(Object.keys(await readStorage(page)).filter((k) => k !== storageKeys.browserId)).toEqual([]);

  // a real refusal from the server: an applicant may only look up their own mobile
  await page.unrouteAll({ behavior: 'wait' });
  await signIn(page, demoApplicant);
  await lookUpAnotherMobile(page, demoReviewer.mobile);
  const answer = page.waitForResponse((r) => isLookup(r));
  await runLookup(page);
  const body = (await (await answer).json()) as { success: boolean; code: number; message: string };
  expect(body).toMatchObject({ success: false, code: Code.FORBIDDEN });
  await seeText(page, body.message);
  await expectRoute(page, routes.welcome.index);
  expect(Object.keys(await readStorage(page)).filter((k) => k !== storageKeys.browserId)).toEqual([]);
});
