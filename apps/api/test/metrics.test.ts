/**
 * Prometheus metrics on their own listener (never the public port) and request ids. The app listens
 * on a real socket here, so that what is timed is what a client sees, tus answers included.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@qgw/contracts';
import { type MetricsListener, startMetricsListener } from '../src/plugins/metrics.js';
import { newUser, type TestUser } from './support/api.js';
import { tinyMp4 } from './support/applications.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let listener: MetricsListener;
let base: string;
let user: TestUser;
const logLines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as Record<string, unknown>);
      cb();
    },
  });
  // METRICS_PORT only switches metrics on in buildApp; the listener is started here on a free port
  t = await createTestApp({ env: { METRICS_PORT: '9464' }, logStream });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  listener = await startMetricsListener(t.app.metrics!, { port: 0, host: '127.0.0.1' });
  user = await newUser(t.app);
});
afterAll(async () => {
  await listener?.close();
  await t?.close();
});

const scrape = async (): Promise<string> => {
  const res = await fetch(`http://127.0.0.1:${listener.address.port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
};

/** The value of one sample, by name and labels (all of them, in any order); undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.keys(labels).length === Object.keys(have).length && Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

const auth = () => ({ authorization: user.token });

describe('metrics listener', () => {
  it('serves Prometheus text, timing requests by route pattern and status, never by the URL sent', async () => {
    const unknownId = 'ZZZZZZZZZZZZZZZZZZZZZZZZ';
    expect((await fetch(`${base}${apiPaths.file}/${unknownId}`, { headers: auth() })).status).toBe(404);
    expect((await fetch(`${base}${apiPaths.getUserInfo}?platform=wap`, { headers: auth() })).status).toBe(200);
    expect((await fetch(`${base}/no/such/page`)).status).toBe(404);
    const text = await scrape();
    const count = (route: string, status: string, method = 'GET') =>
      sample(text, 'qgw_http_request_duration_seconds_count', { method, route, status_code: status });
    expect(count(`${apiPaths.file}/:id`, '404')).toBe(1);
    expect(count(apiPaths.getUserInfo, '200')).toBe(1);
    expect(count('unmatched', '404')).toBe(1);
    expect(sample(text, 'qgw_http_request_duration_seconds_bucket', { le: '+Inf', method: 'GET', route: apiPaths.getUserInfo, status_code: '200' })).toBe(1);
    expect(text).not.toContain(unknownId);
    expect(text).not.toContain('/no/such/page');
    expect(text).not.toContain('platform=');
  });

  it('reports event-loop lag, database pool use and uploads in progress', async () => {
    const text = await scrape();
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(sample(text, 'qgw_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'qgw_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'qgw_db_pool_waiting')).toBe(0);
    expect(sample(text, 'qgw_uploads_in_progress', { kind: 'video' })).toBe(0);
    expect(sample(text, 'qgw_uploads_in_progress', { kind: 'image' })).toBe(0);
  });

  it('counts a tus upload while its bytes are being received', async () => {
    const bytes = tinyMp4(4096);
    const tus = { 'tus-resumable': '1.0.0', ...auth() };
    const created = await fetch(`${base}${apiPaths.uploadVideo}`, {
      method: 'POST',
      headers: { ...tus, 'upload-length': String(bytes.length), 'upload-metadata': `filetype ${Buffer.from('video/mp4').toString('base64')}` },
    });
    expect(created.status).toBe(201);
    // a hijacked (tus) answer carries the request id too
    expect(created.headers.get('x-request-id')).toBeTruthy();
    const url = new URL(created.headers.get('location')!, base);
    let release!: () => void;
    const inFlight = new Promise<void>((resolve) => (release = resolve));
    const answered = new Promise<number>((resolve, reject) => {
      const req = httpRequest(url, {
        method: 'PATCH',
        headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(bytes.length) },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write(bytes.subarray(0, 1024));
      // the rest once the scrape below has seen the upload in progress
      inFlight.then(() => req.end(bytes.subarray(1024)), reject);
    });
    let during: number | undefined;
    for (let i = 0; i < 50 && during !== 1; i++) {
      during = sample(await scrape(), 'qgw_uploads_in_progress', { kind: 'video' });
      if (during !== 1) await new Promise((r) => setTimeout(r, 20));
    }
    release();
    expect(during).toBe(1);
    expect(await answered).toBe(204);
    let after: number | undefined;
    for (let i = 0; i < 50 && after !== 0; i++) {
      after = sample(await scrape(), 'qgw_uploads_in_progress', { kind: 'video' });
      if (after !== 0) await new Promise((r) => setTimeout(r, 20));
    }
    expect(after).toBe(0);
  });

  it('counts wrong passwords', async () => {
    const before = sample(await scrape(), 'qgw_login_failures_total') ?? Number.NaN;
    const wrong = await fetch(`${base}${apiPaths.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: user.mobile, password: 'not-the-password-1', platform: 'wap', rent_mode: 2 }),
    });
    expect(((await wrong.json()) as { success: boolean }).success).toBe(false);
    expect(sample(await scrape(), 'qgw_login_failures_total')).toBe(before + 1);
  });

  it('takes the notification outbox depth from a collector, and survives one that fails', async () => {
    // the app counts the outbox's pending and sending rows: none yet
    expect(sample(await scrape(), 'qgw_notification_outbox_depth')).toBe(0);
    t.app.metrics!.outboxDepth(async () => 7);
    expect(sample(await scrape(), 'qgw_notification_outbox_depth')).toBe(7);
    t.app.metrics!.outboxDepth(() => Promise.reject(new Error('no table')));
    expect(sample(await scrape(), 'qgw_notification_outbox_depth')).toBeNaN();
  });

  it('is not served on the app port, and serves nothing else on its own', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${listener.address.port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${listener.address.port}/metrics`, { method: 'POST' })).status).toBe(404);
    expect(listener.address.address).toBe('127.0.0.1');
  });

  it('is off without METRICS_PORT', async () => {
    const plain = await createTestApp();
    try {
      expect(plain.app.metrics).toBeNull();
      expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('request ids', () => {
  it('keeps a sane X-Request-Id, echoes it and logs the request under it', async () => {
    const id = 'edge-7f3a.9_B';
    const res = await fetch(`${base}/healthz`, { headers: { 'x-request-id': id } });
    expect(res.headers.get('x-request-id')).toBe(id);
    await new Promise((r) => setTimeout(r, 50));
    expect(logLines.some((l) => l.reqId === id && l.msg === 'request completed')).toBe(true);
  });

  it('makes a UUID when there is none, or the one sent is not sane', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const seen = new Set<string>();
    for (const sent of [undefined, 'has space', 'x'.repeat(129), 'semi;colon', '']) {
      const res = await fetch(`${base}/healthz`, { headers: sent === undefined ? {} : { 'x-request-id': sent } });
      const echoed = res.headers.get('x-request-id') ?? '';
      expect(echoed, String(sent)).toMatch(uuid);
      seen.add(echoed);
    }
    expect(seen.size).toBe(5);
    // 128 characters is still kept
    const long = 'a'.repeat(128);
    expect((await fetch(`${base}/healthz`, { headers: { 'x-request-id': long } })).headers.get('x-request-id')).toBe(long);
    // on error answers too
    expect((await fetch(`${base}/no/such/page`, { headers: { 'x-request-id': 'r-404' } })).headers.get('x-request-id')).toBe('r-404');
  });
});
