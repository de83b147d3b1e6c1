import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiPaths, Code, ZEnvelopeOf } from '@qgw/contracts';
import { securityHeaders } from '../src/plugins/security.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const logs: string[] = [];
let t: TestApp;
let webDist: string;
const precompressedSource = `export const names = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `青年 ${i}`))};`;

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'qgw-web-'));
  await mkdir(join(webDist, 'assets'));
  await writeFile(join(webDist, 'index.html'), '<!doctype html><title>青工委服务平台</title><div id="root"></div>');
  await writeFile(join(webDist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  // the build's copies compressed ahead of time (apps/web/build/precompress.ts)
  await writeFile(join(webDist, 'assets', 'shared-def456.js'), precompressedSource);
  await writeFile(join(webDist, 'assets', 'shared-def456.js.br'), brotliCompressSync(precompressedSource));
  await writeFile(join(webDist, 'assets', 'shared-def456.js.gz'), gzipSync(precompressedSource));
  // what the build writes beside the app for measuring it: not for visitors
  await mkdir(join(webDist, '.vite'));
  await writeFile(join(webDist, '.vite', 'manifest.json'), '{"src/main.tsx":{"file":"assets/index-abc123.js"}}');
  t = await createTestApp({
    env: { WEB_DIST: webDist },
    logStream: new Writable({
      write(chunk, _enc, cb) {
        logs.push(String(chunk));
        cb();
      },
    }),
    beforeReady: (app) => {
      app.get('/v1/__test/boom', async () => {
        throw new Error('database exploded at /srv/app/secret.ts:42');
      });
      app.get(
        '/v1/__test/bad-answer',
        { schema: { response: { 200: ZEnvelopeOf(z.object({ n: z.number() })) } } },
        async () => ({ success: true, code: 0, message: { n: 'not a number' } }) as never,
      );
    },
  });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('security headers', () => {
  it('sends CSP, nosniff, frame protection and no referrer on API and page answers', async () => {
    for (const url of ['/', apiPaths.getUserInfo, '/v1/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('sends the whole set helmet makes for our options, worked out once, on every kind of answer', async () => {
    const expected = securityHeaders();
    // helmet's defaults beside ours: the set is whole, not just the CSP
    for (const name of ['strict-transport-security', 'x-dns-prefetch-control', 'cross-origin-opener-policy', 'origin-agent-cluster']) {
      expect(expected[name], name).toBeTruthy();
    }
    const answers = [
      await t.app.inject({ method: 'GET', url: apiPaths.getUserInfo }),
      await t.app.inject({ method: 'GET', url: '/v1/nope' }),
      // the resumable upload endpoint answers outside reply.send
      await t.app.inject({ method: 'OPTIONS', url: apiPaths.uploadVideo }),
    ];
    for (const res of answers) {
      for (const [name, value] of Object.entries(expected)) expect(res.headers[name], `${res.statusCode} ${name}`).toBe(value);
    }
  });
});

describe('server faults', () => {
  it('answers 500 with a generic message and an error id, never the stack, and logs it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/__test/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: Code.INTERNAL, message: '服务器开小差了，请稍后再试' });
    expect(body.errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).not.toContain('exploded');
    expect(res.body).not.toContain('secret.ts');
    expect(logs.join('')).toContain(body.errorId);
    expect(logs.join('')).toContain('database exploded');
  });

  it('treats an answer that breaks its own schema as a fault', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/__test/bad-answer' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ success: false, code: Code.INTERNAL });
    expect(res.body).not.toContain('not a number');
  });
});

describe('health', () => {
  it('answers liveness and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ok' });
  });

  it('is not ready when the database is gone', async () => {
    const other = await createTestApp();
    try {
      await other.db.destroy();
      const res = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable' });
    } finally {
      await other.app.close();
      await other.close().catch(() => undefined);
    }
  });
});

describe('OpenAPI', () => {
  it('documents every endpoint from the zod schemas, without the test-only routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [apiPaths.login, apiPaths.register, apiPaths.getUserInfo, apiPaths.updateProfile, apiPaths.updatePSD,
      apiPaths.updatePhone, apiPaths.logout, apiPaths.uploadAvatar, apiPaths.wxAuthorizeUrl, apiPaths.bindUser]) {
      expect(doc.paths[p], p).toBeDefined();
    }
    const login = doc.paths[apiPaths.login].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('mobile');
    expect(JSON.stringify(login.responses['200'])).toContain('erroMessage');
    expect(doc.paths[apiPaths.getUserInfo].get.security).toEqual([{ token: [] }]);
    expect(doc.components.securitySchemes.token).toMatchObject({ type: 'apiKey', name: 'Authorization' });
    const ui = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-ui');
  });
});

describe('the SPA', () => {
  it('serves index.html at / with no-cache and hashed assets as immutable, compressed', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^text\/html/);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.body).toContain('青工委服务平台');
    // WeChat's OAuth redirect lands on /?code=…&state=…#/pages/login/bind
    expect((await t.app.inject({ method: 'GET', url: '/?code=abc&state=def' })).statusCode).toBe(200);

    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');
  });

  it('sends the build\'s compressed copies as they are, in the best encoding the browser accepts', async () => {
    const cases = [
      ['gzip, deflate, br, zstd', 'br', 'shared-def456.js.br'],
      ['gzip', 'gzip', 'shared-def456.js.gz'],
      ['identity', undefined, 'shared-def456.js'],
    ] as const;
    for (const [accepts, encoding, file] of cases) {
      const res = await t.app.inject({ method: 'GET', url: '/assets/shared-def456.js', headers: { 'accept-encoding': accepts } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/javascript/);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // the file itself, not compressed a second time
      expect(res.rawPayload.equals(await readFile(join(webDist, 'assets', file)))).toBe(true);
    }
  });

  it('answers / with build instructions when there is no build', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });

  it('answers unknown files with the 404 envelope and does not escape the build directory', async () => {
    for (const url of ['/assets/missing.js', '/../package.json', '/%2e%2e/%2e%2e/etc/passwd', '/.vite/manifest.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('root:');
    }
  });
});
