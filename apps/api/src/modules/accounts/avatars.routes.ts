import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths, Code, ZEnvelopeOf, ZUploadAvatarResponse } from '@qgw/contracts';
import { authOf } from '../../plugins/auth.js';
import { multipartError } from '../files/files.module.js';
import { AppError, ok } from '../../plugins/errors.js';
import { httpStrings } from '../../plugins/http.strings.js';
import type { ProfileService } from './profile.service.js';
import { accountStrings as s } from './accounts.strings.js';
import type { AvatarStore } from './avatars.js';

export interface AvatarRoutesOptions {
  service: ProfileService;
  store: AvatarStore;
  uploadPerMinute: number;
}

export async function avatarRoutes(app: FastifyInstance, opts: AvatarRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    apiPaths.uploadAvatar,
    {
      onRequest: app.requireAuth,
      config: { rateLimit: { max: opts.uploadPerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['accounts'],
        summary: '上传头像（multipart 字段 file；JPG/PNG/WebP，不超过 2MB）',
        consumes: ['multipart/form-data'],
        security: [{ token: [] }],
        response: { 200: ZEnvelopeOf(ZUploadAvatarResponse) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      if (!request.isMultipart()) throw new AppError(Code.UNSUPPORTED_MEDIA_TYPE, s.notMultipart, 415);
      let file;
      let content: Buffer;
      try {
        file = await request.file();
        if (!file || file.fieldname !== 'file') throw new AppError(Code.BAD_REQUEST, s.avatarMissing);
        content = await file.toBuffer();
      } catch (err) {
        throw multipartError(err, s.avatarTooLarge);
      }
      if (content.length === 0) throw new AppError(Code.BAD_REQUEST, s.avatarMissing);
      return ok(await opts.service.saveAvatar(auth, content, file.mimetype));
    },
  );

  r.get(
    `${apiPaths.avatarFile}/:name`,
    {
      schema: { hide: true, params: z.object({ name: z.string() }) },
    },
    async (request, reply) => {
      const found = await opts.store.read(request.params.name);
      if (!found) throw new AppError(Code.NOT_FOUND, httpStrings.notFound, 404);
      return reply
        .header('content-type', found.mime)
        .header('content-disposition', `inline; filename="${request.params.name}"`)
        // names are random and never reused, so the bytes behind one never change
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(found.content);
    },
  );
}
