/**
 * Local stand-ins for the SMS providers' APIs, each checking requests the way the provider documents
 * it — with its own code, not the server's (modules/sms), so that a mistake in the server's signing
 * shows as a refusal here:
 *
 *   Alibaba Cloud  Dysmsapi SendSms, RPC signature v1 (HMAC-SHA1 over "GET&%2F&" + the percent-encoded
 *                  canonicalized query, key AccessKeySecret + "&"); nonce never reused, timestamp fresh
 *   Tencent Cloud  SMS SendSms 2021-01-11, TC3-HMAC-SHA256 over the canonical request built from the
 *                  headers the request names as signed and the body as received; timestamp fresh,
 *                  credential date the timestamp's UTC date
 *   HTTP gateway   POST {to, text} with the bearer token
 *
 * A wrong signature or key is answered as the provider answers it, and counted. Every fake started
 * is listed in `liveFakes`, so that test helpers can find the code a server sent (support/api.ts).
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentSms {
  mobile: string;
  code: string;
  /** what else the request carried, as the fake read it */
  fields: Record<string, unknown>;
}

export interface SmsFake {
  url: string;
  /** accepted requests, oldest first */
  sent: SentSms[];
  /** requests refused for their signature, key or token */
  refused: Array<{ reason: string }>;
  /** the newest code sent to a mobile */
  latestCodeFor(mobile: string): string | undefined;
  close(): Promise<void>;
}

/** Every fake currently listening. */
export const liveFakes = new Set<SmsFake>();

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>, fake: Omit<SmsFake, 'url' | 'close' | 'latestCodeFor'>): Promise<SmsFake> {
  const server: Server = createServer((req, res) => {
    handler(req, res).catch(() => reply(res, 500, { error: 'fake failed' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const f: SmsFake = {
    ...fake,
    url: `http://127.0.0.1:${port}`,
    latestCodeFor: (mobile) => fake.sent.filter((s) => s.mobile === mobile).at(-1)?.code,
    close: async () => {
      liveFakes.delete(f);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  liveFakes.add(f);
  return f;
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

// ---- Alibaba Cloud ----------------------------------------------------------------------------------

/**
 * Percent-encoding as Alibaba specifies it, written byte by byte: A–Z, a–z, 0–9, "-", "_", ".", "~"
 * stay; every other UTF-8 byte becomes %XY with upper-case hex (so space is %20, "*" is %2A).
 */
function rfc3986(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export interface AliyunFakeOptions {
  accessKeyId: string;
  accessKeySecret: string;
}

/** Dysmsapi's SendSms over GET, answering `{Code: "OK", …}` or Alibaba's error codes. */
export async function startAliyunFake(o: AliyunFakeOptions): Promise<SmsFake> {
  const sent: SentSms[] = [];
  const refused: SmsFake['refused'] = [];
  const nonces = new Set<string>();
  const refuse = (res: ServerResponse, status: number, code: string, message: string) => {
    refused.push({ reason: code });
    reply(res, status, { RequestId: randomUUID(), Code: code, Message: message, Recommend: 'https://api.aliyun.com/troubleshoot' });
  };
  return listen(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method !== 'GET' || url.pathname !== '/') return refuse(res, 404, 'InvalidAction.NotFound', 'Specified api is not found.');
    // the raw pairs, decoded once: the signature covers the values as sent
    const params = new Map<string, string>();
    for (const pair of (url.search.slice(1) || '').split('&')) {
      if (!pair) continue;
      const eq = pair.indexOf('=');
      params.set(decodeURIComponent(eq < 0 ? pair : pair.slice(0, eq)), decodeURIComponent(eq < 0 ? '' : pair.slice(eq + 1)));
    }
    const p = (k: string) => params.get(k) ?? '';
    for (const k of ['AccessKeyId', 'Action', 'Format', 'SignatureMethod', 'SignatureNonce', 'SignatureVersion', 'Timestamp', 'Version', 'Signature']) {
      if (!params.has(k)) return refuse(res, 400, 'MissingParameter', `${k} is mandatory for this action.`);
    }
    if (p('AccessKeyId') !== o.accessKeyId) return refuse(res, 404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    if (p('SignatureMethod') !== 'HMAC-SHA1' || p('SignatureVersion') !== '1.0') return refuse(res, 400, 'InvalidSignatureMethod', 'Specified signature method is not supported.');
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(p('Timestamp')) || Math.abs(Date.parse(p('Timestamp')) - Date.now()) > 15 * 60_000) {
      return refuse(res, 400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    }
    if (nonces.has(p('SignatureNonce'))) return refuse(res, 400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    // 签名机制: sort by name, encode name and value, join; then "GET&%2F&" + encode(that); HMAC-SHA1 keyed secret + "&"
    const canonical = [...params.keys()]
      .filter((k) => k !== 'Signature')
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .map((k) => `${rfc3986(k)}=${rfc3986(params.get(k)!)}`)
      .join('&');
    const stringToSign = `GET&${rfc3986('/')}&${rfc3986(canonical)}`;
    const expected = createHmac('sha1', `${o.accessKeySecret}&`).update(stringToSign).digest('base64');
    if (!sameText(expected, p('Signature'))) {
      return refuse(res, 400, 'SignatureDoesNotMatch', `Specified signature is not matched with our calculation. server string to sign is:${stringToSign}`);
    }
    nonces.add(p('SignatureNonce'));
    if (p('Action') !== 'SendSms' || p('Version') !== '2017-05-25') return refuse(res, 404, 'InvalidVersion', 'Specified parameter Version is not valid.');
    let templateParam: Record<string, unknown> = {};
    try {
      templateParam = JSON.parse(p('TemplateParam')) as Record<string, unknown>;
    } catch {
      return refuse(res, 200, 'isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
    }
    sent.push({
      mobile: p('PhoneNumbers'),
      code: String(templateParam.code ?? ''),
      fields: { SignName: p('SignName'), TemplateCode: p('TemplateCode'), RegionId: p('RegionId'), Format: p('Format') },
    });
    reply(res, 200, { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0`, RequestId: randomUUID() });
  }, { sent, refused });
}

// ---- Tencent Cloud ----------------------------------------------------------------------------------

export interface TencentFakeOptions {
  secretId: string;
  secretKey: string;
}

const hex256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** SMS SendSms (2021-01-11) behind TC3-HMAC-SHA256, answering as Tencent Cloud API 3.0 does. */
export async function startTencentFake(o: TencentFakeOptions): Promise<SmsFake> {
  const sent: SentSms[] = [];
  const refused: SmsFake['refused'] = [];
  const error = (res: ServerResponse, code: string, message: string) => {
    refused.push({ reason: code });
    // API 3.0 answers errors with HTTP 200 and Response.Error
    reply(res, 200, { Response: { Error: { Code: code, Message: message }, RequestId: randomUUID() } });
  };
  return listen(async (req, res) => {
    const payload = await bodyOf(req);
    const header = (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v.join(',') : (v ?? '');
    };
    const auth = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      header('authorization'),
    );
    if (!auth) return error(res, 'AuthFailure.SignatureFailure', 'The provided credentials could not be validated. Please check your signature is correct.');
    const [, secretId, date, service, signedHeaders, signature] = auth as unknown as [string, string, string, string, string, string];
    if (secretId !== o.secretId) return error(res, 'AuthFailure.SecretIdNotFound', 'The SecretId is not found, please ensure that your SecretId is correct.');
    const timestamp = Number(header('x-tc-timestamp'));
    if (!Number.isInteger(timestamp) || Math.abs(timestamp * 1000 - Date.now()) > 5 * 60_000) {
      return error(res, 'AuthFailure.SignatureExpire', 'Signature expired. Timestamp and server time cannot differ by more than 5 minutes.');
    }
    // the credential's date is the UTC date of X-TC-Timestamp, the service the product's
    const utcDate = new Date(timestamp * 1000);
    const expectedDate = `${utcDate.getUTCFullYear()}-${String(utcDate.getUTCMonth() + 1).padStart(2, '0')}-${String(utcDate.getUTCDate()).padStart(2, '0')}`;
    const names = signedHeaders.split(';');
    if (date !== expectedDate || service !== 'sms' || !names.includes('content-type') || !names.includes('host')) {
      return error(res, 'AuthFailure.SignatureFailure', 'The provided credentials could not be validated because of exceeding request size limit, please use new signature method `TC3-HMAC-SHA256`.');
    }
    // 签名方法 v3: the signed headers in order, each "key:value\n", key and value lower-cased and trimmed
    const canonicalHeaders = [...names].sort().map((n) => `${n}:${header(n).trim().toLowerCase()}\n`).join('');
    const canonicalRequest = [req.method ?? '', '/', '', canonicalHeaders, [...names].sort().join(';'), hex256(payload)].join('\n');
    const stringToSign = ['TC3-HMAC-SHA256', String(timestamp), `${date}/${service}/tc3_request`, hex256(canonicalRequest)].join('\n');
    let key: Buffer = Buffer.from(`TC3${o.secretKey}`, 'utf8');
    for (const part of [date, service, 'tc3_request']) key = createHmac('sha256', key).update(part).digest();
    const expected = createHmac('sha256', key).update(stringToSign).digest('hex');
    if (!sameText(expected, signature)) {
      return error(res, 'AuthFailure.SignatureFailure', 'The provided credentials could not be validated. Please check your signature is correct.');
    }
    if (header('x-tc-action') !== 'SendSms' || header('x-tc-version') !== '2021-01-11') {
      return error(res, 'InvalidAction', 'The action requested was invalid.');
    }
    let body: { PhoneNumberSet?: string[]; TemplateParamSet?: string[]; SmsSdkAppId?: string; SignName?: string; TemplateId?: string };
    try {
      body = JSON.parse(payload) as typeof body;
    } catch {
      return error(res, 'InvalidParameter', 'The request body is not JSON.');
    }
    const phones = body.PhoneNumberSet ?? [];
    for (const phone of phones) {
      sent.push({
        mobile: phone.replace(/^\+86/, ''),
        code: String(body.TemplateParamSet?.[0] ?? ''),
        fields: { phone, SmsSdkAppId: body.SmsSdkAppId, SignName: body.SignName, TemplateId: body.TemplateId, Region: header('x-tc-region') },
      });
    }
    reply(res, 200, {
      Response: {
        SendStatusSet: phones.map((phone) => ({
          SerialNo: randomUUID(), PhoneNumber: phone, Fee: 1, SessionContext: '', Code: 'Ok', Message: 'send success', IsoCode: 'CN',
        })),
        RequestId: randomUUID(),
      },
    });
  }, { sent, refused });
}

// ---- HTTP gateway -----------------------------------------------------------------------------------

/** The generic gateway: POST {to, text} JSON with `Authorization: Bearer <token>`. */
export async function startGatewayFake(o: { token: string }): Promise<SmsFake> {
  const sent: SentSms[] = [];
  const refused: SmsFake['refused'] = [];
  return listen(async (req, res) => {
    const payload = await bodyOf(req);
    if (req.method !== 'POST' || !sameText(req.headers.authorization ?? '', `Bearer ${o.token}`)) {
      refused.push({ reason: 'token' });
      return reply(res, 401, { error: 'unauthorized' });
    }
    const body = JSON.parse(payload) as { to?: string; text?: string };
    sent.push({ mobile: String(body.to), code: /(\d{6})/.exec(body.text ?? '')?.[1] ?? '', fields: { text: body.text } });
    reply(res, 200, { accepted: true });
  }, { sent, refused });
}
