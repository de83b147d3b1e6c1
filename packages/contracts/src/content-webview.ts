import { z } from 'zod';

/**
 * Committee content: the in-app web view's allowlist (docs/requirements.md#content). The rule that
 * decides whether a link opens inside the app, shared by server and client (checkWebviewUrl), the
 * host names an admin may list, and the public reads a client checks against. Its own file because
 * it is a rule about links, not content records (content.ts); admins edit the list through
 * content-admin.ts, and its reads are cached like the other public content reads (content.ts).
 */

// ---- webview allowlist ---------------------------------------------------------------------------

/**
 * Why a URL may or may not open in the in-app web view:
 *   ok → open it in the web view;
 *   host_not_allowed → an http(s) page elsewhere: ask the user before opening it outside the app;
 *   not_http / invalid → refuse (javascript:, data:, file:, anything unparsable).
 */
export const webviewReasons = ['ok', 'host_not_allowed', 'not_http', 'invalid'] as const;
export const ZWebviewReason = z.enum(webviewReasons);
export type WebviewReason = z.infer<typeof ZWebviewReason>;

export interface WebviewDecision {
  allowed: boolean;
  /** the normalised URL (http(s) only), else the input as given */
  url: string;
  reason: WebviewReason;
}

/** A host name an admin may put on the allowlist: lower-case DNS name, no scheme, port, path or wildcard. */
export const ZWebviewHostName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/, {
    error: '请输入域名，例如 www.gov.cn（不含 http:// 和路径）',
  });

/**
 * The allowlist rule, shared by server and client: only http(s) URLs without credentials or an
 * explicit non-default port, whose host is an allowed host or a subdomain of one.
 */
export function checkWebviewUrl(input: string, allowedHosts: readonly string[]): WebviewDecision {
  let u: URL;
  try {
    u = new URL(input.trim());
  } catch {
    return { allowed: false, url: input, reason: 'invalid' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { allowed: false, url: input, reason: 'not_http' };
  if (u.username || u.password || u.port !== '' || !u.hostname) {
    return { allowed: false, url: u.href, reason: 'host_not_allowed' };
  }
  const host = u.hostname.toLowerCase().replace(/\.$/, '');
  const ok = allowedHosts.some((h) => {
    const a = h.toLowerCase();
    return host === a || host.endsWith(`.${a}`);
  });
  return { allowed: ok, url: u.href, reason: ok ? 'ok' : 'host_not_allowed' };
}

/** GET contentWebviewCheck */
export const ZContentWebviewCheckRequest = z.object({ url: z.string().max(2048) });
export type ContentWebviewCheckRequest = z.infer<typeof ZContentWebviewCheckRequest>;
export const ZContentWebviewCheckResponse = z.object({
  allowed: z.boolean(),
  url: z.string(),
  reason: ZWebviewReason,
});
export type ContentWebviewCheckResponse = z.infer<typeof ZContentWebviewCheckResponse>;

/** GET contentWebviewHosts: the allowlist (so a client can decide without a round trip, with checkWebviewUrl). */
export const ZContentWebviewHostsRequest = z.object({});
export const ZContentWebviewHostsResponse = z.object({ hosts: z.array(z.string()) });
export type ContentWebviewHostsResponse = z.infer<typeof ZContentWebviewHostsResponse>;
