import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, Code, type UploadedFile } from '@qgw/contracts';
import { isoAt } from '../src/clock.js';
import { data, get, newUser, type TestUser } from './support/api.js';
import { newConsoleUser } from './support/console.js';
import { uploaded, uploadImage } from './support/files.js';
import * as fx from './support/media-fixtures.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let photo: UploadedFile;
const content = fx.png({ width: 64, height: 48 });

beforeAll(async () => {
  t = await createTestApp();
  alice = await newUser(t.app);
  bob = await newUser(t.app);
  photo = uploaded(await uploadImage(t.app, alice.token, { content, type: 'image/png' }));
});
afterAll(() => t.close());

const fetchFile = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers });

const split = (url: string) => {
  const u = new URL(url, 'http://x');
  return { path: u.pathname, exp: u.searchParams.get('exp') ?? '', sig: u.searchParams.get('sig') ?? '' };
};

describe(`GET ${apiPaths.file}/:id`, () => {
  it('serves a signed URL with the stored type, nosniff, inline disposition, no caching and a sandbox', async () => {
    const res = await fetchFile(photo.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(content)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${photo.id}.png"`);
    // a private file is kept by no cache, the browser's included
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(Number(res.headers['content-length'])).toBe(content.length);
  });

  it('serves the owner and an admin by session header, and nobody else (a reviewer only with an assignment: console-review-files.test.ts)', async () => {
    const byOwner = await fetchFile(`${apiPaths.file}/${photo.id}`, { authorization: alice.token });
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.headers['cache-control']).toBe('no-store');
    expect((await fetchFile(`${apiPaths.file}/${photo.id}`, { authorization: bob.token })).statusCode).toBe(404);
    // a signed URL does not help another session: the header decides
    expect((await fetchFile(photo.url, { authorization: bob.token })).statusCode).toBe(404);
    expect((await fetchFile(`${apiPaths.file}/${photo.id}`, { authorization: 'Bearer nonsense' })).statusCode).toBe(401);
    for (const role of ['reviewer', 'admin'] as const) {
      // the role with a password alone does not open applicants' files: the console's second factor does
      await t.db.insertInto('user_roles').values({ user_id: bob.id, role, created_at: isoAt(Date.now()) }).execute();
      expect((await fetchFile(`${apiPaths.file}/${photo.id}`, { authorization: bob.token })).statusCode).toBe(404);
      expect((await get(t.app, apiPaths.getFileInfo, { id: photo.id }, { token: bob.token })).status).toBe(404);
      await t.db.deleteFrom('user_roles').where('user_id', '=', bob.id).where('role', '=', role).execute();
      const staff = await newConsoleUser(t.app, t.db, t.clock, [role]);
      // the photo is in no application, so no reviewer is assigned to it
      expect((await fetchFile(`${apiPaths.file}/${photo.id}`, { authorization: staff.token })).statusCode).toBe(role === 'admin' ? 200 : 404);
    }
  });

  it('answers 401 with neither a session nor a signature, 404 for unknown ids', async () => {
    const res = await fetchFile(`${apiPaths.file}/${photo.id}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, code: Code.UNAUTHORIZED, message: '登录已失效，请重新登录' });
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAAAA', '..%2F..%2Fapp.db', 'x']) {
      expect((await fetchFile(`${apiPaths.file}/${id}`, { authorization: alice.token })).statusCode).toBe(404);
    }
  });

  it('refuses tampered signatures, expiry, ids and viewers with 403', async () => {
    const other = uploaded(await uploadImage(t.app, alice.token, { content: fx.jpeg(), type: 'image/jpeg' }));
    const { path, exp, sig } = split(photo.url);
    const o = split(other.url);
    const flip = (s: string) => `${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    const tampered = [
      `${path}?exp=${exp}&sig=${flip(sig)}`,
      `${path}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `${path}?exp=${exp}&sig=${o.sig}`,
      `${o.path}?exp=${exp}&sig=${sig}`,
      `${path}?exp=${exp}&sig=${sig.replace(alice.id, bob.id)}`,
      `${path}?exp=${exp}`,
      `${path}?sig=${sig}`,
      `${path}?exp=soon&sig=${sig}`,
    ];
    for (const url of tampered) {
      const res = await fetchFile(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ success: false, code: Code.FORBIDDEN, message: '文件链接无效' });
    }
  });

  it('stops a URL after its hour, and when the viewer loses access', async () => {
    const info = data(await get<UploadedFile>(t.app, apiPaths.getFileInfo, { id: photo.id }, { token: alice.token }));
    expect((await fetchFile(info.url)).statusCode).toBe(200);
    t.clock.advance(66 * 60 * 1000);
    const expired = await fetchFile(info.url);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ success: false, code: Code.FORBIDDEN, message: '文件链接已过期，请刷新页面' });

    const fresh = data(await get<UploadedFile>(t.app, apiPaths.getFileInfo, { id: photo.id }, { token: alice.token }));
    expect(fresh.url).not.toBe(info.url);
    await t.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', alice.id).execute();
    expect((await fetchFile(fresh.url)).statusCode).toBe(403);
    await t.db.updateTable('users').set({ status: 'active' }).where('id', '=', alice.id).execute();
    expect((await fetchFile(fresh.url)).statusCode).toBe(200);

    // an admin's URL dies with the role (a reviewer's also with the assignment: console-review-files.test.ts)
    const admin = await newConsoleUser(t.app, t.db, t.clock, ['admin']);
    const forAdmin = data(await get<UploadedFile>(t.app, apiPaths.getFileInfo, { id: photo.id }, { token: admin.token }));
    expect((await fetchFile(forAdmin.url)).statusCode).toBe(200);
    await t.db.deleteFrom('user_roles').where('user_id', '=', admin.id).where('role', '=', 'admin').execute();
    expect((await fetchFile(forAdmin.url)).statusCode).toBe(404);
  });

  it('answers ranges, conditional requests and HEAD', async () => {
    const { url } = data(await get<UploadedFile>(t.app, apiPaths.getFileInfo, { id: photo.id }, { token: alice.token }));
    const part = await fetchFile(url, { range: 'bytes=0-15' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-15/${content.length}`);
    expect(part.rawPayload.equals(content.subarray(0, 16))).toBe(true);
    const suffix = await fetchFile(url, { range: 'bytes=-10' });
    expect(suffix.rawPayload.equals(content.subarray(content.length - 10))).toBe(true);
    const beyond = await fetchFile(url, { range: `bytes=${content.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${content.length}`);
    expect(beyond.json()).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    const several = await fetchFile(url, { range: 'bytes=0-1,4-5' });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.equals(content)).toBe(true);

    const etag = String(part.headers.etag);
    expect((await fetchFile(url, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await fetchFile(url, { range: 'bytes=0-3', 'if-range': '"other"' })).statusCode).toBe(200);
    expect((await fetchFile(url, { range: 'bytes=0-3', 'if-range': etag })).statusCode).toBe(206);

    const h = await fetchFile(url, {}, 'HEAD');
    expect(h.statusCode).toBe(200);
    expect(h.headers['content-type']).toBe('image/png');
    expect(h.rawPayload.length).toBe(0);
    expect(Number(h.headers['content-length'])).toBe(content.length);
  });
});

describe(`GET ${apiPaths.getFileInfo}`, () => {
  it("answers the owner's file with a fresh URL, and nobody else's", async () => {
    const mine = data(await get<UploadedFile>(t.app, apiPaths.getFileInfo, { id: photo.id }, { token: alice.token }));
    expect(mine).toMatchObject({ id: photo.id, mime: 'image/png', size: content.length });
    expect(mine.url).toContain(`sig=${alice.id}.`);

    const theirs = await get(t.app, apiPaths.getFileInfo, { id: photo.id }, { token: bob.token });
    expect(theirs.status).toBe(404);
    expect((await get(t.app, apiPaths.getFileInfo, { id: photo.id })).status).toBe(401);
    const bad = await get(t.app, apiPaths.getFileInfo, { id: '../x' }, { token: alice.token });
    expect(bad.body).toEqual({ success: false, code: Code.BAD_REQUEST, message: '文件无效，请重新上传' });
  });
});
