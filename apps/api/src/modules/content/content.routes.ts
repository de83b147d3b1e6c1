import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths, Code, contentOperations as op } from '@qgw/contracts';
import { AppError } from '../../plugins/errors.js';
import { httpStrings } from '../../plugins/http.strings.js';
import { operationRoute } from '../../plugins/operation-route.js';
import { type ContentFileStore, contentFileKinds } from './content-files.js';
import type { ContentService } from './content.service.js';
import { etagMatches, sendCacheable } from './http-cache.js';

export interface ContentRoutesOptions {
  service: ContentService;
  files: ContentFileStore;
}

/** A served file is never run as a page: no scripts, a sandboxed origin, only the file itself. */
const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/** A download name for Content-Disposition: no quotes, separators or control characters. */
const downloadName = (raw: string) =>
  [...raw]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && !'\\/"'.includes(c))
    .join('')
    .trim()
    .slice(0, 100);

/** Public reads of committee content: no session needed, cacheable (ETag, Cache-Control). */
export async function contentRoutes(app: FastifyInstance, opts: ContentRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service } = opts;

  r.route({
    ...operationRoute(op.contentArticles),
    handler: async (request, reply) => sendCacheable(request, reply, await service.articles(request.query)),
  });
  r.route({
    ...operationRoute(op.contentArticle),
    handler: async (request, reply) => sendCacheable(request, reply, await service.article(request.query)),
  });
  r.route({
    ...operationRoute(op.contentSeasons),
    handler: async (request, reply) => sendCacheable(request, reply, await service.seasons()),
  });
  r.route({
    ...operationRoute(op.contentLeaders),
    handler: async (request, reply) => sendCacheable(request, reply, await service.leaders(request.query.group)),
  });
  r.route({
    ...operationRoute(op.contentSubdivisions),
    handler: async (request, reply) => sendCacheable(request, reply, await service.subdivisions()),
  });
  r.route({
    ...operationRoute(op.contentSubdivision),
    handler: async (request, reply) => sendCacheable(request, reply, await service.subdivision(request.query.id)),
  });
  r.route({
    ...operationRoute(op.contentMembers),
    handler: async (request, reply) => sendCacheable(request, reply, await service.members(request.query)),
  });
  r.route({
    ...operationRoute(op.contentMemberRegions),
    handler: async (request, reply) => sendCacheable(request, reply, await service.memberRegions()),
  });
  r.route({
    ...operationRoute(op.contentMember),
    handler: async (request, reply) => sendCacheable(request, reply, await service.member(request.query.id)),
  });
  r.route({
    ...operationRoute(op.contentWebviewCheck),
    handler: async (request, reply) => sendCacheable(request, reply, await service.webviewCheck(request.query.url)),
  });
  r.route({
    ...operationRoute(op.contentWebviewHosts),
    handler: async (request, reply) => sendCacheable(request, reply, await service.webviewHosts()),
  });

  r.get(
    `${apiPaths.contentFile}/:name`,
    {
      // sent as stored, with its length: attachments are small and images are compressed already
      compress: false,
      schema: {
        hide: true,
        params: z.object({ name: z.string() }),
        querystring: z.object({ name: z.string().max(200).optional() }),
      },
    },
    async (request, reply) => {
      const found = await opts.files.find(request.params.name);
      if (!found) throw new AppError(Code.NOT_FOUND, httpStrings.notFound, 404);
      const kind = contentFileKinds[found.ext];
      const etag = `"${found.size.toString(36)}-${found.mtimeMs.toString(36)}"`;
      const wanted = request.query.name ? downloadName(request.query.name) : '';
      const filename = wanted || request.params.name;
      reply
        .header('content-type', kind.mime)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', FILE_CSP)
        .header(
          'content-disposition',
          `${kind.inline ? 'inline' : 'attachment'}; filename="${request.params.name}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
        )
        .header('cache-control', 'public, max-age=3600')
        .header('etag', etag);
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.header('content-length', found.size).send(createReadStream(found.path));
    },
  );
}
