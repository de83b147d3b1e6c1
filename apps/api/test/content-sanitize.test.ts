/**
 * Hostile rich text: whatever an admin's editor (or an attacker with a stolen admin session)
 * sends, the stored body and the body visitors get hold only allowlisted tags and attributes,
 * links and images only over http(s) or site paths, no script, styles, handlers or frames.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminArticle, type Article, apiPaths } from '@qgw/contracts';
import { sanitizeRichText } from '../src/modules/content/sanitize.js';
import { data, get, post, type TestUser } from './support/api.js';
import { newAdmin } from './support/content.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const allowedAttributes: Record<string, string[]> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  ol: ['start'],
};
const allowedTags = new Set([
  'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'strong', 'b', 'em', 'i', 'u', 's', 'del',
  'sub', 'sup', 'span', 'small', 'mark', 'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody',
  'tfoot', 'tr', 'th', 'td', 'caption',
]);

/**
 * Checks sanitised HTML tag by tag. Text is escaped by the sanitiser (`<` becomes &lt;), so every
 * `<` left in the output opens a real tag.
 */
function assertSafe(html: string) {
  const tags = html.match(/<[^>]*>/g) ?? [];
  for (const tag of tags) {
    const m = /^<\/?([a-z0-9]+)([^>]*?)\/?>$/i.exec(tag);
    expect(m, tag).not.toBeNull();
    const name = m![1]!.toLowerCase();
    expect(allowedTags.has(name), tag).toBe(true);
    for (const attr of m![2]!.matchAll(/([^\s=]+)(?:="([^"]*)")?/g)) {
      const attrName = attr[1]!.toLowerCase();
      expect(allowedAttributes[name] ?? [], tag).toContain(attrName);
      if (attrName === 'href' || attrName === 'src') {
        const value = attr[2]!.replace(/&amp;/g, '&');
        // absolute http(s), or a relative reference with no scheme at all
        expect(/^https?:\/\//i.test(value) || !/^[a-z][a-z0-9+.-]*:/i.test(value), tag).toBe(true);
        expect(value.startsWith('//'), tag).toBe(false);
      }
    }
    if (name === 'a' && !tag.startsWith('</')) expect(tag).toContain('rel="noopener noreferrer"');
  }
}

const hostile: [string, string][] = [
  ['script', '<p>a</p><script>alert(1)</script><SCRIPT SRC=//evil.js></SCRIPT>'],
  ['onerror', '<img src="x.png" onerror="alert(1)"><img src=x onerror=alert(1)//>'],
  ['event handlers', '<p onclick="steal()" onmouseover=x>t</p><a href="/x" onfocus="y" autofocus>a</a><body onload=alert(1)>'],
  ['javascript: links', '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt:alert(1)">b</a><a href=" javascript:alert(1)">c</a><a href="jav&#x09;ascript:alert(1)">d</a><a href="&#106;avascript:alert(1)">e</a>'],
  ['style', '<style>*{display:none}</style><p style="background:url(javascript:alert(1))">s</p><link rel=stylesheet href=//evil.css>'],
  ['iframe', '<iframe src="https://evil.example"></iframe><iframe srcdoc="<script>alert(1)</script>"></iframe><frameset><frame src=x></frameset>'],
  ['data: images', '<img src="data:image/png;base64,iVBORw0KGgo="><img src="data:image/svg+xml,<svg onload=alert(1)>"><a href="data:text/html,<script>alert(1)</script>">d</a>'],
  ['objects and svg', '<object data="x.swf"></object><embed src="x"><svg><script>alert(1)</script></svg><math><a xlink:href="javascript:alert(1)">m</a></math>'],
  ['forms and meta', '<form action="https://evil"><input name=p><button formaction=javascript:alert(1)>b</button></form><meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="//evil/">'],
  ['protocol-relative and vbscript', '<a href="//evil.example/x">p</a><a href="vbscript:msgbox(1)">v</a><img src="//evil.example/x.png">'],
  ['broken markup', '<p><a href="https://ok.example/">ok<img src=x onerror=alert(1)<script>alert(1)</script>'],
  ['comments and cdata', '<!--<script>alert(1)</script>--><![CDATA[<script>alert(1)</script>]]><p>t</p>'],
];

describe('sanitizeRichText', () => {
  it.each(hostile)('removes %s', (_label, html) => {
    const out = sanitizeRichText(html);
    assertSafe(out);
    expect(out).not.toMatch(/<script|<style|<iframe|<object|<embed|<svg|<form|<meta|<base|<link/i);
    expect(out).not.toMatch(/\son[a-z]+=/i);
    expect(out).not.toMatch(/javascript:|vbscript:|data:/i);
    expect(out).not.toMatch(/style=/i);
  });

  it('keeps formatting, safe links and images, sized for the screen and lazy-loaded', () => {
    const out = sanitizeRichText(
      '<h1>标题</h1><p><strong>粗</strong><em>斜</em></p><a href="https://www.gov.cn/x?a=1&b=2">外链</a><a href="#/pages/cxb/process">站内</a><img src="/v1/content/files/a.png" width="640" height="50%" alt="图">',
    );
    expect(out).toBe(
      '<h2>标题</h2><p><strong>粗</strong><em>斜</em></p><a href="https://www.gov.cn/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">外链</a><a href="#/pages/cxb/process" rel="noopener noreferrer">站内</a><img loading="lazy" decoding="async" src="/v1/content/files/a.png" alt="图" width="640" />',
    );
  });

  const fragment = fc.oneof(
    fc.constantFrom(
      '<script>', '</script>', '<img ', '<a ', '<p>', '</p>', '<iframe ', '<svg>', '<style>', '<div ', '<', '>', '/>', '"', "'", '=',
      ' src=', ' href=', ' onerror=', ' onclick=', ' style=', ' srcdoc=', 'javascript:', 'JAVASCRIPT:', 'java\tscript:', 'data:',
      'vbscript:', '&#106;', '&#x6A;', '&colon;', '//', 'https://a.example/', 'alert(1)', '<!--', '-->', ' ', '\n', '\u0000',
    ),
    fc.string({ maxLength: 6 }),
  );
  const htmlish = fc.array(fragment, { maxLength: 40 }).map((parts) => parts.join(''));

  it('is safe on generated hostile markup and idempotent', () => {
    fc.assert(
      fc.property(htmlish, (html) => {
        const out = sanitizeRichText(html);
        assertSafe(out);
        expect(sanitizeRichText(out)).toBe(out);
      }),
      // a case found by this property: an unknown tag holding a <p> left a <p> inside a <p>
      { numRuns: 500, examples: [['<p><A<script><p>']] },
    );
  });
});

describe('through the API', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await newAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores only the sanitised body, on create and on update, and visitors get exactly that', async () => {
    const body = hostile.map(([, h]) => h).join('');
    const created = data(
      await post<AdminArticle>(t.app, apiPaths.contentAdminArticleCreate, { category: 'news', title: '测试', body, published: true }, { token: admin.token }),
    );
    const stored = await t.db.selectFrom('content_articles').select('body').where('id', '=', created.id).executeTakeFirstOrThrow();
    assertSafe(stored.body);
    expect(stored.body).not.toMatch(/script|onerror|javascript:|data:|iframe|style/i);
    expect(created.body).toBe(stored.body);
    const seen = data(await get<Article>(t.app, apiPaths.contentArticle, { id: created.id }));
    expect(seen.body).toBe(stored.body);

    await post(t.app, apiPaths.contentAdminArticleUpdate, { id: created.id, body: '<p>新</p><img src=x onerror=alert(document.cookie)>' }, { token: admin.token });
    const updated = await t.db.selectFrom('content_articles').select('body').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(updated.body).toBe('<p>新</p><img loading="lazy" decoding="async" src="x" />');
  });

  it('previews the stored form for the editor without writing anything', async () => {
    const before = await t.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    const html = hostile.map(([, h]) => h).join('');
    const preview = data(await post<{ body: string }>(t.app, apiPaths.contentAdminPreview, { body: html }, { token: admin.token }));
    expect(preview.body).toBe(sanitizeRichText(html));
    assertSafe(preview.body);
    const after = await t.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
