/**
 * A committee runs a round at a desk (1440×900): sixty applicants have submitted person entries
 * (个人申报) and five reviewers have accounts with their authenticator enrolled (set up through the
 * API). From there the demo admin works in the console only: sets 个人申报's 名额 to 10 and its
 * reviewers per application to 3 in 评选设置; in the queue filters the kind, selects all 60 matching
 * and assigns the first reviewer to all of them at once; on 分配评审 sees the coverage short, fills it
 * with 补足, sees each reviewer's n/m and reminds one. The first reviewer scores ten applications in a
 * row with the keyboard alone, landing on the next unreviewed one each time, 已评 10/60 at the end.
 * The admin then opens 排名 for the kind, sees the cut line under the ten best, stages them with
 * 拟定入选, releases them on 待发布结论 past the phase warning, and exports the kind as CSV and Excel.
 * Every console route visited is opened once more directly by its address, and is styled.
 */
import { readFileSync } from 'node:fs';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { registerViaApi } from './support/app.js';
import { consoleNav, consolePeople, totpFor } from './support/console.js';
import { deskContext, openDirectly, type Stop } from './support/console-desk.js';
import {
  adminApiSession, makeReviewer, myAssignments, reviewViaApi, rubricOfKind, signInAtDeskWith, submitPersonViaApi, totpOf, type RoundReviewer,
} from './support/console-round.js';
import { expect, test } from './support/test.js';

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false });

const APPLICATIONS = 60;
const QUOTA = 10;
const TARGET = 3;
const KEYBOARD_REVIEWS = 10;

/** 司徒 and two characters from the pool: the name says its index, and the prefix finds the round. */
const prefix = '司徒';
const pool = '安柏晨东芳刚涵浩';
const nameOf = (i: number) => `${prefix}${pool[Math.floor(i / pool.length)]}${pool[i % pool.length]}`;
const indexOf = (name: string) => pool.indexOf(name[2]!) * pool.length + pool.indexOf(name[3]!);

/**
 * The scores every criterion of the person rubric (35/35/30, each out of 10) gets for the entry at
 * `i`: the first ten are the round's best (90 or 86.5), every other is 60.5 or less, so the cut line
 * under ten places falls between them and cuts through no tie. No digit is 1 (it would wait for a 0).
 */
const digitsOf = (i: number): [number, number, number] => (i < QUOTA ? [9, i % 2 ? 9 : 8, 9] : [5 + (i % 3), 6, 5]);
const meanOf = (i: number) => (i < QUOTA ? (i % 2 ? '90.00' : '86.50') : null);

const ids: string[] = [];
const reviewers: RoundReviewer[] = [];
let adminToken: string;
let adminContext: BrowserContext;
let admin: Page;
let reviewerContext: BrowserContext;
let reviewer: Page;
const uncaught: string[] = [];
/** what the journey opened, to open once more directly */
const visited: Stop[] = [];
const keyboardReviewed: string[] = [];

test.beforeAll(async ({ request, browser }) => {
  test.setTimeout(420_000);
  for (let i = 0; i < APPLICATIONS; i++) ids.push(await submitPersonViaApi(request, await registerViaApi(request), nameOf(i)));
  adminToken = await adminApiSession(request);
  for (const nickname of ['评委赵', '评委钱', '评委孙', '评委李', '评委周']) reviewers.push(await makeReviewer(request, adminToken, nickname));
  adminContext = await deskContext(browser);
  admin = await adminContext.newPage();
  reviewerContext = await deskContext(browser);
  reviewer = await reviewerContext.newPage();
  for (const [who, p] of [['admin', admin], ['reviewer', reviewer]] as const) p.on('pageerror', (e) => uncaught.push(`${who}: ${e.message}`));
});

test.afterAll(async () => {
  expect(uncaught, 'no page threw').toEqual([]);
  await adminContext?.close();
  await reviewerContext?.close();
});

const first = () => reviewers[0]!;
const second = () => reviewers[1]!;

test('the admin sets 个人申报 to 10 places and 3 reviewers per application in 评选设置', async () => {
  test.setTimeout(120_000);
  await admin.goto('/#/console/login?redirect=%2Fconsole%2Freview');
  await signInAtDeskWith(admin, consolePeople.admin, () => totpFor('admin'));
  await consoleNav(admin).getByRole('link', { name: '评选设置' }).click();
  await admin.getByLabel('个人申报：名额').fill(String(QUOTA));
  await admin.getByLabel('个人申报：每项申报的评审人数').fill(String(TARGET));
  await admin.getByRole('button', { name: '保存' }).first().click();
  await expect(admin.getByText('保存成功')).toBeVisible();
  visited.push({ path: '/console/admin/programme', heading: '评选设置', css: ['main .qgw-cs-input', 'border-top-left-radius', '8px'] });
});

const queueTable = (page: Page) => page.getByRole('table', { name: '评审队列' });

test('in the queue the admin filters the kind, selects all 60 matching and assigns the first reviewer to them at once', async () => {
  await consoleNav(admin).getByRole('link', { name: '评审队列' }).click();
  await expect(queueTable(admin)).toBeVisible();
  await admin.getByLabel('类型', { exact: true }).selectOption('person');
  // this round's entries: the kind, and the names the round's applicants go by
  await admin.getByRole('searchbox').fill(prefix);
  await admin.getByRole('search').getByRole('button', { name: '搜索' }).click();
  await expect.poll(() => admin.url()).toContain('kind=person');
  await expect(queueTable(admin).getByRole('row').filter({ hasText: prefix }).first()).toBeVisible();

  await queueTable(admin).getByRole('checkbox', { name: '选择本页全部' }).check();
  await admin.getByRole('button', { name: `选择全部符合条件的 ${APPLICATIONS} 项` }).click();
  await expect(admin.getByText(`已选择全部符合条件的 ${APPLICATIONS} 项`)).toBeVisible();
  await expect(admin.getByText(`已选 ${APPLICATIONS} 项`)).toBeVisible();

  await admin.getByRole('button', { name: '分配评审', exact: true }).click();
  const choice = admin.getByRole('group', { name: '评审' });
  await choice.getByLabel(`${first().nickname}（待评 0）`).check();
  await choice.getByRole('button', { name: '确定' }).click();
  await expect(admin.getByRole('status').filter({ hasText: '已分配' })).toHaveText(`已分配 ${APPLICATIONS} 项，已存在 0 项，拒绝 0 项`);
  await expect(admin.getByText('已选 0 项')).toBeVisible();
  await expect(queueTable(admin).getByRole('row').filter({ hasText: nameOf(0) })).toContainText(first().nickname);
  visited.push({ path: `/console/review?kind=person&q=${encodeURIComponent(prefix)}`, heading: '评审队列', shows: (p) => queueTable(p).getByRole('row').filter({ hasText: prefix }) });
});

test('on 分配评审 the admin sees the coverage short, fills it with 补足, sees n/m per reviewer and reminds one', async () => {
  await consoleNav(admin).getByRole('link', { name: '分配评审' }).click();
  await expect(admin.getByRole('heading', { name: '分配评审', level: 1 })).toBeVisible();
  const coverage = admin.getByRole('region', { name: '评审人数覆盖' });
  const line = coverage.getByRole('listitem').filter({ hasText: '个人申报：' });
  // the round's 60, and any person entry another journey left with the reviewers
  await expect(line).toContainText(new RegExp(`^个人申报：(\\d+) 项待评审，每项应有 ${TARGET} 位评审`));
  const waiting = Number(/：(\d+) 项待评审/.exec((await line.textContent()) ?? '')?.[1]);
  expect(waiting).toBeGreaterThanOrEqual(APPLICATIONS);
  await expect(line).toContainText(`${waiting} 项评审人数不足`);

  await coverage.getByRole('button', { name: '补足个人申报评审' }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText(`补足到每项 ${TARGET} 位`);
  await dialog.getByRole('button', { name: '补足' }).click();
  // six reviewers (the five and the demo reviewer): every application gets its three
  const filled = coverage.getByRole('status');
  await expect(filled).toHaveText(/^已新分配 \d+ 人次，评审人数均已补足$/);
  expect(Number(/(\d+) 人次/.exec((await filled.textContent()) ?? '')?.[1])).toBeGreaterThanOrEqual(APPLICATIONS * (TARGET - 1));
  await expect(line).toContainText('评审人数均已达标');

  await admin.getByLabel('类型', { exact: true }).selectOption({ label: '个人申报' });
  const matrix = admin.getByRole('region', { name: '分配矩阵' });
  await expect(matrix.getByRole('rowheader', { name: new RegExp(nameOf(0)) })).toContainText(`评审 ${TARGET}/${TARGET}`);
  await expect(matrix.getByRole('button', { name: new RegExp(`^${first().nickname} · ${nameOf(0)}：已分配`) })).toBeVisible();

  const progress = admin.getByRole('region', { name: '评审进度' });
  await expect(progress.getByRole('row', { name: new RegExp(first().nickname) })).toContainText(`0/${APPLICATIONS} 已评`);
  let spread = 0;
  for (const r of reviewers.slice(1)) {
    const row = progress.getByRole('row', { name: new RegExp(r.nickname) });
    await expect(row).toContainText(/0\/\d+ 已评/);
    spread += Number(/0\/(\d+) 已评/.exec((await row.textContent()) ?? '')?.[1]);
  }
  // least loaded first: the other four (and the demo reviewer) carry the 补足 between them
  expect(spread).toBeGreaterThan(0);

  const row = progress.getByRole('row', { name: new RegExp(second().nickname) });
  await row.getByRole('button', { name: `提醒 ${second().nickname}` }).click();
  await expect(admin.getByRole('dialog')).toContainText('每位评审每小时最多提醒一次');
  await admin.getByRole('dialog').getByRole('button', { name: '提醒' }).click();
  await expect(progress.getByRole('status')).toHaveText(`已提醒 ${second().nickname}`);
  await expect(row.getByRole('button', { name: `提醒 ${second().nickname}` })).toBeDisabled();
  visited.push({ path: '/console/assignments', heading: '分配评审', shows: (p) => p.getByRole('region', { name: '评审进度' }) });
});

const progressText = (page: Page) => page.getByRole('navigation', { name: '我的评审进度' }).getByText(/^已评 \d+\/\d+$/);
const title = (page: Page) => page.locator('main .qgw-cs-page-title');
/** Nothing focused: the digits go to the first criterion not scored yet. */
const blur = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

test('the first reviewer scores ten in a row with the keyboard alone, landing on the next unreviewed each time', async () => {
  test.setTimeout(240_000);
  await reviewer.goto('/#/console/login?redirect=%2Fconsole%2Freview');
  await signInAtDeskWith(reviewer, first(), () => totpOf(first().secret));
  await expect(reviewer.getByRole('heading', { name: '评审队列' })).toBeVisible();
  const rows = reviewer.getByRole('list', { name: '评审队列' });
  await rows.getByRole('listitem').first().getByRole('link').first().click();

  const form = reviewer.getByRole('form', { name: '评审打分' });
  for (let n = 0; n < KEYBOARD_REVIEWS; n++) {
    await expect(title(reviewer)).toHaveText(new RegExp(`^${prefix}`));
    const name = (await title(reviewer).textContent())!;
    expect(keyboardReviewed, 'a new one each time').not.toContain(name);
    await expect(progressText(reviewer)).toHaveText(`已评 ${n}/${APPLICATIONS}`);
    await expect(form).toBeVisible();

    await blur(reviewer);
    for (const d of digitsOf(indexOf(name))) await reviewer.keyboard.press(String(d));
    // past the last criterion: the recommendation, chosen with Space
    const approve = form.getByRole('radio', { name: '通过', exact: true });
    await expect(approve).toBeFocused();
    await reviewer.keyboard.press('Space');
    await expect(approve).toBeChecked();
    await reviewer.keyboard.press('Control+Enter');
    keyboardReviewed.push(name);

    await expect(progressText(reviewer)).toHaveText(`已评 ${n + 1}/${APPLICATIONS}`);
    if (n + 1 < KEYBOARD_REVIEWS) await expect(title(reviewer)).not.toHaveText(name);
  }
  await expect(reviewer.getByRole('navigation', { name: '我的评审进度' }).getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(KEYBOARD_REVIEWS));
});

/**
 * The rest of the first reviewer's fifty are written through the API with their own verified session
 * (the score sheet's own request): the journey's subject is the keyboard for ten, and a ranking needs
 * every entry reviewed, not fifty more rounds of the same keys.
 */
async function reviewTheRest(request: APIRequestContext) {
  const criteria = await rubricOfKind(request, adminToken, 'person');
  const mine = await myAssignments(request, first());
  const open = mine.items.filter((a) => !a.reviewed && a.title.startsWith(prefix));
  expect(open).toHaveLength(APPLICATIONS - KEYBOARD_REVIEWS);
  for (const a of open) {
    const digits = digitsOf(indexOf(a.title));
    await reviewViaApi(request, first(), a.applicationId, Object.fromEntries(criteria.map((c, k) => [c.id, digits[k]!])));
  }
}

const ranking = (page: Page) => page.getByRole('table', { name: '排名列表' });

test('排名 for 个人申报 draws the cut line under the ten best; 拟定入选 stages them', async ({ request }) => {
  test.setTimeout(120_000);
  await reviewTheRest(request);
  await consoleNav(admin).getByRole('link', { name: '排名' }).click();
  await expect(admin.getByRole('heading', { name: '排名' })).toBeVisible();
  await admin.getByLabel('类型').selectOption('person');
  await expect(admin).toHaveURL(/[?&]kind=person/);
  for (let i = 0; i < QUOTA; i++) {
    const row = ranking(admin).getByRole('row').filter({ hasText: nameOf(i) });
    await expect(row).toContainText(meanOf(i)!);
    // the ties above the line: five share the first place at 90, five the sixth at 86.5
    await expect(row.getByRole('cell').first()).toHaveText(i % 2 ? '1并列' : '6并列');
  }

  const texts = await ranking(admin).getByRole('row').allTextContents();
  const cut = texts.indexOf(`入选线（名额 ${QUOTA} 个）`);
  expect(cut, 'the cut line is drawn').toBeGreaterThan(0);
  const rowIndex = (i: number) => texts.findIndex((t) => t.includes(nameOf(i)));
  for (let i = 0; i < APPLICATIONS; i++) {
    if (i < QUOTA) expect(rowIndex(i), `${nameOf(i)} above the line`).toBeLessThan(cut);
    else expect(rowIndex(i), `${nameOf(i)} below the line`).toBeGreaterThan(cut);
  }
  // no tie across the line: nothing to say about one
  await expect(admin.getByRole('alert').filter({ hasText: '跨越入选线' })).toHaveCount(0);

  await admin.getByRole('button', { name: '拟定入选' }).click();
  const panel = admin.getByRole('region', { name: '拟定入选' });
  await expect(panel).toContainText(`将入选线以上 ${QUOTA} 项`);
  await panel.getByRole('button', { name: '拟定', exact: true }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText(`确定拟定 ${QUOTA} 项通过？`);
  await dialog.getByRole('button', { name: '拟定', exact: true }).click();
  await expect(panel.getByRole('status')).toContainText(`已拟定 ${QUOTA} 项，拒绝 0 项`);
  for (let i = 0; i < QUOTA; i++) await expect(ranking(admin).getByRole('row').filter({ hasText: nameOf(i) })).toContainText('通过');
  await expect(ranking(admin).getByRole('row').filter({ hasText: nameOf(QUOTA) })).not.toContainText('通过');
  visited.push({ path: '/console/ranking?kind=person', heading: '排名', css: ['.qgw-rk-cut td', 'border-top-style', 'dashed'] });
});

test('待发布结论 shows the scores beside the decisions; the admin releases the ten past the phase warning', async () => {
  await consoleNav(admin).getByRole('link', { name: '待发布结论' }).click();
  await expect(admin.getByRole('heading', { name: '待发布结论' })).toBeVisible();
  const list = admin.getByRole('list', { name: '待发布结论' });
  for (let i = 0; i < QUOTA; i++) {
    const item = list.getByRole('listitem').filter({ hasText: nameOf(i) });
    await expect(item.locator('.qgw-rv-row-meta')).toContainText(`均分 ${meanOf(i)}`);
    await expect(item.locator('.qgw-rv-row-meta')).toContainText('评审 1 份');
    await item.getByRole('checkbox').check();
  }
  await admin.getByRole('button', { name: '发布所选' }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText(`确定发布以下 ${QUOTA} 项结论？`);
  // the demo programme is still taking entries: the dialog says the applicants hear at once
  await expect(dialog.getByRole('alert')).toContainText('评选当前阶段：');
  await dialog.getByRole('button', { name: '发布', exact: true }).click();
  const results = admin.getByRole('status', { name: '发布结果' });
  for (let i = 0; i < QUOTA; i++) await expect(results).toContainText(`${nameOf(i)}：已发布`);
  await expect(list.getByRole('listitem').filter({ hasText: nameOf(0) })).toHaveCount(0);
  visited.push({ path: '/console/decisions', heading: '待发布结论' });
});

test('the admin exports the kind from the queue: a CSV with the sixty rows, and an Excel workbook', async () => {
  await consoleNav(admin).getByRole('link', { name: '评审队列' }).click();
  await expect(admin.getByLabel('类型', { exact: true })).toHaveValue('person');
  const [csv] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: '导出 CSV' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const text = readFileSync((await csv.path())!, 'utf8');
  const roundRows = text.split(/\r?\n/).filter((l) => l.includes(prefix));
  expect(roundRows).toHaveLength(APPLICATIONS);
  for (let i = 0; i < APPLICATIONS; i++) expect(text).toContain(nameOf(i));

  const [xlsx] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: '导出 Excel' }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = readFileSync((await xlsx.path())!);
  // a workbook is a zip: it begins PK and holds its first sheet
  expect(book.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(book.includes(Buffer.from('xl/worksheets/sheet1.xml'))).toBe(true);
});

test('every console route of the round, opened directly by its address, is complete and styled', async () => {
  test.setTimeout(120_000);
  for (const stop of visited) await openDirectly(admin, stop);
  // the reviewer's queue and desk; decided applications leave the desk, so it is one still in review
  // (the eleventh), and the released ten are no longer counted in 已评 x/y
  const open = APPLICATIONS - QUOTA;
  await openDirectly(reviewer, { path: '/console/review', heading: '评审队列', shows: prefix });
  await openDirectly(reviewer, { path: `/console/review/${ids[QUOTA]!}`, heading: nameOf(QUOTA), shows: (p) => progressText(p) });
  await expect(progressText(reviewer)).toHaveText(`已评 ${open}/${open}`);
});
