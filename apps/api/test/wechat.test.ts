import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, Code, type WxAuthorizeUrlResponse } from '@qgw/contracts';
import { data, get, login, newUser, rowCounts, type TestUser } from './support/api.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { startWechatDouble, type WechatDouble, wechatEnv } from './support/wechat-double.js';

let t: TestApp;
let wx: WechatDouble;
const PUBLIC = 'http://qgw.example.test:8080';

beforeAll(async () => {
  wx = await startWechatDouble();
  t = await createTestApp({
    env: {
      ...wechatEnv(wx),
      WECHAT_TIMEOUT_MS: '300',
      PUBLIC_BASE_URL: PUBLIC,
    },
  });
});
afterAll(async () => {
  await t.close();
  await wx.close();
});

async function authorize(token: string): Promise<{ url: string; state: string }> {
  const m = data(await get<WxAuthorizeUrlResponse>(t.app, apiPaths.wxAuthorizeUrl, {}, { token }));
  expect(m.configured).toBe(true);
  const url = m.url!;
  return { url, state: new URL(url).searchParams.get('state')! };
}

const bind = (token: string, code: string, state: string) => get<{ openid: string }>(t.app, apiPaths.bindUser, { code, state }, { token });

const bindingOf = (userId: string) =>
  t.db.selectFrom('wx_bindings').selectAll().where('user_id', '=', userId).executeTakeFirst();

describe('GET /v1/wxAuthorizeUrl', () => {
  it('builds the snsapi_base URL with a single-use state stored only as a hash, and never the secret', async () => {
    const u = await newUser(t.app);
    const { url, state } = await authorize(u.token);
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe(`${wx.url}/connect/oauth2/authorize`);
    expect(url.endsWith('#wechat_redirect')).toBe(true);
    expect([...parsed.searchParams.keys()]).toEqual(['appid', 'redirect_uri', 'response_type', 'scope', 'state']);
    expect(parsed.searchParams.get('appid')).toBe(wx.appid);
    expect(parsed.searchParams.get('redirect_uri')).toBe(`${PUBLIC}/#/pages/login/bind`);
    expect(parsed.searchParams.get('scope')).toBe('snsapi_base');
    expect(url).not.toContain(wx.secret);
    expect(state.length).toBeGreaterThanOrEqual(32);
    const rows = await t.db.selectFrom('wx_oauth_states').selectAll().where('user_id', '=', u.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.state_hash).not.toBe(state);
    expect(Date.parse(rows[0]!.expires_at) - Date.parse(rows[0]!.created_at)).toBe(10 * 60_000);
  });

  it('needs a session', async () => {
    expect((await get(t.app, apiPaths.wxAuthorizeUrl)).status).toBe(401);
  });
});

describe('GET /v1/bindWxUser', () => {
  it('binds through the whole OAuth round trip and reports the openid at the next login', async () => {
    const u = await newUser(t.app);
    const { url } = await authorize(u.token);
    // the browser goes to WeChat, which redirects back with code and state before the hash
    const res = await fetch(url.replace('#wechat_redirect', ''), { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(`${back.origin}/${back.hash}`).toBe(`${PUBLIC}/#/pages/login/bind`);
    const code = back.searchParams.get('code')!;
    const state = back.searchParams.get('state')!;

    const m = data(await bind(u.token, code, state));
    expect(m.openid).toMatch(/^o/);
    expect(await bindingOf(u.id)).toMatchObject({ appid: wx.appid, openid: m.openid });
    expect((await login(t.app, u.mobile, u.password)).openid).toBe(m.openid);
    const [entry] = await t.services.audit.list({ entityId: u.id, action: 'wechat.bind' });
    expect(entry?.after).toEqual({ appid: wx.appid, openid: m.openid });
  });

  it('replaces an earlier openid for the same app', async () => {
    const u = await newUser(t.app);
    const first = await authorize(u.token);
    data(await bind(u.token, wx.issueCode('o-first-' + u.id), first.state));
    const second = await authorize(u.token);
    const m = data(await bind(u.token, wx.issueCode('o-second-' + u.id), second.state));
    expect(m.openid).toBe('o-second-' + u.id);
    const rows = await t.db.selectFrom('wx_bindings').selectAll().where('user_id', '=', u.id).execute();
    expect(rows.map((r) => r.openid)).toEqual(['o-second-' + u.id]);
  });

  describe('failures bind nothing', () => {
    let u: TestUser;
    beforeAll(async () => {
      u = await newUser(t.app);
    });

    async function expectRefused(code: string, state: string, expected: { code: number; message: string }, token = u.token) {
      const before = await rowCounts(t.db);
      const a = await bind(token, code, state);
      expect(a.status).toBe(200);
      expect(a.body).toEqual({ success: false, ...expected });
      expect(await bindingOf(u.id)).toBeUndefined();
      const after = await rowCounts(t.db);
      expect(after.wx_bindings).toBe(before.wx_bindings);
      expect(after.audit_log).toBe(before.audit_log);
    }

    const stateInvalid = { code: Code.WECHAT_STATE_INVALID, message: '授权已失效，请重新授权' };
    const unavailable = { code: Code.WECHAT_UNAVAILABLE, message: '微信服务暂时不可用，请稍后重试' };

    it('a replayed state, without asking WeChat again', async () => {
      const r = await newUser(t.app);
      const { state } = await authorize(r.token);
      const first = data(await bind(r.token, wx.issueCode('o-replay-' + r.id), state));
      const asked = wx.exchanges();
      const before = await rowCounts(t.db);
      const again = await bind(r.token, wx.issueCode('o-replay-other-' + r.id), state);
      expect(again.body).toEqual({ success: false, ...stateInvalid });
      expect(wx.exchanges()).toBe(asked);
      expect(await rowCounts(t.db)).toEqual(before);
      expect((await bindingOf(r.id))?.openid).toBe(first.openid);
      // a state spent on a failed exchange cannot be retried either
      const s2 = await authorize(u.token);
      wx.setMode('error500');
      try {
        await expectRefused(wx.issueCode(), s2.state, unavailable);
      } finally {
        wx.setMode('normal');
      }
      await expectRefused(wx.issueCode(), s2.state, stateInvalid);
    });

    it('an unknown state', async () => {
      await expectRefused(wx.issueCode(), 'made-up-state', stateInvalid);
    });

    it('a state from another session — even of the same user — and it stays usable by its own', async () => {
      const f = await newUser(t.app);
      const { state } = await authorize(f.token);
      const otherSession = await login(t.app, f.mobile, f.password);
      const stranger = await newUser(t.app);
      const before = await rowCounts(t.db);
      for (const token of [otherSession.token, stranger.token]) {
        expect((await bind(token, wx.issueCode(), state)).body).toEqual({ success: false, ...stateInvalid });
      }
      expect(await rowCounts(t.db)).toEqual(before);
      const m = data(await bind(f.token, wx.issueCode('o-own-' + f.id), state));
      expect(m.openid).toBe('o-own-' + f.id);
    });

    it('an expired state', async () => {
      const { state } = await authorize(u.token);
      t.clock.advance(10 * 60_000 + 1);
      await expectRefused(wx.issueCode(), state, stateInvalid);
    });

    it('a used code', async () => {
      const other = await newUser(t.app);
      const code = wx.issueCode('o-used-' + other.id);
      data(await bind(other.token, code, (await authorize(other.token)).state));
      await expectRefused(code, (await authorize(u.token)).state, {
        code: Code.WECHAT_CODE_INVALID,
        message: '微信授权码无效或已使用，请重新授权',
      });
    });

    it('an expired code', async () => {
      const shortLived = await startWechatDouble({ appid: wx.appid, secret: wx.secret, codeTtlMs: 1 });
      const app2 = await createTestApp({
        env: { WECHAT_APPID: wx.appid, WECHAT_SECRET: wx.secret, WECHAT_OAUTH_BASE: shortLived.url, WECHAT_API_BASE: shortLived.url },
      });
      try {
        const v = await newUser(app2.app);
        const code = shortLived.issueCode();
        await new Promise((r) => setTimeout(r, 20));
        const { url } = data(await get<WxAuthorizeUrlResponse>(app2.app, apiPaths.wxAuthorizeUrl, {}, { token: v.token }));
        const state = new URL(url!).searchParams.get('state')!;
        const a = await get(app2.app, apiPaths.bindUser, { code, state }, { token: v.token });
        expect(a.body).toMatchObject({ success: false, code: Code.WECHAT_CODE_INVALID });
        expect((await rowCounts(app2.db)).wx_bindings).toBe(0);
      } finally {
        await app2.close();
        await shortLived.close();
      }
    });

    it('a snapshot (preview) user', async () => {
      wx.setMode('snapshot');
      try {
        await expectRefused(wx.issueCode(), (await authorize(u.token)).state, {
          code: Code.WECHAT_SNAPSHOT_USER,
          message: '请在微信中打开完整页面后再授权',
        });
      } finally {
        wx.setMode('normal');
      }
    });

    it('a WeChat timeout', async () => {
      wx.setMode('timeout');
      try {
        const start = Date.now();
        await expectRefused(wx.issueCode(), (await authorize(u.token)).state, unavailable);
        expect(Date.now() - start).toBeLessThan(5000);
      } finally {
        wx.setMode('normal');
      }
    });

    it('a WeChat 5xx', async () => {
      wx.setMode('error500');
      try {
        await expectRefused(wx.issueCode(), (await authorize(u.token)).state, unavailable);
      } finally {
        wx.setMode('normal');
      }
    });

    it('an openid already bound to another account', async () => {
      const owner = await newUser(t.app);
      const openid = 'o-taken-' + owner.id;
      data(await bind(owner.token, wx.issueCode(openid), (await authorize(owner.token)).state));
      await expectRefused(wx.issueCode(openid), (await authorize(u.token)).state, {
        code: Code.WECHAT_OPENID_TAKEN,
        message: '该微信已绑定其他账号',
      });
    });

    it('bad input', async () => {
      const before = await rowCounts(t.db);
      const queries: Record<string, string>[] = [{}, { code: 'x' }, { state: 'y' }, { code: '', state: '' }, { code: 'c'.repeat(257), state: 's' }];
      for (const q of queries) {
        const a = await get(t.app, apiPaths.bindUser, q, { token: u.token });
        expect(a.status).toBe(200);
        expect(a.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
      }
      expect(await rowCounts(t.db)).toEqual(before);
    });
  });

  it('needs a session', async () => {
    expect((await get(t.app, apiPaths.bindUser, { code: 'c', state: 's' })).status).toBe(401);
  });
});

describe('WeChat not configured', () => {
  it('says so, and binding answers WECHAT_NOT_CONFIGURED', async () => {
    const plain = await createTestApp();
    try {
      const v = await newUser(plain.app);
      expect(data(await get(plain.app, apiPaths.wxAuthorizeUrl, {}, { token: v.token }))).toEqual({ configured: false, url: null });
      const a = await get(plain.app, apiPaths.bindUser, { code: 'c', state: 's' }, { token: v.token });
      expect(a.body).toEqual({ success: false, code: Code.WECHAT_NOT_CONFIGURED, message: '当前未配置微信授权' });
      expect(v.login.openid).toBeNull();
    } finally {
      await plain.close();
    }
  });
});

describe('POST /v1/login with WeChat configured', () => {
  it('answers every role of the account, sorted, and the openid bound under this appid only', async () => {
    const u = await newUser(t.app);
    const now = new Date().toISOString();
    await t.db.insertInto('user_roles').values({ user_id: u.id, role: 'reviewer', created_at: now }).execute();
    await t.db.insertInto('wx_bindings').values({ user_id: u.id, appid: 'wx-another-app', openid: 'o-of-another-app', created_at: now }).execute();
    const before = await login(t.app, u.mobile, u.password);
    expect(before.roles).toEqual(['applicant', 'reviewer']);
    expect(before.openid).toBeNull();
    await t.db.insertInto('wx_bindings').values({ user_id: u.id, appid: wx.appid, openid: 'o-of-this-app', created_at: now }).execute();
    const after = await login(t.app, u.mobile, u.password);
    expect(after).toMatchObject({ id: u.id, username: u.mobile, roles: ['applicant', 'reviewer'], openid: 'o-of-this-app' });
  });
});
