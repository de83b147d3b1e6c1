import { z } from 'zod';
import { ZFileRef } from './applications.js';
import { ZUploadedFile } from './applications-api.js';

/**
 * Files beyond the upload answers: a fresh signed URL for a file the caller may see — a photo or
 * video a draft refers to, or a video just uploaded by tus (its id is the last segment of the
 * upload URL).
 */
export const ZGetFileInfoRequest = z.object({ id: ZFileRef });
export type GetFileInfoRequest = z.infer<typeof ZGetFileInfoRequest>;
export const ZGetFileInfoResponse = ZUploadedFile;

/**
 * tus Upload-Metadata keys the server reads when a video upload is created (tus-js-client's
 * `metadata` option): `filetype` must be one of limits.video.mimeTypes; `filename` is ignored.
 */
export const videoUploadMetadata = { filetype: 'filetype', filename: 'filename' } as const;
