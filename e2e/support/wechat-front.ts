/**
 * The browser-facing half of WeChat web OAuth for the browser suite, in front of the WeChat double.
 *
 * The double answers the token exchange (single-use, expiring codes, errcode 40029, no unionid,
 * timeouts, 5xx, snapshot users). This front plays the authorize page: it mints a code on the double
 * for a fresh openid on every authorisation and redirects back exactly as WeChat does (code and state
 * put into the query string before the hash). A fresh openid per authorisation keeps every bind in the
 * suite independent of the others — retries and repeated runs never meet an openid that is taken.
 *
 * It also carries the control endpoint the tests use to switch the double's mode and to read what was
 * authorised.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { WechatDouble, WechatDoubleMode } from '../../apps/api/test/support/wechat-double.js';

export interface Authorization {
  openid: string;
  code: string;
  state: string;
  redirectUri: string;
  scope: string | null;
  responseType: string | null;
}

export const controlPaths = {
  mode: '/control/mode',
  authorizations: '/control/authorizations',
  exchanges: '/control/exchanges',
  jsapiTicket: '/control/jsapi-ticket',
} as const;

const modes: readonly WechatDoubleMode[] = ['normal', 'timeout', 'error500', 'snapshot'];

export interface WechatFront {
  url: string;
  close(): Promise<void>;
}

export async function startWechatFront(double: WechatDouble, port: number): Promise<WechatFront> {
  const authorizations: Authorization[] = [];

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

  const readBody = async (req: IncomingMessage): Promise<string> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  const authorize = (u: URL, res: ServerResponse) => {
    const redirect = u.searchParams.get('redirect_uri');
    if (u.searchParams.get('appid') !== double.appid || !redirect) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('invalid appid or redirect_uri');
      return;
    }
    const state = u.searchParams.get('state') ?? '';
    const openid = `o${randomBytes(13).toString('base64url')}`;
    const code = double.issueCode(openid);
    authorizations.push({
      openid,
      code,
      state,
      redirectUri: redirect,
      scope: u.searchParams.get('scope'),
      responseType: u.searchParams.get('response_type'),
    });
    const target = new URL(redirect);
    const hash = target.hash;
    target.hash = '';
    target.searchParams.set('code', code);
    target.searchParams.set('state', state);
    res.writeHead(302, { location: target.toString() + hash });
    res.end();
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const u = new URL(req.url ?? '/', 'http://front');
    if (req.method === 'GET' && u.pathname === '/connect/oauth2/authorize') return authorize(u, res);
    if (req.method === 'GET' && u.pathname === controlPaths.authorizations) return json(res, 200, authorizations);
    if (req.method === 'GET' && u.pathname === controlPaths.jsapiTicket) return json(res, 200, { ticket: double.jsapiTicket() ?? null });
    if (req.method === 'GET' && u.pathname === controlPaths.exchanges) {
      return json(res, 200, { exchanges: double.exchanges() });
    }
    if (req.method === 'POST' && u.pathname === controlPaths.mode) {
      const { mode } = JSON.parse((await readBody(req)) || '{}') as { mode?: WechatDoubleMode };
      if (!mode || !modes.includes(mode)) return json(res, 400, { error: `mode must be one of ${modes.join(', ')}` });
      double.setMode(mode);
      return json(res, 200, { mode });
    }
    json(res, 404, { error: 'not found' });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => json(res, 500, { error: String(err) }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
