/**
 * The in-app web view opens only http(s) pages on allowlisted hosts (or their subdomains); every
 * other http(s) page needs the user's confirmation; javascript:, data:, file: and the like never open.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, checkWebviewUrl, type ContentWebviewCheckResponse } from '@qgw/contracts';
import { seedWebviewHosts } from '../src/db/seed-content-data.js';
import { data, get } from './support/api.js';
import { seedContent } from './support/content.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedContent(t);
});
afterAll(async () => {
  await t.close();
});

const hosts = seedWebviewHosts.map((h) => h.host);
const check = async (url: string) => data(await get<ContentWebviewCheckResponse>(t.app, apiPaths.contentWebviewCheck, { url }));

const cases: [string, boolean, string][] = [
  ['https://www.gov.cn/zhengce/', true, 'ok'],
  ['http://www.gov.cn', true, 'ok'],
  ['HTTPS://WWW.GOV.CN/A', true, 'ok'],
  ['https://www.gov.cn./x', true, 'ok'],
  ['https://news.www.gov.cn/x', true, 'ok'],
  ['https://mp.weixin.qq.com/s/abc', true, 'ok'],
  ['https://gov.cn/', false, 'host_not_allowed'],
  ['https://www.gov.cn.evil.example/', false, 'host_not_allowed'],
  ['https://evilwww.gov.cn/', false, 'host_not_allowed'],
  ['https://www.gov.cn@evil.example/', false, 'host_not_allowed'],
  ['https://user:pass@www.gov.cn/', false, 'host_not_allowed'],
  ['https://www.gov.cn:8443/', false, 'host_not_allowed'],
  ['https://weixin.qq.com/', false, 'host_not_allowed'],
  ['javascript:alert(1)', false, 'not_http'],
  ['JavaScript:alert(1)//https://www.gov.cn/', false, 'not_http'],
  [' \tjavascript:alert(1)', false, 'not_http'],
  ['java\nscript:alert(1)', false, 'not_http'],
  ['data:text/html,<script>alert(1)</script>', false, 'not_http'],
  ['file:///etc/passwd', false, 'not_http'],
  ['vbscript:msgbox(1)', false, 'not_http'],
  ['ftp://www.gov.cn/', false, 'not_http'],
  ['//www.gov.cn/x', false, 'invalid'],
  ['www.gov.cn', false, 'invalid'],
  ['', false, 'invalid'],
];

describe('allowlist decisions', () => {
  it.each(cases)('%s → allowed %s (%s)', async (url, allowed, reason) => {
    expect(checkWebviewUrl(url, hosts)).toMatchObject({ allowed, reason });
    expect(await check(url)).toMatchObject({ allowed, reason });
  });

  it('answers the normalised URL when it allows', async () => {
    expect((await check('HTTPS://WWW.GOV.CN/a b')).url).toBe('https://www.gov.cn/a%20b');
  });

  const dangerous = fc
    .tuple(
      fc.constantFrom('javascript', 'data', 'file', 'vbscript', 'blob', 'about', 'filesystem'),
      fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
      fc.constantFrom('', ' ', '\t', '\n', '\u0000', '\u001f', '  \r\n'),
      fc.string({ maxLength: 60 }),
      fc.constantFrom('', 'https://www.gov.cn/', '//www.gov.cn/', 'www.gov.cn'),
    )
    .map(([scheme, upper, lead, rest, tail]) => {
      const cased = [...scheme].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('');
      return `${lead}${cased}:${rest}${tail}`;
    });

  it('never allows javascript:, data:, file: or any other non-http scheme, however written', () => {
    fc.assert(
      fc.property(dangerous, (url) => {
        expect(checkWebviewUrl(url, hosts).allowed).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('never allows them through the API either', async () => {
    await fc.assert(
      fc.asyncProperty(dangerous, async (url) => {
        const res = await t.app.inject({ method: 'GET', url: apiPaths.contentWebviewCheck, query: { url } });
        expect(res.statusCode).toBe(200);
        const body = res.json() as { success: boolean; message: ContentWebviewCheckResponse };
        if (body.success) expect(body.message.allowed).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('allows an http(s) URL exactly when its host is an allowed host or a subdomain of one', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
        const u = new URL(url);
        const host = u.hostname.toLowerCase().replace(/\.$/, '');
        const onList = hosts.some((h) => host === h || host.endsWith(`.${h}`));
        const plain = !u.username && !u.password && u.port === '';
        expect(checkWebviewUrl(url, hosts).allowed).toBe(onList && plain);
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.constantFrom(...hosts), fc.domain(), fc.webPath(), (allowed, sub, path) => {
        expect(checkWebviewUrl(`https://${sub}.${allowed}${path}`, hosts).allowed).toBe(true);
        expect(checkWebviewUrl(`https://${allowed}.${sub}${path}`, hosts).allowed).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
