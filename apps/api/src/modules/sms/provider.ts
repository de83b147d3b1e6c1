import type { SmsPurpose } from '@qgw/contracts';

/**
 * Who delivers a verification code: Alibaba Cloud SMS, Tencent Cloud SMS, the HTTP gateway, or the
 * development outbox (config SMS_PROVIDER). A provider never throws and logs nothing itself: the
 * outcome comes back for the service to log, without the mobile or the code.
 */
export interface SmsMessage {
  mobile: string;
  code: string;
  purpose: SmsPurpose;
  /** how long the code is valid, in whole minutes (for the text) */
  ttlMinutes: number;
}

export type SmsSendResult = { ok: true } | { ok: false; /** short machine-readable reason: timeout, http:502, code:isv.BUSINESS_LIMIT_CONTROL … */ detail: string };

export interface SmsProvider {
  readonly name: 'aliyun' | 'tencent' | 'http' | 'dev-outbox';
  send(message: SmsMessage): Promise<SmsSendResult>;
}

/** fetch with a timeout; the failure kind instead of an exception */
export async function fetchWithin(url: string, init: RequestInit, timeoutMs: number): Promise<{ ok: true; res: Response } | { ok: false; detail: string }> {
  try {
    return { ok: true, res: await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) }) };
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return { ok: false, detail: timedOut ? 'timeout' : 'network' };
  }
}

/** The answer's JSON object, or {} when it is not one. */
export async function jsonObjectOf(res: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await res.json();
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A provider's code or message as a short detail: only word characters, dots and dashes, bounded. */
export const detailOf = (prefix: string, value: unknown): string =>
  `${prefix}:${String(value ?? 'none').replace(/[^\w.-]/g, '').slice(0, 64) || 'none'}`;
