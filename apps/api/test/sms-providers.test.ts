/**
 * The SMS providers (modules/sms): Alibaba Cloud SMS (RPC signature v1, HMAC-SHA1), Tencent Cloud
 * SMS (TC3-HMAC-SHA256) and the HTTP gateway, each against a local fake of its API that checks the
 * signature with its own code (support/sms-fakes.ts) and refuses a wrong one — and the signers
 * against the worked examples the providers publish. Then the whole path through the app: a code
 * asked for reaches the fake, and the registration it proves goes through.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, Code } from '@qgw/contracts';
import { ConfigError, loadConfig } from '../src/config.js';
import { AliyunSmsProvider, aliyunRpcSignature, aliyunStringToSign, percentEncode } from '../src/modules/sms/aliyun.js';
import { HttpGatewaySmsProvider } from '../src/modules/sms/http-gateway.js';
import type { SmsMessage } from '../src/modules/sms/provider.js';
import { TencentSmsProvider, tc3Sign } from '../src/modules/sms/tencent.js';
import { data, get, login, post, smsCodeFor, strongPassword, uniqueMobile } from './support/api.js';
import { type SmsFake, startAliyunFake, startGatewayFake, startTencentFake } from './support/sms-fakes.js';
import { createTestApp } from './support/test-app.js';

const aliyunKeys = { accessKeyId: 'LTAI-test-id', accessKeySecret: `aliyun-${randomBytes(8).toString('hex')}` };
const tencentKeys = { secretId: 'AKID-test-id', secretKey: `tencent-${randomBytes(8).toString('hex')}` };
const gatewayToken = `gw-${randomBytes(8).toString('hex')}`;

let aliyun: SmsFake;
let tencent: SmsFake;
let gateway: SmsFake;
beforeAll(async () => {
  [aliyun, tencent, gateway] = await Promise.all([startAliyunFake(aliyunKeys), startTencentFake(tencentKeys), startGatewayFake({ token: gatewayToken })]);
});
afterAll(async () => {
  await Promise.all([aliyun?.close(), tencent?.close(), gateway?.close()]);
});

const message = (over: Partial<SmsMessage> = {}): SmsMessage => ({ mobile: uniqueMobile(), code: '042917', purpose: 'register', ttlMinutes: 5, ...over });

const aliyunProvider = (over: Partial<typeof aliyunKeys> = {}) =>
  new AliyunSmsProvider({
    ...aliyunKeys,
    ...over,
    endpoint: aliyun.url,
    regionId: 'cn-hangzhou',
    signName: '青工委',
    templateCode: 'SMS_123456789',
    timeoutMs: 2000,
  });

const tencentProvider = (over: Partial<typeof tencentKeys> = {}) =>
  new TencentSmsProvider({
    ...tencentKeys,
    ...over,
    sdkAppId: '1400000001',
    region: 'ap-guangzhou',
    endpoint: tencent.url,
    signName: '青工委',
    templateId: '1234567',
    timeoutMs: 2000,
  });

describe('the signers against the providers’ published examples', () => {
  it('Alibaba Cloud RPC v1: the DescribeRegions example signs to OLeaidS1JvxuMvnyHOwuJ+uX5qY=', () => {
    const params = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    expect(aliyunStringToSign('GET', params)).toBe(
      'GET&%2F&AccessKeyId%3Dtestid%26Action%3DDescribeRegions%26Format%3DXML%26SignatureMethod%3DHMAC-SHA1' +
        '%26SignatureNonce%3D3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf%26SignatureVersion%3D1.0' +
        '%26Timestamp%3D2016-02-23T12%253A46%253A24Z%26Version%3D2014-05-26',
    );
    expect(aliyunRpcSignature('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
    // the parameter order given does not matter, and Signature itself is never signed
    expect(aliyunRpcSignature('GET', { ...Object.fromEntries(Object.entries(params).reverse()), Signature: 'x' }, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('Alibaba Cloud percent-encoding is RFC 3986: space %20, * %2A, ~ kept, UTF-8 bytes', () => {
    expect(percentEncode("a b*c~d!'()")).toBe('a%20b%2Ac~d%21%27%28%29');
    expect(percentEncode('2016-02-23T12:46:24Z')).toBe('2016-02-23T12%3A46%3A24Z');
    expect(percentEncode('青工委')).toBe('%E9%9D%92%E5%B7%A5%E5%A7%94');
    expect(percentEncode('{"code":"1"}')).toBe('%7B%22code%22%3A%221%22%7D');
  });

  it('Tencent Cloud TC3-HMAC-SHA256: the CVM example signs to 72e494ea…25168', () => {
    const signed = tc3Sign({
      secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
      service: 'cvm',
      host: 'cvm.tencentcloudapi.com',
      timestamp: 1551113065,
      payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
    });
    expect(signed.stringToSign).toBe('TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031');
    expect(signed.signature).toBe('72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168');
    expect(signed.authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });
});

describe('Alibaba Cloud SMS against its fake', () => {
  it('sends SendSms with the sign name, the template and the code as ${code}; the fake checks the signature', async () => {
    const m = message();
    expect(await aliyunProvider().send(m)).toEqual({ ok: true });
    const got = aliyun.sent.at(-1)!;
    expect(got).toMatchObject({ mobile: m.mobile, code: m.code, fields: { SignName: '青工委', TemplateCode: 'SMS_123456789', RegionId: 'cn-hangzhou', Format: 'JSON' } });
  });

  it('a wrong AccessKeySecret is refused with SignatureDoesNotMatch, an unknown AccessKeyId with InvalidAccessKeyId.NotFound', async () => {
    const refusedBefore = aliyun.refused.length;
    const sentBefore = aliyun.sent.length;
    expect(await aliyunProvider({ accessKeySecret: 'not-the-secret' }).send(message())).toEqual({ ok: false, detail: 'code:SignatureDoesNotMatch' });
    expect(await aliyunProvider({ accessKeyId: 'LTAI-other' }).send(message())).toEqual({ ok: false, detail: 'code:InvalidAccessKeyId.NotFound' });
    expect(aliyun.refused.slice(refusedBefore).map((r) => r.reason)).toEqual(['SignatureDoesNotMatch', 'InvalidAccessKeyId.NotFound']);
    expect(aliyun.sent.length).toBe(sentBefore);
  });

  it('the fake refuses a signed request altered on the way, and a replayed nonce', async () => {
    const params = aliyunProvider().signedParams(message());
    const url = (p: Record<string, string>) => `${aliyun.url}/?${Object.entries(p).map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&')}`;
    const altered = await (await fetch(url({ ...params, PhoneNumbers: uniqueMobile() }))).json();
    expect(altered).toMatchObject({ Code: 'SignatureDoesNotMatch' });
    expect(await (await fetch(url(params))).json()).toMatchObject({ Code: 'OK' });
    expect(await (await fetch(url(params))).json()).toMatchObject({ Code: 'SignatureNonceUsed' });
  });
});

describe('Tencent Cloud SMS against its fake', () => {
  it('sends SendSms 2021-01-11 to +86 with the app id, sign name, template and the code as {1}', async () => {
    const m = message();
    expect(await tencentProvider().send(m)).toEqual({ ok: true });
    expect(tencent.sent.at(-1)).toMatchObject({
      mobile: m.mobile,
      code: m.code,
      fields: { phone: `+86${m.mobile}`, SmsSdkAppId: '1400000001', SignName: '青工委', TemplateId: '1234567', Region: 'ap-guangzhou' },
    });
  });

  it('a wrong SecretKey is refused with AuthFailure.SignatureFailure, an unknown SecretId with AuthFailure.SecretIdNotFound', async () => {
    const sentBefore = tencent.sent.length;
    expect(await tencentProvider({ secretKey: 'not-the-key' }).send(message())).toEqual({ ok: false, detail: 'error:AuthFailure.SignatureFailure' });
    expect(await tencentProvider({ secretId: 'AKID-other' }).send(message())).toEqual({ ok: false, detail: 'error:AuthFailure.SecretIdNotFound' });
    expect(tencent.sent.length).toBe(sentBefore);
  });

  it('the fake refuses a body changed after signing, and a stale timestamp', async () => {
    const payload = JSON.stringify({ PhoneNumberSet: ['+8613900000000'], SmsSdkAppId: '1400000001', SignName: '青工委', TemplateId: '1', TemplateParamSet: ['123456'] });
    const host = new URL(tencent.url).host;
    const sendSigned = async (timestamp: number, body: string) => {
      const { authorization } = tc3Sign({ ...tencentKeys, service: 'sms', host, timestamp, payload });
      const res = await fetch(`${tencent.url}/`, {
        method: 'POST',
        headers: {
          authorization, 'content-type': 'application/json; charset=utf-8', 'x-tc-action': 'SendSms', 'x-tc-version': '2021-01-11',
          'x-tc-timestamp': String(timestamp), 'x-tc-region': 'ap-guangzhou',
        },
        body,
      });
      return ((await res.json()) as { Response: { Error?: { Code: string } } }).Response;
    };
    const now = Math.floor(Date.now() / 1000);
    expect((await sendSigned(now, payload)).Error).toBeUndefined();
    expect((await sendSigned(now, payload.replace('13900000000', '13900000001'))).Error?.Code).toBe('AuthFailure.SignatureFailure');
    expect((await sendSigned(now - 600, payload)).Error?.Code).toBe('AuthFailure.SignatureExpire');
  });
});

describe('the HTTP gateway', () => {
  it('posts {to, text} with the bearer token: the sign name, the code and its minutes; a wrong token is http:401', async () => {
    const m = message();
    const settings = { url: gateway.url, token: gatewayToken, timeoutMs: 2000 };
    expect(await new HttpGatewaySmsProvider(settings, '青工委').send(m)).toEqual({ ok: true });
    expect(gateway.sent.at(-1)).toMatchObject({ mobile: m.mobile, code: m.code, fields: { text: `【青工委】您的验证码是${m.code}，5分钟内有效。如非本人操作，请忽略本短信。` } });
    expect(await new HttpGatewaySmsProvider({ ...settings, token: 'wrong' }, '青工委').send(m)).toEqual({ ok: false, detail: 'http:401' });
  });
});

describe('a provider that does not answer', () => {
  let silent: Server;
  let url: string;
  beforeAll(async () => {
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('is given up after the timeout, and a closed port is a network failure', async () => {
    const p = new AliyunSmsProvider({ ...aliyunKeys, endpoint: url, regionId: 'cn-hangzhou', signName: 's', templateCode: 't', timeoutMs: 200 });
    expect(await p.send(message())).toEqual({ ok: false, detail: 'timeout' });
    const closed = new TencentSmsProvider({ ...tencentKeys, sdkAppId: '1', region: 'r', endpoint: 'http://127.0.0.1:9', signName: 's', templateId: 't', timeoutMs: 500 });
    expect(await closed.send(message())).toEqual({ ok: false, detail: 'network' });
  });
});

describe('configuration', () => {
  it('names what a chosen provider lacks', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', SMS_ALIYUN_ACCESS_KEY_ID: 'id' })).toThrow(/SMS_ALIYUN_ACCESS_KEY_SECRET, SMS_SIGN_NAME, SMS_TEMPLATE_CODE_VERIFY/);
    expect(() => loadConfig({ SMS_PROVIDER: 'tencent', SMS_SIGN_NAME: 's', SMS_TEMPLATE_CODE_VERIFY: '1' })).toThrow(/SMS_TENCENT_SECRET_ID, SMS_TENCENT_SECRET_KEY, SMS_TENCENT_SDK_APP_ID/);
    expect(() => loadConfig({ SMS_PROVIDER: 'http' })).toThrow(/SMS_GATEWAY_URL/);
    expect(() => loadConfig({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/SMS_PROVIDER/);
    const c = loadConfig({ SMS_PROVIDER: 'tencent', SMS_TENCENT_SECRET_ID: 'i', SMS_TENCENT_SECRET_KEY: 'k', SMS_TENCENT_SDK_APP_ID: '14', SMS_SIGN_NAME: 's', SMS_TEMPLATE_CODE_VERIFY: '1' });
    expect(c.sms).toMatchObject({ provider: 'tencent', tencent: { region: 'ap-guangzhou', endpoint: 'https://sms.tencentcloudapi.com' }, codeTtlMs: 300_000, resendMs: 60_000, maxAttempts: 5, perMobilePerDay: 10 });
    expect(loadConfig({}).sms).toMatchObject({ provider: undefined, aliyun: undefined, tencent: undefined });
    expect(loadConfig({ SMS_PROVIDER: 'aliyun', SMS_ALIYUN_ACCESS_KEY_ID: 'i', SMS_ALIYUN_ACCESS_KEY_SECRET: 'k', SMS_SIGN_NAME: 's', SMS_TEMPLATE_CODE_VERIFY: 'SMS_1' }).sms.aliyun)
      .toEqual({ accessKeyId: 'i', accessKeySecret: 'k', endpoint: 'https://dysmsapi.aliyuncs.com', regionId: 'cn-hangzhou' });
  });
});

describe('through the app', () => {
  const envFor = (provider: 'aliyun' | 'tencent' | 'http', secretOk = true): Record<string, string> => {
    const common = { SMS_SIGN_NAME: '青工委', SMS_TEMPLATE_CODE_VERIFY: provider === 'aliyun' ? 'SMS_123456789' : '1234567' };
    if (provider === 'aliyun') {
      return { ...common, SMS_PROVIDER: 'aliyun', SMS_ALIYUN_ACCESS_KEY_ID: aliyunKeys.accessKeyId, SMS_ALIYUN_ACCESS_KEY_SECRET: secretOk ? aliyunKeys.accessKeySecret : 'wrong-secret', SMS_ALIYUN_ENDPOINT: aliyun.url };
    }
    if (provider === 'tencent') {
      return {
        ...common, SMS_PROVIDER: 'tencent', SMS_TENCENT_SECRET_ID: tencentKeys.secretId, SMS_TENCENT_SECRET_KEY: secretOk ? tencentKeys.secretKey : 'wrong-key',
        SMS_TENCENT_SDK_APP_ID: '1400000001', SMS_TENCENT_ENDPOINT: tencent.url,
      };
    }
    return { ...common, SMS_PROVIDER: 'http', SMS_GATEWAY_URL: gateway.url, SMS_GATEWAY_TOKEN: secretOk ? gatewayToken : 'wrong-token' };
  };

  for (const provider of ['aliyun', 'tencent', 'http'] as const) {
    it(`${provider}: the code reaches the provider, proves the registration, and the development outbox holds nothing`, async () => {
      const t = await createTestApp({ env: envFor(provider) });
      try {
        const mobile = uniqueMobile();
        const password = strongPassword();
        const smsCode = await smsCodeFor(t.app, mobile, 'register');
        data(await post(t.app, apiPaths.register, { mobile, password, agree: true, smsCode }));
        expect((await login(t.app, mobile, password)).username).toBe(mobile);
        expect(data(await get<{ codes: unknown[] }>(t.app, apiPaths.devSmsOutbox, { mobile })).codes).toEqual([]);
      } finally {
        await t.close();
      }
    });

    it(`${provider}: a refused request is logged with the provider’s reason (no mobile, no code), and the answer is the same`, async () => {
      const lines: string[] = [];
      const t = await createTestApp({
        env: envFor(provider, false),
        logStream: new Writable({
          write(chunk, _enc, cb) {
            lines.push(String(chunk));
            cb();
          },
        }),
      });
      try {
        const mobile = uniqueMobile();
        const a = await post(t.app, apiPaths.sendSmsCode, { mobile, purpose: 'register' });
        expect(a.body).toEqual({ success: true, code: Code.OK, message: { resendAfterSeconds: 60, expiresInSeconds: 300 } });
        await t.services.smsCodes.settled();
        const line = lines.find((l) => l.includes('verification code not delivered'));
        const reason = { aliyun: 'code:SignatureDoesNotMatch', tencent: 'error:AuthFailure.SignatureFailure', http: 'http:401' }[provider];
        expect(line).toContain(`"outcome":"${reason}"`);
        expect(line).toContain(`"provider":"${provider}"`);
        expect(lines.join('')).not.toContain(mobile);
      } finally {
        await t.close();
      }
    });
  }

  it('in production with a provider: codes go out, and the development outbox does not exist', async () => {
    const t = await createTestApp({
      env: {
        ...envFor('tencent'),
        NODE_ENV: 'production',
        DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        FILE_URL_SECRET: randomBytes(32).toString('base64'),
      },
    });
    try {
      const mobile = uniqueMobile();
      expect((await get(t.app, apiPaths.devSmsOutbox, { mobile })).status).toBe(404);
      const smsCode = await smsCodeFor(t.app, mobile, 'register');
      expect(tencent.latestCodeFor(mobile)).toBe(smsCode);
      data(await post(t.app, apiPaths.register, { mobile, password: strongPassword(), agree: true, smsCode }));
    } finally {
      await t.close();
    }
  });
});
