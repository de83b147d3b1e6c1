/**
 * A phone photo and the programme's age range, as an applicant meets them on the 创新榜 form:
 * - a 10 MB JPEG straight from a phone (with its GPS position) is shrunk in the browser, with
 *   压缩中 progress, and what the server stores is at most 2 MB, at most 2560 px, with no EXIF;
 * - an ID number of someone born in 1980 is refused as soon as it is typed, the message naming the
 *   programme's range, and the form does not go on; a number inside the range is accepted.
 */
import exifr from 'exifr';
import sharp from 'sharp';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPaths, idNumberCheckDigit, imageShrink, limits, routes, type UploadedFile } from '@qgw/contracts';
import { expect, test } from './support/test.js';
import { expectAccessible } from './support/accessibility.js';
import { at, registerViaApi, seeText, type TestUser } from './support/app.js';
import { expectRoute, fileInput, freshIdNumber, signIn, uploadedImage } from './support/applications.js';

let user: TestUser;
let phonePhoto: string;

/** A 4000×3000 JPEG of about 10 MB, as a phone writes it, with a GPS position in Beijing. */
async function writePhonePhoto(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'qgw-e2e-photo-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const scene = await sharp({ create: { width: 250, height: 188, channels: 3, background: '#789', noise: { type: 'gaussian', mean: 128, sigma: 70 } } })
    .png()
    .toBuffer();
  const grain = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .png()
    .toBuffer();
  const photo = await sharp(scene)
    .resize(4000, 3000, { kernel: 'cubic' })
    .composite([{ input: grain, blend: 'overlay' }])
    .withExif({ IFD0: { Make: 'QGW Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 54/1 2710/100', GPSLongitudeRef: 'E', GPSLongitude: '116/1 23/1 1710/100' } })
    .jpeg({ quality: 96 })
    .toBuffer();
  const path = join(dir, 'IMG_20250601_093000.jpg');
  writeFileSync(path, photo);
  return path;
}

test.beforeAll(async ({ request }) => {
  user = await registerViaApi(request);
  phonePhoto = await writePhonePhoto();
});

test('a 10 MB phone photo is shrunk before upload, with progress, and stored at most 2 MB without its GPS position', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { size } = await import('node:fs').then((fs) => fs.statSync(phonePhoto));
  expect(size, 'the photo is far over the server limit').toBeGreaterThan(8 * 1024 * 1024);
  await signIn(page, user);
  await page.goto(at(routes.cxbApplication.videoNew));
  await expect(page.getByText('支持 JPG/PNG/WebP，大图自动压缩')).toBeVisible();

  const sent: number[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === apiPaths.uploadImage) sent.push(r.postDataBuffer()?.length ?? 0);
  });
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === apiPaths.uploadImage, { timeout: 60_000 });
  await fileInput(page, '证件照').setInputFiles(phonePhoto);
  await expect(page.getByRole('progressbar', { name: '压缩中' })).toBeVisible();
  const body = (await (await answer).json()) as { success: boolean; message: UploadedFile };
  expect(body.success).toBe(true);
  await expect(uploadedImage(page, 1)).toBeVisible();
  expect(sent[0], 'what went over the network is the shrunk photo').toBeLessThanOrEqual(imageShrink.targetBytes + 4096);

  // what a reviewer would download
  const stored = await request.get(body.message.url);
  expect(stored.status()).toBe(200);
  const bytes = await stored.body();
  expect(bytes.length).toBeLessThanOrEqual(imageShrink.targetBytes);
  expect(bytes.length).toBeLessThanOrEqual(limits.image.maxBytes);
  const meta = await sharp(bytes).metadata();
  expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(imageShrink.maxSide);
  expect(meta.exif).toBeUndefined();
  expect(await exifr.gps(bytes)).toBeUndefined();

  // the draft keeps the photo: a reload shows it again, styled, from the server
  await page.reload();
  await expectRoute(page, routes.cxbApplication.videoNew);
  await expect(uploadedImage(page, 1)).toBeVisible();
  // the upload control (the step bar and draft note around it are the form layout's, not this journey's)
  await expectAccessible(page, 'the photo upload with a shrunk photo', ['.qgw-img-grid']);
});

/** A valid ID number of someone born on the given day. */
function idBornOn(ymd: string): string {
  const first17 = `110105${ymd.replaceAll('-', '')}123`;
  return `${first17}${idNumberCheckDigit(first17)}`;
}

test('an ID number outside the programme’s age range is refused as it is typed, naming the range; the form does not go on', async ({ page }) => {
  await signIn(page, user);
  await page.goto(at(routes.cxbApplication.index));
  const id = page.getByLabel('身份证号码', { exact: true });
  await expect(page.getByText(/^本活动面向18–40周岁的青年，年龄按身份证号计算至\d{4}年\d{1,2}月\d{1,2}日$/)).toBeVisible();
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === apiPaths.saveDraft);
  await id.fill(idBornOn('1980-05-04'));
  const refusal = page.getByText(/^本活动面向18–40周岁的青年（年龄按身份证号计算至\d{4}年\d{1,2}月\d{1,2}日），您届时4\d周岁，不符合申报条件$/);
  await expect(refusal).toBeVisible();
  await expect(id).toHaveAttribute('aria-invalid', 'true');
  // the field's label and its refusal (the input's clear button is antd-mobile's own)
  await expectAccessible(page, 'the ID number field refusing an age outside the range', [
    '.qgw-app-field-invalid .qgw-app-field-label',
    '.qgw-app-field-invalid .qgw-app-field-error',
  ]);
  await page.getByRole('button', { name: '下一步', exact: true }).click();
  await expectRoute(page, routes.cxbApplication.index);

  // the draft keeps the number: after a reload the refusal is there again
  await saved;
  await page.reload();
  await expectRoute(page, routes.cxbApplication.index);
  await expect(refusal).toBeVisible();

  await id.fill(freshIdNumber().idNumber);
  await expect(refusal).toBeHidden();
  await seeText(page, '身份证号码');
});
