/**
 * A local HTTP server standing in for the outbound providers in tests:
 *  - WeChat: GET /cgi-bin/token (client_credential) → {access_token, expires_in};
 *    POST /cgi-bin/message/template/send?access_token=… → {errcode: 0} and records the message;
 *  - SMS gateway: POST /sms with Authorization: Bearer <token> → 200 and records {to, text}.
 * Modes make it refuse (WeChat errcode 43004, SMS 502), time out, or expire the first token.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type NotifyDoubleMode = 'normal' | 'refuse' | 'timeout' | 'expire-token-once';

export interface TemplateMessage {
  touser: string;
  template_id: string;
  url?: string;
  data: Record<string, { value: string }>;
}

export interface NotifyDouble {
  url: string;
  appid: string;
  secret: string;
  smsToken: string;
  templates: TemplateMessage[];
  sms: Array<{ to: string; text: string }>;
  tokensIssued(): number;
  setMode(mode: NotifyDoubleMode): void;
  close(): Promise<void>;
}

export async function startNotifyDouble(): Promise<NotifyDouble> {
  const appid = 'wx-notify-appid';
  const secret = 'wx-notify-secret';
  const smsToken = randomBytes(12).toString('hex');
  const templates: TemplateMessage[] = [];
  const sms: Array<{ to: string; text: string }> = [];
  const valid = new Set<string>();
  let issued = 0;
  let mode: NotifyDoubleMode = 'normal';
  let expireNext = false;
  const pending = new Set<ServerResponse>();

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const bodyOf = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });

  const server = createServer((req, res) => {
    void (async () => {
      const u = new URL(req.url ?? '/', 'http://double');
      if (mode === 'timeout') {
        pending.add(res);
        return;
      }
      if (u.pathname === '/cgi-bin/token') {
        if (u.searchParams.get('appid') !== appid || u.searchParams.get('secret') !== secret) {
          return json(res, 200, { errcode: 40125, errmsg: 'invalid appsecret' });
        }
        issued++;
        const token = randomBytes(16).toString('hex');
        valid.add(token);
        return json(res, 200, { access_token: token, expires_in: 7200 });
      }
      if (u.pathname === '/cgi-bin/message/template/send' && req.method === 'POST') {
        const token = u.searchParams.get('access_token') ?? '';
        const body = JSON.parse(await bodyOf(req)) as TemplateMessage;
        if (expireNext) {
          expireNext = false;
          valid.delete(token);
        }
        if (!valid.has(token)) return json(res, 200, { errcode: 40001, errmsg: 'invalid credential' });
        if (mode === 'refuse') return json(res, 200, { errcode: 43004, errmsg: 'require subscribe' });
        templates.push(body);
        return json(res, 200, { errcode: 0, errmsg: 'ok', msgid: 1 });
      }
      if (u.pathname === '/sms' && req.method === 'POST') {
        if (req.headers.authorization !== `Bearer ${smsToken}`) return json(res, 401, { error: 'unauthorized' });
        const body = JSON.parse(await bodyOf(req)) as { to: string; text: string };
        if (mode === 'refuse') return json(res, 502, { error: 'upstream' });
        sms.push(body);
        return json(res, 200, { id: randomBytes(4).toString('hex') });
      }
      json(res, 404, { errcode: 404 });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    appid,
    secret,
    smsToken,
    templates,
    sms,
    tokensIssued: () => issued,
    setMode: (m) => {
      mode = m;
      if (m === 'expire-token-once') {
        expireNext = true;
        mode = 'normal';
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const r of pending) r.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
