import type { FastifyBaseLogger } from 'fastify';
import type { DeliveryChannelValue, DeliveryStatusValue } from '../../db/schema.js';
import { notificationStrings } from './notifications.strings.js';

/**
 * Outbound messages beside the in-app notification: a WeChat template message and an SMS. Each
 * channel is an adapter behind one interface; an unconfigured channel answers 'skipped' so that a
 * deployment without them still works. Adapters never throw: every outcome is a delivery result
 * for the log. Neither the mobile nor the openid nor any credential is logged.
 */

export interface OutboundMessage {
  /** the in-app notification's title (e.g. 申报结果通知) */
  title: string;
  /** the application's title */
  applicationTitle: string;
  /** 通过 / 不通过 / 退回修改 */
  outcome: string;
  /** where the applicant reads the details, absolute URL; null when no public base URL is known */
  link: string | null;
  /** the SMS's whole text when the message is not a decision's outcome (a reviewer's reminder) */
  text?: string;
}

export interface Recipient {
  mobile: string;
  /** the WeChat openid bound for the configured appid, if any */
  openid: string | null;
}

export interface DeliveryResult {
  status: DeliveryStatusValue;
  /** short machine-readable detail: not_configured, no_openid, errcode:40003, http:502, timeout … */
  detail: string | null;
}

export interface OutboundChannel {
  readonly channel: DeliveryChannelValue;
  send(to: Recipient, msg: OutboundMessage): Promise<DeliveryResult>;
}

const skipped = (detail: string): DeliveryResult => ({ status: 'skipped', detail });
const failed = (detail: string): DeliveryResult => ({ status: 'failed', detail });

/** Calls fetch with a timeout; the failure kind instead of an exception. */
async function call(url: string, init: RequestInit, timeoutMs: number): Promise<{ ok: true; res: Response } | { ok: false; detail: string }> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { ok: true, res };
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return { ok: false, detail: timedOut ? 'timeout' : 'network' };
  }
}

const jsonOf = async (res: Response): Promise<Record<string, unknown>> => {
  try {
    const b: unknown = await res.json();
    return typeof b === 'object' && b !== null ? (b as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

// ---- WeChat template message ------------------------------------------------------------------------

export interface WechatTemplateSettings {
  appid: string;
  secret: string;
  apiBase: string;
  templateId: string;
  timeoutMs: number;
}

/** errcodes meaning the access_token is no longer good: fetch a new one and try once more */
const TOKEN_ERRORS = new Set([40001, 40014, 42001]);

/**
 * WeChat official-account template message (cgi-bin/message/template/send). The access_token
 * (client_credential) is cached until shortly before it expires. Template fields: first,
 * keyword1 (the application), keyword2 (the outcome), remark.
 */
export class WechatTemplateChannel implements OutboundChannel {
  readonly channel = 'wechat' as const;
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly s: WechatTemplateSettings | undefined,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  private async accessToken(fresh: boolean): Promise<{ token: string } | { detail: string }> {
    const s = this.s!;
    if (!fresh && this.token && this.token.expiresAt > this.now()) return { token: this.token.value };
    const q = new URLSearchParams({ grant_type: 'client_credential', appid: s.appid, secret: s.secret });
    const r = await call(`${s.apiBase}/cgi-bin/token?${q}`, { headers: { accept: 'application/json' } }, s.timeoutMs);
    if (!r.ok) return { detail: r.detail };
    if (!r.res.ok) return { detail: `http:${r.res.status}` };
    const b = await jsonOf(r.res);
    if (typeof b.access_token !== 'string' || !b.access_token) {
      return { detail: `errcode:${typeof b.errcode === 'number' ? b.errcode : 'none'}` };
    }
    const ttlS = typeof b.expires_in === 'number' ? b.expires_in : 7200;
    this.token = { value: b.access_token, expiresAt: this.now() + Math.max(ttlS - 300, 60) * 1000 };
    return { token: b.access_token };
  }

  async send(to: Recipient, msg: OutboundMessage): Promise<DeliveryResult> {
    if (!this.s) return skipped('not_configured');
    if (!to.openid) return skipped('no_openid');
    const body = JSON.stringify({
      touser: to.openid,
      template_id: this.s.templateId,
      ...(msg.link ? { url: msg.link } : {}),
      data: {
        first: { value: msg.title },
        keyword1: { value: msg.applicationTitle },
        keyword2: { value: msg.outcome },
        remark: { value: notificationStrings.wechatRemark },
      },
    });
    for (const fresh of [false, true]) {
      const t = await this.accessToken(fresh);
      if ('detail' in t) return this.failed(t.detail);
      const r = await call(
        `${this.s.apiBase}/cgi-bin/message/template/send?access_token=${encodeURIComponent(t.token)}`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body },
        this.s.timeoutMs,
      );
      if (!r.ok) return this.failed(r.detail);
      if (!r.res.ok) return this.failed(`http:${r.res.status}`);
      const b = await jsonOf(r.res);
      const errcode = typeof b.errcode === 'number' ? b.errcode : 0;
      if (errcode === 0) return { status: 'sent', detail: null };
      if (!TOKEN_ERRORS.has(errcode) || fresh) return this.failed(`errcode:${errcode}`);
      this.token = null;
    }
    return this.failed('unreachable');
  }

  private failed(detail: string): DeliveryResult {
    this.log.warn({ event: 'notify.wechat', outcome: detail }, 'WeChat template message not delivered');
    return failed(detail);
  }
}

// ---- SMS gateway ----------------------------------------------------------------------------------------

export interface SmsGatewaySettings {
  url: string;
  /** sent as Authorization: Bearer <token> when set */
  token: string | undefined;
  timeoutMs: number;
}

/**
 * An SMS gateway reached over HTTP: POST {to, text} as JSON; any 2xx answer counts as accepted.
 * Providers' own APIs (signatures, templates) sit behind such a gateway.
 */
export class SmsGatewayChannel implements OutboundChannel {
  readonly channel = 'sms' as const;

  constructor(
    private readonly s: SmsGatewaySettings | undefined,
    private readonly log: FastifyBaseLogger,
    private readonly text: (msg: OutboundMessage) => string,
  ) {}

  async send(to: Recipient, msg: OutboundMessage): Promise<DeliveryResult> {
    if (!this.s) return skipped('not_configured');
    const result = await postToSmsGateway(this.s, to.mobile, this.text(msg));
    if (result.status !== 'sent') this.log.warn({ event: 'notify.sms', outcome: result.detail }, 'SMS not delivered');
    return result;
  }
}

/**
 * One text to one mobile through the SMS gateway: POST {to, text} as JSON, the token as a bearer;
 * any 2xx answer counts as accepted. Never throws and logs nothing (the caller knows what the text
 * was for). Used by the decision notices above and by the verification codes (modules/sms).
 */
export async function postToSmsGateway(s: SmsGatewaySettings, to: string, text: string): Promise<DeliveryResult> {
  const r = await call(
    s.url,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(s.token ? { authorization: `Bearer ${s.token}` } : {}) },
      body: JSON.stringify({ to, text }),
    },
    s.timeoutMs,
  );
  const detail = !r.ok ? r.detail : r.res.ok ? null : `http:${r.res.status}`;
  if (r.ok) await r.res.body?.cancel().catch(() => undefined);
  return detail === null ? { status: 'sent', detail: null } : failed(detail);
}
