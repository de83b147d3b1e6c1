import { randomUUID } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, Code, limits } from '@qgw/contracts';
import { isoAt } from '../src/clock.js';
import { assertOwnedFiles, attachOwnedFiles } from '../src/modules/files/file-links.js';
import { newUser, rowCounts, type TestUser } from './support/api.js';
import { fileRows, multipartBody, uploaded, uploadImage, uploadsOnDisk } from './support/files.js';
import * as fx from './support/media-fixtures.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await newUser(t.app);
  bob = await newUser(t.app);
});
afterAll(() => t.close());

const failure = (res: { statusCode: number; json(): unknown }) => ({ status: res.statusCode, body: res.json() });

/** Everything an upload can leave behind: rows, audit entries, bytes on disk. */
async function snapshot() {
  return { rows: await fileRows(t.db), counts: await rowCounts(t.db), disk: await uploadsOnDisk(t.dataDir) };
}

describe('POST /v1/uploadImage', () => {
  it('stores PNG, JPEG and WebP under generated names and answers a signed URL that serves the same bytes', async () => {
    const cases = [
      { content: fx.png({ width: 30, height: 20 }), type: 'image/png', mime: 'image/png', ext: 'png', purpose: 'photo' },
      { content: fx.jpeg(), type: 'image/jpeg', mime: 'image/jpeg', ext: 'jpg', purpose: 'work' },
      { content: fx.webp(), type: 'image/webp', mime: 'image/webp', ext: 'webp', purpose: 'license' },
    ];
    for (const c of cases) {
      const res = await uploadImage(t.app, alice.token, { content: c.content, type: c.type, filename: '../../etc/passwd.html', purpose: c.purpose });
      const f = uploaded(res);
      expect(f).toMatchObject({ mime: c.mime, size: c.content.length });
      expect(f.id).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
      expect(f.url).toMatch(new RegExp(`^${apiPaths.file}/${f.id}\\?exp=\\d+&sig=${alice.id}\\.[A-Za-z0-9_-]{43}$`));

      const row = await t.db.selectFrom('files').selectAll().where('id', '=', f.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ owner_id: alice.id, kind: 'image', purpose: c.purpose, mime: c.mime, status: 'complete', application_id: null });
      expect(Number(row.size)).toBe(c.content.length);
      // a generated name, nothing from the client's file name
      expect(row.storage_key).toMatch(new RegExp(`^files/[a-f0-9]{32}\\.${c.ext}$`));

      const served = await t.app.inject({ method: 'GET', url: f.url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(c.content)).toBe(true);
      expect(served.headers['content-type']).toBe(c.mime);
    }
    expect((await uploadsOnDisk(t.dataDir)).filter((p) => !p.startsWith('files/'))).toEqual([]);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'file.upload').where('actor_id', '=', alice.id).execute();
    expect(audit.length).toBeGreaterThanOrEqual(3);
  });

  it('takes the purpose from a form field placed before the file', async () => {
    const f = uploaded(await uploadImage(t.app, alice.token, { content: fx.png(), type: 'image/png', purpose: 'license', purposeIn: 'field' }));
    const row = await t.db.selectFrom('files').select('purpose').where('id', '=', f.id).executeTakeFirstOrThrow();
    expect(row.purpose).toBe('license');
  });

  it('accepts a photo a WebView sent without a type, judged by its content', async () => {
    const f = uploaded(await uploadImage(t.app, alice.token, { content: fx.jpeg(), type: 'application/octet-stream' }));
    expect(f.mime).toBe('image/jpeg');
  });

  it('refuses SVG, HTML, a renamed executable, polyglots and mismatched types, storing nothing', async () => {
    const before = await snapshot();
    const refused: [Buffer, string, string][] = [
      [fx.svg(), 'image/svg+xml', '仅支持 JPG/PNG/WebP 格式的图片'],
      [fx.svg(), 'image/png', '仅支持 JPG/PNG/WebP 格式的图片'],
      [fx.html(), 'image/png', '仅支持 JPG/PNG/WebP 格式的图片'],
      [fx.exe(), 'image/jpeg', '仅支持 JPG/PNG/WebP 格式的图片'],
      [fx.pngHtmlPolyglot(), 'image/png', '图片中含有不安全的内容，请重新选择'],
      [fx.pngAppendedHtml(), 'image/png', '图片中含有不安全的内容，请重新选择'],
      [fx.jpegScriptComment(), 'image/jpeg', '图片中含有不安全的内容，请重新选择'],
      [fx.webpSvgPolyglot(), 'image/webp', '图片中含有不安全的内容，请重新选择'],
      [fx.png(), 'image/jpeg', '图片内容与文件类型不符，请重新选择'],
      [fx.png(), 'text/html', '图片内容与文件类型不符，请重新选择'],
      [fx.png().subarray(0, 40), 'image/png', '图片文件已损坏或格式不正确，请重新选择'],
    ];
    for (const [content, type, message] of refused) {
      const res = await uploadImage(t.app, alice.token, { content, type, filename: 'x.png' });
      expect(failure(res)).toEqual({ status: 200, body: { success: false, code: Code.UNSUPPORTED_MEDIA_TYPE, message } });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 413 beyond limits.image.maxBytes and leaves no temporary file', async () => {
    const before = await snapshot();
    const big = fx.png({ trailing: Buffer.alloc(limits.image.maxBytes) });
    const res = await uploadImage(t.app, alice.token, { content: big, type: 'image/png' });
    expect(failure(res)).toEqual({ status: 413, body: { success: false, code: Code.PAYLOAD_TOO_LARGE, message: '图片不能超过 5MB' } });
    expect(await snapshot()).toEqual(before);
  });

  it('accepts a file of exactly the limit (the cap is not off by one)', async () => {
    const base = fx.jpeg();
    const exact = fx.jpeg({ trailing: Buffer.alloc(limits.image.maxBytes - base.length) });
    expect(exact.length).toBe(limits.image.maxBytes);
    // accepted; what followed the image's end is not stored (image-metadata.ts)
    expect(uploaded(await uploadImage(t.app, alice.token, { content: exact, type: 'image/jpeg' })).size).toBe(base.length);
  });

  it('needs a session, multipart, the field named file and a known purpose', async () => {
    const before = await snapshot();
    expect(failure(await uploadImage(t.app, undefined, { content: fx.png(), type: 'image/png' }))).toEqual({
      status: 401,
      body: { success: false, code: Code.UNAUTHORIZED, message: '登录已失效，请重新登录' },
    });
    expect((await uploadImage(t.app, 'not-a-token', { content: fx.png(), type: 'image/png' })).statusCode).toBe(401);
    const json = await t.app.inject({
      method: 'POST',
      url: `${apiPaths.uploadImage}?purpose=photo`,
      headers: { authorization: alice.token, 'content-type': 'application/json' },
      payload: '{"file":"x"}',
    });
    expect(failure(json)).toMatchObject({ status: 415, body: { success: false, code: Code.UNSUPPORTED_MEDIA_TYPE } });
    expect(failure(await uploadImage(t.app, alice.token, { content: fx.png(), type: 'image/png', field: 'photo' }))).toEqual({
      status: 200,
      body: { success: false, code: Code.BAD_REQUEST, message: '请选择要上传的图片' },
    });
    for (const purpose of ['avatar', '', 'PHOTO']) {
      expect(failure(await uploadImage(t.app, alice.token, { content: fx.png(), type: 'image/png', purpose }))).toEqual({
        status: 200,
        body: { success: false, code: Code.BAD_REQUEST, message: '上传用途无效' },
      });
    }
    expect(failure(await uploadImage(t.app, alice.token, { content: fx.png(), type: 'image/png', purposeIn: 'none' }))).toMatchObject({
      body: { success: false, code: Code.BAD_REQUEST },
    });
    expect(failure(await uploadImage(t.app, alice.token, { content: Buffer.alloc(0), type: 'image/png' }))).toMatchObject({
      body: { success: false, code: Code.BAD_REQUEST, message: '请选择要上传的图片' },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses fuzzed multipart bodies without a 5xx and without writing anything', async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.uint8Array({ maxLength: 600 }), fc.constantFrom(fx.png().subarray(0, 8), Buffer.from([0xff, 0xd8, 0xff]))),
        fc.constantFrom('image/png', 'image/jpeg', 'image/webp', 'image/svg+xml', 'text/html', ''),
        fc.constantFrom('photo', 'work', 'license', 'x', '../../'),
        async (bytes, type, purpose) => {
          const { payload, contentType } = multipartBody({ content: Buffer.from(bytes), type: type || 'application/x-unknown' });
          const res = await t.app.inject({
            method: 'POST',
            url: apiPaths.uploadImage,
            query: { purpose },
            headers: { 'content-type': contentType, authorization: alice.token },
            payload,
          });
          expect(res.statusCode).toBeLessThan(500);
          expect(res.json()).toMatchObject({ success: false });
        },
      ),
      { numRuns: 60 },
    );
    // raw garbage as the body of a multipart request
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), async (bytes) => {
        const res = await t.app.inject({
          method: 'POST',
          url: `${apiPaths.uploadImage}?purpose=photo`,
          headers: { 'content-type': 'multipart/form-data; boundary=zz', authorization: alice.token },
          payload: Buffer.from(bytes),
        });
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json()).toMatchObject({ success: false });
      }),
      { numRuns: 40 },
    );
    expect(await snapshot()).toEqual(before);
  });
});

describe('a file and its row are written together', () => {
  it('leaves no file when the database insert fails', async () => {
    const before = await snapshot();
    if (t.dialect === 'postgres') {
      await sql`create function files_fail() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end; $$`.execute(t.db);
      await sql`create trigger files_fail_insert before insert on files for each row execute function files_fail()`.execute(t.db);
    } else {
      await sql`create trigger files_fail_insert before insert on files begin select raise(abort, 'injected failure'); end`.execute(t.db);
    }
    try {
      const res = await uploadImage(t.app, alice.token, { content: fx.png(), type: 'image/png' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ success: false, code: Code.INTERNAL, message: '服务器开小差了，请稍后再试' });
    } finally {
      if (t.dialect === 'postgres') {
        await sql`drop trigger files_fail_insert on files`.execute(t.db);
        await sql`drop function files_fail()`.execute(t.db);
      } else {
        await sql`drop trigger files_fail_insert`.execute(t.db);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('leaves no row when the file cannot be moved into place', async () => {
    const before = await snapshot();
    const filesDir = join(t.dataDir, 'uploads', 'files');
    const kept = join(t.dataDir, 'uploads', 'files-kept');
    await rm(kept, { recursive: true, force: true });
    await rename(filesDir, kept);
    // a plain file where the directory should be: the move fails
    await writeFile(filesDir, '');
    try {
      const res = await uploadImage(t.app, alice.token, { content: fx.jpeg(), type: 'image/jpeg' });
      expect(res.statusCode).toBe(500);
    } finally {
      await rm(filesDir, { force: true });
      await rename(kept, filesDir);
    }
    expect(await snapshot()).toEqual(before);
    // and the next upload works again
    uploaded(await uploadImage(t.app, alice.token, { content: fx.jpeg(), type: 'image/jpeg' }));
  });
});

describe('assertOwnedFiles / attachOwnedFiles', () => {
  it('accepts only complete files of the caller and of the right kind, and links them to an application', async () => {
    const a1 = uploaded(await uploadImage(t.app, alice.token, { content: fx.png(), type: 'image/png' }));
    const a2 = uploaded(await uploadImage(t.app, alice.token, { content: fx.jpeg(), type: 'image/jpeg' }));
    const b1 = uploaded(await uploadImage(t.app, bob.token, { content: fx.png(), type: 'image/png' }));

    await expect(assertOwnedFiles(t.db, alice.id, [a1.id, a2.id, a1.id], 'image')).resolves.toBeUndefined();
    await expect(assertOwnedFiles(t.db, alice.id, [], 'image')).resolves.toBeUndefined();
    const invalid = { code: Code.BAD_REQUEST, message: '文件无效，请重新上传' };
    await expect(assertOwnedFiles(t.db, alice.id, [a1.id, b1.id], 'image')).rejects.toMatchObject(invalid);
    await expect(assertOwnedFiles(t.db, alice.id, [a1.id], 'video')).rejects.toMatchObject(invalid);
    await expect(assertOwnedFiles(t.db, alice.id, ['AAAAAAAAAAAAAAAAAAAAAAAA'], 'image')).rejects.toMatchObject(invalid);
    await expect(assertOwnedFiles(t.db, alice.id, ["x' or 1=1 --"], 'image')).rejects.toMatchObject(invalid);

    const appId = randomUUID();
    const now = isoAt(Date.now());
    await t.db
      .insertInto('applications')
      .values({
        id: appId, kind: 'membership', user_id: alice.id, programme_id: null, status: 'draft', version: 1, title: '测试',
        applicant_name: null, organization: null, theme_id: null, data_json: '{}', id_number_enc: null, reason: null,
        submitted_at: null, decided_at: null, created_at: now, updated_at: now,
      })
      .execute();
    const none = { image: [], video: [] };
    const linkedTo = async (id: string) =>
      (await t.db.selectFrom('files').select('id').where('application_id', '=', id).orderBy('id').execute()).map((r) => r.id);
    // each refusal rolls its transaction back: nothing is linked
    for (const ids of [
      { image: [a1.id, b1.id], video: [] }, // another user's file
      { image: [], video: [a1.id] }, // the wrong kind
      { image: ['AAAAAAAAAAAAAAAAAAAAAAAA'], video: [] }, // no such file
      { image: ["x' or 1=1 --"], video: [] }, // not an id
    ]) {
      await expect(t.db.transaction().execute((trx) => attachOwnedFiles(trx, alice.id, ids, appId))).rejects.toMatchObject(invalid);
      expect(await linkedTo(appId)).toEqual([]);
    }
    await t.db.transaction().execute((trx) => attachOwnedFiles(trx, alice.id, { image: [a1.id, a2.id, a2.id], video: [] }, appId));
    await attachOwnedFiles(t.db, alice.id, none, appId);
    const linked = await t.db.selectFrom('files').select('id').where('application_id', '=', appId).orderBy('id').execute();
    expect(linked.map((r) => r.id)).toEqual([a1.id, a2.id].sort());
  });
});
