import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths, Code, ZContentArticleRequest, ZContentArticleResponse, ZContentArticlesRequest, ZContentArticlesResponse,
  ZContentLeadersRequest, ZContentLeadersResponse, ZContentMemberRegionsResponse, ZContentMemberRequest,
  ZContentMemberResponse, ZContentMembersRequest, ZContentMembersResponse, ZContentSubdivisionRequest,
  ZContentSubdivisionResponse, ZContentSubdivisionsResponse, ZContentWebviewCheckRequest, ZContentWebviewCheckResponse,
  ZContentWebviewHostsResponse, ZEnvelopeOf,
} from '@qgw/contracts';
import { AppError } from '../../plugins/errors.js';
import { httpStrings } from '../../plugins/http.strings.js';
import { type ContentFileStore, contentFileKinds } from './content-files.js';
import type { ContentService } from './content.service.js';
import { etagMatches, sendCacheable } from './http-cache.js';

export interface ContentRoutesOptions {
  service: ContentService;
  files: ContentFileStore;
}

const tags = ['content'];

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

  r.get(
    apiPaths.contentArticles,
    {
      schema: {
        tags,
        summary: '已发布的文章列表（按分类；按排序、发布时间倒序；游标分页）',
        querystring: ZContentArticlesRequest,
        response: { 200: ZEnvelopeOf(ZContentArticlesResponse) },
      },
    },
    async (request, reply) => sendCacheable(request, reply, await service.articles(request.query)),
  );

  r.get(
    apiPaths.contentArticle,
    {
      schema: {
        tags,
        summary: '一篇已发布的文章（按 id 或 slug）；正文为已净化的 HTML',
        querystring: ZContentArticleRequest,
        response: { 200: ZEnvelopeOf(ZContentArticleResponse) },
      },
    },
    async (request, reply) => sendCacheable(request, reply, await service.article(request.query)),
  );

  r.get(
    apiPaths.contentLeaders,
    {
      schema: {
        tags,
        summary: '领导班子与秘书处（group 为 leadership 或 secretariat，不填则全部）',
        querystring: ZContentLeadersRequest,
        response: { 200: ZEnvelopeOf(ZContentLeadersResponse) },
      },
    },
    async (request, reply) => sendCacheable(request, reply, await service.leaders(request.query.group)),
  );

  r.get(
    apiPaths.contentSubdivisions,
    { schema: { tags, summary: '分会列表（含成员数）', response: { 200: ZEnvelopeOf(ZContentSubdivisionsResponse) } } },
    async (request, reply) => sendCacheable(request, reply, await service.subdivisions()),
  );

  r.get(
    apiPaths.contentSubdivision,
    {
      schema: {
        tags,
        summary: '一个分会及其成员',
        querystring: ZContentSubdivisionRequest,
        response: { 200: ZEnvelopeOf(ZContentSubdivisionResponse) },
      },
    },
    async (request, reply) => sendCacheable(request, reply, await service.subdivision(request.query.id)),
  );

  r.get(
    apiPaths.contentMembers,
    {
      schema: {
        tags,
        summary: '会员名录：搜索、按分会或地区分组、游标分页；只含成员同意公开的信息',
        querystring: ZContentMembersRequest,
        response: { 200: ZEnvelopeOf(ZContentMembersResponse) },
      },
    },
    async (request, reply) => sendCacheable(request, reply, await service.members(request.query)),
  );

  r.get(
    apiPaths.contentMemberRegions,
    { schema: { tags, summary: '名录中的地区及人数', response: { 200: ZEnvelopeOf(ZContentMemberRegionsResponse) } } },
    async (request, reply) => sendCacheable(request, reply, await service.memberRegions()),
  );

  r.get(
    apiPaths.contentMember,
    {
      schema: {
        tags,
        summary: '一位成员的公开资料（从不含手机号、身份证号）',
        querystring: ZContentMemberRequest,
        response: { 200: ZEnvelopeOf(ZContentMemberResponse) },
      },
    },
    async (request, reply) => sendCacheable(request, reply, await service.member(request.query.id)),
  );

  r.get(
    apiPaths.contentWebviewCheck,
    {
      schema: {
        tags,
        summary: '内置浏览器能否打开该地址（仅白名单域名的 http(s) 地址）',
        querystring: ZContentWebviewCheckRequest,
        response: { 200: ZEnvelopeOf(ZContentWebviewCheckResponse) },
      },
    },
    async (request, reply) => sendCacheable(request, reply, await service.webviewCheck(request.query.url)),
  );

  r.get(
    apiPaths.contentWebviewHosts,
    { schema: { tags, summary: '内置浏览器的域名白名单', response: { 200: ZEnvelopeOf(ZContentWebviewHostsResponse) } } },
    async (request, reply) => sendCacheable(request, reply, await service.webviewHosts()),
  );

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
