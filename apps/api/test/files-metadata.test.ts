import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, type ContentUploadResponse } from '@qgw/contracts';
import { inspectImage } from '../src/modules/files/image-inspection.js';
import { data, newUser, type TestUser } from './support/api.js';
import { newAdmin } from './support/content.js';
import { gpsPhoto, pixel } from './support/exif-fixtures.js';
import { uploaded, uploadImage } from './support/files.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let alice: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await newUser(t.app);
  admin = await newAdmin(t);
});
afterAll(() => t.close());

/** The stored file's bytes, as a reviewer downloading it gets them. */
async function download(url: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** Nothing of the phone's metadata is left: no EXIF (GPS, device), no XMP, and the image still reads. */
async function expectClean(stored: Buffer) {
  const meta = await sharp(stored).metadata();
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
  const text = stored.toString('latin1');
  for (const trace of ['Exif\0', 'QGW Phone', 'Applicant', 'xmpmeta', 'eXIf']) expect(text).not.toContain(trace);
  if (meta.format !== 'webp') expect(await exifr.gps(stored)).toBeUndefined();
  expect(inspectImage(stored).ok).toBe(true);
}

const multipartType = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

describe('stored images carry no metadata', () => {
  it('removes EXIF (GPS, device), XMP and text from JPEG, PNG and WebP, keeping the picture', async () => {
    for (const kind of ['jpeg', 'png', 'webp'] as const) {
      const photo = await gpsPhoto({ kind });
      // the fixture is what a phone sends: a position in Beijing
      if (kind !== 'webp') expect(await exifr.gps(photo)).toMatchObject({ latitude: expect.closeTo(39.9, 1) });
      const f = uploaded(await uploadImage(t.app, alice.token, { content: photo, type: multipartType[kind], purpose: 'photo' }));
      const stored = await download(f.url);
      await expectClean(stored);
      expect(f.size).toBe(stored.length);
      expect(f.size).toBeLessThan(photo.length);
      const row = await t.db.selectFrom('files').select(['size']).where('id', '=', f.id).executeTakeFirstOrThrow();
      expect(Number(row.size)).toBe(stored.length);
      expect(await sharp(stored).metadata()).toMatchObject({ width: 40, height: 20 });
      // an upright image is not encoded again: its pixels are the very same
      const raw = async (b: Buffer) => sharp(b).raw().toBuffer();
      expect((await raw(stored)).equals(await raw(photo)), kind).toBe(true);
    }
  });

  it('keeps the JPEG image data byte for byte when only metadata goes', async () => {
    const photo = await gpsPhoto({ kind: 'jpeg' });
    const stored = await download(uploaded(await uploadImage(t.app, alice.token, { content: photo, type: 'image/jpeg' })).url);
    const scan = (b: Buffer) => b.subarray(b.indexOf(Buffer.from([0xff, 0xda])));
    expect(scan(stored).equals(scan(photo))).toBe(true);
  });

  it('applies an EXIF orientation to the pixels before dropping it, so the photo stays upright', async () => {
    for (const kind of ['jpeg', 'png', 'webp'] as const) {
      const photo = await gpsPhoto({ kind, orientation: 6 });
      const stored = await download(uploaded(await uploadImage(t.app, alice.token, { content: photo, type: multipartType[kind] })).url);
      await expectClean(stored);
      // orientation 6 shows the picture turned 90° clockwise: 20 wide, 40 high, its left (red) half on top
      expect(await sharp(stored).metadata(), kind).toMatchObject({ width: 20, height: 40 });
      const [r1, , b1] = await pixel(stored, 10, 5);
      const [r2, , b2] = await pixel(stored, 10, 35);
      expect(r1, kind).toBeGreaterThan(200);
      expect(b1, kind).toBeLessThan(60);
      expect(b2, kind).toBeGreaterThan(200);
      expect(r2, kind).toBeLessThan(60);
    }
  });

  it('drops a second picture a phone appended after the image, with its own EXIF', async () => {
    const photo = await gpsPhoto({ kind: 'jpeg' });
    const appended = Buffer.concat([photo, await gpsPhoto({ kind: 'jpeg', width: 10, height: 10 })]);
    const stored = await download(uploaded(await uploadImage(t.app, alice.token, { content: appended, type: 'image/jpeg' })).url);
    await expectClean(stored);
    expect(stored.indexOf(Buffer.from([0xff, 0xd8]), 2)).toBe(-1);
  });

  it('stores an avatar without its EXIF', async () => {
    const photo = await gpsPhoto({ kind: 'jpeg' });
    const boundary = '----qgwavatar';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.uploadAvatar,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: alice.token },
      payload,
    });
    const { url } = data({ status: res.statusCode, body: res.json(), headers: res.headers, raw: res }) as { url: string };
    const name = url.split('/').pop()!;
    expect(await readdir(join(t.dataDir, 'uploads', 'avatars'))).toContain(name);
    await expectClean(await readFile(join(t.dataDir, 'uploads', 'avatars', name)));
  });

  it('stores a content image (cover, leader photo) without its EXIF', async () => {
    const photo = await gpsPhoto({ kind: 'jpeg' });
    const boundary = '----qgwcontent';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cover.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.contentAdminUpload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: admin.token },
      payload,
    });
    const answer = (res.json() as { success: boolean; message: ContentUploadResponse }).message;
    const stored = await download(answer.url);
    await expectClean(stored);
    expect(answer.size).toBe(stored.length);
  });
});
