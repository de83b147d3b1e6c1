import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
}
