import { createRequire } from 'node:module';
import type sanitizeHtml from 'sanitize-html';

/**
 * The one rich-text sanitiser: every article body goes through it before it is stored, so what the
 * database holds is safe to render as is (the web app sets it as HTML). An allowlist, never a
 * blocklist: only plain formatting tags survive; no styles, classes or event handlers; links and
 * images only over http(s) or site-relative paths (no javascript:, data:, vbscript:, `//host`);
 * scripts, styles, iframes, objects, forms and SVG are removed with their content.
 * Idempotent: sanitising stored output again changes nothing.
 */

const allowedTags = [
  'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
  'strong', 'b', 'em', 'i', 'u', 's', 'del', 'sub', 'sup', 'span', 'small', 'mark',
  'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
];

/** Tags dropped with everything inside them: their text is code or markup, not prose. */
const droppedWithContent = [
  'script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed',
  'template', 'svg', 'math', 'title', 'head', 'select', 'xmp', 'noembed', 'noframes', 'applet',
];

const digits = /^\d{1,4}$/;

const isAbsoluteHttp = (href: string) => /^https?:\/\//i.test(href);

const options: sanitizeHtml.IOptions = {
  allowedTags,
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', { name: 'loading', multiple: false, values: ['lazy'] }, { name: 'decoding', multiple: false, values: ['async'] }],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { a: ['http', 'https'], img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedStyles: {},
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: droppedWithContent,
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  transformTags: {
    // the article title is the page's heading; headings inside the body start one level down
    h1: 'h2',
    a: (tagName, attribs) => {
      const href = attribs.href?.trim();
      const out: sanitizeHtml.Attributes = {};
      if (href) out.href = href;
      if (attribs.title) out.title = attribs.title;
      // external pages open outside the SPA, without access to it (reverse tabnabbing)
      if (href && isAbsoluteHttp(href)) out.target = '_blank';
      out.rel = 'noopener noreferrer';
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { loading: 'lazy', decoding: 'async' };
      if (attribs.src) out.src = attribs.src.trim();
      if (attribs.alt) out.alt = attribs.alt;
      if (attribs.title) out.title = attribs.title;
      // only plain pixel sizes: the client scales images to the screen width with CSS
      if (attribs.width && digits.test(attribs.width)) out.width = attribs.width;
      if (attribs.height && digits.test(attribs.height)) out.height = attribs.height;
      return { tagName, attribs: out };
    },
  },
  // an image whose source was refused (data:, javascript:) has nothing left to show
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * sanitize-html (with htmlparser2, which an ESM import loads twice, as ESM and as CommonJS) is
 * loaded when the first article body is written, not at start: most of a server's life no article
 * is edited, and at start it held ~1.5 MB (docs/decisions/0030-lazy-modules-and-memory.md).
 */
let loaded: typeof sanitizeHtml | undefined;
const sanitizer = (): typeof sanitizeHtml => (loaded ??= createRequire(import.meta.url)('sanitize-html') as typeof sanitizeHtml);

/** Passes after the first before giving up on a fixed point (none has needed more than one). */
const MAX_PASSES = 4;

export function sanitizeRichText(html: string): string {
  // Broken markup can leave nesting that the parser reads differently the second time: in
  // `<p><A<script><p>` the unknown tag `a<script` holds the second <p>, and once it is dropped the
  // output has a <p> inside a <p>, which a new parse splits. Sanitising again until nothing changes
  // keeps what is stored a fixed point, as the promise of idempotence above says.
  const sanitizeHtml = sanitizer();
  let out = sanitizeHtml(html, options).trim();
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const again = sanitizeHtml(out, options).trim();
    if (again === out) break;
    out = again;
  }
  return out;
}
