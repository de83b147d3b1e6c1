/**
 * Resumable video uploads (tus) over real HTTP: a dropped connection needs a real socket.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths, Code, limits, type UploadedFile } from '@qgw/contracts';
import { isoAt } from '../src/clock.js';
import { data, get, newUser, type TestUser } from './support/api.js';
import { newConsoleUser } from './support/console.js';
import { fileRows, tusMetadata, uploadsOnDisk } from './support/files.js';
import * as fx from './support/media-fixtures.js';
import { filesRepository } from '../src/modules/files/files.repository.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let base: string;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  alice = await newUser(t.app);
  bob = await newUser(t.app);
});
afterAll(() => t.close());

interface TusAnswer {
  status: number;
  headers: Headers;
  text: string;
}

async function tus(method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<TusAnswer> {
  const res = await fetch(`${base}${path}`, { method, headers: { 'tus-resumable': '1.0.0', ...headers }, body });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const auth = (u: TestUser | undefined) => (u ? { authorization: u.token } : ({} as Record<string, string>));

function create(u: TestUser | undefined, size: number, filetype: string | null = 'video/mp4', extra: Record<string, string> = {}) {
  return tus('POST', apiPaths.uploadVideo, {
    ...auth(u),
    'upload-length': String(size),
    ...(filetype !== null ? { 'upload-metadata': tusMetadata({ filename: '我的视频.mp4', filetype }) } : {}),
    ...extra,
  });
}

function patch(u: TestUser | undefined, location: string, offset: number, chunk: Buffer) {
  return tus('PATCH', location, { ...auth(u), 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) }, chunk);
}

const head = (u: TestUser | undefined, location: string) => tus('HEAD', location, auth(u));

/** Creates an upload and answers its location, failing the test otherwise. */
async function started(u: TestUser, size: number, filetype = 'video/mp4'): Promise<string> {
  const res = await create(u, size, filetype);
  expect(res.status, res.text).toBe(201);
  return res.headers.get('location') as string;
}

const idOf = (location: string) => location.slice(location.lastIndexOf('/') + 1);
const envelope = (a: TusAnswer) => JSON.parse(a.text) as { success: boolean; code: number; message: string };

/** Sends the first `sendBytes` of a PATCH announcing `chunk.length` bytes, then drops the connection. */
function patchAndDrop(u: TestUser, location: string, offset: number, chunk: Buffer, sendBytes: number): Promise<void> {
  return new Promise((resolve) => {
    const req = httpRequest(`${base}${location}`, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        authorization: u.token,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(offset),
        'content-length': String(chunk.length),
      },
    });
    req.on('error', () => resolve());
    req.on('response', (res) => {
      res.resume();
      resolve();
    });
    req.write(chunk.subarray(0, sendBytes), () => {
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
  });
}

describe('tus video upload', () => {
  it('creates, takes part of the file, survives a dropped connection, resumes from HEAD and completes', async () => {
    const video = fx.isoVideo(1_500_000);
    const location = await started(alice, video.length);
    const id = idOf(location);
    expect(location).toBe(`${apiPaths.uploadVideo}/${id}`);
    expect(id).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    const row = (await fileRows(t.db)).find((r) => r.id === id);
    expect(row).toMatchObject({ owner_id: alice.id, kind: 'video', purpose: 'video', status: 'uploading', storage_key: `tus/${id}` });

    const first = await patch(alice, location, 0, video.subarray(0, 500_000));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe('500000');
    expect(first.headers.get('tus-resumable')).toBe('1.0.0');
    // the app's security headers survive the hand-over to tus; no cross-origin access is offered
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('access-control-allow-origin')).toBeNull();

    const h1 = await head(alice, location);
    expect(h1.status).toBe(200);
    expect(h1.headers.get('upload-offset')).toBe('500000');
    expect(h1.headers.get('upload-length')).toBe(String(video.length));
    expect(h1.headers.get('cache-control')).toBe('no-store');

    // the connection drops after 300 000 more bytes: they are kept
    await patchAndDrop(alice, location, 500_000, video.subarray(500_000), 300_000);
    await expect.poll(async () => (await head(alice, location)).headers.get('upload-offset'), { timeout: 10_000 }).toBe('800000');

    const rest = await patch(alice, location, 800_000, video.subarray(800_000));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(video.length));

    const done = (await fileRows(t.db)).find((r) => r.id === id);
    expect(done).toMatchObject({ status: 'complete', mime: 'video/mp4', kind: 'video' });
    expect(Number(done?.size)).toBe(video.length);
    expect(done?.storage_key).toMatch(/^files\/[a-f0-9]{32}\.mp4$/);
    expect((await readFile(join(t.dataDir, 'uploads', done?.storage_key ?? ''))).equals(video)).toBe(true);
    expect((await uploadsOnDisk(t.dataDir)).filter((p) => p.startsWith('tus/') || p.startsWith('tmp/'))).toEqual([]);

    // a client resuming the finished upload learns there is nothing left to send
    const h2 = await head(alice, location);
    expect([h2.status, h2.headers.get('upload-offset'), h2.headers.get('upload-length')]).toEqual([200, String(video.length), String(video.length)]);

    // served to its owner, with ranges for seeking
    const info = data(await get<UploadedFile>(t.app, apiPaths.getFileInfo, { id }, { token: alice.token }));
    expect(info).toMatchObject({ id, mime: 'video/mp4', size: video.length });
    const part = await fetch(`${base}${info.url}`, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${video.length}`);
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(part.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(100, 200))).toBe(true);
    const tail = await fetch(`${base}${info.url}`, { headers: { range: 'bytes=1499000-' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(video.subarray(1_499_000))).toBe(true);
    const whole = await fetch(`${base}${info.url}`);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);

    const audit = await t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', id).execute();
    expect(audit.map((a) => a.action)).toEqual(['file.upload']);
  });

  it('stores MOV and WebM by their content', async () => {
    const mov = fx.isoVideo(4000, 'qt  ');
    // phones label a MOV as MP4 and the other way round: the family must agree, the content decides
    for (const declared of ['video/quicktime', 'video/mp4']) {
      const location = await started(alice, mov.length, declared);
      expect((await patch(alice, location, 0, mov)).status).toBe(204);
      expect((await fileRows(t.db)).find((r) => r.id === idOf(location))).toMatchObject({ status: 'complete', mime: 'video/quicktime' });
    }
    const webm = fx.webmVideo(3000);
    const location = await started(alice, webm.length, 'video/webm');
    expect((await patch(alice, location, 0, webm)).status).toBe(204);
    const row = (await fileRows(t.db)).find((r) => r.id === idOf(location));
    expect(row).toMatchObject({ status: 'complete', mime: 'video/webm' });
    expect(row?.storage_key).toMatch(/\.webm$/);
  });

  it('refuses at creation a type outside limits.video.mimeTypes, no type, no length, or too large a length', async () => {
    const before = await fileRows(t.db);
    const wrong = await create(alice, 1000, 'video/x-msvideo');
    expect(wrong.status).toBe(415);
    expect(envelope(wrong)).toEqual({ success: false, code: Code.UNSUPPORTED_MEDIA_TYPE, message: '仅支持 MP4/MOV/WebM 格式的视频' });
    expect((await create(alice, 1000, 'text/html')).status).toBe(415);
    expect((await create(alice, 1000, null)).status).toBe(415);

    const deferred = await tus('POST', apiPaths.uploadVideo, {
      ...auth(alice),
      'upload-defer-length': '1',
      'upload-metadata': tusMetadata({ filetype: 'video/mp4' }),
    });
    expect(deferred.status).toBe(400);
    expect(envelope(deferred)).toMatchObject({ success: false, code: Code.BAD_REQUEST });

    const big = await create(alice, limits.video.maxBytes + 1);
    expect(big.status).toBe(413);
    expect(envelope(big)).toEqual({ success: false, code: Code.PAYLOAD_TOO_LARGE, message: '视频不能超过 300MB' });

    const noTus = await fetch(`${base}${apiPaths.uploadVideo}`, { method: 'POST', headers: { ...auth(alice), 'upload-length': '10' } });
    expect(noTus.status).toBe(412);
    expect(await fileRows(t.db)).toEqual(before);
  });

  it('deletes an upload whose bytes are not the declared video', async () => {
    const before = await fileRows(t.db);
    const cases: [Buffer, string, string][] = [
      [Buffer.concat([fx.exe(), Buffer.alloc(1000)]), 'video/mp4', '仅支持 MP4/MOV/WebM 格式的视频'],
      [fx.html(), 'video/webm', '仅支持 MP4/MOV/WebM 格式的视频'],
      [fx.webmVideo(2000), 'video/mp4', '视频内容与文件类型不符，请重新选择'],
      [fx.isoVideo(2000), 'video/webm', '视频内容与文件类型不符，请重新选择'],
    ];
    for (const [bytes, declared, message] of cases) {
      const location = await started(alice, bytes.length, declared);
      // the first chunk is taken: the content is only judged once complete
      expect((await patch(alice, location, 0, bytes.subarray(0, 10))).status).toBe(204);
      const last = await patch(alice, location, 10, bytes.subarray(10));
      expect(last.status).toBe(415);
      expect(envelope(last)).toEqual({ success: false, code: Code.UNSUPPORTED_MEDIA_TYPE, message });
      expect((await head(alice, location)).status).toBe(404);
    }
    expect(await fileRows(t.db)).toEqual(before);
    expect((await uploadsOnDisk(t.dataDir)).filter((p) => p.startsWith('tus/'))).toEqual([]);
  });

  it('a PATCH left hanging by a stalled connection is taken over by the next one, which completes the upload', async () => {
    const video = fx.isoVideo(1_000_000);
    const location = await started(alice, video.length);
    const stalled = httpRequest(`${base}${location}`, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        authorization: alice.token,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
        'content-length': String(video.length),
      },
    });
    const stalledClosed = new Promise<void>((resolve) => {
      stalled.on('error', () => resolve());
      stalled.on('close', () => resolve());
    });
    stalled.write(video.subarray(0, 300_000));
    // the connection stays open and sends nothing more; what arrived is on disk
    await expect.poll(async () => (await head(alice, location)).headers.get('upload-offset'), { timeout: 10_000 }).toBe('300000');
    const rest = await patch(alice, location, 300_000, video.subarray(300_000));
    expect(rest.status, rest.text).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(video.length));
    await stalledClosed;
    const id = idOf(location);
    expect((await fileRows(t.db)).find((r) => r.id === id)).toMatchObject({ status: 'complete', size: video.length });
  });

  it('answers 409 for a PATCH at the wrong offset and keeps the upload', async () => {
    const video = fx.isoVideo(3000);
    const location = await started(alice, video.length);
    expect((await patch(alice, location, 0, video.subarray(0, 1000))).status).toBe(204);
    const wrong = await patch(alice, location, 500, video.subarray(500, 1500));
    expect(wrong.status).toBe(409);
    expect(envelope(wrong)).toMatchObject({ success: false, code: Code.CONFLICT });
    expect((await head(alice, location)).headers.get('upload-offset')).toBe('1000');
    const tooMuch = await patch(alice, location, 1000, Buffer.concat([video.subarray(1000), Buffer.alloc(10)]));
    expect(tooMuch.status).toBe(413);
    expect((await patch(alice, location, 1000, video.subarray(1000))).status).toBe(204);
  });

  it('lets only the uploader continue, read or drop an upload; an admin may read the file', async () => {
    const video = fx.isoVideo(2000);
    const location = await started(alice, video.length);
    expect((await patch(alice, location, 0, video.subarray(0, 700))).status).toBe(204);

    // exactly as if the upload did not exist (a HEAD answer has no body)
    expect((await head(bob, location)).status).toBe(404);
    for (const answer of [await patch(bob, location, 700, video.subarray(700)), await tus('DELETE', location, auth(bob))]) {
      expect(answer.status).toBe(404);
      expect(envelope(answer)).toEqual({ success: false, code: Code.NOT_FOUND, message: '上传不存在或已过期，请重新上传' });
    }
    for (const answer of [
      await head(undefined, location),
      await patch(undefined, location, 700, video.subarray(700)),
      await create(undefined, 100),
      await tus('DELETE', location, {}),
    ]) {
      expect(answer.status).toBe(401);
    }
    expect((await head(alice, location)).headers.get('upload-offset')).toBe('700');
    expect((await patch(alice, location, 700, video.subarray(700))).status).toBe(204);
    // finished: neither appendable nor deletable by tus any more
    expect((await patch(alice, location, 2000, Buffer.alloc(0))).status).toBe(409);
    expect((await tus('DELETE', location, auth(alice))).status).toBe(409);

    const id = idOf(location);
    const asBob = await get(t.app, apiPaths.getFileInfo, { id }, { token: bob.token });
    expect(asBob.status).toBe(404);
    const direct = await fetch(`${base}${apiPaths.file}/${id}`, { headers: auth(bob) });
    expect(direct.status).toBe(404);
    expect((await fetch(`${base}${apiPaths.file}/${id}`)).status).toBe(401);

    // (a reviewer only once assigned the application that holds it: console-review-files.test.ts)
    const admin = await newConsoleUser(t.app, t.db, t.clock, ['admin']);
    const asAdmin = await fetch(`${base}${apiPaths.file}/${id}`, { headers: auth(admin) });
    expect(asAdmin.status).toBe(200);
    expect(Buffer.from(await asAdmin.arrayBuffer()).equals(video)).toBe(true);
  });

  it('acts on the upload it checked: a second path smuggled in the query string reaches nobody else\'s', async () => {
    const theirs = await started(bob, 2000);
    const mine = await started(alice, 2000);
    const smuggled = `${mine}?x=/${idOf(theirs)}`;
    const video = fx.isoVideo(2000);
    expect((await patch(alice, smuggled, 0, video.subarray(0, 500))).status).toBe(204);
    const probe = await head(alice, smuggled);
    expect(probe.headers.get('upload-offset')).toBe('500');
    // Bob's upload is untouched; the bytes went to Alice's own
    expect((await head(bob, theirs)).headers.get('upload-offset')).toBe('0');
    expect((await head(alice, mine)).headers.get('upload-offset')).toBe('500');
    expect((await tus('DELETE', smuggled, auth(alice))).status).toBe(204);
    expect((await head(bob, theirs)).status).toBe(200);
    expect((await head(alice, mine)).status).toBe(404);
    expect((await tus('DELETE', theirs, auth(bob))).status).toBe(204);
  });

  it('dropping an upload that completed meanwhile leaves the finished file whole', async () => {
    const video = fx.isoVideo(1500);
    const location = await started(alice, video.length);
    expect((await patch(alice, location, 0, video)).status).toBe(204);
    const id = idOf(location);
    const row = await filesRepository.find(t.db, id);
    expect(row?.status).toBe('complete');
    // as if the drop had read the row a moment before the completion landed
    const stale = vi.spyOn(filesRepository, 'find').mockResolvedValueOnce({ ...row!, status: 'uploading' });
    try {
      await t.services.files.discardVideoUpload(id);
    } finally {
      stale.mockRestore();
    }
    expect((await filesRepository.find(t.db, id))?.status).toBe('complete');
    const served = await fetch(`${base}${apiPaths.file}/${id}`, { headers: auth(alice) });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(video)).toBe(true);
  });

  it('drops an unfinished upload on DELETE, row and bytes', async () => {
    const location = await started(alice, 5000);
    expect((await patch(alice, location, 0, fx.isoVideo(5000).subarray(0, 100))).status).toBe(204);
    const del = await tus('DELETE', location, auth(alice));
    expect(del.status).toBe(204);
    expect((await fileRows(t.db)).find((r) => r.id === idOf(location))).toBeUndefined();
    expect((await uploadsOnDisk(t.dataDir)).filter((p) => p.includes(idOf(location)))).toEqual([]);
    expect((await head(alice, location)).status).toBe(404);
  });

  it('limits how many unfinished uploads one user may hold', async () => {
    const carol = await newUser(t.app);
    const locations = [];
    for (let i = 0; i < 5; i++) locations.push(await started(carol, 1000));
    const sixth = await create(carol, 1000);
    expect(sixth.status).toBe(429);
    expect(envelope(sixth)).toMatchObject({ success: false, code: Code.RATE_LIMITED });
    // others are not affected, and finishing or dropping one makes room
    await started(bob, 1000);
    expect((await tus('DELETE', locations[0] as string, auth(carol))).status).toBe(204);
    await started(carol, 1000);
  });

  it('sweeps uploads abandoned for a day', async () => {
    const dave = await newUser(t.app);
    const location = await started(dave, 5000);
    expect((await patch(dave, location, 0, fx.isoVideo(5000).subarray(0, 100))).status).toBe(204);
    const fresh = await started(dave, 5000);
    // only the first is old
    await t.db
      .updateTable('files')
      .set({ created_at: isoAt(t.clock.now() - 25 * 60 * 60 * 1000) })
      .where('id', '=', idOf(location))
      .execute();
    const swept = await t.services.files.sweep();
    expect(swept.uploads).toBe(1);
    expect((await head(dave, location)).status).toBe(404);
    expect((await uploadsOnDisk(t.dataDir)).filter((p) => p.includes(idOf(location)))).toEqual([]);
    expect((await head(dave, fresh)).status).toBe(200);
  });

  it('answers fuzzed tus headers without a 5xx, and a refused creation writes nothing', async () => {
    const location = await started(alice, 1000);
    const text = fc.string({ maxLength: 40 });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(text, fc.integer({ min: -5, max: 2 * limits.video.maxBytes }).map(String)),
        fc.oneof(text, fc.constantFrom('filetype', 'filetype dmlkZW8vbXA0,filetype dmlkZW8vbXA0', 'filetype !!', 'a b c')),
        async (length, metadata) => {
          const before = await fileRows(t.db);
          const res = await tus('POST', apiPaths.uploadVideo, { ...auth(alice), 'upload-length': length, 'upload-metadata': metadata }).catch(
            // header values fetch itself refuses never reach the server
            () => null,
          );
          if (!res) return;
          expect(res.status, res.text).toBeLessThan(500);
          if (res.status === 201) {
            expect((await tus('DELETE', res.headers.get('location') as string, auth(alice))).status).toBe(204);
          } else {
            expect(await fileRows(t.db)).toEqual(before);
          }
        },
      ),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(text, fc.integer({ min: -10, max: 5000 }).map(String)),
        fc.constantFrom('application/offset+octet-stream', 'application/json', 'text/plain'),
        fc.uint8Array({ maxLength: 1200 }),
        async (offset, type, body) => {
          const res = await tus(
            'PATCH',
            location,
            { ...auth(alice), 'content-type': type, 'upload-offset': offset },
            Buffer.from(body),
          ).catch(() => null);
          if (res) expect(res.status, res.text).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('VIDEO_MAX_MB', () => {
  it('raises the largest video the server accepts, and the refusal names the configured limit', async () => {
    const raised = await createTestApp({ env: { VIDEO_MAX_MB: '400' } });
    try {
      const user = await newUser(raised.app);
      const createOn = (size: number) =>
        raised.app.inject({
          method: 'POST',
          url: apiPaths.uploadVideo,
          headers: { 'tus-resumable': '1.0.0', authorization: user.token, 'upload-length': String(size), 'upload-metadata': tusMetadata({ filetype: 'video/mp4' }) },
        });
      const beyondDefault = await createOn(limits.video.maxBytes + 1);
      expect(beyondDefault.statusCode, beyondDefault.body).toBe(201);
      const tooBig = await createOn(400 * 2 ** 20 + 1);
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json()).toEqual({ success: false, code: Code.PAYLOAD_TOO_LARGE, message: '视频不能超过 400MB' });
    } finally {
      await raised.close();
    }
  });
});
