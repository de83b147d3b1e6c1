import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentCachePolicy } from '@qgw/contracts';
import { ok } from '../../plugins/errors.js';

/**
 * Public content answers are cacheable: a weak ETag over the answer's data (so it changes the
 * moment the content does: nothing is cached on the server) and Cache-Control public/max-age.
 * A matching If-None-Match answers 304 without a body.
 */

export function weakEtag(data: unknown): string {
  const hash = createHash('sha256').update(JSON.stringify(data)).digest('base64url').slice(0, 27);
  return `W/"${hash}"`;
}

/** If-None-Match holds a list of tags (weak or strong) or `*`; weak comparison, as RFC 9110 asks for GET. */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  const want = bare(etag);
  return (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .some((t) => t.trim() === '*' || bare(t) === want);
}

export function sendCacheable<T>(request: FastifyRequest, reply: FastifyReply, data: T) {
  const etag = weakEtag(data);
  reply.header('etag', etag).header('cache-control', contentCachePolicy.cacheControl);
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return ok(data);
}
