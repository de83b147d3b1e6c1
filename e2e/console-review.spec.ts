/**
 * The review console end to end, each person on a phone of their own: an applicant submits a
 * membership application (through its form) and a rank-user application (through the API); their
 * look-up answers 9002. The admin signs in with the second factor and assigns both to the demo
 * reviewer; the reviewer signs in with the second factor and scores the membership application. The
 * admin stages 不通过 for the rank-user application (the look-up still answers 9002 while it is only
 * staged) and 退回修改 for the membership, and releases both after a confirmation that names them.
 * The applicant then sees each outcome: the look-up answers 9000 and checkStatus shows 申报未通过
 * with the reason; the membership page shows the return; two notifications wait on the account tab.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { routes } from '@qgw/contracts';
import { Code } from '@qgw/contracts';
import { at, registerViaApi, seeText, type TestUser } from './support/app.js';
import { expectRoute, isLookup, readApplyKeys, runLookup, signIn } from './support/applications.js';
import { submitRankUserViaApi } from './support/rank-user-api.js';
import { consoleNav, phoneContext, signInToConsole, submitMembership, uniqueName } from './support/console.js';
import { expect, test } from './support/test.js';

test.describe.configure({ mode: 'serial' });

const applyReason = '希望加入青工委，参与青年创新交流，为行业青年发展贡献力量。';
const comment = '岗位表现突出，建议补充近期免冠照片。';
const privateNote = '与申请人无利益关系';
const returnReason = '请补充个人照片为近期免冠正面照';
const rejectReason = '主要事迹与本届评选方向不符';

let applicant: TestUser;
let name: string;
/** the rank-user application's name: another one, so each application is found on its own */
let rankName: string;
let adminContext: BrowserContext;
let admin: Page;
let reviewerContext: BrowserContext;
let reviewer: Page;
let applicantContext: BrowserContext;
let applicantPage: Page;
/** uncaught errors on any of the three phones: a broken page even when the screen looks right */
const uncaught: string[] = [];

test.beforeAll(async ({ request, browser }) => {
  applicant = await registerViaApi(request);
  name = uniqueName();
  do rankName = uniqueName();
  while (rankName === name);
  await submitRankUserViaApi(request, applicant, rankName);
  adminContext = await phoneContext(browser);
  admin = await adminContext.newPage();
  reviewerContext = await phoneContext(browser);
  reviewer = await reviewerContext.newPage();
  applicantContext = await phoneContext(browser);
  applicantPage = await applicantContext.newPage();
  for (const [who, p] of [['admin', admin], ['reviewer', reviewer], ['applicant', applicantPage]] as const) {
    p.on('pageerror', (e) => uncaught.push(`${who}: ${e.message}`));
  }
});

test.afterAll(async () => {
  expect(uncaught, 'no page threw').toEqual([]);
  await adminContext.close();
  await reviewerContext.close();
  await applicantContext.close();
});

/** Narrows a console queue to one of the journey's applications by the name it carries. */
async function findInQueue(page: Page, title = name) {
  await consoleNav(page).getByRole('link', { name: '评审队列' }).click();
  await expect(page.getByRole('heading', { name: '评审队列' })).toBeVisible();
  // an admin's queue shows the current season; a membership application belongs to none: its kind lists it
  if (page === admin) await page.getByRole('combobox', { name: '类型' }).selectOption(title === name ? { label: '入会申请' } : { value: '' });
  await page.getByRole('searchbox').fill(title);
  await page.getByRole('search').getByRole('button', { name: '搜索' }).click();
  const rows = page.getByRole('list', { name: '评审队列' });
  await expect(rows.getByRole('listitem')).toHaveCount(1);
  return rows;
}

test('the applicant submits a membership application', async () => {
  test.setTimeout(90_000);
  const page = applicantPage;
  await signIn(page, applicant);
  await submitMembership(page, name, applyReason);
  await expect(page.getByText(applyReason)).toBeVisible();
});

/** The applicant (signed in on their phone) looks up the rank-user application from the programme page. */
async function lookUp(page: Page) {
  const answer = page.waitForResponse((r) => isLookup(r));
  await runLookup(page);
  return (await (await answer).json()) as { success: boolean; code: number; message: unknown };
}

test('the applicant looks up the rank-user application: 9002 → checkStatus?status=9002', async () => {
  const page = applicantPage;
  expect(await lookUp(page)).toMatchObject({ success: true, code: Code.UNDER_REVIEW });
  await expectRoute(page, routes.cxbCheck.checkStatus);
  expect(new URL(page.url()).hash).toContain(`status=${Code.UNDER_REVIEW}`);
  await expect(page.getByRole('heading', { name: '申报已提交', exact: true })).toBeVisible();
  expect((await readApplyKeys(page)).applyStatus).toBe(String(Code.UNDER_REVIEW));
});

/** Selects the application carrying `title` in the admin's queue and assigns it to the demo reviewer. */
async function assignToDemoReviewer(kindLabel: string, title: string) {
  const rows = await findInQueue(admin, title);
  const row = rows.getByRole('listitem');
  await expect(row).toContainText(kindLabel);
  await expect(row).toContainText('已提交');
  // the mobile is masked in the queue
  await expect(row).not.toContainText(applicant.mobile);

  await admin.getByRole('checkbox', { name: `选择 ${title}` }).check();
  await expect(admin.getByText('已选 1 项')).toBeVisible();
  await admin.getByRole('button', { name: '分配评审', exact: true }).click();
  const reviewers = admin.getByRole('group', { name: '评审' });
  await reviewers.getByLabel(/^演示评审（待评 \d+）$/).check();
  await reviewers.getByRole('button', { name: '确定' }).click();
  await expect(admin.getByRole('status').filter({ hasText: '已分配' })).toHaveText('已分配 1 项，已存在 0 项，拒绝 0 项');
  await expect(admin.getByText('已选 0 项')).toBeVisible();
}

test('the admin signs in with the authenticator code and assigns both applications to the demo reviewer', async () => {
  test.setTimeout(90_000);
  await signInToConsole(admin, 'admin');
  const nav = consoleNav(admin);
  await expect(nav.getByRole('link', { name: '待发布结论' })).toBeVisible();
  await assignToDemoReviewer('入会申请', name);
  await assignToDemoReviewer('创新榜', rankName);
});

test('the reviewer signs in with the authenticator code and scores the assigned application', async () => {
  test.setTimeout(90_000);
  await signInToConsole(reviewer, 'reviewer');
  const nav = consoleNav(reviewer);
  // a reviewer sees the queue only: no content editing, no decisions, no assignment
  await expect(nav.getByRole('link', { name: '评审队列' })).toBeVisible();
  await expect(nav.getByRole('link', { name: '待发布结论' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: '文章' })).toHaveCount(0);

  const rows = await findInQueue(reviewer);
  await expect(reviewer.getByRole('button', { name: '分配评审' })).toHaveCount(0);
  await expect(rows.getByRole('checkbox')).toHaveCount(0);
  await rows.getByRole('link', { name: new RegExp(name) }).click();
  await expect(reviewer.getByRole('heading', { name })).toBeVisible();

  const form = reviewer.getByRole('form', { name: '评审打分' });
  await expect(form).toBeVisible();
  // an incomplete score sheet is refused before anything is sent
  await form.getByRole('button', { name: '提交评审' }).click();
  await seeText(reviewer, '请为“岗位表现”打分');

  await form.getByLabel('岗位表现', { exact: true }).fill('8');
  await form.getByLabel('履职意愿', { exact: true }).fill('9');
  // each criterion out of 10, weights 50/50: (0.8·50 + 0.9·50) of 100
  await expect(form.getByRole('status', { name: '加权总分' })).toHaveText('85.00');
  await form.getByRole('radio', { name: '通过', exact: true }).check();
  await form.getByLabel('给申请人的意见', { exact: true }).fill(comment);
  await form.getByLabel('内部备注', { exact: true }).fill(privateNote);
  await form.getByRole('button', { name: '提交评审' }).click();
  await seeText(reviewer, '评审已提交');

  // the queue now marks it as reviewed by this reviewer
  const again = await findInQueue(reviewer);
  await expect(again.getByRole('listitem')).toContainText('已评审');
  // the reviewer has no decision panel
  await again.getByRole('link', { name: new RegExp(name) }).click();
  await expect(reviewer.getByRole('form', { name: '评审打分' })).toBeVisible();
  await expect(reviewer.getByRole('region', { name: '拟定结论' })).toHaveCount(0);
});

test('the admin stages 不通过 for the rank-user application; until it is released the look-up still answers 9002', async () => {
  test.setTimeout(90_000);
  const rows = await findInQueue(admin, rankName);
  await expect(rows.getByRole('listitem')).toContainText('审核中');
  await rows.getByRole('link', { name: new RegExp(rankName) }).click();
  await expect(admin.getByRole('heading', { name: rankName })).toBeVisible();
  const panel = admin.getByRole('region', { name: '拟定结论' });
  await panel.getByRole('radio', { name: '不通过', exact: true }).check();
  await panel.getByLabel('理由', { exact: true }).fill(rejectReason);
  await panel.getByRole('button', { name: '拟定结论' }).click();
  // nobody has reviewed it: a reject needs a reason to decide without reviews, which is audited
  await expect(panel.getByRole('alert')).toHaveText('该申报已完成评审 0 份，少于要求的 1 份；如确需直接作出结论，请填写理由');
  await panel.getByLabel('不经足够评审即作结论的理由', { exact: true }).fill('申报材料明显不符合评选条件，无需评审');
  await panel.getByRole('button', { name: '拟定结论' }).click();
  await seeText(admin, '结论已拟定');
  await expect(admin.getByRole('region', { name: '拟定结论' })).toContainText('已拟定：不通过（演示管理员）');

  // a staged decision is the admins' draft: the applicant still sees the application under review
  const page = applicantPage;
  expect(await lookUp(page)).toMatchObject({ success: true, code: Code.UNDER_REVIEW });
  await expectRoute(page, routes.cxbCheck.checkStatus);
  expect(new URL(page.url()).hash).toContain(`status=${Code.UNDER_REVIEW}`);
  await expect(page.getByRole('heading', { name: '申报审核中', exact: true })).toBeVisible();
  await expect(page.getByText(rejectReason)).toHaveCount(0);
});

test('the admin stages 退回修改 with a reason and releases both decisions after a confirmation that names them', async () => {
  test.setTimeout(90_000);
  // a fresh look at the queue, as the admin would take after the reviewer's work
  await admin.reload();
  await expect(consoleNav(admin)).toBeVisible();
  const rows = await findInQueue(admin);
  await expect(rows.getByRole('listitem')).toContainText('均分 85.0');
  await rows.getByRole('link', { name: new RegExp(name) }).click();
  await expect(admin.getByRole('heading', { name })).toBeVisible();

  const reviews = admin.getByRole('region', { name: '评审记录' });
  await expect(reviews).toContainText('演示评审：85.0 分，建议通过');
  await expect(reviews).toContainText(comment);
  await expect(reviews).toContainText(privateNote);

  const panel = admin.getByRole('region', { name: '拟定结论' });
  await panel.getByRole('radio', { name: '退回修改', exact: true }).check();
  await panel.getByLabel('理由', { exact: true }).fill(returnReason);
  await panel.getByRole('button', { name: '拟定结论' }).click();
  await seeText(admin, '结论已拟定');
  await expect(admin.getByRole('region', { name: '拟定结论' })).toContainText('已拟定：退回修改（演示管理员）');

  await consoleNav(admin).getByRole('link', { name: '待发布结论' }).click();
  await expect(admin.getByRole('heading', { name: '待发布结论' })).toBeVisible();
  // the membership decision and the current season's rank-user one, together
  await admin.getByRole('combobox', { name: '届次' }).selectOption({ label: '全部届次（含入会申请）' });
  const staged = admin.getByRole('list', { name: '待发布结论' });
  const line = `${name}（入会申请）：退回修改`;
  const item = staged.getByRole('listitem').filter({ hasText: line });
  await expect(item).toContainText(`理由：${returnReason}`);

  // the notice the applicant will get
  await item.getByRole('button', { name: '预览通知' }).click();
  const preview = item.getByLabel('通知预览');
  await expect(preview).toContainText('申报结果通知');
  await expect(preview).toContainText(`「${name}」需要修改后重新提交`);
  await expect(preview).toContainText(`原因：${returnReason}`);
  // the reviewer's comment to the applicant goes with it, the private note never
  await expect(preview).toContainText(comment);
  await expect(preview).not.toContainText(privateNote);
  await expect(preview).not.toContainText('演示评审');

  const rankLine = `${rankName}（创新榜）：不通过`;
  await expect(staged.getByRole('listitem').filter({ hasText: rankLine })).toContainText(`理由：${rejectReason}`);

  const releaseButton = admin.getByRole('button', { name: '发布所选' });
  await expect(releaseButton).toBeDisabled();
  await staged.getByRole('checkbox', { name: `选择 ${name}` }).check();
  await staged.getByRole('checkbox', { name: `选择 ${rankName}` }).check();
  await releaseButton.click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText('确定发布以下 2 项结论？');
  await expect(dialog.getByRole('listitem')).toHaveCount(2);
  for (const l of [line, rankLine]) await expect(dialog.getByRole('listitem').filter({ hasText: l })).toHaveText(l);
  await dialog.getByRole('button', { name: '发布', exact: true }).click();
  const result = admin.getByRole('status', { name: '发布结果' });
  await expect(result).toContainText(`${name}：已发布`);
  await expect(result).toContainText(`${rankName}：已发布`);
  await expect(staged.getByRole('listitem').filter({ hasText: line })).toHaveCount(0);
  await expect(staged.getByRole('listitem').filter({ hasText: rankLine })).toHaveCount(0);
});

test('the applicant looks up again: 9000 → checkStatus?status=9000 shows 申报未通过 with the reason', async () => {
  const page = applicantPage;
  expect(await lookUp(page)).toMatchObject({ success: false, code: Code.APPLY_REJECTED, message: rejectReason });
  await expectRoute(page, routes.cxbCheck.checkStatus);
  expect(new URL(page.url()).hash).toContain(`status=${Code.APPLY_REJECTED}`);
  await expect(page.getByRole('heading', { name: '申报未通过', exact: true })).toBeVisible();
  await expect(page.getByText(rejectReason).first()).toBeVisible();
  await expect(page.getByText(privateNote)).toHaveCount(0);
  const keys = await readApplyKeys(page);
  expect(keys.applyStatus).toBe(String(Code.APPLY_REJECTED));
  expect(keys.applyStatusMessage).toBe(rejectReason);
});

test('the applicant sees the returned application with the reason on the membership page', async () => {
  // the same phone, still signed in since the submission
  const page = applicantPage;
  // the applicant comes back to the page later: the programme page, then my membership
  await page.goto(at(routes.cxb.index));
  await expect(page.getByRole('heading', { name: '青年创新榜人物申报' })).toBeVisible();
  await page.goto(at(routes.member.detail));
  await expect(page.getByTestId('application-status')).toHaveText('退回修改');
  await expect(page.getByText(`审核意见${returnReason}`)).toBeVisible();
  await expect(page.getByRole('region', { name: '办理进度' }).getByText('退回修改', { exact: true })).toBeVisible();
  // the reviewer's private note never reaches the applicant
  await expect(page.getByText(privateNote)).toHaveCount(0);
  await page.getByRole('button', { name: '修改资料' }).click();
  await expect(page.getByText('申报被退回，请根据审核意见修改后重新提交')).toBeVisible();

  // and an in-app notification on the account tab, the same notice the admin previewed
  await page.goto(at(routes.account.index));
  await expect(page.getByLabel('2 条未读')).toBeVisible();
  await page.getByRole('button', { name: /消息通知/ }).click();
  const sheet = page.getByRole('dialog', { name: '消息通知' });
  const notice = sheet.getByRole('listitem').filter({ hasText: `「${name}」` });
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText('申报结果通知');
  await expect(notice).toContainText(`原因：${returnReason}`);
  await expect(notice).toContainText(comment);
  await expect(notice).not.toContainText(privateNote);
});
