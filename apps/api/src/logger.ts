import pino, { type Bindings, type ChildLoggerOptions, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/*
 * Personal data never reaches the logs (docs/security.md): request bodies are not logged, query
 * strings are cut from URLs, credentials are redacted by path, database error details (which quote
 * the offending values) are dropped, and anything shaped like a mainland mobile or ID number that
 * still slips into a line is masked on the way out.
 */

const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  // request data as a whole: a WeChat code, a mobile in a look-up query, a password in a body
  'req.query',
  'req.body',
  'query',
  'body',
  'headers.authorization',
  'authorization',
  'password',
  'oldPassword',
  'newPassword',
  'token',
  'mobile',
  'newMobile',
  'idNumber',
  'secret',
  'state',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.token',
  '*.mobile',
  '*.newMobile',
  '*.idNumber',
  '*.secret',
  '*.state',
];

/** Error fields that quote row values or SQL text (PostgreSQL's `detail` names the duplicate key's value). */
const UNSAFE_ERROR_FIELDS = ['detail', 'where', 'internalQuery', 'hint', 'parameters', 'query', 'body'];

// Digits beside a decimal point are part of a number, not a mobile: pino's responseTime (e.g.
// 12.13912345678) had its fraction masked, which left a line that was no longer JSON.
const MOBILE_OR_ID = /(?<![\dA-Za-z])(?<!\d\.)(?:1[3-9]\d{9}|\d{17}[\dXx])(?![\dA-Za-z])(?!\.\d)/g;

export const scrubLine = (line: string): string => line.replace(MOBILE_OR_ID, '[redacted]');

export const stripQuery = (url: string | undefined): string | undefined => url?.split('?')[0];

interface RequestLike {
  id?: string;
  method?: string;
  url?: string;
  ip?: string;
  routeOptions?: { url?: string };
}

function dropUnsafeFields<T>(serialized: T, depth = 0): T {
  if (typeof serialized !== 'object' || serialized === null || depth > 5) return serialized;
  const out = serialized as Record<string, unknown>;
  for (const f of UNSAFE_ERROR_FIELDS) delete out[f];
  if ('cause' in out) out.cause = dropUnsafeFields(out.cause, depth + 1);
  return serialized;
}

const serializers: LoggerOptions['serializers'] = {
  req: (req: RequestLike) => ({ id: req.id, method: req.method, url: stripQuery(req.url), remoteAddress: req.ip }),
  res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
  err: (err: Error) => dropUnsafeFields(pino.stdSerializers.err(err)),
};

export interface LoggerSettings {
  level: string;
  /** where lines go; stdout by default (tests pass a capturing stream) */
  stream?: DestinationStream;
}

export function createLogger({ level, stream }: LoggerSettings): Logger {
  const options: LoggerOptions = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers,
    hooks: { streamWrite: scrubLine },
  };
  return stream ? pino(options, stream) : pino(options);
}

/**
 * Fastify's childLoggerFactory: each request's logger, the parent's with the request's bindings
 * (`reqId`). pino's own child() runs every redaction path above, the wildcards included, over the
 * bindings, parsing each path anew: 6 % of everything the server allocated for a look-up
 * (docs/decisions/0039). The only binding Fastify gives is the request id, which is no personal data
 * and is checked before it is used (plugins/request-id.ts: a UUID, or [A-Za-z0-9._-] from a proxy),
 * so it is written as pino would write it, and the whole line still passes scrubLine.
 */
export function requestChildLogger(logger: Logger, bindings: Bindings, options: ChildLoggerOptions): Logger {
  const child = logger.child({}, options);
  let chindings = '';
  for (const [key, value] of Object.entries(bindings)) chindings += `,${JSON.stringify(key)}:${JSON.stringify(value)}`;
  const own = child as unknown as Record<symbol, string>;
  own[pino.symbols.chindingsSym] += chindings;
  return child;
}
