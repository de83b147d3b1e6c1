/**
 * What the application journeys share: the demo accounts, logging in through the UI, the look-up's
 * localStorage keys, valid personal data (ID numbers and credit codes with real check digits), real
 * media files on disk for the file pickers, and form filling by label as a person would.
 */
import { expect, type Locator, type Page, type Response } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomInt } from 'node:crypto';
import {
  apiPaths,
  idNumberCheckDigit,
  imageShrink,
  routes,
  storageKeys,
  usccCheckChar,
  type RoutePath,
} from '@qgw/contracts';
import { html, isoVideo, jpeg, png, svg } from '../../apps/api/test/support/media-fixtures.js';
import { at, hashRoute, readStorage, submitLogin, type TestUser } from './app.js';
import { pickerField, pickRegion, shownDate } from './pickers.js';

/** The seeded demo accounts (apps/api/src/db/seed.ts); none has a WeChat openid. */
export const demoPassword = 'Qgw-Demo-2024!';
export const demoApplicant: TestUser = { mobile: '13800000001', password: demoPassword, nickname: '演示申请人' };
export const demoReviewer: TestUser = { mobile: '13800000002', password: demoPassword, nickname: '演示评审' };

/**
 * Logs in through the login screen. Test users have no openid, so the app opens the bind page; the
 * session is stored by then, which is all the journeys need.
 */
export async function signIn(page: Page, user: TestUser): Promise<void> {
  await page.goto(at(routes.login.index));
  await submitLogin(page, user.mobile, user.password);
  await expect(page).toHaveURL(hashRoute(routes.login.bind));
  expect((await readStorage(page))[storageKeys.token], 'a session is stored').toBeTruthy();
}

// ---- the look-up's keys (docs/requirements.md#storage-keys) ----------------------------------------

export interface ApplyKeys {
  applyStatus: string | undefined;
  tempStatus: string | undefined;
  applyDetail: string | undefined;
  applyStatusMessage: string | undefined;
}

export async function readApplyKeys(page: Page): Promise<ApplyKeys> {
  const s = await readStorage(page);
  return {
    applyStatus: s[storageKeys.applyStatus],
    tempStatus: s[storageKeys.tempStatus],
    applyDetail: s[storageKeys.applyDetail],
    applyStatusMessage: s[storageKeys.applyStatusMessage],
  };
}

/** A stored JSON value, parsed; fails the test when the key is missing or not JSON. */
export function parsed<T = unknown>(raw: string | undefined, key: string): T {
  expect(raw, `${key} is stored`).toBeDefined();
  try {
    return JSON.parse(raw ?? '') as T;
  } catch {
    throw new Error(`${key} is not JSON: ${raw}`);
  }
}

/** The rank-user look-up's answers, as the page received them. */
export const isLookup = (r: Response, type: 'check' | 'info' = 'check') => {
  const u = new URL(r.url());
  return u.pathname === apiPaths.getRankUser && u.searchParams.get('type') === type;
};

/** Opens the rank-user programme page and runs the look-up with 立即申报. */
export async function runLookup(page: Page): Promise<void> {
  await page.goto(at(routes.cxb.index));
  await expect(page.getByRole('heading', { name: '青年创新榜人物申报' })).toBeVisible();
  // 我的申报 runs the look-up; 立即申报 opens the form itself
  await page.getByRole('button', { name: /我的申报/ }).click();
}

// ---- valid personal data -----------------------------------------------------------------------------

export interface IdentityFacts {
  idNumber: string;
  birthDate: string;
  gender: '男' | '女';
}

/**
 * A valid resident ID number (GB 11643 check digit) with a random birth date inside the programme's
 * default age range (23–37 years old this year), and what it says.
 */
export function freshIdNumber(): IdentityFacts {
  const year = new Date().getFullYear() - 37 + randomInt(0, 15);
  const month = String(randomInt(1, 13)).padStart(2, '0');
  const day = String(randomInt(1, 29)).padStart(2, '0');
  const seq = String(randomInt(0, 1000)).padStart(3, '0');
  const first17 = `110105${year}${month}${day}${seq}`;
  return {
    idNumber: `${first17}${idNumberCheckDigit(first17)}`,
    birthDate: `${year}-${month}-${day}`,
    gender: Number(seq[2]) % 2 === 1 ? '男' : '女',
  };
}

/** The same number with a wrong check digit. */
export const withWrongCheckDigit = (id: string): string => `${id.slice(0, 17)}${id[17] === '0' ? '1' : '0'}`;

/** A valid unified social credit code (GB 32100 check character). */
export function freshUscc(): string {
  const first17 = `91110105MA${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  const check = usccCheckChar(first17);
  if (!check) throw new Error('usccCheckChar refused a well-formed prefix');
  return `${first17}${check}`;
}

/** The same code with another (wrong) check character. */
export const withWrongCheckChar = (code: string): string => `${code.slice(0, 17)}${code[17] === 'A' ? 'B' : 'A'}`;

export interface PersonalInfo {
  name: string;
  identity: IdentityFacts;
  politicalStatus: string;
  education: string;
  organization: string;
  position: string;
  /** province, city, district as the region picker offers them */
  region: readonly string[];
  contactMobile: string;
  email?: string;
}

export const samplePerson = (over: Partial<PersonalInfo> = {}): PersonalInfo => ({
  name: '王青云',
  identity: freshIdNumber(),
  politicalStatus: '共青团员',
  education: '本科',
  organization: '青城智造有限公司',
  position: '研发工程师',
  region: ['广东省', '广州市', '天河区'],
  contactMobile: '13912345678',
  ...over,
});

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/**
 * Name, ID number, gender, birth date, political status and education. The ID number is typed
 * first after the name: a valid one fills in the birth date and gender it carries, which is checked.
 */
export async function fillIdentityFields(page: Page, p: PersonalInfo): Promise<void> {
  await field(page, '姓名').fill(p.name);
  await field(page, '身份证号码').fill(p.identity.idNumber);
  await expect(pickerField(page, '出生日期'), 'the birth date comes from the ID number').toHaveText(shownDate(p.identity.birthDate));
  await expect(page.getByRole('radio', { name: p.identity.gender }), 'the gender comes from the ID number').toBeChecked();
  await field(page, '政治面貌').selectOption(p.politicalStatus);
  await field(page, '学历').selectOption(p.education);
}

/** Organisation, position, region, contact mobile and (optional) e-mail. */
export async function fillWorkInfoFields(page: Page, p: PersonalInfo): Promise<void> {
  await field(page, '工作单位').fill(p.organization);
  await field(page, '职务').fill(p.position);
  await pickRegion(page, p.region);
  await field(page, '联系电话').fill(p.contactMobile);
  if (p.email !== undefined) await field(page, '电子邮箱').fill(p.email);
}

// ---- media ------------------------------------------------------------------------------------------

export interface MediaFiles {
  photoPng: string;
  photoJpeg: string;
  licencePng: string;
  /** an MP4 a little over one tus chunk, so that it goes up in two PATCH requests */
  videoMp4: string;
  /** an HTML page named like a photo: the server's magic-byte check must refuse it */
  fakePng: string;
  /** an HTML page named like a video */
  fakeMp4: string;
  /** a real PNG one byte over the image limit */
  largePng: string;
  /** an SVG (scriptable): not an accepted image type */
  svg: string;
  /** a video container the programme does not take */
  avi: string;
}

let media: MediaFiles | null = null;

/**
 * Real media written to a temporary directory once per worker. Files on disk (unlike in-memory
 * buffers) keep their modification time, which tus uses to recognise the same video after a reload.
 */
export function mediaFiles(): MediaFiles {
  if (media) return media;
  const dir = mkdtempSync(join(tmpdir(), 'qgw-e2e-media-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, bytes: Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  };
  media = {
    photoPng: write('证件照.png', png({ width: 48, height: 64 })),
    photoJpeg: write('work-2.jpg', jpeg()),
    licencePng: write('营业执照.png', png({ width: 64, height: 48 })),
    videoMp4: write('个人介绍.mp4', isoVideo(6 * 1024 * 1024)),
    fakePng: write('not-an-image.png', html()),
    fakeMp4: write('not-a-video.mp4', Buffer.concat([html(), Buffer.alloc(64 * 1024, 0x20)])),
    // past what the browser takes to shrink (smaller pictures are shrunk, not refused)
    largePng: write('large.png', png({ trailing: Buffer.alloc(imageShrink.pickMaxBytes + 1 - png().length) })),
    svg: write('vector.svg', svg()),
    avi: write('clip.avi', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('AVI LIST'), Buffer.alloc(1024)])),
  };
  return media;
}

/** The file input a labelled upload control opens (the label also names its progress bar). */
export const fileInput = (page: Page, label: string): Locator =>
  page.getByLabel(label).and(page.locator('input[type="file"]'));

/** An upload tile's thumbnail button, 查看第n张图片. */
export const uploadedImage = (page: Page, n: number): Locator =>
  page.getByRole('button', { name: `查看第${n}张图片`, exact: true });

// ---- answers --------------------------------------------------------------------------------------------

/** Answers every call to `path` with a business failure, as the server would. */
export async function failApi(page: Page, path: string, message = 'x', code = 5000): Promise<() => Promise<void>> {
  const matcher = (url: URL) => url.pathname === path;
  await page.route(matcher, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: false, code, message }) }),
  );
  return () => page.unroute(matcher);
}

/** Waits until the page shows `route` (any query). */
export const expectRoute = (page: Page, route: RoutePath) => expect(page).toHaveURL(hashRoute(route));
