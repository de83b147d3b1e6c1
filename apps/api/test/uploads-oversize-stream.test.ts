/**
 * An oversize upload over a real socket is refused early and with bounded memory: the client offers
 * 200 MB (forty times the image limit) as a stream paced like a fast network, the server answers
 * 413 at the limit and closes the connection, so the client gets to send only a small part; the
 * server process does not grow by anything like the body; nothing is left on disk or in the database.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, Code, limits } from '@qgw/contracts';
import { newUser, rowCounts, type TestUser } from './support/api.js';
import { fileRows, uploadsOnDisk } from './support/files.js';
import * as fx from './support/media-fixtures.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let alice: TestUser;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await newUser(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const OFFERED = 200 * 1024 * 1024;
const CHUNK = 256 * 1024;

interface Outcome {
  status: number;
  answer: unknown;
  /** bytes the client managed to hand to the connection */
  sent: number;
}

/**
 * Sends a multipart body — a real PNG header, then zeros up to OFFERED bytes — about 50 MB/s (on
 * loopback an unpaced client pushes everything before any answer could stop it), reading the answer
 * while still sending, and stops when the connection goes.
 */
function offerOversizeImage(): Promise<Outcome> {
  const boundary = 'oversizeboundary';
  const head = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`),
    fx.png(),
  ]);
  const zeros = Buffer.alloc(CHUNK);
  return new Promise((resolve) => {
    const out: Outcome = { status: 0, answer: null, sent: 0 };
    let closed = false;
    const req = request(`${base}${apiPaths.uploadImage}?purpose=photo`, {
      method: 'POST',
      headers: { authorization: alice.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    req.on('response', (res) => {
      out.status = res.statusCode ?? 0;
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => (out.answer = JSON.parse(text) as unknown));
    });
    const finish = () => {
      if (closed) return;
      closed = true;
      // give a late answer's body a moment to be read
      setTimeout(() => resolve(out), 100);
    };
    req.on('error', finish);
    req.on('close', finish);
    void (async () => {
      const write = async (b: Buffer) => {
        if (closed || req.destroyed) return false;
        out.sent += b.length;
        if (!req.write(b)) await new Promise((r) => req.once('drain', r));
        return true;
      };
      if (!(await write(head))) return;
      while (out.sent < OFFERED) {
        await new Promise((r) => setTimeout(r, 5));
        if (!(await write(zeros))) return;
      }
      await write(Buffer.from(`\r\n--${boundary}--\r\n`));
      req.end();
    })();
  });
}

describe('an oversize image upload over a socket', () => {
  it('is answered 413 after little more than the limit is read, with bounded memory, leaving nothing behind', async () => {
    const before = { rows: await fileRows(t.db), counts: await rowCounts(t.db), disk: await uploadsOnDisk(t.dataDir) };
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
    const outcome = await offerOversizeImage().finally(() => clearInterval(sampler));

    expect(outcome.status).toBe(413);
    expect(outcome.answer).toMatchObject({ success: false, code: Code.PAYLOAD_TOO_LARGE });
    // the server stopped reading soon after the limit: the client could push only a fraction of what it offered
    expect(outcome.sent).toBeGreaterThan(limits.image.maxBytes);
    expect(outcome.sent).toBeLessThan(OFFERED / 4);
    // and kept no copy of it
    expect(rssPeak - rssBefore).toBeLessThan(64 * 1024 * 1024);
    expect({ rows: await fileRows(t.db), counts: await rowCounts(t.db), disk: await uploadsOnDisk(t.dataDir) }).toEqual(before);
  });
});
