import { writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import type { Server } from '@tus/server';
import { Metadata, type Upload } from '@tus/utils';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiPaths, Code, videoUploadMetadata } from '@qgw/contracts';
import { authOf } from '../../plugins/auth.js';
import { AppError, fail } from '../../plugins/errors.js';
import { httpStrings } from '../../plugins/http.strings.js';
import { PRIVATE_FILE_MODE } from '../../private-files.js';
import { newFileId } from './file-links.js';
import type { FilesService } from './files.service.js';
import { VideoPatchWriter } from './video-patch.js';
import { fileStrings as s } from './files.strings.js';

/**
 * Resumable video uploads by the tus 1.0 protocol (docs/decisions/0005-uploads.md), mounted at
 * apiPaths.uploadVideo: POST creates an upload (Upload-Length and Upload-Metadata `filetype`
 * required), PATCH appends at Upload-Offset, HEAD tells the offset to resume from, DELETE drops an
 * unfinished upload. Every request needs the session header, and only the uploader may touch an
 * upload. The last PATCH hands the file to FilesService, which checks its magic bytes and files it.
 * Error answers carry the API's envelope as their body.
 */

const TUS_RESUMABLE = '1.0.0';

interface TusError {
  status_code: number;
  body: string;
}

const envelopeError = (status: number, code: Parameters<typeof fail>[0], message: string): TusError => ({
  status_code: status,
  body: JSON.stringify(fail(code, message)),
});

/**
 * tus answers a request it will not process — no Tus-Resumable (412), or a tus header it finds
 * malformed (400) — in plain text. The same checks, by tus's own rules, answered here first so
 * that those refusals carry the envelope too.
 */
const nonNegativeInteger = (v: string) => {
  const n = Number(v);
  return Number.isInteger(n) && String(n) === v && n >= 0;
};
const tusHeaderRules: Record<string, (value: string, method: string) => boolean> = {
  'tus-resumable': (v) => v === TUS_RESUMABLE,
  'tus-version': (v) => v === TUS_RESUMABLE,
  'upload-offset': nonNegativeInteger,
  'upload-length': nonNegativeInteger,
  'upload-defer-length': (v) => v === '1',
  'upload-concat': (v) => v === 'partial' || v.startsWith('final;'),
  'x-forwarded-proto': (v) => v === 'http' || v === 'https',
  'content-type': (v, method) => method !== 'PATCH' || v === 'application/offset+octet-stream',
  'upload-metadata': (v) => {
    try {
      Metadata.parse(v);
      return true;
    } catch {
      return false;
    }
  },
};

function refuseWhatTusRefuses(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('tus-resumable', TUS_RESUMABLE);
  if (request.headers['tus-resumable'] === undefined) {
    reply.header('tus-version', TUS_RESUMABLE);
    throw new AppError(Code.BAD_REQUEST, s.uploadBadRequest, 412);
  }
  for (const [name, rule] of Object.entries(tusHeaderRules)) {
    const value = request.headers[name];
    if (value === undefined) continue;
    if (Array.isArray(value) || !rule(value, request.method)) throw new AppError(Code.BAD_REQUEST, s.uploadBadRequest, 400);
  }
}

export interface VideoUploadRoutesOptions {
  service: FilesService;
  uploadPerMinute: number;
}

export async function videoUploadRoutes(app: FastifyInstance, opts: VideoUploadRoutesOptions): Promise<void> {
  const { service } = opts;
  const log = app.log;
  /** the uploader of a creation request, set before tus sees it */
  const uploaders = new WeakMap<IncomingMessage, string>();
  /** the upload a creation request made, so that a failed creation leaves no row */
  const created = new WeakMap<IncomingMessage, string>();
  /**
   * The upload a HEAD / PATCH / DELETE was checked against (its owner's), handed to tus as the id to
   * act on. tus would otherwise take the id from the URL itself, query string included, so
   * `…/<mine>?x=/<theirs>` passed the check on mine while tus wrote to theirs.
   */
  const checkedIds = new WeakMap<IncomingMessage, string>();

  const nodeRequest = (req: unknown): IncomingMessage | undefined =>
    (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;

  const toTusError = (err: unknown): TusError => {
    if (err instanceof AppError) return envelopeError(err.statusCode === 200 ? 400 : err.statusCode, err.code, err.message);
    log.error({ err }, 'video upload failed');
    return envelopeError(500, Code.INTERNAL, httpStrings.internal);
  };

  /**
   * @tus/server is loaded with the first upload request, not at start: it is built on web
   * Request/Response, and loading it compiles Node's whole fetch layer (undici), memory held for
   * the life of a server that may never see a video (docs/decisions/0030-lazy-modules-and-memory.md).
   */
  let tusServer: Promise<Server> | undefined;
  const tusOf = () => (tusServer ??= makeTusServer());
  async function makeTusServer(): Promise<Server> {
    const [{ Server }, { FileStore }] = await Promise.all([import('@tus/server'), import('@tus/file-store')]);
    /**
     * tus's file store writes an upload's bytes and its .json info with the process umask (0644 by
     * default). Both files are made here first, owner-only, and tus then writes into them, which keeps
     * their mode; the finished video is moved into files/ as it is.
     */
    class PrivateFileStore extends FileStore {
      override async create(upload: Upload): Promise<Upload> {
        const path = join(this.directory, upload.id);
        for (const p of [path, `${path}.json`]) await writeFile(p, '', { mode: PRIVATE_FILE_MODE, flag: 'wx' });
        return super.create(upload);
      }
    }

    return new Server({
      path: apiPaths.uploadVideo,
      datastore: new PrivateFileStore({ directory: service.storage.tusDir }),
      maxSize: service.videoMaxBytes,
      relativeLocation: true,
      respectForwardedHeaders: false,
      // same origin only: no Access-Control-Allow-Origin
      allowedOrigins: [],
      namingFunction: () => newFileId(),
      getFileIdFromRequest: (req) => {
        const raw = nodeRequest(req);
        return raw ? checkedIds.get(raw) : undefined;
      },
      async onUploadCreate(req, upload: Upload) {
        const raw = nodeRequest(req);
        const ownerId = raw && uploaders.get(raw);
        if (!raw || !ownerId) throw envelopeError(401, Code.UNAUTHORIZED, httpStrings.unauthorized);
        if (upload.size === undefined) throw envelopeError(400, Code.BAD_REQUEST, s.videoLengthMissing);
        try {
          await service.startVideoUpload(ownerId, upload.id, upload.metadata?.[videoUploadMetadata.filetype] ?? undefined, upload.size);
        } catch (err) {
          throw toTusError(err);
        }
        created.set(raw, upload.id);
        return {};
      },
      async onUploadFinish(_req, upload: Upload) {
        try {
          await service.finishVideoUpload(upload.id);
        } catch (err) {
          throw toTusError(err);
        }
        return {};
      },
      async onResponseError(_req, err) {
        const e = err as Partial<TusError> & Error;
        if (typeof e.body === 'string' && e.body.startsWith('{')) return { status_code: e.status_code ?? 500, body: e.body };
        const status = typeof e.status_code === 'number' ? e.status_code : 500;
        if (status === 404 || status === 410) return envelopeError(status, Code.NOT_FOUND, s.uploadGone);
        if (status === 409) return envelopeError(status, Code.CONFLICT, s.uploadOffsetConflict);
        if (status === 413) return envelopeError(status, Code.PAYLOAD_TOO_LARGE, s.videoTooLarge(service.videoMaxBytes));
        // a tus extension this server does not offer (concatenation): the client's mistake, not a fault
        if (status === 501) return envelopeError(400, Code.BAD_REQUEST, s.uploadBadRequest);
        if (status < 500) return envelopeError(status, Code.BAD_REQUEST, s.uploadBadRequest);
        log.error({ err }, 'video upload failed');
        return envelopeError(500, Code.INTERNAL, s.uploadFailed);
      },
    });
  }

  /** Lets tus answer on the raw response, keeping the headers the app already set (security, rate limit). */
  async function handOver(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    refuseWhatTusRefuses(request, reply);
    const headers = reply.getHeaders();
    reply.hijack();
    for (const [name, value] of Object.entries(headers)) {
      if (value !== undefined) reply.raw.setHeader(name, value as string | number | string[]);
    }
    try {
      await (await tusOf()).handle(request.raw, reply.raw);
    } catch (err) {
      request.log.error({ err }, 'video upload failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        reply.raw.end(JSON.stringify(fail(Code.INTERNAL, httpStrings.internal)));
      } else {
        reply.raw.destroy();
      }
    }
  }

  const patcher = new VideoPatchWriter((id) => service.storage.pathOf(service.storage.tusKey(id)), service.videoMaxBytes);

  /** A PATCH: its bytes appended (video-patch.ts), the upload filed once the last byte is in. */
  async function appendBytes(request: FastifyRequest, reply: FastifyReply, id: string, length: number): Promise<FastifyReply | undefined> {
    refuseWhatTusRefuses(request, reply);
    const offset = request.headers['upload-offset'];
    // as @tus/server answers a PATCH without its offset or content type
    if (typeof offset !== 'string' || request.headers['content-type'] === undefined) throw new AppError(Code.BAD_REQUEST, s.uploadBadRequest, 403);
    const reached = await patcher.append(id, request.raw, Number(offset), length);
    if (reached === null) {
      // the client went away: nobody is left to answer
      reply.hijack();
      request.raw.destroy();
      return undefined;
    }
    if (reached === length) await service.finishVideoUpload(id);
    return reply.code(204).header('tus-resumable', TUS_RESUMABLE).header('upload-offset', reached).send();
  }

  // tus bodies are raw bytes for the datastore: Fastify must leave the stream unread
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const common = {
    onRequest: app.requireAuth,
    compress: false as const,
    decompress: false as const,
    schema: { hide: true },
  };

  app.post(
    apiPaths.uploadVideo,
    { ...common, config: { rateLimit: { max: opts.uploadPerMinute, timeWindow: 60_000 } } },
    async (request, reply) => {
      uploaders.set(request.raw, authOf(request).user.id);
      await handOver(request, reply);
      const uploadId = created.get(request.raw);
      if (uploadId && reply.raw.statusCode !== 201) await service.discardVideoUpload(uploadId);
    },
  );

  app.route({
    ...common,
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: `${apiPaths.uploadVideo}/:id`,
    schema: { hide: true, params: z.object({ id: z.string() }) },
    handler: async (request, reply) => {
      const { id } = request.params as { id: string };
      const row = await service.ownUpload(id, authOf(request).user.id);
      // another user's upload answers exactly as a missing one
      if (!row) throw new AppError(Code.NOT_FOUND, s.uploadGone, 404);
      if (row.status === 'complete') {
        if (request.method !== 'HEAD') throw new AppError(Code.CONFLICT, s.uploadFinished, 409);
        // a client resuming a finished upload learns that nothing is left to send
        return reply
          .header('tus-resumable', TUS_RESUMABLE)
          .header('upload-offset', row.size)
          .header('upload-length', row.size)
          .header('cache-control', 'no-store')
          .send();
      }
      if (request.method === 'PATCH') return appendBytes(request, reply, id, Number(row.size));
      if (request.method === 'DELETE') {
        // termination removes the row too, which tus alone would leave behind
        await service.discardVideoUpload(id);
        return reply.code(204).header('tus-resumable', TUS_RESUMABLE).send();
      }
      checkedIds.set(request.raw, id);
      await handOver(request, reply);
    },
  });
}
