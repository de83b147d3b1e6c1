import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, Code, limits, type UserProfile } from '@qgw/contracts';
import { detectImageKind } from '../src/modules/files/magic-bytes.js';
import { data, newUser, post, type TestUser } from './support/api.js';
import { jpeg, png, webp } from './support/media-fixtures.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await newUser(t.app);
});
afterAll(() => t.close());

// real images, generated (see support/media-fixtures.ts): the upload check walks their structure
const PNG = png();
const JPEG = jpeg();
const WEBP = webp();
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>');
const HTML = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');

function upload(file: { content: Buffer; filename: string; type: string; field?: string }, token: string | undefined = u.token) {
  const boundary = `----qgw${Date.now()}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\n` +
    `Content-Type: ${file.type}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), file.content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return t.app.inject({
    method: 'POST',
    url: apiPaths.uploadAvatar,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(token ? { authorization: token } : {}),
    },
    payload,
  });
}

const stored = async () => readdir(join(t.dataDir, 'uploads', 'avatars')).catch(() => [] as string[]);

describe('magic bytes', () => {
  it('recognises JPEG, PNG and WebP and nothing else', () => {
    expect(detectImageKind(PNG)).toBe('png');
    expect(detectImageKind(JPEG)).toBe('jpeg');
    expect(detectImageKind(WEBP)).toBe('webp');
    for (const b of [SVG, HTML, Buffer.from('RIFF0000WAVE'), Buffer.alloc(0), Buffer.from([0xff, 0xd8])]) {
      expect(detectImageKind(b)).toBeNull();
    }
  });
});

describe('POST /v1/uploadAvatar', () => {
  it('stores a PNG under a random name, serves it back safely, and lets the profile use it', async () => {
    const res = await upload({ content: PNG, filename: '../../me.png', type: 'image/png' });
    expect(res.statusCode).toBe(200);
    const { url } = data({ status: res.statusCode, body: res.json(), headers: res.headers, raw: res }) as { url: string };
    expect(url).toMatch(new RegExp(`^${apiPaths.avatarFile}/[a-f0-9]{32}\\.png$`));
    expect(await stored()).toContain(url.split('/').pop());

    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toMatch(/^inline/);
    expect(file.rawPayload.equals(PNG)).toBe(true);

    const p = data(await post<UserProfile>(t.app, apiPaths.updateProfile, { avatar: url }, { token: u.token }));
    expect(p.avatar).toBe(url);
  });

  it('a replaced picture is removed from the disk; one still in use by its account stays', async () => {
    const urlOf = async (content: Buffer, filename: string, type: string) =>
      ((await upload({ content, filename, type })).json() as { message: { url: string } }).message.url;
    const first = await urlOf(PNG, 'a.png', 'image/png');
    data(await post<UserProfile>(t.app, apiPaths.updateProfile, { avatar: first }, { token: u.token }));
    // saving the same picture again (with a new nickname) keeps it
    data(await post<UserProfile>(t.app, apiPaths.updateProfile, { avatar: first, nickname: '换了昵称' }, { token: u.token }));
    expect(await stored()).toContain(first.split('/').pop());
    const second = await urlOf(JPEG, 'b.jpg', 'image/jpeg');
    data(await post<UserProfile>(t.app, apiPaths.updateProfile, { avatar: second }, { token: u.token }));
    const files = await stored();
    expect(files).toContain(second.split('/').pop());
    expect(files).not.toContain(first.split('/').pop());
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    // no picture at all: the last one goes too
    data(await post<UserProfile>(t.app, apiPaths.updateProfile, { avatar: null }, { token: u.token }));
    expect(await stored()).not.toContain(second.split('/').pop());
  });

  it('uploads no profile uses are swept after an hour; pictures in use and fresh uploads stay', async () => {
    const urlOf = async (content: Buffer) => ((await upload({ content, filename: 'x.png', type: 'image/png' })).json() as { message: { url: string } }).message.url;
    const nameOf = (url: string) => url.split('/').pop()!;
    const inUse = await urlOf(PNG);
    data(await post<UserProfile>(t.app, apiPaths.updateProfile, { avatar: inUse }, { token: u.token }));
    const unused = await urlOf(PNG);
    const profiles = t.services.profiles;
    // within the hour nothing goes
    await profiles.sweepUnusedAvatars(Date.now() + 30 * 60 * 1000);
    expect(await stored()).toEqual(expect.arrayContaining([nameOf(inUse), nameOf(unused)]));
    // past it the unused upload goes, the profile's picture stays
    const removed = await profiles.sweepUnusedAvatars(Date.now() + 2 * 60 * 60 * 1000);
    expect(removed).toBeGreaterThanOrEqual(1);
    const files = await stored();
    expect(files).toContain(nameOf(inUse));
    expect(files).not.toContain(nameOf(unused));
    expect((await t.app.inject({ method: 'GET', url: inUse })).statusCode).toBe(200);
  });

  it('accepts JPEG and WebP', async () => {
    expect((await upload({ content: JPEG, filename: 'a.jpg', type: 'image/jpeg' })).json()).toMatchObject({ success: true });
    expect((await upload({ content: WEBP, filename: 'a.webp', type: 'image/webp' })).json()).toMatchObject({ success: true });
  });

  it('refuses SVG, HTML renamed .png, and a type mismatch, storing nothing', async () => {
    const before = await stored();
    const svg = await upload({ content: SVG, filename: 'a.svg', type: 'image/svg+xml' });
    expect(svg.statusCode).toBe(200);
    expect(svg.json()).toEqual({ success: false, code: Code.UNSUPPORTED_MEDIA_TYPE, message: '仅支持 JPG/PNG/WebP 格式的图片' });
    const html = await upload({ content: HTML, filename: 'a.png', type: 'image/png' });
    expect(html.json()).toMatchObject({ success: false, code: Code.UNSUPPORTED_MEDIA_TYPE });
    const mismatch = await upload({ content: PNG, filename: 'a.jpg', type: 'image/jpeg' });
    expect(mismatch.json()).toEqual({
      success: false,
      code: Code.UNSUPPORTED_MEDIA_TYPE,
      message: '图片内容与文件类型不符，请重新选择',
    });
    expect(await stored()).toEqual(before);
  });

  it('answers 413 beyond the size limit and stores nothing', async () => {
    const before = await stored();
    const big = Buffer.concat([PNG, Buffer.alloc(limits.avatar.maxBytes)]);
    const res = await upload({ content: big, filename: 'big.png', type: 'image/png' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, code: Code.PAYLOAD_TOO_LARGE, message: '图片不能超过 2MB' });
    expect(await stored()).toEqual(before);
  });

  it('needs a session, multipart, and the field named file', async () => {
    expect((await upload({ content: PNG, filename: 'a.png', type: 'image/png' }, '')).statusCode).toBe(401);
    const json = await post(t.app, apiPaths.uploadAvatar, { file: 'x' }, { token: u.token });
    expect(json.status).toBe(415);
    expect(json.body).toMatchObject({ success: false, code: Code.UNSUPPORTED_MEDIA_TYPE });
    const wrongField = await upload({ content: PNG, filename: 'a.png', type: 'image/png', field: 'avatar' });
    expect(wrongField.json()).toEqual({ success: false, code: Code.BAD_REQUEST, message: '请选择要上传的图片' });
  });
});

describe('GET /v1/avatars/:name', () => {
  it('answers 404 for unknown or malformed names', async () => {
    for (const name of [`${'b'.repeat(32)}.png`, 'x.png', '..%2F..%2Fapp.db', `${'c'.repeat(32)}.svg`]) {
      const res = await t.app.inject({ method: 'GET', url: `${apiPaths.avatarFile}/${name}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: Code.NOT_FOUND });
    }
  });
});
