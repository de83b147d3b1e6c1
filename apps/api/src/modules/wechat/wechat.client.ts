import type { FastifyBaseLogger } from 'fastify';

/**
 * WeChat web OAuth (snsapi_base), server side: builds the authorize URL and exchanges the code for
 * an openid. The secret only ever travels from here to WeChat's API; it is never logged and never
 * sent to the browser.
 */

export interface WechatSettings {
  appid: string;
  secret: string;
  oauthBase: string;
  apiBase: string;
  timeoutMs: number;
}

export type ExchangeResult =
  | { ok: true; openid: string; unionid: string | null; snapshotUser: boolean }
  | { ok: false; reason: 'code_invalid' | 'unavailable' };

/** Codes WeChat answers for a code that is unknown, expired (40029) or already used (40163). */
const CODE_ERRORS = new Set([40029, 40163]);

export function authorizeUrl(s: Pick<WechatSettings, 'appid' | 'oauthBase'>, redirectUri: string, state: string): string {
  // WeChat requires the parameters in this order and the #wechat_redirect suffix
  return (
    `${s.oauthBase}/connect/oauth2/authorize?appid=${encodeURIComponent(s.appid)}` +
    `&redirect_uri=${encodeURIComponent(redirectUri)}&response_type=code&scope=snsapi_base` +
    `&state=${encodeURIComponent(state)}#wechat_redirect`
  );
}

export async function exchangeCode(s: WechatSettings, code: string, log: FastifyBaseLogger): Promise<ExchangeResult> {
  const query = new URLSearchParams({ appid: s.appid, secret: s.secret, code, grant_type: 'authorization_code' });
  let res: Response;
  try {
    res = await fetch(`${s.apiBase}/sns/oauth2/access_token?${query}`, {
      signal: AbortSignal.timeout(s.timeoutMs),
      headers: { accept: 'application/json' },
    });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    log.warn({ event: 'wechat.exchange', outcome: timedOut ? 'timeout' : 'network' }, 'WeChat code exchange failed');
    return { ok: false, reason: 'unavailable' };
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    log.warn({ event: 'wechat.exchange', outcome: 'not_json', status: res.status }, 'WeChat code exchange failed');
    return { ok: false, reason: 'unavailable' };
  }
  if (!res.ok) {
    log.warn({ event: 'wechat.exchange', outcome: 'http_error', status: res.status }, 'WeChat code exchange failed');
    return { ok: false, reason: 'unavailable' };
  }
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const errcode = typeof b.errcode === 'number' ? b.errcode : 0;
  if (errcode !== 0) {
    log.warn({ event: 'wechat.exchange', outcome: 'errcode', errcode }, 'WeChat refused the code exchange');
    return { ok: false, reason: CODE_ERRORS.has(errcode) ? 'code_invalid' : 'unavailable' };
  }
  if (typeof b.openid !== 'string' || b.openid.length === 0 || b.openid.length > 128) {
    log.warn({ event: 'wechat.exchange', outcome: 'no_openid' }, 'WeChat answer carried no openid');
    return { ok: false, reason: 'unavailable' };
  }
  return {
    ok: true,
    openid: b.openid,
    unionid: typeof b.unionid === 'string' ? b.unionid : null,
    snapshotUser: b.is_snapshotuser === 1,
  };
}
