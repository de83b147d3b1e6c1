/**
 * What the in-app web view may do with a link, decided before anything is loaded. Only http(s)
 * addresses can ever be shown or opened; javascript:, data:, file: and friends are refused outright,
 * whatever the server's allowlist says.
 */
export type UrlVerdict = { kind: 'invalid' } | { kind: 'web'; url: string; host: string };

/** Control characters and whitespace browsers strip or ignore inside a scheme ("java\tscript:"). */
// eslint-disable-next-line no-control-regex
const invisible = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/g;

export function classifyUrl(raw: string | null | undefined): UrlVerdict {
  if (!raw) return { kind: 'invalid' };
  const trimmed = raw.trim();
  // judge the scheme on what a browser would read, not on what a person sees
  const squashed = trimmed.replace(invisible, '').toLowerCase();
  if (!/^https?:\/\//.test(squashed)) return { kind: 'invalid' };
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return { kind: 'invalid' };
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.hostname) return { kind: 'invalid' };
  // credentials in a link ("https://good.com@evil.com") only serve to mislead the reader
  if (parsed.username || parsed.password) return { kind: 'invalid' };
  return { kind: 'web', url: parsed.href, host: parsed.hostname };
}

/** A link in content that leaves the app (another origin) and so goes through the web view. */
export function isExternalHref(href: string, origin: string = window.location.origin): boolean {
  const verdict = classifyUrl(href);
  if (verdict.kind !== 'web') return false;
  return new URL(verdict.url).origin !== origin;
}
