import { routes } from '@qgw/contracts';
import { buildPath } from '../../lib/navigation.js';
import { classifyUrl, isExternalHref } from './webview-url.js';

/**
 * Prepares the server's sanitised article HTML for the phone. The server is the gate for hostile
 * markup; this pass is a second line of defence (anything that could run code is dropped again) and
 * the phone-specific touches: images load lazily and never overflow, links to other sites go through
 * the in-app web view.
 */
const droppedElements = 'script,style,iframe,frame,frameset,object,embed,link,meta,base,form,input,button,textarea,select,svg,math,template';
const urlAttributes = ['href', 'src', 'xlink:href', 'action', 'formaction', 'srcset', 'poster', 'background'];

/** A relative link (same site: attachments, images) or an http(s) one; nothing else may stay. */
function isSafeUrl(value: string): boolean {
  const v = value.trim();
  if (v === '') return false;
  if (/^(#|\/(?!\/)|\.\.?\/)/.test(v)) return true;
  // eslint-disable-next-line no-control-regex
  if (!/^[a-z][a-z0-9+.-]*:/i.test(v.replace(/[\s\u0000-\u001f]/g, ''))) return !v.startsWith('//');
  return classifyUrl(v).kind === 'web';
}

export function prepareArticleHtml(html: string, origin: string = window.location.origin): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  const body = doc.body;
  body.querySelectorAll(droppedElements).forEach((el) => el.remove());
  body.querySelectorAll('*').forEach((el) => {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on') || name === 'style' || name === 'srcdoc') el.removeAttribute(attr.name);
      else if (urlAttributes.includes(name) && (name === 'srcset' || !isSafeUrl(attr.value))) el.removeAttribute(attr.name);
    }
  });
  body.querySelectorAll('img').forEach((img) => {
    img.setAttribute('loading', 'lazy');
    img.setAttribute('decoding', 'async');
    if (!img.getAttribute('alt')) img.setAttribute('alt', '');
  });
  body.querySelectorAll('a').forEach((a) => {
    const href = a.getAttribute('href');
    if (!href) return;
    if (isExternalHref(href, origin)) {
      a.setAttribute('href', `#${buildPath(routes.common.webview, { url: classifyUrl(href).kind === 'web' ? href.trim() : '' })}`);
      a.removeAttribute('target');
      a.setAttribute('data-external', 'true');
    } else if (a.getAttribute('target') === '_blank') {
      a.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return body.innerHTML;
}
