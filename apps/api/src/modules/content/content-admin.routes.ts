import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths, Code, contentAdminOperations as op, contentLimits, ZContentUploadResponse, ZEnvelopeOf } from '@qgw/contracts';
import { authOf } from '../../plugins/auth.js';
import { AppError, ok } from '../../plugins/errors.js';
import { operationRoute } from '../../plugins/operation-route.js';
import { multipartError } from '../files/files.module.js';
import { requireConsole } from '../console-access/console-access.module.js';
import type { ContentAdminService } from './content-admin.service.js';
import { specs } from './content-specs.js';
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

  const route = { onRequest };
  /** The article's body may be larger than the global body limit. */
  const articleBody = { ...route, bodyLimit: ARTICLE_BODY_LIMIT };

  // ---- reads ---------------------------------------------------------------------------------------
  r.route({ ...operationRoute(op.contentAdminArticles), ...route, handler: async (request) => ok(await service.articles(request.query)) });
  r.route({ ...operationRoute(op.contentAdminArticle), ...route, handler: async (request) => ok(await service.article(request.query.id)) });
  r.route({ ...operationRoute(op.contentAdminLeaders), ...route, handler: async (request) => ok(await service.leaders(request.query.group)) });
  r.route({ ...operationRoute(op.contentAdminSubdivisions), ...route, handler: async () => ok(await service.subdivisions()) });
  r.route({ ...operationRoute(op.contentAdminMembers), ...route, handler: async (request) => ok(await service.members(request.query)) });
  r.route({ ...operationRoute(op.contentAdminWebviewHosts), ...route, handler: async () => ok(await service.webviewHosts()) });

  // ---- articles ------------------------------------------------------------------------------------
  r.route({
    ...operationRoute(op.contentAdminArticleCreate),
    ...articleBody,
    handler: async (request) => ok(await service.createArticle(actor(request), request.body)),
  });
  r.route({
    ...operationRoute(op.contentAdminArticleUpdate),
    ...articleBody,
    handler: async (request) => ok(await service.updateArticle(actor(request), request.body)),
  });
  r.route({
    ...operationRoute(op.contentAdminArticleDelete),
    ...route,
    handler: async (request) => ok(await writer.remove(actor(request), specs.article, request.body.id)),
  });
  r.route({
    ...operationRoute(op.contentAdminArticlePublish),
    ...route,
    handler: async (request) => ok(await writer.publish(actor(request), specs.article, request.body.id, request.body.published)),
  });
  r.route({
    ...operationRoute(op.contentAdminArticleReorder),
    ...route,
    handler: async (request) => ok(await writer.reorder(actor(request), specs.article, request.body.ids)),
  });

  // ---- leaders -------------------------------------------------------------------------------------
  r.route({
    ...operationRoute(op.contentAdminLeaderCreate),
    ...route,
    handler: async (request) => ok(await service.createLeader(actor(request), request.body)),
  });
  r.route({
    ...operationRoute(op.contentAdminLeaderUpdate),
    ...route,
    handler: async (request) => ok(await service.updateLeader(actor(request), request.body)),
  });
  r.route({
    ...operationRoute(op.contentAdminLeaderDelete),
    ...route,
    handler: async (request) => ok(await writer.remove(actor(request), specs.leader, request.body.id)),
  });
  r.route({
    ...operationRoute(op.contentAdminLeaderPublish),
    ...route,
    handler: async (request) => ok(await writer.publish(actor(request), specs.leader, request.body.id, request.body.published)),
  });
  r.route({
    ...operationRoute(op.contentAdminLeaderReorder),
    ...route,
    handler: async (request) => ok(await writer.reorder(actor(request), specs.leader, request.body.ids)),
  });

  // ---- subdivisions --------------------------------------------------------------------------------
  r.route({
    ...operationRoute(op.contentAdminSubdivisionCreate),
    ...route,
    handler: async (request) => ok(await service.createSubdivision(actor(request), request.body)),
  });
  r.route({
    ...operationRoute(op.contentAdminSubdivisionUpdate),
    ...route,
    handler: async (request) => ok(await service.updateSubdivision(actor(request), request.body)),
  });
  r.route({
    ...operationRoute(op.contentAdminSubdivisionDelete),
    ...route,
    handler: async (request) => ok(await service.deleteSubdivision(actor(request), request.body.id)),
  });
  r.route({
    ...operationRoute(op.contentAdminSubdivisionPublish),
    ...route,
    handler: async (request) => ok(await writer.publish(actor(request), specs.subdivision, request.body.id, request.body.published)),
  });
  r.route({
    ...operationRoute(op.contentAdminSubdivisionReorder),
    ...route,
    handler: async (request) => ok(await writer.reorder(actor(request), specs.subdivision, request.body.ids)),
  });

  // ---- directory -----------------------------------------------------------------------------------
  r.route({
    ...operationRoute(op.contentAdminMemberCreate),
    ...route,
    handler: async (request) => ok(await service.createMember(actor(request), request.body)),
  });
  r.route({
    ...operationRoute(op.contentAdminMemberUpdate),
    ...route,
    handler: async (request) => ok(await service.updateMember(actor(request), request.body)),
  });
  r.route({
    ...operationRoute(op.contentAdminMemberDelete),
    ...route,
    handler: async (request) => ok(await writer.remove(actor(request), specs.member, request.body.id)),
  });
  r.route({
    ...operationRoute(op.contentAdminMemberPublish),
    ...route,
    handler: async (request) => ok(await writer.publish(actor(request), specs.member, request.body.id, request.body.published)),
  });
  r.route({
    ...operationRoute(op.contentAdminMemberReorder),
    ...route,
    handler: async (request) => ok(await writer.reorder(actor(request), specs.member, request.body.ids)),
  });

  // ---- webview allowlist ---------------------------------------------------------------------------
  r.route({
    ...operationRoute(op.contentAdminWebviewHostCreate),
    ...route,
    handler: async (request) => ok(await service.createWebviewHost(actor(request), request.body)),
  });
  r.route({
    ...operationRoute(op.contentAdminWebviewHostUpdate),
    ...route,
    handler: async (request) => ok(await service.updateWebviewHost(actor(request), request.body)),
  });
  r.route({
    ...operationRoute(op.contentAdminWebviewHostDelete),
    ...route,
    handler: async (request) => ok(await writer.remove(actor(request), specs.webviewHost, request.body.id)),
  });

  // ---- editor preview: the body as it would be stored; nothing is written ---------------------------
  r.route({
    ...operationRoute(op.contentAdminPreview),
    ...articleBody,
    handler: async (request) => ok({ body: sanitizeRichText(request.body.body) }),
  });

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
      const { name: stored, size } = await opts.files.save(content, ext);
      const name = (part.filename || stored).split(/[\\/]/).pop()!.slice(0, contentLimits.shortText.max);
      const answer = { url: opts.files.urlOf(stored), name, size, mime: contentFileKinds[ext].mime };
      await service.writer.audited(actorId, 'content.upload', 'content_file', async () => ({
        entityId: stored, before: null, after: answer, result: null,
      }));
      return ok(answer);
    },
  );
}
