import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis as RedisClient } from 'ioredis';
import type { Clock } from '../../clock.js';
import type { WechatSettings } from './wechat.client.js';

/**
 * WeChat JS-SDK signing (微信 JS-SDK 说明文档, 附录1 签名算法): a page inside WeChat calls `wx.config`
 * with a signature over the `jsapi_ticket`, a nonce, a timestamp and the page's URL without its `#`
 * part; only then may it set its share card. The ticket comes from an access token and both live
 * two hours; WeChat limits how often either may be fetched, so the ticket is cached and refreshed
 * before it expires, and shared through Redis when instances run side by side.
 *
 * The access token is the stable one (`/cgi-bin/stable_token`): fetching it does not invalidate a
 * token another instance still holds, as `/cgi-bin/token` would.
 */

/** The signature `wx.config` checks: SHA-1 of the four fields in this order, as WeChat documents. */
export function jsSdkSignature(ticket: string, nonceStr: string, timestamp: number, url: string): string {
  return createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`).digest('hex');
}

/** Refreshed this long before WeChat's stated expiry, so a page never gets a ticket that dies mid-load. */
export const TICKET_REFRESH_MARGIN_MS = 5 * 60_000;

/** Codes WeChat answers for an access token that is invalid (40001) or expired (42001, 40014). */
const TOKEN_ERRORS = new Set([40001, 40014, 42001]);

interface Cached {
  ticket: string;
  /** epoch ms after which it is fetched again */
  refreshAt: number;
}

class WechatApiError extends Error {
  constructor(
    readonly outcome: string,
    readonly errcode?: number,
  ) {
    super(`WeChat API: ${outcome}`);
  }
}

export interface JsApiTicketDeps {
  settings: WechatSettings;
  clock: Clock;
  log: FastifyBaseLogger;
  /** shared cache across instances; the ticket is kept in memory as well */
  redis?: RedisClient | undefined;
  redisKey?: string;
}

export class JsApiTicketSource {
  private cached: Cached | undefined;
  private accessToken: { value: string; refreshAt: number } | undefined;
  /** one fetch at a time: a burst of page loads after expiry asks WeChat once */
  private inFlight: Promise<string> | undefined;

  constructor(private readonly d: JsApiTicketDeps) {}

  /** The current ticket, or undefined when WeChat cannot be reached (the page then shares without a card). */
  async ticket(): Promise<string | undefined> {
    const now = this.d.clock();
    if (this.cached && this.cached.refreshAt > now) return this.cached.ticket;
    const shared = await this.readShared();
    if (shared && shared.refreshAt > now) {
      this.cached = shared;
      return shared.ticket;
    }
    this.inFlight ??= this.fetchTicket().finally(() => {
      this.inFlight = undefined;
    });
    try {
      return await this.inFlight;
    } catch (err) {
      const e = err instanceof WechatApiError ? err : new WechatApiError('network');
      this.d.log.warn({ event: 'wechat.jsapi_ticket', outcome: e.outcome, errcode: e.errcode }, 'WeChat JS-SDK ticket unavailable');
      return undefined;
    }
  }

  private async fetchTicket(): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.token(attempt > 0);
      const q = new URLSearchParams({ access_token: token, type: 'jsapi' });
      const body = await this.call(`/cgi-bin/ticket/getticket?${q}`);
      const errcode = typeof body.errcode === 'number' ? body.errcode : 0;
      // the token was revoked or expired early (another holder forced a refresh): once more with a new one
      if (TOKEN_ERRORS.has(errcode) && attempt === 0) continue;
      if (errcode !== 0 || typeof body.ticket !== 'string' || body.ticket === '') throw new WechatApiError('ticket_refused', errcode);
      const cached = { ticket: body.ticket, refreshAt: this.d.clock() + lifetimeMs(body.expires_in) };
      this.cached = cached;
      await this.writeShared(cached);
      return cached.ticket;
    }
  }

  private async token(forceRefresh: boolean): Promise<string> {
    const now = this.d.clock();
    if (!forceRefresh && this.accessToken && this.accessToken.refreshAt > now) return this.accessToken.value;
    const { appid, secret } = this.d.settings;
    const body = await this.call('/cgi-bin/stable_token', {
      grant_type: 'client_credential',
      appid,
      secret,
      force_refresh: forceRefresh,
    });
    if (typeof body.access_token !== 'string' || body.access_token === '') {
      throw new WechatApiError('token_refused', typeof body.errcode === 'number' ? body.errcode : undefined);
    }
    this.accessToken = { value: body.access_token, refreshAt: now + lifetimeMs(body.expires_in) };
    return body.access_token;
  }

  private async call(path: string, json?: Record<string, unknown>): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await fetch(`${this.d.settings.apiBase}${path}`, {
        method: json ? 'POST' : 'GET',
        signal: AbortSignal.timeout(this.d.settings.timeoutMs),
        headers: json ? { accept: 'application/json', 'content-type': 'application/json' } : { accept: 'application/json' },
        ...(json ? { body: JSON.stringify(json) } : {}),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new WechatApiError(timedOut ? 'timeout' : 'network');
    }
    if (!res.ok) throw new WechatApiError(`http_${res.status}`);
    const body: unknown = await res.json().catch(() => null);
    if (typeof body !== 'object' || body === null) throw new WechatApiError('not_json');
    return body as Record<string, unknown>;
  }

  private async readShared(): Promise<Cached | undefined> {
    const { redis, redisKey } = this.d;
    if (!redis || !redisKey) return undefined;
    try {
      const raw = await redis.get(redisKey);
      if (!raw) return undefined;
      const v = JSON.parse(raw) as Partial<Cached>;
      return typeof v.ticket === 'string' && typeof v.refreshAt === 'number' ? { ticket: v.ticket, refreshAt: v.refreshAt } : undefined;
    } catch {
      return undefined; // Redis down: this instance fetches its own, as a single instance would
    }
  }

  private async writeShared(c: Cached): Promise<void> {
    const { redis, redisKey } = this.d;
    if (!redis || !redisKey) return;
    const ttl = Math.max(1, c.refreshAt - this.d.clock());
    await redis.set(redisKey, JSON.stringify(c), 'PX', ttl).catch(() => undefined);
  }
}

/** WeChat states `expires_in` in seconds (7200); refreshed a margin before it, never sooner than a minute. */
function lifetimeMs(expiresIn: unknown): number {
  const seconds = typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : 7200;
  return Math.max(60_000, seconds * 1000 - TICKET_REFRESH_MARGIN_MS);
}

/** A nonce for one signature: letters and digits, as WeChat's examples use. */
export const jsSdkNonce = (): string => randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
