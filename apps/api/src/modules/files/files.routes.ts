import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths, Code, fileOperations as op, limits, uploadPurposes, ZEnvelopeOf, ZUploadedFile } from '@qgw/contracts';
import type { Clock } from '../../clock.js';
import type { AuthContext, SessionService } from '../accounts/accounts.module.js';
import { holdsConsoleRole } from '../console-access/console-access.module.js';
import { authOf, extractToken } from '../../plugins/auth.js';
import { AppError, fail, ok } from '../../plugins/errors.js';
import { httpStrings } from '../../plugins/http.strings.js';
import { operationRoute } from '../../plugins/operation-route.js';
import { verifyFileUrl } from './file-urls.js';
import type { FileAccessService, Viewer } from './file-access.service.js';
import type { FilesService } from './files.service.js';
import { fileStrings as s } from './files.strings.js';
import { multipartError } from './multipart-errors.js';
import { parseRange } from './ranges.js';

export interface FilesRoutesOptions {
  service: FilesService;
  /** who may see a file */
  access: FileAccessService;
  sessions: SessionService;
  clock: Clock;
  uploadPerMinute: number;
}

type Purpose = (typeof uploadPurposes)[number];

const fieldValue = (field: unknown): string | undefined => {
  const f = Array.isArray(field) ? field[0] : field;
  return f && typeof f === 'object' && 'value' in f && typeof f.value === 'string' ? f.value : undefined;
};

/**
 * A served file must never be run as a page, whatever a browser makes of it: no scripts, no
 * plugins, a sandboxed origin; only the image or video itself is shown.
 */
const FILE_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

export async function filesRoutes(app: FastifyInstance, opts: FilesRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service, access } = opts;

  r.post(
    apiPaths.uploadImage,
    {
      onRequest: app.requireAuth,
      config: { rateLimit: { max: opts.uploadPerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['files'],
        summary: `上传图片（multipart 字段 file；purpose 为 photo/work/license，放在查询参数或 file 之前的字段；${limits.image.hint}）`,
        consumes: ['multipart/form-data'],
        security: [{ token: [] }],
        querystring: z.object({ purpose: z.string().optional() }),
        response: { 200: ZEnvelopeOf(ZUploadedFile) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      if (!request.isMultipart()) throw new AppError(Code.UNSUPPORTED_MEDIA_TYPE, s.notMultipart, 415);
      let part;
      try {
        part = await request.file({ limits: { fileSize: limits.image.maxBytes, files: 1 } });
      } catch (err) {
        throw multipartError(err, s.imageTooLarge);
      }
      if (!part || part.fieldname !== 'file') throw new AppError(Code.BAD_REQUEST, s.imageMissing);
      const purpose = request.query.purpose ?? fieldValue(part.fields.purpose);
      if (!uploadPurposes.includes(purpose as Purpose)) throw new AppError(Code.BAD_REQUEST, s.purposeInvalid);
      return ok(await service.saveImage(auth, { stream: part.file, mimetype: part.mimetype }, purpose as Purpose));
    },
  );

  r.route({
    ...operationRoute(op.getFileInfo),
    onRequest: app.requireAuth,
    handler: async (request) => ok(await access.info(await sessionViewer(authOf(request)), request.query.id)),
  });

  /** Someone asking with a session: other people's files only for a reviewer or admin past the second factor. */
  async function sessionViewer(auth: AuthContext): Promise<Viewer> {
    const reviewing = holdsConsoleRole(auth) && (await app.consoleVerifications.state(auth.session, { touch: false })).verified;
    return { userId: auth.user.id, reviewing, admin: auth.user.roles.includes('admin') };
  }

  /**
   * Who is asking: a session (Authorization header) or a signed URL. Either way the answer is a
   * private file and is not stored by any cache (plugins/no-store.ts), the browser's included.
   */
  async function viewerOf(
    request: FastifyRequest,
    id: string,
    query: { exp?: string | undefined; sig?: string | undefined },
  ): Promise<Viewer> {
    const token = extractToken(request.headers.authorization);
    if (token) {
      const ctx = await opts.sessions.authenticate(token);
      if (!ctx) throw new AppError(Code.UNAUTHORIZED, httpStrings.unauthorized, 401);
      return sessionViewer(ctx);
    }
    if (query.exp === undefined && query.sig === undefined) throw new AppError(Code.UNAUTHORIZED, httpStrings.unauthorized, 401);
    const now = opts.clock();
    const check = verifyFileUrl(id, query.exp ?? '', query.sig ?? '', now);
    if (!check.ok) throw new AppError(Code.FORBIDDEN, check.reason === 'expired' ? s.linkExpired : s.linkInvalid, 403);
    const viewer = await access.signedViewer(check.viewerId);
    if (!viewer) throw new AppError(Code.FORBIDDEN, s.linkInvalid, 403);
    return viewer;
  }

  r.route({
    // HEAD declared here, not derived from GET, so that it answers the real length without reading the file
    method: ['GET', 'HEAD'],
    url: `${apiPaths.file}/:id`,
    // bytes go out as stored: images and videos are compressed already, and ranges need the raw length
    compress: false,
    schema: {
      hide: true,
      params: z.object({ id: z.string() }),
      querystring: z.object({ exp: z.string().optional(), sig: z.string().optional() }),
    },
    handler: async (request, reply) => {
      const { id } = request.params;
      const viewer = await viewerOf(request, id, request.query);
      const row = await access.viewable(id, viewer);
      if (!row) throw new AppError(Code.NOT_FOUND, httpStrings.notFound, 404);
      const path = service.storage.pathOf(row.storage_key);
      const size = await stat(path).then(
        (st) => st.size,
        (err: unknown) => {
          request.log.error({ err, fileId: row.id }, 'file row without its bytes');
          throw new AppError(Code.NOT_FOUND, httpStrings.notFound, 404);
        },
      );
      const ext = row.storage_key.slice(row.storage_key.lastIndexOf('.') + 1);
      // bytes behind an id never change, so id and length identify the representation
      const etag = `"${row.id}-${size}"`;
      reply
        .header('content-type', row.mime)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="${row.id}.${ext}"`)
        .header('content-security-policy', FILE_CSP)
        .header('accept-ranges', 'bytes')
        .header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();

      const ifRange = request.headers['if-range'];
      const range = ifRange && ifRange !== etag ? ({ kind: 'whole' } as const) : parseRange(request.headers.range, size);
      if (range.kind === 'unsatisfiable') {
        return reply
          .code(416)
          .header('content-range', `bytes */${size}`)
          .removeHeader('content-disposition')
          .header('content-type', 'application/json; charset=utf-8')
          .send(fail(Code.BAD_REQUEST, s.rangeNotSatisfiable));
      }
      // a HEAD answer has the headers only: no file is opened for it
      const body = (start: number, end: number) =>
        request.method === 'HEAD' || end < start ? undefined : createReadStream(path, { start, end });
      if (range.kind === 'part') {
        return reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1)
          .send(body(range.start, range.end));
      }
      return reply.header('content-length', size).send(body(0, size - 1));
    },
  });
}
