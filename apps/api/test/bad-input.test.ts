/**
 * Generated bad input for every endpoint: whatever arrives, the answer is never a 5xx, always the
 * envelope, and nothing is written.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  apiPaths,
  Code,
  ZBindWxUserRequest,
  ZCloseAccountRequest,
  ZLoginBySmsRequest,
  ZRegisterRequest,
  ZResetPasswordRequest,
  ZSendSmsCodeRequest,
  ZUpdatePasswordRequest,
  ZUpdatePhoneRequest,
  ZUpdateProfileRequest,
} from '@qgw/contracts';
import { checkImage } from '../src/modules/files/image-check.js';
import { newUser, rowCounts, type TestUser } from './support/api.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { startWechatDouble, type WechatDouble, wechatEnv } from './support/wechat-double.js';

let t: TestApp;
let u: TestUser;
let wx: WechatDouble;
beforeAll(async () => {
  wx = await startWechatDouble();
  t = await createTestApp({
    env: wechatEnv(wx),
  });
  u = await newUser(t.app);
});
afterAll(async () => {
  await t.close();
  await wx.close();
});

const RUNS = 60;

/** Values of every JSON kind, weighted towards the shapes a sloppy client sends. */
const value = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', ' ', '13800000000', '1380000000a', 'null', '<script>', '😀'.repeat(200), 'x'.repeat(300)),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** Objects over the endpoint's own field names (so validation is really exercised) plus random ones. */
const bodyFor = (keys: string[]) =>
  fc.oneof(
    fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] }),
    fc.dictionary(fc.string({ maxLength: 10 }), value, { maxKeys: 5 }),
    fc.jsonValue({ maxDepth: 3 }),
  );

function expectEnvelopeFailure(status: number, body: string) {
  expect(status).toBeLessThan(500);
  const parsed = JSON.parse(body) as { success: unknown; code: unknown; message: unknown };
  expect(parsed.success).toBe(false);
  expect(typeof parsed.code).toBe('number');
  expect(typeof parsed.message).toBe('string');
  expect(parsed.message).not.toMatch(/at .+\.(ts|js):\d+/); // no stack
}

const postCases: Array<{ path: string; schema: z.ZodType | null; keys: string[]; auth: boolean }> = [
  { path: apiPaths.login, schema: null, keys: ['mobile', 'password'], auth: false },
  { path: apiPaths.register, schema: ZRegisterRequest, keys: ['mobile', 'smsCode', 'password', 'nickname', 'agree'], auth: false },
  { path: apiPaths.updateProfile, schema: ZUpdateProfileRequest, keys: ['nickname', 'avatar'], auth: true },
  { path: apiPaths.updatePSD, schema: ZUpdatePasswordRequest, keys: ['oldPassword', 'newPassword'], auth: true },
  { path: apiPaths.updatePhone, schema: ZUpdatePhoneRequest, keys: ['password', 'newMobile', 'smsCode'], auth: true },
  { path: apiPaths.sendSmsCode, schema: ZSendSmsCodeRequest, keys: ['mobile', 'purpose'], auth: false },
  { path: apiPaths.resetPassword, schema: ZResetPasswordRequest, keys: ['mobile', 'smsCode', 'newPassword'], auth: false },
  { path: apiPaths.loginBySms, schema: ZLoginBySmsRequest, keys: ['mobile', 'smsCode'], auth: false },
  // personal-data rights: a valid body would close the test's account, so only invalid ones are sent
  { path: apiPaths.closeAccount, schema: ZCloseAccountRequest, keys: ['password', 'smsCode'], auth: true },
  // like login: a well-formed body with a random mobile is a wrong password, and writes nothing
  { path: apiPaths.cancelCloseAccount, schema: null, keys: ['mobile', 'password'], auth: false },
];

describe.each(postCases)('POST $path', ({ path, schema, keys, auth }) => {
  it('refuses generated bodies without a 5xx and without writing', async () => {
    const before = await rowCounts(t.db);
    await fc.assert(
      fc.asyncProperty(bodyFor(keys), async (body) => {
        // a body that happens to be valid may legitimately write; login has no schema here as it never writes on failure
        if (schema) fc.pre(!schema.safeParse(body).success);
        const res = await t.app.inject({
          method: 'POST',
          url: path,
          headers: { 'content-type': 'application/json', ...(auth ? { authorization: u.token } : {}) },
          payload: JSON.stringify(body),
        });
        expectEnvelopeFailure(res.statusCode, res.body);
      }),
      { numRuns: RUNS },
    );
    expect(await rowCounts(t.db)).toEqual(before);
  });
});

describe('malformed requests', () => {
  it('answers broken JSON, wrong content types and oversized bodies with the envelope', async () => {
    const before = await rowCounts(t.db);
    const paths = [apiPaths.login, apiPaths.register, apiPaths.updateProfile, apiPaths.logout, apiPaths.updatePSD, apiPaths.closeAccount, apiPaths.cancelCloseAccount];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('{', '{"mobile":', '[1,2', 'null', '"str"', '{"__proto__":{"x":1}}')),
        fc.constantFrom('application/json', 'text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'text/html'),
        async (path, payload, type) => {
          const res = await t.app.inject({
            method: 'POST',
            url: path,
            headers: { 'content-type': type, authorization: u.token },
            payload,
          });
          expectEnvelopeFailure(res.statusCode, res.body);
        },
      ),
      { numRuns: RUNS },
    );
    const big = await t.app.inject({
      method: 'POST',
      url: apiPaths.login,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ mobile: '13800000000', password: 'x'.repeat(t.config.bodyLimitBytes) }),
    });
    expect(big.statusCode).toBe(413);
    expectEnvelopeFailure(big.statusCode, big.body);
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('refuses a value whose `length` key cannot be compared with a number, as bad input (it was a 500)', async () => {
    const before = await rowCounts(t.db);
    const weird = { length: { valueOf: 1, toString: 1 } };
    const res = await t.app.inject({
      method: 'POST', url: apiPaths.applyPerson, headers: { 'content-type': 'application/json', authorization: u.token },
      payload: JSON.stringify({ name: weird, idNumber: weird, photos: weird, platform: 'wap', rent_mode: 2 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('answers 404 with the envelope for unknown paths and methods', async () => {
    for (const [method, url] of [
      ['GET', '/v1/nope'],
      ['POST', '/v1/nope'],
      ['DELETE', apiPaths.login],
      ['PUT', apiPaths.register],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, code: 4040, message: '请求的资源不存在' });
    }
  });
});

describe('GET endpoints', () => {
  const query = fc.dictionary(
    fc.constantFrom('code', 'state', 'mobile', 'x', 'platform', '__proto__', 'constructor'),
    fc.oneof(fc.string({ maxLength: 300 }), fc.array(fc.string({ maxLength: 10 }), { minLength: 2, maxLength: 3 })),
    { maxKeys: 4 },
  );

  it('bindWxUser refuses generated queries without a 5xx and without writing', async () => {
    const before = await rowCounts(t.db);
    const asked = wx.exchanges();
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const res = await t.app.inject({ method: 'GET', url: apiPaths.bindUser, query: q, headers: { authorization: u.token } });
        if (ZBindWxUserRequest.safeParse(q).success) {
          // well-formed but with a state nobody issued
          expect(res.json()).toMatchObject({ success: false, code: 1202 });
        } else {
          expectEnvelopeFailure(res.statusCode, res.body);
        }
      }),
      { numRuns: RUNS },
    );
    expect(await rowCounts(t.db)).toEqual(before);
    expect(wx.exchanges()).toBe(asked);
  });

  it('exportMyData ignores generated queries and writes only its audit row', async () => {
    const before = await rowCounts(t.db);
    // a few runs: the export is limited to 5 per session in 10 minutes
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const res = await t.app.inject({ method: 'GET', url: apiPaths.exportMyData, query: q, headers: { authorization: u.token } });
        expect(res.statusCode).toBe(200);
        expect(JSON.parse(res.body).profile.id).toBe(u.id);
      }),
      { numRuns: 4 },
    );
    expect(await rowCounts(t.db)).toEqual({ ...before, audit_log: before.audit_log + 4 });
  });

  it('getUserInfo ignores generated queries and only reads', async () => {
    const before = await rowCounts(t.db);
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const res = await t.app.inject({ method: 'GET', url: apiPaths.getUserInfo, query: q, headers: { authorization: u.token } });
        expect(res.statusCode).toBe(200);
        expect(res.json().message.id).toBe(u.id);
      }),
      { numRuns: 30 },
    );
    expect(await rowCounts(t.db)).toEqual(before);
  });
});

describe('POST /v1/uploadAvatar', () => {
  it('refuses generated files without a 5xx and without storing', async () => {
    const dir = join(t.dataDir, 'uploads', 'avatars');
    const before = await readdir(dir);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 256 }),
          fc.constantFrom(new Uint8Array([0xff, 0xd8, 0xff]), new TextEncoder().encode('RIFF\0\0\0\0WAVE'), new TextEncoder().encode('<svg/>')),
        ),
        fc.constantFrom('image/png', 'image/jpeg', 'image/webp', 'image/svg+xml', 'text/html', 'application/octet-stream'),
        async (bytes, type) => {
          fc.pre(!checkImage(bytes, type).ok);
          const boundary = 'fcboundary';
          const payload = Buffer.concat([
            Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f"\r\nContent-Type: ${type}\r\n\r\n`),
            Buffer.from(bytes),
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ]);
          const res = await t.app.inject({
            method: 'POST',
            url: apiPaths.uploadAvatar,
            headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: u.token },
            payload,
          });
          expectEnvelopeFailure(res.statusCode, res.body);
        },
      ),
      { numRuns: RUNS },
    );
    expect(await readdir(dir)).toEqual(before);
  });
});
