/**
 * The measured scenarios, each against a running server on one database. What a scenario answers is
 * raw numbers; targets and ratios are applied by the runner, against the ceiling of the same run.
 */
import type { Kysely } from 'kysely';
import { apiPaths, appConstants } from '@qgw/contracts';
import type { Database } from '../../apps/api/src/db/schema.js';
import { hashPassword, verifyPassword } from '../../apps/api/src/modules/accounts/passwords.js';
import { queuePage } from '../../apps/api/src/modules/review/queue.repository.js';
import { type Applicant, BENCH_PASSWORD } from './fixtures.js';
import { load, type LoadResult, percentile, quick, seconds } from './load.js';

const fixed = new URLSearchParams(Object.entries(appConstants.fixedRequestFields).map(([k, v]): [string, string] => [k, String(v)])).toString();

/** The authenticated rank-user look-up (getRankUserInfo, type check), 50 connections, each as its own applicant. */
export function lookup(url: string, people: Applicant[], connections = 50): Promise<LoadResult> {
  const requests = people.slice(0, 200).map((p) => ({
    method: 'GET',
    path: `${apiPaths.getRankUser}?mobile=${p.mobile}&type=check&${fixed}`,
    headers: { authorization: p.token },
  }));
  return load({ url, connections, duration: seconds(10), requests });
}

/** Logins with the right password, at as many connections as the hash pool has threads and twice that. */
export function logins(url: string, people: Applicant[], connections: number): Promise<LoadResult> {
  const requests = people.slice(0, 100).map((p) => ({
    method: 'POST',
    path: apiPaths.login,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: p.mobile, password: BENCH_PASSWORD, ...appConstants.fixedRequestFields }),
  }));
  return load({ url, connections, duration: seconds(10), requests });
}

/** Raw argon2id verifications per second in this process (same options, same thread pool size), `concurrency` at a time. */
export async function rawArgon2(concurrency: number): Promise<number> {
  const hash = await hashPassword(BENCH_PASSWORD);
  const until = Date.now() + seconds(10) * 1000;
  let done = 0;
  const worker = async () => {
    while (Date.now() < until) {
      await verifyPassword(hash, BENCH_PASSWORD);
      done++;
    }
  };
  const t0 = Date.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return done / ((Date.now() - t0) / 1000);
}

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function uploadPhoto(url: string, token: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([PNG_1x1], { type: 'image/png' }), 'p.png');
  const res = await fetch(`${url}${apiPaths.uploadImage}?purpose=photo`, { method: 'POST', headers: { authorization: token }, body: form });
  const body = (await res.json()) as { success: boolean; message: { id: string } };
  if (!body.success) throw new Error(`photo upload refused: ${JSON.stringify(body)}`);
  return body.message.id;
}

/** A valid resident ID number for person n (check digit per GB 11643). */
function idNumber(n: number): string {
  const born = new Date(Date.UTC(1990, 0, 1) + (n % 5000) * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
  const first17 = `110101${born}${String(n % 1000).padStart(3, '0')}`;
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, c, i) => s + Number(c) * w[i]!, 0);
  return `${first17}${'10X98765432'[sum % 11]}`;
}

export interface SubmitResult {
  acknowledged: number;
  inDatabase: number;
  p50: number;
  p99: number;
}

/**
 * `people.length` applicants, each with a photo uploaded beforehand, submit a membership application
 * all at once (one connection each); afterwards every acknowledged submission must be in the database.
 */
export async function concurrentSubmissions(url: string, db: Kysely<Database>, people: Applicant[]): Promise<SubmitResult> {
  const photos: string[] = [];
  for (let i = 0; i < people.length; i += 20) {
    photos.push(...(await Promise.all(people.slice(i, i + 20).map((p) => uploadPhoto(url, p.token)))));
  }
  const times: number[] = [];
  const acknowledged: string[] = [];
  await Promise.all(
    people.map(async (p, i) => {
      const n = Number(p.mobile.slice(3));
      const form = {
        name: '张青', gender: 'female', birthDate: idNumber(n).replace(/^\d{6}(\d{4})(\d{2})(\d{2}).*$/, '$1-$2-$3'), idNumber: idNumber(n),
        politicalStatus: '共青团员', education: '本科', organization: '青城科技有限公司', position: '工程师', region: '北京市东城区',
        contactMobile: '13812341234', reason: '希望加入青工委，为青年发展贡献力量。', photo: photos[i]!, ...appConstants.fixedRequestFields,
      };
      const t0 = performance.now();
      const res = await fetch(`${url}${apiPaths.memberApply}`, {
        method: 'POST',
        headers: { authorization: p.token, 'content-type': 'application/json' },
        body: JSON.stringify(form),
      });
      const body = (await res.json()) as { success: boolean; message: { id?: string } | string };
      times.push(performance.now() - t0);
      if (body.success && typeof body.message === 'object' && body.message.id) acknowledged.push(body.message.id);
      else if (!quick) throw new Error(`a submission was refused: ${JSON.stringify(body)}`);
    }),
  );
  times.sort((a, b) => a - b);
  const found = new Set<string>();
  for (let i = 0; i < acknowledged.length; i += 500) {
    const rows = await db.selectFrom('applications').select('id').where('id', 'in', acknowledged.slice(i, i + 500)).where('status', '=', 'submitted').execute();
    for (const r of rows) found.add(r.id);
  }
  return { acknowledged: acknowledged.length, inDatabase: found.size, p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** The console queue's first page and a name search, by the queue's own query, `runs` times: p99 in ms. */
export async function queueP99(db: Kysely<Database>, runs = 50): Promise<number> {
  const times: number[] = [];
  for (let i = -10; i < runs; i++) {
    const t0 = performance.now();
    await queuePage(db, { programmeIds: null, limit: 21, ...(i % 2 ? { search: { by: 'name' as const, prefix: '张青1' } } : {}) });
    // the first runs warm the plan and the cache; they are not counted
    if (i >= 0) times.push(performance.now() - t0);
  }
  return percentile(times.sort((a, b) => a - b), 99);
}
