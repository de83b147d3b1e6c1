/**
 * The measured scenarios, each against a running server on one database. A scenario answers raw
 * numbers; targets and ratios are applied by the runner, against the ceiling of the same run.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { apiPaths, appConstants, factsOfIdNumber } from '@qgw/contracts';
import type { Database } from '../../apps/api/src/db/schema.js';
import { encodeCursor } from '../../apps/api/src/db/keyset.js';
import { type Applicant, BENCH_PASSWORD } from './fixtures.js';
import { load, type LoadResult, percentile } from './load.js';
import { cpuMsOf } from './processes.js';

const fixed = new URLSearchParams(Object.entries(appConstants.fixedRequestFields).map(([k, v]): [string, string] => [k, String(v)])).toString();

export interface Target {
  url: string;
  pid: number;
}

/** The authenticated rank-user look-up (getRankUserInfo, type check), each request as its own applicant. */
export function lookup(server: Target, people: Applicant[], seconds: number, connections = 50): Promise<LoadResult> {
  const requests = people.map((p) => ({
    method: 'GET',
    path: `${apiPaths.getRankUser}?mobile=${p.mobile}&type=check&${fixed}`,
    headers: { authorization: p.token },
  }));
  return load({ url: server.url, connections, duration: seconds, requests }, () => cpuMsOf(server.pid));
}

/**
 * The console queue as an admin scrolls and searches it, in turn: the first page, a status filter, a
 * page at 80 % of the scroll, a common name prefix (张青, a tenth of the rows) and a rare one (张青12).
 * A handful of connections: the console has reviewers, not crowds.
 */
export async function consoleQueue(server: Target, db: Kysely<Database>, adminToken: string, seconds: number, connections = 8): Promise<LoadResult> {
  const total = Number((await db.selectFrom('applications').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const deep = await db.selectFrom('applications').select(['updated_at', 'id']).where('status', '<>', 'draft')
    .orderBy('updated_at', 'desc').orderBy('id', 'desc').offset(Math.floor(total * 0.8)).limit(1).executeTakeFirst();
  const queries = ['limit=20', 'status=submitted&limit=20', 'q=%E5%BC%A0%E9%9D%92&limit=20', 'q=%E5%BC%A0%E9%9D%9212&limit=20'];
  if (deep) queries.push(`cursor=${encodeCursor('q1', [deep.updated_at, deep.id])}&limit=20`);
  const requests = queries.map((q) => ({ method: 'GET', path: `${apiPaths.consoleQueue}?${q}`, headers: { authorization: adminToken } }));
  return load({ url: server.url, connections, duration: seconds, requests }, () => cpuMsOf(server.pid));
}

/** Logins with the right password (an argon2id verification each), `connections` at a time. */
export function logins(server: Target, people: Applicant[], seconds: number, connections: number): Promise<LoadResult> {
  const requests = people.map((p) => ({
    method: 'POST',
    path: apiPaths.login,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: p.mobile, password: BENCH_PASSWORD, ...appConstants.fixedRequestFields }),
  }));
  return load({ url: server.url, connections, duration: seconds, requests });
}

interface Answer {
  status: number;
  body: { success?: boolean; code?: number; message?: unknown };
}

/** One request on its own connection (no keep-alive pool): each applicant is a separate client. */
function send(url: string, path: string, init: { method: string; headers: Record<string, string>; body?: Buffer | string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method: init.method, headers: init.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer['body'] });
        } catch (err) {
          reject(err as Error);
        }
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** A sanity check before measuring: the answer a request gets (HTTP status and envelope code). */
export async function probe(url: string, path: string, token: string): Promise<Answer> {
  return send(url, path, { method: 'GET', headers: { authorization: token } });
}

export const lookupPath = (p: Applicant) => `${apiPaths.getRankUser}?mobile=${p.mobile}&type=check&${fixed}`;

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function uploadPhoto(url: string, token: string): Promise<string> {
  const boundary = `bench${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG_1x1,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const a = await send(url, `${apiPaths.uploadImage}?purpose=photo`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  const id = (a.body.message as { id?: string } | undefined)?.id;
  if (!a.body.success || !id) throw new Error(`photo upload refused: ${JSON.stringify(a.body)}`);
  return id;
}

/** A valid resident ID number for person n (check digit per GB 11643). */
function idNumber(n: number): string {
  const born = new Date(Date.UTC(1990, 0, 1) + (n % 5000) * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
  const first17 = `110101${born}${String(n % 1000).padStart(3, '0')}`;
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, c, i) => s + Number(c) * w[i]!, 0);
  return `${first17}${'10X98765432'[sum % 11]}`;
}

export interface Burst {
  acknowledged: string[];
  /** connections the kernel dropped because the server's accept queue was full (Linux; null elsewhere) */
  listenDrops: number | null;
  refused: number;
  p50: number;
  p99: number;
  /** from the first request sent to the last answer */
  wallMs: number;
}

/** Each applicant's photo, uploaded beforehand (20 at a time): the submissions only reference them. */
export async function uploadPhotos(url: string, people: Applicant[]): Promise<string[]> {
  const photos: string[] = [];
  for (let i = 0; i < people.length; i += 20) photos.push(...(await Promise.all(people.slice(i, i + 20).map((p) => uploadPhoto(url, p.token)))));
  return photos;
}

/** The machine's count of connections dropped at a full accept queue (TcpExt ListenOverflows), if it keeps one. */
function listenOverflows(): number | null {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
    const at = lines.findIndex((l) => l.startsWith('TcpExt:') && l.includes('ListenOverflows'));
    const value = lines[at + 1]?.split(' ')[lines[at]!.split(' ').indexOf('ListenOverflows')];
    return value === undefined ? null : Number(value);
  } catch {
    return null;
  }
}

/** Every applicant submits a membership application at the same moment, each on its own connection. */
export async function submissionBurst(url: string, people: Applicant[], photos: string[]): Promise<Burst> {
  const bodies = people.map((p, i) => {
    const id = idNumber(Number(p.mobile.slice(3)));
    return JSON.stringify({
      // the birth date and gender the number carries: the server refuses a form that contradicts them
      name: '张青', ...factsOfIdNumber(id), idNumber: id,
      politicalStatus: '共青团员', education: '本科', organization: '青城科技有限公司', position: '工程师', region: '北京市东城区',
      contactMobile: '13812341234', reason: '希望加入青工委，为青年发展贡献力量。', photo: photos[i]!, ...appConstants.fixedRequestFields,
    });
  });
  const times: number[] = [];
  const acknowledged: string[] = [];
  let refused = 0;
  const drops0 = listenOverflows();
  const t0 = performance.now();
  await Promise.all(
    people.map(async (p, i) => {
      const start = performance.now();
      try {
        const a = await send(url, apiPaths.memberApply, { method: 'POST', headers: { authorization: p.token, 'content-type': 'application/json' }, body: bodies[i]! });
        const id = (a.body.message as { id?: string } | undefined)?.id;
        if (a.status === 200 && a.body.success && id) acknowledged.push(id);
        else refused++;
      } catch {
        refused++;
      }
      times.push(performance.now() - start);
    }),
  );
  const wallMs = performance.now() - t0;
  const drops1 = listenOverflows();
  const listenDrops = drops0 === null || drops1 === null ? null : drops1 - drops0;
  return { acknowledged, refused, listenDrops, p50: percentile(times, 50), p99: percentile(times, 99), wallMs };
}

/** How many of `ids` are stored as submitted applications. */
export async function storedSubmissions(db: Kysely<Database>, ids: string[]): Promise<number> {
  let found = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.selectFrom('applications').select('id').where('id', 'in', ids.slice(i, i + 500)).where('status', '=', 'submitted').execute();
    found += rows.length;
  }
  return found;
}
