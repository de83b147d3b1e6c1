import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, Code, type WxJsConfigResponse } from '@qgw/contracts';
import { jsSdkSignature } from '../src/modules/wechat/wechat.jssdk.js';
import { get, newUser } from './support/api.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { startWechatDouble, type WechatDouble, wechatEnv } from './support/wechat-double.js';

/**
 * GET /v1/wxJsConfig: the signed `wx.config` that lets a page set its WeChat share card. Signed
 * only for this site's pages, with a jsapi_ticket fetched once and reused until near its expiry.
 */

const PUBLIC = 'https://qgw.example.test';
const page = `${PUBLIC}/?from=singlemessage#/pages/cxb2024/index`;

let t: TestApp;
let plain: TestApp;
let wx: WechatDouble;

beforeAll(async () => {
  wx = await startWechatDouble();
  t = await createTestApp({
    env: {
      ...wechatEnv(wx),
      WECHAT_TIMEOUT_MS: '5000',
      PUBLIC_BASE_URL: PUBLIC,
    },
  });
  plain = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await plain?.close();
  await wx?.close();
});

const jsConfig = (app: TestApp, url: string, token?: string) =>
  get<WxJsConfigResponse>(app.app, apiPaths.wxJsConfig, { url }, token ? { token } : {});

describe('the JS-SDK signature', () => {
  it('matches the example in WeChat’s documentation (附录1)', () => {
    const ticket = 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg';
    expect(jsSdkSignature(ticket, 'Wm3WZYTPz0wzccnW', 1414587457, 'http://mp.weixin.qq.com?params=value')).toBe(
      '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
    );
  });
});

describe('GET /v1/wxJsConfig', () => {
  it('signs one of this site’s pages without its # part, for anyone, signed in or not', async () => {
    const a = await jsConfig(t, page);
    expect(a.status).toBe(200);
    const m = a.body.success ? a.body.message : undefined;
    expect(m).toMatchObject({ configured: true, appId: wx.appid });
    expect(m!.nonceStr).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(Math.abs(m!.timestamp! - Math.floor(Date.now() / 1000))).toBeLessThan(24 * 3600);
    const signedUrl = `${PUBLIC}/?from=singlemessage`;
    expect(m!.signature).toBe(jsSdkSignature(wx.jsapiTicket()!, m!.nonceStr!, m!.timestamp!, signedUrl));

    const user = await newUser(t.app);
    const b = await jsConfig(t, page, user.token);
    expect(b.body.success).toBe(true);
  });

  it('asks WeChat for the token and the ticket once, then reuses them', async () => {
    const tokens = wx.tokenFetches();
    const tickets = wx.ticketFetches();
    await Promise.all(Array.from({ length: 5 }, () => jsConfig(t, page)));
    expect(wx.tokenFetches() - tokens).toBe(0);
    expect(wx.ticketFetches() - tickets).toBe(0);
  });

  it('refuses to sign another site’s page', async () => {
    for (const url of ['https://evil.example.test/#/pages/cxb2024/index', 'http://qgw.example.test/', 'https://qgw.example.test:8443/']) {
      const a = await jsConfig(t, url);
      expect(a.status, url).toBe(200); // a refusal is a business failure in the envelope
      expect(a.body, url).toMatchObject({ success: false, code: Code.BAD_REQUEST, message: '只能为本站页面签名' });
    }
  });

  it('refuses what is not a web address, or too long a one', async () => {
    for (const url of ['', 'javascript:alert(1)', 'data:text/html,x', 'not a url', `${PUBLIC}/?q=${'x'.repeat(1100)}`]) {
      const a = await jsConfig(t, url);
      expect(a.body, url).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
    const missing = await get(t.app, apiPaths.wxJsConfig, {});
    expect(missing.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
  });

  it('answers configured: false and signs nothing where WeChat is not configured', async () => {
    const a = await jsConfig(plain, 'http://127.0.0.1/#/pages/cxb2024/index');
    expect(a.body).toMatchObject({ success: true, message: { configured: false, appId: null, signature: null } });
  });
});

describe('when WeChat misbehaves', () => {
  let wx2: WechatDouble;
  let t2: TestApp;
  beforeAll(async () => {
    wx2 = await startWechatDouble();
    t2 = await createTestApp({
      env: {
        WECHAT_APPID: wx2.appid,
        WECHAT_SECRET: wx2.secret,
        WECHAT_OAUTH_BASE: wx2.url,
        WECHAT_API_BASE: wx2.url,
        WECHAT_TIMEOUT_MS: '300',
        PUBLIC_BASE_URL: PUBLIC,
      },
    });
  });
  afterAll(async () => {
    await t2?.close();
    await wx2?.close();
  });

  it('down: the page gets no signature (it shares as a plain link) and the next call tries again', async () => {
    wx2.setMode('error500');
    const a = await jsConfig(t2, page);
    expect(a.body).toMatchObject({ success: true, message: { configured: true, signature: null } });
    wx2.setMode('timeout');
    const b = await jsConfig(t2, page);
    expect(b.body).toMatchObject({ success: true, message: { configured: true, signature: null } });
    wx2.setMode('normal');
    const c = await jsConfig(t2, page);
    expect(c.body.success && c.body.message.signature).toMatch(/^[0-9a-f]{40}$/);
  });

  it('a revoked access token is replaced once and the ticket fetched with the new one', async () => {
    // a ticket that lives 10 minutes is refreshed after 5, while the access token is still held
    const wx3 = await startWechatDouble({ ticketExpiresIn: 600 });
    const t3 = await createTestApp({
      env: { WECHAT_APPID: wx3.appid, WECHAT_SECRET: wx3.secret, WECHAT_OAUTH_BASE: wx3.url, WECHAT_API_BASE: wx3.url, WECHAT_TIMEOUT_MS: '5000', PUBLIC_BASE_URL: PUBLIC },
    });
    try {
      const first = await jsConfig(t3, page);
      expect(first.body.success && first.body.message.signature).toBeTruthy();
      expect(wx3.tokenFetches()).toBe(1);
      wx3.revokeAccessTokens();
      t3.clock.advance(6 * 60_000);
      const again = await jsConfig(t3, page);
      const m = again.body.success ? again.body.message : undefined;
      expect(m?.signature).toBe(jsSdkSignature(wx3.jsapiTicket()!, m!.nonceStr!, m!.timestamp!, `${PUBLIC}/?from=singlemessage`));
      expect(wx3.tokenFetches()).toBe(2); // refused with the revoked one, then a forced fresh one
      expect(wx3.ticketFetches()).toBe(3);
    } finally {
      await t3.close();
      await wx3.close();
    }
  });
});
