/** Small helpers for talking to the app under test the way the web client does. */
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { apiPaths, type DevSmsOutboxResponse, type Failure, type LoginResponse, type SmsPurpose } from '@qgw/contracts';
import type { Database } from '../../src/db/schema.js';
import { rememberSecrets, rememberSmsCode } from './log-scan.js';
import { liveFakes } from './sms-fakes.js';
import { servicesOf } from './test-app.js';

let seq = 0;

/** A mobile no other test in this process uses (139 + 8 digits). */
export function uniqueMobile(): string {
  seq = (seq + 1) % 10_000;
  return `139${String(randomInt(0, 10_000)).padStart(4, '0')}${String(seq).padStart(4, '0')}`;
}

/** A password that is neither common nor too short. */
export const strongPassword = (): string => `pw-${randomBytes(6).toString('hex')}-青工`;

export interface Answer<T = unknown> {
  status: number;
  body: { success: true; code: number; message: T } | Failure;
  headers: LightMyRequestResponse['headers'];
  raw: LightMyRequestResponse;
}

const fixed = { platform: 'wap', rent_mode: 2 };

function answer<T>(res: LightMyRequestResponse): Answer<T> {
  let body: Answer<T>['body'];
  try {
    body = res.json();
  } catch {
    body = { success: false, code: -1, message: res.body };
  }
  // tokens and personal data the server answered: none of it may show up in the logs
  rememberSecrets(body);
  return { status: res.statusCode, body, headers: res.headers, raw: res };
}

export interface CallOptions {
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

const headersFor = (o: CallOptions) => ({
  'content-type': 'application/json',
  ...(o.token !== undefined ? { authorization: o.token } : {}),
  ...o.headers,
});

export async function post<T = unknown>(app: FastifyInstance, url: string, data: unknown, o: CallOptions = {}) {
  const payload = typeof data === 'object' && data !== null && !Array.isArray(data) ? { ...data, ...fixed } : data;
  rememberSecrets(payload);
  const res = await app.inject({
    method: 'POST',
    url,
    headers: headersFor(o),
    payload: JSON.stringify(payload),
    ...(o.ip ? { remoteAddress: o.ip } : {}),
  });
  return answer<T>(res);
}

export async function get<T = unknown>(
  app: FastifyInstance,
  url: string,
  query: Record<string, string> = {},
  o: CallOptions = {},
) {
  const res = await app.inject({
    method: 'GET',
    url,
    query: { ...query, platform: 'wap', rent_mode: '2' },
    headers: headersFor(o),
    ...(o.ip ? { remoteAddress: o.ip } : {}),
  });
  return answer<T>(res);
}

/** The data of a successful answer; fails the test with the server's message otherwise. */
export function data<T>(a: Answer<T>): T {
  if (a.status !== 200 || !a.body.success) {
    throw new Error(`expected success, got HTTP ${a.status}: ${JSON.stringify(a.body)}`);
  }
  return a.body.message;
}

export interface TestUser {
  mobile: string;
  password: string;
  token: string;
  id: string;
  login: LoginResponse;
}

/**
 * The newest code the server sent to `mobile` for `purpose`: from the development outbox
 * (GET /v1/dev/smsOutbox) where the app sends codes there, else from the SMS fake it sends to
 * (support/sms-fakes.ts). Undefined when nothing was sent.
 */
export async function sentSmsCode(app: FastifyInstance, mobile: string, purpose: SmsPurpose): Promise<string | undefined> {
  let code: string | undefined;
  if (servicesOf(app).smsOutbox) {
    const { codes } = data(await get<DevSmsOutboxResponse>(app, apiPaths.devSmsOutbox, { mobile }));
    code = codes.find((c) => c.purpose === purpose)?.code;
  } else {
    // a provider is sent to in the background
    await servicesOf(app).smsCodes.settled();
    for (const fake of liveFakes) code = fake.latestCodeFor(mobile) ?? code;
  }
  if (code) rememberSmsCode(code);
  return code;
}

/** Asks the server for a code (POST /v1/sendSmsCode) and answers the code it sent. */
export async function smsCodeFor(app: FastifyInstance, mobile: string, purpose: SmsPurpose, o: CallOptions = {}): Promise<string> {
  data(await post(app, apiPaths.sendSmsCode, { mobile, purpose }, o));
  const code = await sentSmsCode(app, mobile, purpose);
  if (!code) throw new Error(`no ${purpose} code was sent (is the mobile ${purpose === 'register' || purpose === 'changePhone' ? 'registered' : 'unknown'}?)`);
  return code;
}

/** Registers as the app does: a `register` code to the mobile first, then the registration with it. */
export async function register(app: FastifyInstance, mobile = uniqueMobile(), password = strongPassword()) {
  const smsCode = await smsCodeFor(app, mobile, 'register');
  data(await post(app, apiPaths.register, { mobile, password, agree: true, smsCode }));
  return { mobile, password };
}

export async function login(app: FastifyInstance, mobile: string, password: string): Promise<LoginResponse> {
  return data(await post<LoginResponse>(app, apiPaths.login, { mobile, password }));
}

export async function newUser(app: FastifyInstance): Promise<TestUser> {
  const { mobile, password } = await register(app);
  const l = await login(app, mobile, password);
  return { mobile, password, token: l.token, id: l.id, login: l };
}

export const tables = ['users', 'user_roles', 'sessions', 'wx_bindings', 'wx_oauth_states', 'audit_log'] as const;

/** Row counts of every table, to prove a refused request wrote nothing. */
export async function rowCounts(db: Kysely<Database>): Promise<Record<(typeof tables)[number], number>> {
  const out = {} as Record<(typeof tables)[number], number>;
  for (const t of tables) {
    const r = await db
      .selectFrom(t)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    out[t] = Number(r.n);
  }
  return out;
}
