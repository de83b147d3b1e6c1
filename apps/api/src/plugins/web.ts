import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { httpStrings } from './http.strings.js';

/**
 * Serves the built SPA from the same process. Vite's hashed files under assets/ never change, so
 * they are cached for a year; index.html is revalidated on every load so a deploy is seen at once.
 * The build writes a Brotli and a gzip copy of each text file (apps/web/build/precompress.ts): they
 * are sent as they are, in the best encoding the browser accepts, instead of being compressed again
 * for every answer (decision 0035). Files without one are compressed on the fly as before.
 */
export async function webRoutes(app: FastifyInstance, opts: { webDist: string }): Promise<void> {
  if (!existsSync(join(opts.webDist, 'index.html'))) {
    app.log.warn('web build not found; / answers with build instructions');
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').send(httpStrings.webNotBuilt),
    );
    return;
  }
  const assetsDir = join(opts.webDist, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: opts.webDist,
    prefix: '/',
    index: ['index.html'],
    // the build's .vite/manifest.json (and any other dotfile) names source paths: never served
    dotfiles: 'ignore',
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, path) {
      if (path.startsWith(assetsDir)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      else reply.header('cache-control', 'no-cache');
    },
  });
}
