import { createHash, createHmac } from 'node:crypto';
import { detailOf, fetchWithin, jsonObjectOf, type SmsMessage, type SmsProvider, type SmsSendResult } from './provider.js';

/**
 * Tencent Cloud SMS (API 2021-01-11, SendSms), signed with TC3-HMAC-SHA256 as Tencent documents it
 * (签名方法 v3):
 *   CanonicalRequest = "POST\n/\n\n" + CanonicalHeaders + "\n" + SignedHeaders + "\n" + hex(SHA256(payload)),
 *     with CanonicalHeaders "content-type:application/json; charset=utf-8\nhost:<host>\n" and
 *     SignedHeaders "content-type;host";
 *   StringToSign = "TC3-HMAC-SHA256\n" + timestamp + "\n" + Date/sms/tc3_request + "\n" + hex(SHA256(CanonicalRequest)),
 *     Date being the UTC date of the timestamp;
 *   SecretDate = HMAC-SHA256("TC3" + SecretKey, Date), SecretService = HMAC-SHA256(SecretDate, "sms"),
 *   SecretSigning = HMAC-SHA256(SecretService, "tc3_request"), Signature = hex(HMAC-SHA256(SecretSigning, StringToSign));
 *   Authorization = "TC3-HMAC-SHA256 Credential=<SecretId>/<scope>, SignedHeaders=content-type;host, Signature=<signature>".
 */

export interface TencentSmsSettings {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  region: string;
  /** https://sms.tencentcloudapi.com, or a test double */
  endpoint: string;
  signName: string;
  templateId: string;
  timeoutMs: number;
}

export const TC3_CONTENT_TYPE = 'application/json; charset=utf-8';
const SERVICE = 'sms';

const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s, 'utf8').digest();

export interface Tc3Input {
  secretId: string;
  secretKey: string;
  /** the product's service name: sms here, cvm in Tencent's worked example */
  service: string;
  /** the Host header as sent */
  host: string;
  /** seconds since the epoch, as in X-TC-Timestamp */
  timestamp: number;
  payload: string;
  contentType?: string;
}

/** The TC3-HMAC-SHA256 signature and Authorization header of a POST to `/`. */
export function tc3Sign(i: Tc3Input): { signature: string; authorization: string; stringToSign: string } {
  const date = new Date(i.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host';
  const canonicalHeaders = `content-type:${(i.contentType ?? TC3_CONTENT_TYPE).toLowerCase()}\nhost:${i.host.toLowerCase()}\n`;
  const canonicalRequest = `POST\n/\n\n${canonicalHeaders}\n${signedHeaders}\n${sha256Hex(i.payload)}`;
  const scope = `${date}/${i.service}/tc3_request`;
  const stringToSign = `TC3-HMAC-SHA256\n${i.timestamp}\n${scope}\n${sha256Hex(canonicalRequest)}`;
  const secretSigning = hmac(hmac(hmac(`TC3${i.secretKey}`, date), i.service), 'tc3_request');
  const signature = createHmac('sha256', secretSigning).update(stringToSign, 'utf8').digest('hex');
  return {
    signature,
    stringToSign,
    authorization: `TC3-HMAC-SHA256 Credential=${i.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

export class TencentSmsProvider implements SmsProvider {
  readonly name = 'tencent' as const;

  constructor(
    private readonly s: TencentSmsSettings,
    /** wall-clock time for X-TC-Timestamp (Tencent refuses requests more than 5 minutes off) */
    private readonly now: () => number = Date.now,
  ) {}

  async send(message: SmsMessage): Promise<SmsSendResult> {
    const payload = JSON.stringify({
      PhoneNumberSet: [`+86${message.mobile}`],
      SmsSdkAppId: this.s.sdkAppId,
      SignName: this.s.signName,
      TemplateId: this.s.templateId,
      // the template's one variable {1} is the code
      TemplateParamSet: [message.code],
    });
    const timestamp = Math.floor(this.now() / 1000);
    const { authorization } = tc3Sign({
      secretId: this.s.secretId,
      secretKey: this.s.secretKey,
      service: SERVICE,
      host: new URL(this.s.endpoint).host,
      timestamp,
      payload,
    });
    const r = await fetchWithin(
      `${this.s.endpoint}/`,
      {
        method: 'POST',
        headers: {
          authorization,
          'content-type': TC3_CONTENT_TYPE,
          'x-tc-action': 'SendSms',
          'x-tc-version': '2021-01-11',
          'x-tc-timestamp': String(timestamp),
          'x-tc-region': this.s.region,
        },
        body: payload,
      },
      this.s.timeoutMs,
    );
    if (!r.ok) return r;
    const body = await jsonObjectOf(r.res);
    const response = (typeof body.Response === 'object' && body.Response !== null ? body.Response : {}) as {
      Error?: { Code?: unknown };
      SendStatusSet?: Array<{ Code?: unknown }>;
    };
    // errors (a bad signature among them) come as HTTP 200 with Response.Error; each number has its own status
    if (response.Error) return { ok: false, detail: detailOf('error', response.Error.Code) };
    if (!r.res.ok) return { ok: false, detail: `http:${r.res.status}` };
    const status = response.SendStatusSet?.[0];
    if (status?.Code === 'Ok') return { ok: true };
    return { ok: false, detail: detailOf('status', status?.Code) };
  }
}
