import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers on every answer (docs/security.md). The SPA needs nothing beyond its own origin:
 * scripts and styles are bundled files, images may be data:/blob: previews, antd-mobile sets inline
 * styles. `upgrade-insecure-requests` is left out so the embedded default also works over plain
 * HTTP on a LAN address.
 */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  // a video picked for upload is previewed from a blob: URL before it is sent
  mediaSrc: ["'self'", 'blob:'],
  // the in-app web view frames external https pages; which hosts is decided by the content allowlist
  frameSrc: ["'self'", 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
  referrerPolicy: { policy: 'no-referrer' },
  frameguard: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet sets for our options, worked out once. They are the same on every answer (no
 * nonces, no per-route settings), and @fastify/helmet rebuilt helmet's middleware, CSP parsing
 * included, on every request: a quarter of a small API answer's server time.
 */
export function securityHeaders(options: HelmetOptions = helmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

export function installSecurityHeaders(app: FastifyInstance): void {
  const headers = Object.entries(securityHeaders());
  app.addHook('onRequest', (_request, reply, done) => {
    // on the raw response: answers that bypass reply.send (hijacked, tus, streamed files) get them too
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
