/**
 * The 2024 programme's entries by one user, from the programme home: the person entry through its
 * three steps to personResult, a work with two photos (themeSelect → addWork → workResult → listed
 * on apply/index), a company entry with a checked credit code and its licence → companyResult; the
 * home then lists all three with their states (getApplyStatus) beside the programme's phase.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { apiPaths, maskIdNumber, routes } from '@qgw/contracts';
import { at, holdApi, registerViaApi, seeText, type TestUser } from './support/app.js';
import { expectAccessible } from './support/accessibility.js';
import {
  expectRoute,
  fileInput,
  fillIdentityFields,
  fillWorkInfoFields,
  freshUscc,
  mediaFiles,
  samplePerson,
  signIn,
  uploadedImage,
  withWrongCheckChar,
} from './support/applications.js';

test.describe.configure({ mode: 'serial' });

let user: TestUser;
test.beforeAll(async ({ request }) => {
  user = await registerViaApi(request);
});

const workTitle = '社区智能养老平台';
const companyName = '青城智造科技有限公司';

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** Opens the programme home and one of its three entries. */
async function openEntry(page: Page, entry: '个人申报' | '作品申报' | '企业申报') {
  await page.goto(at(routes.cxb2024.index));
  await expect(page.getByTestId('programme-phase')).toHaveText('申报中');
  await page.getByRole('button', { name: new RegExp(`^${entry}`) }).click();
}

test('person entry: personApply → information → information1 → information2 → 提交 → personResult', async ({ page }) => {
  const person = samplePerson({ email: 'qingyun@example.com' });
  await signIn(page, user);
  await openEntry(page, '个人申报');
  await expectRoute(page, routes.cxb2024.personApply);
  await expect(page.getByRole('heading', { name: '青年创新人物申报' })).toBeVisible();
  await button(page, '开始申报').click();

  // step 1: basic information, checked before the next step opens
  await expectRoute(page, routes.cxb2024.information);
  await expect(page.getByRole('navigation', { name: '第1步，共4步：基本信息' })).toBeVisible();
  await button(page, '下一步').click();
  await seeText(page, '请填写姓名');
  await expectRoute(page, routes.cxb2024.information);
  await fillIdentityFields(page, person);
  await button(page, '下一步').click();

  // step 2: work information
  await expectRoute(page, routes.cxb2024.information1);
  await expect(page.getByRole('navigation', { name: '第2步，共4步：工作信息' })).toBeVisible();
  await fillWorkInfoFields(page, person);
  await page.getByLabel('电子邮箱', { exact: true }).fill('not-an-email');
  await button(page, '下一步').click();
  await seeText(page, '邮箱格式不正确');
  await page.getByLabel('电子邮箱', { exact: true }).fill(person.email ?? '');
  await button(page, '下一步').click();

  // step 3: photo, résumé, achievements; 上一步 keeps what was typed
  await expectRoute(page, routes.cxb2024.information2);
  await button(page, '上一步').click();
  await expectRoute(page, routes.cxb2024.information1);
  await expect(page.getByLabel('工作单位', { exact: true })).toHaveValue(person.organization);
  await button(page, '下一步').click();
  await expectRoute(page, routes.cxb2024.information2);
  await fileInput(page, '个人照片').setInputFiles(mediaFiles().photoJpeg);
  await expect(uploadedImage(page, 1)).toBeVisible();
  await page.getByLabel('个人简历', { exact: true }).fill('2015年至今在青城智造从事工业视觉研发，历任工程师、项目负责人。');
  await page.getByLabel('主要成绩', { exact: true }).fill('牵头研发产线视觉检测系统，获省级青年岗位能手称号。');
  await button(page, '预览').click();
  await expect(page.getByRole('navigation', { name: '第4步，共4步：确认提交' })).toBeVisible();
  const hold = await holdApi(page, apiPaths.applyPerson);
  await button(page, '提交').click();
  await hold.held;
  await seeText(page, '提交中');
  await hold.release();
  await seeText(page, '提交成功...');

  await expectRoute(page, routes.cxb2024.personResult);
  await expect(page.getByTestId('application-status')).toHaveText('已提交');
  await expect(page.getByText('申报已提交，等待审核')).toBeVisible();
  await expect(page.getByText(person.name, { exact: true })).toBeVisible();
  await expect(page.getByText(maskIdNumber(person.identity.idNumber), { exact: true })).toBeVisible();
  await expect(page.getByText(person.identity.idNumber)).toHaveCount(0);
  await expect(page.getByRole('img', { name: '个人照片' })).toBeVisible();
  await expect(page.getByRole('region', { name: '办理进度' }).getByText('已提交', { exact: true })).toBeVisible();
  await expect(button(page, '撤回申报')).toBeVisible();

  // the entry page now leads to the progress, not to a second entry
  await page.goto(at(routes.cxb2024.personApply));
  await expect(button(page, '查看申报进度')).toBeVisible();
  await expect(button(page, '开始申报')).toHaveCount(0);
});

test('work: themeSelect → addWork with 2 photos and a team member → 预览 (reloaded) → 提交作品 → workResult → listed on apply/index', async ({ page }) => {
  const media = mediaFiles();
  await signIn(page, user);
  await openEntry(page, '作品申报');
  await expectRoute(page, routes.cxb2024.workApply);
  await button(page, '新增作品').click();

  await expectRoute(page, routes.apply.themeSelect);
  await expect(button(page, '下一步')).toBeDisabled();
  await page.getByRole('radio', { name: /乡村振兴/ }).check();
  await button(page, '下一步').click();

  await expectRoute(page, routes.apply.addWork);
  await expect(page.getByLabel('参赛主题', { exact: true }).locator('option:checked')).toHaveText('乡村振兴');
  await page.getByLabel('作品名称', { exact: true }).fill(workTitle);
  // a focused field holding text shows its clear button: it is a named button, not a bare div
  await page.getByLabel('作品名称', { exact: true }).focus();
  await expect(page.getByRole('button', { name: '清除' })).toBeVisible();
  await expectAccessible(page, 'addWork with a focused, filled field');
  await page.getByLabel('作品简介', { exact: true }).fill('面向社区老人的智能照护平台，连接家庭、社区与医疗服务。');
  await button(page, '添加成员').click();
  await page.getByLabel('成员1姓名', { exact: true }).fill('李青');
  await page.getByLabel('成员1分工', { exact: true }).fill('负责产品设计');
  await expect(page.getByText('支持 JPG/PNG/WebP，大图自动压缩，最多9张')).toBeVisible();
  await fileInput(page, '作品图片').setInputFiles([media.photoPng, media.photoJpeg]);
  await expect(uploadedImage(page, 1)).toBeVisible();
  await expect(uploadedImage(page, 2)).toBeVisible();
  await expect(page.getByText('已上传 2/9')).toBeVisible();

  // first the preview: what will be sent, read-only, with 修改 back to the form
  await button(page, '预览').click();
  await expectRoute(page, routes.apply.addWork);
  await expect(page).toHaveURL(/preview=1/);
  await expect(page.getByText('请核对以下信息，确认无误后提交；如需修改，点“修改”返回对应步骤。')).toBeVisible();
  await expect(page.getByLabel('作品名称', { exact: true })).toHaveCount(0);
  await expect(page.getByText(workTitle, { exact: true })).toBeVisible();
  await expect(page.getByText('李青（负责产品设计）')).toBeVisible();
  for (const n of [1, 2]) await expect(page.getByRole('img', { name: `作品图片${n}` })).toBeVisible();
  await expectAccessible(page, 'the work preview');
  // reloaded, the preview comes back from the saved draft
  await page.reload();
  await expect(page.getByText(workTitle, { exact: true })).toBeVisible();
  await expect(page.getByText('乡村振兴', { exact: true })).toBeVisible();
  await expect(page.getByText('李青（负责产品设计）')).toBeVisible();
  // 修改 leads back to the form with everything still there
  await page.getByRole('link', { name: '修改' }).click();
  await expect(page).not.toHaveURL(/preview=1/);
  await expect(page.getByLabel('作品名称', { exact: true })).toHaveValue(workTitle);
  await button(page, '预览').click();
  await expect(page).toHaveURL(/preview=1/);

  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === apiPaths.addWork);
  await button(page, '提交作品').click();
  const body = (await sent).postDataJSON() as { photos: string[]; team: unknown[]; title: string };
  expect(body.photos).toHaveLength(2);
  expect(body.team).toEqual([{ name: '李青', role: '负责产品设计' }]);
  await seeText(page, '提交成功...');

  await expectRoute(page, routes.cxb2024.workResult);
  await expect(page.getByTestId('application-status')).toHaveText('已提交');
  await expect(page.getByText(workTitle, { exact: true }).first()).toBeVisible();
  await expect(page.getByText('李青（负责产品设计）')).toBeVisible();
  for (const n of [1, 2]) await expect(page.getByRole('img', { name: `作品图片${n}` })).toBeVisible();

  await page.goto(at(routes.apply.index));
  const list = page.getByRole('list', { name: '我的作品' });
  await expect(list.getByRole('button', { name: workTitle })).toBeVisible();
  await expect(list.getByText('已提交', { exact: true })).toBeVisible();
  await list.getByRole('button', { name: workTitle }).click();
  await expectRoute(page, routes.cxb2024.workResult);
  await page.reload();
  await expect(page.getByTestId('application-status')).toHaveText('已提交');
  await expect(page.getByText('李青（负责产品设计）')).toBeVisible();
});

test('company: a wrong credit code is flagged, a valid one passes → licence → 提交申报 → companyResult; the home lists all entries', async ({ page }) => {
  const uscc = freshUscc();
  await signIn(page, user);
  await openEntry(page, '企业申报');
  await expectRoute(page, routes.cxb2024.companyApply);
  await expect(page.getByRole('heading', { name: '青年友好企业申报' })).toBeVisible();

  await page.getByLabel('企业名称', { exact: true }).fill(companyName);
  await page.getByLabel('统一社会信用代码', { exact: true }).fill(withWrongCheckChar(uscc));
  await expect(page.getByText('统一社会信用代码不正确')).toBeVisible();
  await page.getByLabel('统一社会信用代码', { exact: true }).fill(uscc.toLowerCase());
  await expect(page.getByLabel('统一社会信用代码', { exact: true })).toHaveValue(uscc);
  await expect(page.getByText('统一社会信用代码校验通过')).toBeVisible();
  await page.getByLabel('法定代表人', { exact: true }).fill('赵青');
  await page.getByLabel('所属行业', { exact: true }).selectOption('信息技术');
  await page.getByLabel('企业地址', { exact: true }).fill('广东省广州市天河区青年路1号');
  await page.getByLabel('联系人', { exact: true }).fill('钱青');
  await page.getByLabel('联系电话', { exact: true }).fill('13912340000');
  await page.getByLabel('企业简介', { exact: true }).fill('专注工业视觉检测，设立青年创新基金，支持青年员工技术攻关。');

  await button(page, '预览').click();
  await seeText(page, '请上传营业执照');
  await expectRoute(page, routes.cxb2024.companyApply);
  await fileInput(page, '营业执照').setInputFiles(mediaFiles().licencePng);
  await expect(uploadedImage(page, 1)).toBeVisible();
  await button(page, '预览').click();
  await expect(page.getByText('专注工业视觉检测，设立青年创新基金，支持青年员工技术攻关。')).toBeVisible();
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === apiPaths.applyCompany);
  await button(page, '提交申报').click();
  expect((await sent).postDataJSON()).toMatchObject({ companyName, uscc, industry: '信息技术' });
  await seeText(page, '提交成功...');

  await expectRoute(page, routes.cxb2024.companyResult);
  await expect(page.getByTestId('application-status')).toHaveText('已提交');
  await expect(page.getByText(uscc, { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: '营业执照' })).toBeVisible();

  // the programme home: the phase, and the user's three entries with their states
  await page.goto(at(routes.cxb2024.index));
  await expect(page.getByTestId('programme-phase')).toHaveText('申报中');
  const mine = page.getByRole('list', { name: '我的申报' });
  for (const name of ['个人申报', '企业申报', `作品：${workTitle}`]) {
    await expect(mine.getByRole('link', { name: new RegExp(`^${name}`) })).toContainText('已提交');
  }
  await mine.getByRole('link', { name: /^企业申报/ }).click();
  await expectRoute(page, routes.cxb2024.companyResult);
});

test('我的申报 opened directly and reloaded lists every entry from the server', async ({ page }) => {
  await signIn(page, user);
  await page.goto(at(routes.cxbCheck.index));
  const list = page.getByRole('region', { name: '申报记录' });
  for (const title of [companyName, workTitle]) await expect(list.getByRole('button', { name: new RegExp(title) })).toBeVisible();
  await page.reload();
  for (const title of [companyName, workTitle]) await expect(list.getByRole('button', { name: new RegExp(title) })).toBeVisible();
  await expect(page.getByText('暂无申报记录')).toHaveCount(0);
});

test('a withdrawn company entry shows 已撤回 with the reason, and 重新申报 starts from what was sent', async ({ page }) => {
  await signIn(page, user);
  await page.goto(at(routes.cxb2024.companyResult));
  await expect(page.getByTestId('application-status')).toHaveText('已提交');
  await button(page, '撤回申报').click();
  await page.getByLabel('撤回原因', { exact: true }).fill('营业执照需要更新');
  await button(page, '确认撤回').click();
  await expect(page.getByTestId('application-status')).toHaveText('已撤回');
  await expect(page.getByText('营业执照需要更新').first()).toBeVisible();
  await expect(page.getByText('您还没有提交企业申报')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('application-status')).toHaveText('已撤回');

  await button(page, '重新申报').click();
  await expectRoute(page, routes.cxb2024.companyApply);
  await expect(page.getByLabel('企业名称', { exact: true })).toHaveValue(companyName);
  await expect(page.getByLabel('法定代表人', { exact: true })).toHaveValue('赵青');
  await expect(uploadedImage(page, 1)).toBeVisible();
  await button(page, '预览').click();
  await button(page, '提交申报').click();
  await expectRoute(page, routes.cxb2024.companyResult);
  await expect(page.getByTestId('application-status')).toHaveText('已提交');
});
