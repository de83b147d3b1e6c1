import { Code } from '@qgw/contracts';
import { AppError } from '../../plugins/errors.js';
import { fileStrings as s } from './files.strings.js';

/**
 * What went wrong while reading a multipart upload, as the client should hear it. The parser
 * (busboy) reports a cut-off or malformed body with plain errors that carry neither a code nor a
 * status: those are the client's fault, not a server fault. Errors with a code (file system,
 * database) or a status are left alone.
 */
export function multipartError(err: unknown, tooLargeMessage: string): unknown {
  if (err instanceof AppError) return err;
  const e = (typeof err === 'object' && err !== null ? err : {}) as { code?: unknown; statusCode?: unknown };
  if (e.code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(Code.PAYLOAD_TOO_LARGE, tooLargeMessage, 413);
  if (err instanceof Error && e.code === undefined && e.statusCode === undefined) {
    return new AppError(Code.BAD_REQUEST, s.uploadIncomplete);
  }
  return err;
}
