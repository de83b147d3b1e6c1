import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Code, type CodeValue, type Failure } from '@qgw/contracts';
import { httpStrings } from './http.strings.js';

/**
 * The one error type of the API. `statusCode` stays 200 for business failures
 * (docs/requirements.md#http-status): only what HTTP itself names (401, 403, 404, 413, 415, 429,
 * 5xx) gets another status.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: CodeValue,
    message: string,
    readonly statusCode = 200,
  ) {
    super(message);
  }
}

export const ok = <T>(message: T) => ({ success: true as const, code: Code.OK as number, message });

export const fail = (code: CodeValue, message: string, errorId?: string): Failure => ({
  success: false,
  code,
  message,
  ...(errorId ? { errorId } : {}),
});

const TOO_LARGE = new Set(['FST_ERR_CTP_BODY_TOO_LARGE', 'FST_REQ_FILE_TOO_LARGE', 'FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);
const WRONG_TYPE = new Set(['FST_ERR_CTP_INVALID_MEDIA_TYPE', 'FST_INVALID_MULTIPART_CONTENT_TYPE']);
const BAD_BODY = new Set([
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
  'FST_PROTO_VIOLATION',
]);

interface Mapped {
  status: number;
  body: Failure;
}

/** Turns anything thrown into the envelope; unknown errors become a 500 with an id and no detail. */
export function mapError(err: unknown): Mapped & { internal: boolean } {
  if (err instanceof AppError) {
    return { status: err.statusCode, body: fail(err.code, err.message), internal: err.statusCode >= 500 };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0]?.message;
    return { status: 200, body: fail(Code.BAD_REQUEST, first || httpStrings.badRequest), internal: false };
  }
  const fe = (typeof err === 'object' && err !== null ? err : {}) as Partial<FastifyError>;
  if (Array.isArray(fe.validation)) {
    return { status: 200, body: fail(Code.BAD_REQUEST, httpStrings.badRequest), internal: false };
  }
  const code = fe.code ?? '';
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (TOO_LARGE.has(code) || status === 413) {
    return { status: 413, body: fail(Code.PAYLOAD_TOO_LARGE, httpStrings.payloadTooLarge), internal: false };
  }
  if (WRONG_TYPE.has(code) || status === 415) {
    return { status: 415, body: fail(Code.UNSUPPORTED_MEDIA_TYPE, httpStrings.unsupportedMediaType), internal: false };
  }
  if (BAD_BODY.has(code) || (err instanceof SyntaxError && status === 400)) {
    return { status: 200, body: fail(Code.BAD_REQUEST, httpStrings.badJson), internal: false };
  }
  if (status === 429) return { status, body: fail(Code.RATE_LIMITED, httpStrings.rateLimited), internal: false };
  if (status === 401) return { status, body: fail(Code.UNAUTHORIZED, httpStrings.unauthorized), internal: false };
  if (status === 403) return { status, body: fail(Code.FORBIDDEN, httpStrings.forbidden), internal: false };
  if (status === 404) return { status, body: fail(Code.NOT_FOUND, httpStrings.notFound), internal: false };
  if (status >= 400 && status < 500) {
    return { status, body: fail(Code.BAD_REQUEST, httpStrings.badRequest), internal: false };
  }
  if (status === 503) return { status, body: fail(Code.UNAVAILABLE, httpStrings.unavailable), internal: true };
  return { status: 500, body: fail(Code.INTERNAL, httpStrings.internal), internal: true };
}

/**
 * A body too large is not read to its end: the answer goes out at the limit, and the connection is
 * closed a moment later (not at once: a client still sending would get a reset instead of the
 * answer), so a client offering gigabytes sends little more than the limit.
 */
const LINGER_MS = 500;

function closeAfterAnswer(request: FastifyRequest, reply: FastifyReply): void {
  const socket = request.raw.socket as { destroy?: () => void } | undefined;
  // (an injected request has no real socket to close)
  if (typeof socket?.destroy !== 'function') return;
  reply.raw.once('finish', () => setTimeout(() => socket.destroy?.(), LINGER_MS).unref());
}

function handleError(err: unknown, request: FastifyRequest, reply: FastifyReply) {
  const mapped = mapError(err);
  if (mapped.internal) {
    const errorId = randomUUID();
    request.log.error({ err, errorId }, 'request failed');
    return reply.code(mapped.status).send({ ...mapped.body, errorId });
  }
  request.log.info({ code: mapped.body.code, status: mapped.status }, 'request refused');
  if (mapped.status === 413) closeAfterAnswer(request, reply);
  return reply.code(mapped.status).send(mapped.body);
}

/**
 * Errors the router raises before any route or hook runs (a malformed percent-encoding in the
 * path, a path parameter past the router's length limit): Fastify's `frameworkErrors` option.
 * Without it they answer Fastify's own JSON shape instead of the envelope.
 */
export function answerFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return handleError(err, request, reply);
}

/** Installs the global error and not-found handlers on the root instance. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(fail(Code.NOT_FOUND, httpStrings.notFound)));
}
