import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  apiPaths, Code, contentLimits, ZAdminArticleRequest, ZAdminArticleResponse, ZAdminArticlesRequest,
  ZAdminArticlesResponse, ZAdminLeadersRequest, ZAdminLeadersResponse, ZAdminMembersRequest, ZAdminMembersResponse,
  ZAdminSubdivisionsResponse, ZAdminWebviewHostsResponse, ZContentPreviewRequest, ZContentPreviewResponse, ZContentUploadResponse, ZCreateArticleRequest,
  ZCreateArticleResponse, ZCreateLeaderRequest, ZCreateLeaderResponse, ZCreateMemberRequest, ZCreateMemberResponse,
  ZCreateSubdivisionRequest, ZCreateSubdivisionResponse, ZCreateWebviewHostRequest, ZCreateWebviewHostResponse,
  ZDeleteContentRequest, ZDeleteContentResponse, ZEnvelopeOf, ZPublishContentRequest, ZPublishContentResponse,
  ZReorderContentRequest, ZReorderContentResponse, ZUpdateArticleRequest, ZUpdateArticleResponse,
  ZUpdateLeaderRequest, ZUpdateLeaderResponse, ZUpdateMemberRequest, ZUpdateMemberResponse,
  ZUpdateSubdivisionRequest, ZUpdateSubdivisionResponse, ZUpdateWebviewHostRequest, ZUpdateWebviewHostResponse,
} from '@qgw/contracts';
import { authOf } from '../../plugins/auth.js';
import { AppError, ok } from '../../plugins/errors.js';
import { multipartError } from '../files/files.module.js';
import { requireConsole } from '../console-access/console-access.module.js';
import { type ContentAdminService, specs } from './content-admin.service.js';
import { type ContentFileStore, contentFileKinds, detectContentFile } from './content-files.js';
import { contentStrings as s } from './content.strings.js';
import { sanitizeRichText } from './sanitize.js';

export interface ContentAdminRoutesOptions {
  service: ContentAdminService;
  files: ContentFileStore;
  uploadPerMinute: number;
}

const tags = ['content-admin'];
/** an article body may hold contentLimits.body.max characters of up to 4 UTF-8 bytes each, above the global body limit */
const ARTICLE_BODY_LIMIT = contentLimits.body.max * 4 + 64 * 1024;
const security = [{ token: [] }];

/** The console's content endpoints: admins only (TOTP-verified console session); every write validated by the contracts and audited. */
export async function contentAdminRoutes(app: FastifyInstance, opts: ContentAdminRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service } = opts;
  const { writer } = service;
  // editing what every visitor reads is an admin's act in the console: second factor required
  const onRequest = requireConsole(app, 'admin');
  const actor = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;

  /** POST path → body schema → answer schema → handler, all admin-only. */
  const post = <B extends z.ZodTypeAny, A extends z.ZodTypeAny>(
    path: string,
    summary: string,
    body: B,
    answer: A,
    handler: (actorId: string, body: z.infer<B>) => Promise<z.infer<A>>,
    bodyLimit?: number,
  ) =>
    // the plain instance: the generic schemas are checked by the zod validator all the same
    app.post(
      path,
      { onRequest, ...(bodyLimit ? { bodyLimit } : {}), schema: { tags, summary, security, body, response: { 200: ZEnvelopeOf(answer) } } },
      async (request) => ok(await handler(actor(request), request.body as z.infer<B>)),
    );

  // ---- reads ---------------------------------------------------------------------------------------
  r.get(
    apiPaths.contentAdminArticles,
    {
      onRequest,
      schema: { tags, summary: '文章列表（含未发布）', security, querystring: ZAdminArticlesRequest, response: { 200: ZEnvelopeOf(ZAdminArticlesResponse) } },
    },
    async (request) => ok(await service.articles(request.query)),
  );
  r.get(
    apiPaths.contentAdminArticle,
    {
      onRequest,
      schema: { tags, summary: '一篇文章（含未发布）', security, querystring: ZAdminArticleRequest, response: { 200: ZEnvelopeOf(ZAdminArticleResponse) } },
    },
    async (request) => ok(await service.article(request.query.id)),
  );
  r.get(
    apiPaths.contentAdminLeaders,
    {
      onRequest,
      schema: { tags, summary: '领导与秘书处（含未发布）', security, querystring: ZAdminLeadersRequest, response: { 200: ZEnvelopeOf(ZAdminLeadersResponse) } },
    },
    async (request) => ok(await service.leaders(request.query.group)),
  );
  r.get(
    apiPaths.contentAdminSubdivisions,
    { onRequest, schema: { tags, summary: '分会（含未发布）', security, response: { 200: ZEnvelopeOf(ZAdminSubdivisionsResponse) } } },
    async () => ok(await service.subdivisions()),
  );
  r.get(
    apiPaths.contentAdminMembers,
    {
      onRequest,
      schema: { tags, summary: '名录成员（全部字段，含未发布）', security, querystring: ZAdminMembersRequest, response: { 200: ZEnvelopeOf(ZAdminMembersResponse) } },
    },
    async (request) => ok(await service.members(request.query)),
  );
  r.get(
    apiPaths.contentAdminWebviewHosts,
    { onRequest, schema: { tags, summary: '内置浏览器域名白名单', security, response: { 200: ZEnvelopeOf(ZAdminWebviewHostsResponse) } } },
    async () => ok(await service.webviewHosts()),
  );

  // ---- articles ------------------------------------------------------------------------------------
  post(apiPaths.contentAdminArticleCreate, '新建文章（正文 HTML 保存前净化）', ZCreateArticleRequest, ZCreateArticleResponse, (a, b) => service.createArticle(a, b), ARTICLE_BODY_LIMIT);
  post(apiPaths.contentAdminArticleUpdate, '修改文章（只改提供的字段）', ZUpdateArticleRequest, ZUpdateArticleResponse, (a, b) => service.updateArticle(a, b), ARTICLE_BODY_LIMIT);
  post(apiPaths.contentAdminArticleDelete, '删除文章', ZDeleteContentRequest, ZDeleteContentResponse, (a, b) => writer.remove(a, specs.article, b.id));
  post(apiPaths.contentAdminArticlePublish, '发布或下线文章', ZPublishContentRequest, ZPublishContentResponse, (a, b) => writer.publish(a, specs.article, b.id, b.published));
  post(apiPaths.contentAdminArticleReorder, '文章排序', ZReorderContentRequest, ZReorderContentResponse, (a, b) => writer.reorder(a, specs.article, b.ids));

  // ---- leaders -------------------------------------------------------------------------------------
  post(apiPaths.contentAdminLeaderCreate, '新建领导/秘书处成员', ZCreateLeaderRequest, ZCreateLeaderResponse, (a, b) => service.createLeader(a, b));
  post(apiPaths.contentAdminLeaderUpdate, '修改领导/秘书处成员', ZUpdateLeaderRequest, ZUpdateLeaderResponse, (a, b) => service.updateLeader(a, b));
  post(apiPaths.contentAdminLeaderDelete, '删除领导/秘书处成员', ZDeleteContentRequest, ZDeleteContentResponse, (a, b) => writer.remove(a, specs.leader, b.id));
  post(apiPaths.contentAdminLeaderPublish, '发布或下线领导/秘书处成员', ZPublishContentRequest, ZPublishContentResponse, (a, b) => writer.publish(a, specs.leader, b.id, b.published));
  post(apiPaths.contentAdminLeaderReorder, '领导/秘书处排序', ZReorderContentRequest, ZReorderContentResponse, (a, b) => writer.reorder(a, specs.leader, b.ids));

  // ---- subdivisions --------------------------------------------------------------------------------
  post(apiPaths.contentAdminSubdivisionCreate, '新建分会', ZCreateSubdivisionRequest, ZCreateSubdivisionResponse, (a, b) => service.createSubdivision(a, b));
  post(apiPaths.contentAdminSubdivisionUpdate, '修改分会', ZUpdateSubdivisionRequest, ZUpdateSubdivisionResponse, (a, b) => service.updateSubdivision(a, b));
  post(apiPaths.contentAdminSubdivisionDelete, '删除分会（须先移出成员）', ZDeleteContentRequest, ZDeleteContentResponse, (a, b) => service.deleteSubdivision(a, b.id));
  post(apiPaths.contentAdminSubdivisionPublish, '发布或下线分会', ZPublishContentRequest, ZPublishContentResponse, (a, b) => writer.publish(a, specs.subdivision, b.id, b.published));
  post(apiPaths.contentAdminSubdivisionReorder, '分会排序', ZReorderContentRequest, ZReorderContentResponse, (a, b) => writer.reorder(a, specs.subdivision, b.ids));

  // ---- directory -----------------------------------------------------------------------------------
  post(apiPaths.contentAdminMemberCreate, '新建名录成员', ZCreateMemberRequest, ZCreateMemberResponse, (a, b) => service.createMember(a, b));
  post(apiPaths.contentAdminMemberUpdate, '修改名录成员', ZUpdateMemberRequest, ZUpdateMemberResponse, (a, b) => service.updateMember(a, b));
  post(apiPaths.contentAdminMemberDelete, '删除名录成员', ZDeleteContentRequest, ZDeleteContentResponse, (a, b) => writer.remove(a, specs.member, b.id));
  post(apiPaths.contentAdminMemberPublish, '公开或隐藏名录成员', ZPublishContentRequest, ZPublishContentResponse, (a, b) => writer.publish(a, specs.member, b.id, b.published));
  post(apiPaths.contentAdminMemberReorder, '名录成员排序', ZReorderContentRequest, ZReorderContentResponse, (a, b) => writer.reorder(a, specs.member, b.ids));

  // ---- webview allowlist ---------------------------------------------------------------------------
  post(apiPaths.contentAdminWebviewHostCreate, '添加白名单域名', ZCreateWebviewHostRequest, ZCreateWebviewHostResponse, (a, b) => service.createWebviewHost(a, b));
  post(apiPaths.contentAdminWebviewHostUpdate, '修改白名单域名', ZUpdateWebviewHostRequest, ZUpdateWebviewHostResponse, (a, b) => service.updateWebviewHost(a, b));
  post(apiPaths.contentAdminWebviewHostDelete, '删除白名单域名', ZDeleteContentRequest, ZDeleteContentResponse, (a, b) => writer.remove(a, specs.webviewHost, b.id));

  // ---- editor preview: the body as it would be stored; nothing is written ---------------------------
  post(
    apiPaths.contentAdminPreview, '预览净化后的正文（不保存）', ZContentPreviewRequest, ZContentPreviewResponse,
    async (_a, b) => ({ body: sanitizeRichText(b.body) }),
    ARTICLE_BODY_LIMIT,
  );

  // ---- files ---------------------------------------------------------------------------------------
  r.post(
    apiPaths.contentAdminUpload,
    {
      onRequest,
      config: { rateLimit: { max: opts.uploadPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: `上传公开文件（封面、照片、附件；multipart 字段 file；${contentLimits.upload.hint}）`,
        consumes: ['multipart/form-data'],
        security,
        response: { 200: ZEnvelopeOf(ZContentUploadResponse) },
      },
    },
    async (request) => {
      const actorId = actor(request);
      if (!request.isMultipart()) throw new AppError(Code.UNSUPPORTED_MEDIA_TYPE, s.uploadNotMultipart, 415);
      let part;
      let content: Buffer;
      try {
        part = await request.file({ limits: { fileSize: contentLimits.upload.maxBytes, files: 1 } });
        if (!part || part.fieldname !== 'file') throw new AppError(Code.BAD_REQUEST, s.uploadMissing);
        content = await part.toBuffer();
      } catch (err) {
        throw multipartError(err, s.uploadTooLarge);
      }
      if (content.length === 0) throw new AppError(Code.BAD_REQUEST, s.uploadMissing);
      const ext = detectContentFile(content, part.mimetype, part.filename);
      if (!ext) throw new AppError(Code.BAD_REQUEST, s.uploadType);
      const stored = await opts.files.save(content, ext);
      const name = (part.filename || stored).split(/[\\/]/).pop()!.slice(0, contentLimits.shortText.max);
      const answer = { url: opts.files.urlOf(stored), name, size: content.length, mime: contentFileKinds[ext].mime };
      await service.writer.audited(actorId, 'content.upload', 'content_file', async () => ({
        entityId: stored, before: null, after: answer, result: null,
      }));
      return ok(answer);
    },
  );
}
