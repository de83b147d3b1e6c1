import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths, checkWebviewUrl, routes } from '@qgw/contracts';
import { renderApp } from '../../test/render-app.js';
import { ok, stubApi, type RecordedCall } from '../../test/api-stub.js';
import { buildPath } from '../../lib/navigation.js';
import { classifyUrl } from './webview-url.js';
import { prepareArticleHtml } from './rich-text-html.js';

afterEach(() => vi.unstubAllGlobals());

const allowlist = ['www.gov.cn', 'mp.weixin.qq.com'];

/** The server's decision, made by the contract's own rule over a fixed allowlist. */
function allowlistServer() {
  return stubApi({
    [apiPaths.contentWebviewCheck]: (c: RecordedCall) => ok(checkWebviewUrl(c.url.searchParams.get('url') ?? '', allowlist)),
    [apiPaths.contentWebviewHosts]: ok({ hosts: allowlist }),
  });
}

const open = (url: string) => renderApp(buildPath(routes.common.webview, { url }));

describe('pages/common/webview', () => {
  test('an allowlisted page opens in a sandboxed frame with no referrer', async () => {
    const api = allowlistServer();
    await open('https://www.gov.cn/zhengce/');
    const frame = (await screen.findByTitle('www.gov.cn')) as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://www.gov.cn/zhengce/');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-popups');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(api.callsTo(apiPaths.contentWebviewCheck)[0]?.url.searchParams.get('url')).toBe('https://www.gov.cn/zhengce/');
    expect(screen.queryByText('即将离开青工委服务平台')).toBeNull();
  });

  test('a subdomain of an allowed host is allowed too', async () => {
    allowlistServer();
    await open('https://sub.www.gov.cn/a');
    expect(((await screen.findByTitle('sub.www.gov.cn')) as HTMLElement).tagName).toBe('IFRAME');
  });

  test('another site: 即将离开青工委服务平台, the URL, 继续访问 in a new tab without opener or referrer, 返回', async () => {
    allowlistServer();
    const app = await renderApp(routes.intro.index);
    await act(async () => app.router.navigate(buildPath(routes.common.webview, { url: 'https://evil.example.com/x?y=1' })));
    const leave = await screen.findByRole('region', { name: '即将离开青工委服务平台' });
    expect(within(leave).getByText('https://evil.example.com/x?y=1')).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
    const go = within(leave).getByRole('button', { name: '继续访问' });
    expect(go.getAttribute('href')).toBe('https://evil.example.com/x?y=1');
    expect(go.getAttribute('target')).toBe('_blank');
    expect(go.getAttribute('rel')).toBe('noopener noreferrer');
    await act(async () => fireEvent.click(within(leave).getByRole('button', { name: '返回' })));
    await waitFor(() => expect(app.path()).toBe(routes.intro.index));
  });

  test.each([
    'javascript:alert(document.cookie)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'not a url',
    '',
  ])('%j → 链接无效, nothing to continue to, the server is not even asked', async (url) => {
    const api = allowlistServer();
    await open(url);
    const refused = await screen.findByRole('alert', { name: '链接无效' });
    expect(screen.queryByRole('button', { name: '继续访问' })).toBeNull();
    expect(screen.queryByText('继续访问')).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
    expect(within(refused).getByRole('button', { name: '返回' })).toBeTruthy();
    expect(api.callsTo(apiPaths.contentWebviewCheck)).toHaveLength(0);
  });

  test('the server refusing a URL as not http is shown as 链接无效 too', async () => {
    stubApi({ [apiPaths.contentWebviewCheck]: ok({ allowed: false, url: 'https://x.test/', reason: 'not_http' }) });
    await open('https://x.test/');
    expect(await screen.findByText('链接无效')).toBeTruthy();
    expect(screen.queryByText('继续访问')).toBeNull();
  });

  test('a server answer that would frame a non-http URL is not trusted', async () => {
    stubApi({ [apiPaths.contentWebviewCheck]: ok({ allowed: true, url: 'javascript:alert(1)', reason: 'ok' }) });
    await open('https://www.gov.cn/');
    expect(await screen.findByText('链接无效')).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
  });

  test('pages/common/index: 常用链接 lists the allowlisted sites, each through the web view', async () => {
    allowlistServer();
    await renderApp(routes.common.index);
    const link = await screen.findByRole('link', { name: /www\.gov\.cn/ });
    expect(link.getAttribute('href')).toBe(`#${buildPath(routes.common.webview, { url: 'https://www.gov.cn/', title: 'www.gov.cn' })}`);
  });
});

describe('classifyUrl', () => {
  test('only http(s) with a host, without credentials', () => {
    expect(classifyUrl('https://www.gov.cn/a')).toEqual({ kind: 'web', url: 'https://www.gov.cn/a', host: 'www.gov.cn' });
    expect(classifyUrl('http://example.com')).toMatchObject({ kind: 'web', host: 'example.com' });
    for (const bad of ['javascript:1', 'data:,x', '//evil.com', '/relative', 'https://user:pw@good.com', 'ftp://x.com', 'https://']) {
      expect(classifyUrl(bad)).toEqual({ kind: 'invalid' });
    }
  });
});

describe('prepareArticleHtml (second line of defence)', () => {
  const prep = (html: string) => prepareArticleHtml(html, 'https://app.test');
  test('drops script, iframes, styles, handlers and non-http links', () => {
    const out = prep(
      '<p onclick="x()" style="color:red">a<script>bad()</script></p><iframe src="https://x"></iframe><a href="javascript:alert(1)">j</a><img src="data:image/png;base64,AAAA"><a href="java&#9;script:alert(1)">t</a>',
    );
    expect(out).not.toMatch(/script|onclick|style=|iframe|data:/i);
  });

  test('other-site links go through the web view; same-site and relative links stay', () => {
    const out = prep('<a href="https://www.gov.cn/">a</a><a href="/v1/content/files/x.pdf">b</a><a href="https://app.test/#/pages/article/index">c</a>');
    const doc = new DOMParser().parseFromString(out, 'text/html');
    const hrefs = Array.from(doc.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([`#/pages/common/webview?url=${encodeURIComponent('https://www.gov.cn/')}`, '/v1/content/files/x.pdf', 'https://app.test/#/pages/article/index']);
  });

  test('images load lazily', () => {
    expect(prep('<img src="/a.png">')).toContain('loading="lazy"');
  });
});
