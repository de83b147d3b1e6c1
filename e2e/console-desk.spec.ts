/**
 * The console at a desk (1440×900, a mouse, no touch). Logged out, a console address leads to the
 * console's own login (not the phone login), which returns there through the second factor: its
 * code field has the focus and asks for the number pad, and a refused code is said once. The top bar
 * names the person; 退出 goes back to the console login. Then every console route is opened directly
 * by its address and reloaded, as the demo admin (and the reviewing routes as the demo reviewer):
 * each is styled from its first frame (no unstyled flash) and shows what the server holds.
 */
import type { Page } from '@playwright/test';
import { apiPaths, appConstants, storageKeys } from '@qgw/contracts';
import { registerViaApi } from './support/app.js';
import { expectAccessible } from './support/accessibility.js';
import { consoleNav, consolePeople, totpFor, uniqueName } from './support/console.js';
import {
  apiGet, consoleToken, desk, type DeskPair, openDeskPair, firstRecord, formCss, hashOf, listCss, logInAtDesk, openDirectly, passSecondFactor,
  type Stop, unstyledFrames,
} from './support/console-desk.js';
import { submitRankUserViaApi } from './support/rank-user-api.js';
import { expect, test } from './support/test.js';

test.use(desk);
test.describe.configure({ mode: 'serial' });

let pair: DeskPair;
let admin: Page;
let reviewer: Page;
/** a rank-user application submitted for this run, assigned to the demo reviewer */
let applicationId: string;
let applicationName: string;

test.beforeAll(async ({ browser, request }) => {
  test.setTimeout(120_000);
  const applicant = await registerViaApi(request);
  applicationName = uniqueName();
  applicationId = await submitRankUserViaApi(request, applicant, applicationName);
  ({ admin, reviewer } = pair = await openDeskPair(browser));
});

test.afterAll(async () => pair.close());

test('logged out, a console address leads to the console login, then through the second factor back to it', async () => {
  test.setTimeout(120_000);
  const page = admin;
  const target = '/console/admin/audit?actor=演示';
  await page.goto(`/#${target}`);
  await expect(page.getByText('请先登录')).toBeVisible();
  await page.getByRole('link', { name: '去登录' }).click();
  await expect.poll(() => hashOf(page).split('?')[0]).toBe('/console/login');
  // the page to return to, with its query (whose text is percent-encoded as the address holds it)
  const redirect = new URLSearchParams(new URL(page.url()).hash.split('?').slice(1).join('?')).get('redirect');
  expect(decodeURIComponent(redirect ?? '')).toBe(target);

  // a desk-sized page: a card of 26rem in the middle, not a phone page scaled to the window
  const card = page.locator('.qgw-cl-card');
  await expect(page.getByRole('heading', { name: '登录管理后台' })).toBeVisible();
  const box = (await card.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(420);
  expect(Math.abs(box.x + box.width / 2 - 720)).toBeLessThan(2);
  expect(await card.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
  await expect(page.getByLabel('手机号', { exact: true })).toBeFocused();
  await expectAccessible(page, 'the console login');

  const person = consolePeople.admin;
  await page.getByLabel('手机号', { exact: true }).fill(person.mobile);
  await page.getByLabel('密码', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  // no WeChat bind page at a desk: back on the audit log, its second factor first
  await expect.poll(() => hashOf(page)).toBe(target);
  await expect(page.getByRole('heading', { name: '二次验证' })).toBeVisible();
  const codeField = page.getByLabel('验证码', { exact: true });
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expectAccessible(page, 'the second factor');

  // a stale code: refused once, under the field, which keeps the focus
  await codeField.fill(totpFor('admin', Date.now() - 600_000));
  await page.getByRole('button', { name: '验证', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveCount(1);
  await expect(page.getByRole('alert')).toBeVisible();
  const refusal = (await page.getByRole('alert').textContent())!;
  await expect(page.getByText(refusal, { exact: true })).toHaveCount(1);
  await expect(codeField).toBeFocused();
  await passSecondFactor(page, 'admin');

  // the page the person came for, with its filter
  await expect(page.getByRole('heading', { name: '操作日志' })).toBeVisible();
  await expect(page.getByLabel('操作人', { exact: true })).toHaveValue('演示');
  await expect(page.getByRole('list', { name: '操作日志' }).getByRole('listitem').first()).toContainText('演示');
  const signedIn = page.getByRole('group', { name: '当前登录' });
  await expect(signedIn).toContainText('演示管理员');
  await expect(signedIn).toContainText('管理员');
  expect(await unstyledFrames(page)).toEqual([]);
});

test('the audit log filters by name and Beijing days, kept in the address', async () => {
  const page = admin;
  await page.getByLabel('操作人', { exact: true }).fill('演示评审');
  await page.getByLabel('开始日期', { exact: true }).fill('2020-01-01');
  await page.getByRole('button', { name: '筛选', exact: true }).click();
  await expect.poll(() => new URLSearchParams(hashOf(page).split('?')[1]).get('actor')).toBe('演示评审');
  const rows = page.getByRole('list', { name: '操作日志' }).getByRole('listitem');
  await expect(rows.first()).toContainText('演示评审');
  await page.reload();
  await expect(page.getByLabel('开始日期', { exact: true })).toHaveValue('2020-01-01');
  await expect(rows.first()).toContainText('演示评审');
  // a day with nothing in it
  await page.getByLabel('开始日期', { exact: true }).fill('2001-01-01');
  await page.getByLabel('结束日期', { exact: true }).fill('2001-01-02');
  await page.getByRole('button', { name: '筛选', exact: true }).click();
  await expect(page.getByText('没有符合条件的记录')).toBeVisible();
});

test('as the admin, every console route opened directly is styled and shows the server data', async ({ request }) => {
  test.setTimeout(240_000);
  const page = admin;
  const token = await consoleToken(page);
  // the reviewer gets this run's application, for the reviewing routes below
  const users = await apiGet<{ items: { id: string; nickname: string }[] }>(request, token, apiPaths.consoleUsers, { q: consolePeople.reviewer.mobile });
  const reviewerId = users.items[0]!.id;
  const assigned = await request.post(apiPaths.consoleAssign, {
    headers: { Authorization: token },
    data: { applicationIds: [applicationId], reviewerIds: [reviewerId], ...appConstants.fixedRequestFields },
  });
  expect(await assigned.json()).toMatchObject({ success: true });

  const stops: Stop[] = [
    { path: '/console', heading: '概览', shows: (p) => p.getByLabel('主要数字'), css: ['main .qgw-db-chart', 'position', 'relative'] },
    { path: '/console/content/articles', heading: '文章管理', css: listCss },
    { path: () => firstRecord(page, '/console/content/articles'), heading: '编辑文章', css: formCss },
    { path: '/console/content/leaders', heading: '领导班子管理', shows: '陈志远', css: listCss },
    { path: () => firstRecord(page, '/console/content/leaders'), heading: '编辑人员', css: formCss },
    { path: '/console/content/subdivisions', heading: '分会管理', shows: /名公开会员/, css: listCss },
    { path: () => firstRecord(page, '/console/content/subdivisions'), heading: '编辑分会', css: formCss },
    { path: '/console/content/members', heading: '会员名录管理', css: listCss },
    { path: () => firstRecord(page, '/console/content/members'), heading: '编辑会员', css: formCss },
    { path: '/console/content/webview', heading: '外链白名单', shows: 'www.gov.cn', css: listCss },
    // newest first: in a whole run the journeys before this one have registered enough people to put
    // the demo accounts past the first page, so any row from the server will do
    { path: '/console/admin/users', heading: '用户管理', shows: (p) => p.locator('main .qgw-cs-rows').getByRole('listitem'), css: listCss },
    { path: () => firstRecord(page, '/console/admin/users'), heading: /./, css: formCss },
    { path: '/console/admin/programme', heading: '评选设置', css: ['main .qgw-cad-criterion', 'display', 'grid'] },
    { path: '/console/admin/audit', heading: '操作日志', shows: (p) => p.getByRole('list', { name: '操作日志' }).getByRole('listitem'), css: ['main .qgw-cad-range', 'flex-direction', 'row'] },
    { path: '/console/review', heading: '评审队列', shows: applicationName, css: ['main .qgw-rv-kind', 'background-color', 'rgb(238, 242, 255)'] },
    { path: `/console/review/${applicationId}`, heading: /./, shows: applicationName, css: ['main .qgw-rv-fields', 'display', 'grid'] },
    { path: '/console/decisions', heading: /./ },
    { path: '/console/deliveries', heading: /./ },
  ];
  // a record's page is found on its list, which the stop before it opened
  for (const stop of stops) await openDirectly(page, stop);
  // the programme's own values, read from the server, fill its form
  await openDirectly(page, { path: '/console/admin/programme', heading: '评选设置' });
  await expect(page.locator('main input').first()).not.toHaveValue('');
  // /console/signin: the second factor is passed already, so it goes on to the console home
  await page.goto('/#/console/signin');
  await page.reload();
  await expect.poll(() => hashOf(page)).toBe('/console');
  await expect(page.getByRole('heading', { name: '内容管理' })).toBeVisible();
});

test('as the reviewer, the reviewing routes opened directly are styled and show the assignment', async () => {
  test.setTimeout(120_000);
  const page = reviewer;
  await page.goto('/#/console/review');
  await page.getByRole('link', { name: '去登录' }).click();
  await logInAtDesk(page, 'reviewer');
  await expect(page.getByRole('heading', { name: '评审队列' })).toBeVisible();
  await expect(page.getByRole('group', { name: '当前登录' })).toContainText('评审专家');
  await expect(consoleNav(page).getByRole('link')).toHaveText(['评审队列']);

  await openDirectly(page, { path: '/console/review', heading: '评审队列', shows: applicationName });
  await openDirectly(page, { path: `/console/review/${applicationId}`, heading: /./, shows: applicationName, css: ['main .qgw-rv-fields', 'display', 'grid'] });
  // the console's home is the queue for a reviewer
  await page.goto('/#/console');
  await page.reload();
  await expect.poll(() => hashOf(page)).toBe('/console/review');
});

test('退出 ends the session and opens the console login', async () => {
  for (const page of [reviewer, admin]) {
    await page.getByRole('group', { name: '当前登录' }).getByRole('button', { name: '退出' }).click();
    await expect.poll(() => hashOf(page)).toBe('/console/login');
    await expect(page.getByRole('heading', { name: '登录管理后台' })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), storageKeys.token)).toBeNull();
    // the console is closed again: a console address asks to log in
    await page.goto('/#/console/admin/users');
    await expect(page.getByText('请先登录')).toBeVisible();
    expect(await unstyledFrames(page)).toEqual([]);
  }
});
