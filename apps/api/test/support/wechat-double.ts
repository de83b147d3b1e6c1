/**
 * A local HTTP server that behaves like WeChat's web OAuth (snsapi_base) for tests:
 *  - GET /connect/oauth2/authorize → 302 to redirect_uri with ?code&state inserted before the
 *    hash, as WeChat does for single-page apps;
 *  - GET /sns/oauth2/access_token → {access_token, openid, scope, ...} (no unionid), or errcode
 *    40029 for an unknown/expired code, 40163 for a used one, 40125 for a wrong secret.
 *  - POST /cgi-bin/stable_token → {access_token, expires_in} for the app's own appid and secret;
 *  - GET /cgi-bin/ticket/getticket?type=jsapi → {errcode: 0, ticket, expires_in}, or 40001 for an
 *    access token it did not issue (or revoked with `revokeAccessTokens`).
 * Codes are single-use and expire after `codeTtlMs`. `setMode` makes it time out, answer 5xx or
 * return a snapshot user (is_snapshotuser: 1).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export type WechatDoubleMode = 'normal' | 'timeout' | 'error500' | 'snapshot';

export interface WechatDouble {
  /** base URL, e.g. http://127.0.0.1:41234 — use it for both the OAuth and the API base */
  url: string;
  appid: string;
  secret: string;
  /** mint a code as if the user had just authorised; the openid defaults to a stable fake */
  issueCode(openid?: string): string;
  setMode(mode: WechatDoubleMode): void;
  /** how many access_token exchanges were requested (for asserting "WeChat was asked") */
  exchanges(): number;
  /** the JS-SDK ticket last handed out (to check a signature), and how many tokens and tickets were asked for */
  jsapiTicket(): string | undefined;
  tokenFetches(): number;
  ticketFetches(): number;
  /** as if the access tokens were revoked: the next ticket request with one is refused with 40001 */
  revokeAccessTokens(): void;
  close(): Promise<void>;
}

export interface WechatDoubleOptions {
  port?: number;
  appid?: string;
  secret?: string;
  codeTtlMs?: number;
  /** the openid the authorize endpoint hands out */
  defaultOpenid?: string;
  /** the JS-SDK ticket's stated lifetime in seconds (WeChat's is 7200) */
  ticketExpiresIn?: number;
}

export async function startWechatDouble(opts: WechatDoubleOptions = {}): Promise<WechatDouble> {
  const appid = opts.appid ?? 'wx-test-appid';
  const secret = opts.secret ?? 'wx-test-secret';
  const codeTtlMs = opts.codeTtlMs ?? 5 * 60_000;
  const defaultOpenid = opts.defaultOpenid ?? `o${randomBytes(13).toString('base64url')}`;
  const codes = new Map<string, { openid: string; expiresAt: number; used: boolean }>();
  let mode: WechatDoubleMode = 'normal';
  let exchangeCount = 0;
  const accessTokens = new Set<string>();
  let lastTicket: string | undefined;
  let tokenCount = 0;
  let ticketCount = 0;
  const pending = new Set<ServerResponse>();

  const issueCode = (openid = defaultOpenid) => {
    const code = randomBytes(16).toString('hex');
    codes.set(code, { openid, expiresAt: Date.now() + codeTtlMs, used: false });
    return code;
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

  const readJson = (req: IncomingMessage) =>
    new Promise<Record<string, unknown>>((resolve) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        try {
          resolve(JSON.parse(raw) as Record<string, unknown>);
        } catch {
          resolve({});
        }
      });
    });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const u = new URL(req.url ?? '/', 'http://double');
    if (u.pathname === '/cgi-bin/stable_token' && req.method === 'POST') {
      tokenCount++;
      const body = await readJson(req);
      if (mode === 'timeout') {
        pending.add(res);
        return;
      }
      if (mode === 'error500') return json(res, 502, { errcode: -1, errmsg: 'system error' });
      if (body.grant_type !== 'client_credential' || body.appid !== appid || body.secret !== secret) {
        return json(res, 200, { errcode: 40125, errmsg: 'invalid appsecret' });
      }
      const token = randomBytes(24).toString('hex');
      accessTokens.add(token);
      return json(res, 200, { access_token: token, expires_in: 7200 });
    }
    if (u.pathname === '/cgi-bin/ticket/getticket') {
      ticketCount++;
      if (!accessTokens.has(u.searchParams.get('access_token') ?? '') || u.searchParams.get('type') !== 'jsapi') {
        return json(res, 200, { errcode: 40001, errmsg: 'invalid credential' });
      }
      lastTicket = randomBytes(32).toString('base64url');
      return json(res, 200, { errcode: 0, errmsg: 'ok', ticket: lastTicket, expires_in: opts.ticketExpiresIn ?? 7200 });
    }
    if (u.pathname === '/connect/oauth2/authorize') {
      const redirect = u.searchParams.get('redirect_uri');
      const state = u.searchParams.get('state') ?? '';
      if (u.searchParams.get('appid') !== appid || !redirect) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end('invalid appid or redirect_uri');
        return;
      }
      const code = issueCode();
      const target = new URL(redirect);
      const hash = target.hash;
      target.hash = '';
      target.searchParams.set('code', code);
      target.searchParams.set('state', state);
      res.writeHead(302, { location: target.toString() + hash });
      res.end();
      return;
    }
    if (u.pathname === '/sns/oauth2/access_token') {
      exchangeCount++;
      if (mode === 'timeout') {
        pending.add(res); // never answered; the caller's timeout has to fire
        return;
      }
      if (mode === 'error500') return json(res, 502, { errcode: -1, errmsg: 'system error' });
      if (u.searchParams.get('appid') !== appid || u.searchParams.get('secret') !== secret) {
        return json(res, 200, { errcode: 40125, errmsg: 'invalid appsecret' });
      }
      const code = u.searchParams.get('code') ?? '';
      const entry = codes.get(code);
      if (!entry || entry.expiresAt < Date.now()) return json(res, 200, { errcode: 40029, errmsg: 'invalid code' });
      if (entry.used) return json(res, 200, { errcode: 40163, errmsg: 'code been used' });
      entry.used = true;
      return json(res, 200, {
        access_token: randomBytes(24).toString('hex'),
        expires_in: 7200,
        refresh_token: randomBytes(24).toString('hex'),
        openid: entry.openid,
        scope: 'snsapi_base',
        ...(mode === 'snapshot' ? { is_snapshotuser: 1 } : {}),
      });
    }
    json(res, 404, { errcode: 404, errmsg: 'not found' });
  };

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    appid,
    secret,
    issueCode,
    setMode: (m) => {
      mode = m;
    },
    exchanges: () => exchangeCount,
    jsapiTicket: () => lastTicket,
    tokenFetches: () => tokenCount,
    ticketFetches: () => ticketCount,
    revokeAccessTokens: () => accessTokens.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const r of pending) r.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The server's WeChat configuration pointing at the double: its app id and secret, both hosts. */
export const wechatEnv = (wx: WechatDouble): Record<string, string> => ({
  WECHAT_APPID: wx.appid,
  WECHAT_SECRET: wx.secret,
  WECHAT_OAUTH_BASE: wx.url,
  WECHAT_API_BASE: wx.url,
});
