import { describe, expect, it } from 'vitest';
import { ZArticleInput } from './content-admin.js';
import { ZContentUrl } from './content.js';
import { checkWebviewUrl, ZWebviewHostName } from './content-webview.js';

describe('content contracts', () => {
  it('accepts only http(s) URLs and site paths as content links', () => {
    for (const ok of ['https://www.gov.cn/a.png', 'http://x.example/', '/v1/content/files/a.pdf']) {
      expect(ZContentUrl.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AA', '//evil.example/x', '/\\evil.example', 'file:///etc/passwd', 'x.png', '']) {
      expect(ZContentUrl.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('normalises allowlist host names and refuses anything but a plain domain', () => {
    expect(ZWebviewHostName.parse(' WWW.Gov.CN ')).toBe('www.gov.cn');
    for (const bad of ['https://www.gov.cn', 'www.gov.cn/x', '*.gov.cn', 'localhost', '127.0.0.1', 'a..b.cn']) {
      expect(ZWebviewHostName.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('decides webview URLs by scheme and host', () => {
    const hosts = ['www.gov.cn'];
    expect(checkWebviewUrl('https://www.gov.cn/x', hosts)).toEqual({ allowed: true, url: 'https://www.gov.cn/x', reason: 'ok' });
    expect(checkWebviewUrl('https://a.www.gov.cn/', hosts).allowed).toBe(true);
    expect(checkWebviewUrl('https://evil.example/', hosts).reason).toBe('host_not_allowed');
    expect(checkWebviewUrl('javascript:alert(1)', hosts).reason).toBe('not_http');
    expect(checkWebviewUrl('not a url', hosts).reason).toBe('invalid');
  });

  it('gives Chinese messages for a missing title', () => {
    const r = ZArticleInput.safeParse({ category: 'news', title: ' ' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('请填写标题');
  });
});
