import type { z } from 'zod';
import { appConstants, Code, type ApiPath, type Operation as CatalogueOperation } from '@qgw/contracts';
import { clearSession, getToken } from './storage.js';
import { onLoginPage, openLoginReturningHere } from './navigation.js';
import { ShownError, showToast } from './toast.js';
import { commonStrings } from './strings.js';
import { useSession } from '../stores/session.js';

/**
 * The one request wrapper (docs/requirements.md#request-wrapper). Every call of the app goes through
 * `request`; screens use the typed `call(operation, data)` on top of it.
 */

/**
 * A non-2xx answer. Its message is the server's own sentence when the answer carried the envelope
 * (`{code, message}`: a 429 saying how long to wait, a 428 asking for a challenge); otherwise a 429
 * (a proxy's) is "操作太频繁，请稍后再试" (with the wait from Retry-After) and any other status
 * "网络请求错误，状态码<status>" (docs/requirements.md#request-wrapper).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    serverMessage?: string,
    /** the envelope's code, when there was one */
    readonly code?: number,
    /** seconds from Retry-After, when the server sent it */
    readonly retryAfterSeconds?: number,
  ) {
    super(serverMessage || (status === 429 ? commonStrings.tooMany(retryAfterSeconds) : commonStrings.httpError(status)));
    this.name = 'HttpError';
  }
}

/** HTTP 428 CHALLENGE_REQUIRED: solve a proof-of-work challenge, then send again with `altcha`. */
export const isChallengeRequired = (error: unknown): error is HttpError =>
  error instanceof HttpError && error.status === 428 && error.code === Code.CHALLENGE_REQUIRED;

/** The error for a non-2xx answer, with the server's message when it sent the envelope. */
async function httpErrorOf(res: Response): Promise<HttpError> {
  const retryAfter = Number(res.headers.get('retry-after'));
  const wait = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
  try {
    const body = (await res.clone().json()) as { code?: unknown; message?: unknown } | null;
    if (body && typeof body.code === 'number' && typeof body.message === 'string' && body.message.trim()) {
      return new HttpError(res.status, body.message, body.code, wait);
    }
  } catch {
    // not JSON (a proxy's error page): the status is all there is to say
  }
  return new HttpError(res.status, undefined, undefined, wait);
}

/** 401: the session was cleared and the user sent to log in, with a toast already shown. */
export class SessionExpiredError extends ShownError {
  readonly status = 401;
  constructor() {
    super(commonStrings.httpError(401));
    this.name = 'SessionExpiredError';
  }
}

/**
 * 401 with code CONSOLE_MFA_REQUIRED: the account is still signed in, only the console's second
 * factor is missing or expired. The session is kept; the console asks for a TOTP code.
 */
export class ConsoleMfaRequiredError extends Error {
  readonly status = 401;
  readonly code = Code.CONSOLE_MFA_REQUIRED;
  constructor(message?: string) {
    super(message || commonStrings.httpError(401));
    this.name = 'ConsoleMfaRequiredError';
  }
}

/** A 2xx answer whose `success` is not true; `message` is the server's sentence for a toast. */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly code: number | undefined,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

/** Input refused before sending; its first problem was shown as a toast. */
export class ValidationError extends ShownError {
  constructor(message: string) {
    super(message);
    this.name = 'ValidationError';
  }
}

export type Method = 'GET' | 'POST' | 'get' | 'post' | 'PUT' | 'put' | 'DELETE' | 'delete';
export type Payload = Record<string, unknown>;

const apiBase = (): string => (import.meta.env.VITE_API_BASE ?? '').replace(/\/$/, '');

function toQuery(data: Payload): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(data)) {
    if (v === undefined) continue;
    query.set(k, v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v ?? ''));
  }
  return query.toString();
}

function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: token } : {};
}

/** 401: the stored session is dead; forget it and ask the user to log in again. */
function handleUnauthorized(): never {
  clearSession();
  useSession.getState().reload();
  showToast(commonStrings.sessionExpired);
  // back to this page once signed in again (a console page: through the console's login)
  if (!onLoginPage()) openLoginReturningHere();
  throw new SessionExpiredError();
}

export interface RequestOptions {
  /** 'redirect' (default): a 401 ends the session and opens the login page; 'throw': just fail */
  onUnauthorized?: 'redirect' | 'throw';
}

/** The console's "second factor needed" refusal, told apart from a dead session by its envelope code. */
async function consoleMfaRefusal(res: Response): Promise<ConsoleMfaRequiredError | null> {
  try {
    const body = (await res.clone().json()) as { code?: unknown; message?: unknown } | null;
    if (body && body.code === Code.CONSOLE_MFA_REQUIRED) {
      return new ConsoleMfaRequiredError(typeof body.message === 'string' ? body.message : undefined);
    }
  } catch {
    // not JSON: an ordinary 401
  }
  return null;
}

/**
 * Answers asked for before anyone waits for them (`requestEarly`), by what would be asked: the URL
 * with its query in a fixed order, and the session's token. Each is taken once, within a few seconds.
 */
const early = new Map<string, Promise<Response>>();
const EARLY_KEPT_MS = 10_000;

function earlyKey(url: string, init: RequestInit): string {
  const [path, query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  params.sort();
  return `${path}?${params}\n${(init.headers as Record<string, string>).Authorization ?? ''}`;
}

/** Forgets every early answer not yet taken, as a new page load would (each test is one). */
export function forgetEarlyRequests(): void {
  early.clear();
}

function takeEarly(key: string): Promise<Response> | undefined {
  const answer = early.get(key);
  early.delete(key);
  return answer;
}

async function send(url: string, init: RequestInit, options: RequestOptions = {}): Promise<unknown> {
  let res: Response;
  const asked = init.method === 'GET' ? takeEarly(earlyKey(url, init)) : undefined;
  try {
    res = await (asked ?? fetch(url, init));
  } catch {
    // offline (navigator.onLine false) or no answer at all: fetch's TypeError
    throw new Error(commonStrings.networkError);
  }
  if (res.status === 401) {
    const mfa = await consoleMfaRefusal(res);
    if (mfa) throw mfa;
    if (options.onUnauthorized !== 'throw') handleUnauthorized();
  }
  if (res.status < 200 || res.status > 299) throw await httpErrorOf(res);
  try {
    return await res.json();
  } catch {
    throw new Error(commonStrings.badAnswer);
  }
}

/**
 * The request wrapper (docs/requirements.md#request-wrapper): method upper-cased; data merged with
 * platform=wap and rent_mode=2; JSON content type and the stored token; 2xx → the body, anything
 * else → an error.
 */
export async function request<T = unknown>(
  method: Method | string,
  path: ApiPath | string,
  data: Payload = {},
  options?: RequestOptions,
): Promise<T> {
  const [url, init] = requestOf(method, path, data);
  return (await send(url, init, options)) as T;
}

function requestOf(method: string, path: string, data: Payload): [string, RequestInit] {
  const verb = method.toUpperCase();
  const payload: Payload = { ...data, ...appConstants.fixedRequestFields };
  const headers = { 'Content-Type': 'application/json', ...authHeaders() };
  let url = `${apiBase()}${path}`;
  const init: RequestInit = { method: verb, headers };
  if (verb === 'GET' || verb === 'HEAD') {
    const qs = toQuery(payload);
    if (qs) url += `${url.includes('?') ? '&' : '?'}${qs}`;
  } else {
    init.body = JSON.stringify(payload);
  }
  return [url, init];
}

/**
 * A GET sent now, before anyone waits for it: a route's first request, started while the screen's
 * code is still on its way (app/lazy-screen's `prefetch`). The screen's own request for the same
 * thing, within ten seconds, takes this answer instead of asking again, and handles it as its own
 * (errors and a dead session included). `data` is what the screen's request sends, in any order.
 */
export function requestEarly(path: ApiPath, data: Payload = {}): void {
  const [url, init] = requestOf('GET', path, data);
  const key = earlyKey(url, init);
  if (early.has(key)) return;
  const answer = fetch(url, init);
  // unhandled until taken; a failure is the taker's to report
  answer.catch(() => undefined);
  early.set(key, answer);
  setTimeout(() => {
    if (early.get(key) === answer) early.delete(key);
  }, EARLY_KEPT_MS);
}

/**
 * requestEarly for a screen behind the login: sent only with a session. Without one the screen asks
 * the person to sign in and requests nothing, so nothing would take the answer.
 */
export function requestEarlyWithSession(path: ApiPath, data: Payload = {}): void {
  if (getToken()) requestEarly(path, data);
}

/** A multipart upload (the avatar); same token, same error handling, the browser sets the boundary. */
export async function upload<T = unknown>(path: ApiPath, file: Blob, field = 'file', filename?: string): Promise<T> {
  const form = new FormData();
  if (filename !== undefined) form.append(field, file, filename);
  else form.append(field, file);
  return (await send(`${apiBase()}${path}`, { method: 'POST', headers: authHeaders(), body: form })) as T;
}

/**
 * One API operation as the wrapper needs it: its method, path and the contract's request and answer
 * schemas. Every entry of the contracts' operation catalogue is one (features pick theirs out of it).
 */
export type Operation<Req extends z.ZodType, Res extends z.ZodType> = Pick<
  CatalogueOperation<Req, Res>,
  'method' | 'path' | 'request' | 'response'
>;

export const defineOperation = <Req extends z.ZodType, Res extends z.ZodType>(op: Operation<Req, Res>) => op;

/**
 * success !== true counts as failure (docs/requirements.md#validation); the success message is
 * checked against its schema.
 */
export function unwrap<Res extends z.ZodType>(body: unknown, response: Res): z.output<Res> {
  if (body === null || typeof body !== 'object') throw new Error(commonStrings.badAnswer);
  const env = body as { success?: unknown; message?: unknown; code?: unknown };
  const code = typeof env.code === 'number' ? env.code : undefined;
  if (env.success !== true) {
    throw new ApiFailure(typeof env.message === 'string' && env.message ? env.message : commonStrings.requestFailed, code);
  }
  const parsed = response.safeParse(env.message);
  if (!parsed.success) throw new Error(commonStrings.badAnswer);
  return parsed.data;
}

/** What a form hands over: fields it has not got yet are left out, and the schema says what is missing. */
export type FormInput<Req extends z.ZodType> = z.input<Req> extends object ? Partial<z.input<Req>> : z.input<Req>;

/** Checks input against the contract; the first problem becomes a toast and nothing is sent. */
export function validate<Req extends z.ZodType>(schema: Req, data: FormInput<Req>): z.output<Req> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message || commonStrings.invalidInput;
    showToast(message);
    throw new ValidationError(message);
  }
  return parsed.data;
}

export async function call<Req extends z.ZodType, Res extends z.ZodType>(
  op: Operation<Req, Res>,
  data: FormInput<Req>,
  options?: RequestOptions,
): Promise<z.output<Res>> {
  const payload = validate(op.request, data) as Payload;
  const body = await request(op.method, op.path, payload, options);
  return unwrap(body, op.response);
}

/** A URL the API handed out (e.g. an avatar under /v1/avatars) as the browser must request it. */
export function assetUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  return /^(https?:|data:|blob:)/.test(url) ? url : `${apiBase()}${url.startsWith('/') ? '' : '/'}${url}`;
}
