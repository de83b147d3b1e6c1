import { createHmac, randomUUID } from 'node:crypto';
import { detailOf, fetchWithin, jsonObjectOf, type SmsMessage, type SmsProvider, type SmsSendResult } from './provider.js';

/**
 * Alibaba Cloud SMS (Dysmsapi 2017-05-25, SendSms), signed with the RPC signature v1 as Alibaba
 * documents it (签名机制, HMAC-SHA1):
 *   1. every parameter but Signature, names and values percent-encoded per RFC 3986 (space %20,
 *      `*` %2A, `~` kept), sorted by name, joined as name=value with `&`: the canonicalized query;
 *   2. StringToSign = HTTPMethod + "&" + percentEncode("/") + "&" + percentEncode(canonicalized query);
 *   3. Signature = Base64(HMAC-SHA1(AccessKeySecret + "&", StringToSign)).
 * The request is a GET with every parameter, Signature included, in the query string.
 */

export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  /** https://dysmsapi.aliyuncs.com, or a test double */
  endpoint: string;
  regionId: string;
  signName: string;
  templateCode: string;
  timeoutMs: number;
}

/** RFC 3986 percent-encoding: everything but A–Z a–z 0–9 - _ . ~ as %XX (upper-case hex), UTF-8 bytes. */
export const percentEncode = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Step 1: the canonicalized query string (Signature left out). */
export const aliyunCanonicalQuery = (params: Readonly<Record<string, string>>): string =>
  Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');

/** Step 2: the string to sign. */
export const aliyunStringToSign = (method: string, params: Readonly<Record<string, string>>): string =>
  `${method}&${percentEncode('/')}&${percentEncode(aliyunCanonicalQuery(params))}`;

/** Step 3: the signature. */
export const aliyunRpcSignature = (method: string, params: Readonly<Record<string, string>>, accessKeySecret: string): string =>
  createHmac('sha1', `${accessKeySecret}&`).update(aliyunStringToSign(method, params), 'utf8').digest('base64');

/** ISO 8601 in UTC without milliseconds, as the Timestamp parameter takes it: 2016-02-23T12:46:24Z */
const timestampOf = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun' as const;

  constructor(
    private readonly s: AliyunSmsSettings,
    /** wall-clock time for the Timestamp parameter (Alibaba refuses stale requests) */
    private readonly now: () => number = Date.now,
  ) {}

  /** The signed query parameters of one SendSms request. */
  signedParams(message: SmsMessage): Record<string, string> {
    const params: Record<string, string> = {
      AccessKeyId: this.s.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      RegionId: this.s.regionId,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      Timestamp: timestampOf(this.now()),
      Version: '2017-05-25',
      PhoneNumbers: message.mobile,
      SignName: this.s.signName,
      TemplateCode: this.s.templateCode,
      // the template's variable is ${code}
      TemplateParam: JSON.stringify({ code: message.code }),
    };
    params.Signature = aliyunRpcSignature('GET', params, this.s.accessKeySecret);
    return params;
  }

  async send(message: SmsMessage): Promise<SmsSendResult> {
    const params = this.signedParams(message);
    const query = Object.entries(params)
      .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
      .join('&');
    const r = await fetchWithin(`${this.s.endpoint}/?${query}`, { headers: { accept: 'application/json' } }, this.s.timeoutMs);
    if (!r.ok) return r;
    const body = await jsonObjectOf(r.res);
    // success is HTTP 200 with Code "OK"; failures name their reason in Code (isv.…, SignatureDoesNotMatch …)
    if (r.res.ok && body.Code === 'OK') return { ok: true };
    return { ok: false, detail: body.Code !== undefined ? detailOf('code', body.Code) : `http:${r.res.status}` };
  }
}
