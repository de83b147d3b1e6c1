/**
 * kill -9 during 200 concurrent rank-user submissions with uploads (a photo by multipart, a video by
 * tus, then the application), on the suite's database (SQLite, or PostgreSQL when
 * TEST_DATABASE_URL is set). The real server process is killed while uploads, file commits and
 * submissions are in flight, started again on the same data, and then:
 *   - every submission the server acknowledged is there, submitted, with its photo and video
 *     complete, attached and their bytes on disk; the applicant's look-up answers 9002;
 *   - no half-written rows: every application is whole, every complete file has its bytes (of the
 *     recorded size), every unfinished upload is still resumable or gone;
 *   - no orphaned files: every file under files/ belongs to a row at once, and once the sweep's
 *     grace for crash leftovers has passed, tmp/ and tus/ hold nothing without a row either.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, appConstants, Code, limits, opsPaths } from '@qgw/contracts';
import { openDatabase } from '../src/db/index.js';
import { seedDemoProgramme } from '../src/db/seed-programme.js';
import type { Database } from '../src/db/schema.js';
import { createLogger } from '../src/logger.js';
import { type AuthContext, newToken } from '../src/modules/accounts/sessions.js';
import { AuditRepository } from '../src/modules/audit/audit.repository.js';
import { FileStorage } from '../src/modules/files/file-storage.js';
import { FilesService } from '../src/modules/files/files.service.js';
import { PNG_1x1, rankUserForm, tinyMp4, uniqueIdNumber, uploadVideo } from './support/applications.js';
import { newUser } from './support/api.js';
import { scanLine } from './support/log-scan.js';
import { createTestApp, pgAdmin, pgDatabaseUrl, testDatabaseUrl } from './support/test-app.js';

const APPLICANTS = 200;
/** the kill comes once this many submissions are acknowledged: the rest are mid-flight */
const KILL_AFTER_ACKNOWLEDGED = 60;
const HOUR = 60 * 60 * 1000;
const root = new URL('../../..', import.meta.url).pathname;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

interface Server {
  url: string;
  child: ChildProcess;
}

/** The real server as `npm start` runs it in production (no demo data), limits raised for the load. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // the server's own log lines go through the personal-data scan too (support/log-scan.ts)
  let partial = '';
  child.stdout!.on('data', (d: Buffer) => {
    const lines = (partial + d.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line) scanLine(line);
    output = (output + d.toString()).slice(-4000);
  });
  child.stderr!.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${output}`);
    const ok = await fetch(`${url}${opsPaths.health}`).then((r) => r.ok, () => false);
    if (ok) return { url, child };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start: ${output}`);
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

interface Applicant {
  id: string;
  mobile: string;
  token: string;
}

/** Applicants with live sessions, written straight into the database (their logins are not the subject). */
async function addApplicants(db: Kysely<Database>, count: number): Promise<Applicant[]> {
  const now = new Date().toISOString();
  const later = new Date(Date.now() + 86_400_000).toISOString();
  const people = Array.from({ length: count }, (_, i) => ({ id: randomUUID(), mobile: `171${String(i).padStart(8, '0')}`, ...newToken() }));
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('users').values(people.map((p) => ({
      id: p.id, mobile: p.mobile, password_hash: 'x', nickname: '申请人', avatar: null, status: 'active' as const, new_user: 0 as const,
      created_at: now, updated_at: now,
    }))).execute();
    await trx.insertInto('user_roles').values(people.map((p) => ({ user_id: p.id, role: 'applicant' as const, created_at: now }))).execute();
    await trx.insertInto('sessions').values(people.map((p) => ({
      id: randomUUID(), user_id: p.id, token_hash: p.tokenHash, created_at: now, last_used_at: now, expires_at: later, revoked_at: null,
    }))).execute();
  });
  return people.map((p) => ({ id: p.id, mobile: p.mobile, token: p.token }));
}

interface Envelope {
  success: boolean;
  code: number;
  message: unknown;
}

/** One applicant's whole path; resolves with the acknowledged application id, or null if the server died first. */
async function submitWithUploads(base: string, p: Applicant, onAcknowledged: () => void): Promise<string | null> {
  try {
    await new Promise((r) => setTimeout(r, Math.random() * 1500));
    const auth = { authorization: p.token };
    const boundary = `crash${randomBytes(6).toString('hex')}`;
    const multipart = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG_1x1,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const photoRes = await fetch(`${base}${apiPaths.uploadImage}?purpose=photo`, {
      method: 'POST',
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: multipart,
    });
    const photo = ((await photoRes.json()) as Envelope).message as { id: string };

    const video = tinyMp4(64 * 1024);
    const tus = { ...auth, 'tus-resumable': '1.0.0' };
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const created = await fetch(`${base}${apiPaths.uploadVideo}`, {
      method: 'POST',
      headers: { ...tus, 'upload-length': String(video.length), 'upload-metadata': `filetype ${b64('video/mp4')},filename ${b64('v.mp4')}` },
    });
    if (created.status !== 201) throw new Error(`tus create: ${created.status} ${await created.text()}`);
    const videoPath = new URL(created.headers.get('location')!, base).pathname;
    const patched = await fetch(`${base}${videoPath}`, {
      method: 'PATCH',
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: video,
    });
    if (patched.status !== 204) throw new Error(`tus patch: ${patched.status} ${await patched.text()}`);
    const videoId = videoPath.split('/').pop()!;

    const submitted = await fetch(`${base}${apiPaths.submit}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ...rankUserForm(photo.id, videoId, uniqueIdNumber()), ...appConstants.fixedRequestFields }),
    });
    const body = (await submitted.json()) as Envelope;
    if (!body.success) throw new Error(`submission refused: ${JSON.stringify(body)}`);
    onAcknowledged();
    return (body.message as { id: string }).id;
  } catch (err) {
    // the connection died with the server: not acknowledged, so nothing is promised
    if (err instanceof TypeError) return null;
    throw err;
  }
}

async function listDir(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => [] as string[]);
}

describe(`kill -9 during ${APPLICANTS} concurrent submissions with uploads (${testDatabaseUrl ? 'PostgreSQL' : 'SQLite'})`, () => {
  let dataDir: string;
  let databaseUrl: string | undefined;
  let scratchDb: string | undefined;
  let env: Record<string, string>;
  let server: Server | undefined;
  let db: Kysely<Database>;
  let destroyDb: () => Promise<void>;
  const acknowledged = new Map<string, Applicant>();
  let inFlightAtKill = 0;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'qgw-crash-'));
    if (testDatabaseUrl) {
      scratchDb = `qgw_crash_${randomBytes(5).toString('hex')}`;
      await pgAdmin(`create database ${scratchDb}`);
      databaseUrl = pgDatabaseUrl(scratchDb);
    }
    env = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      FILE_URL_SECRET: randomBytes(32).toString('hex'),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      RATE_LIMIT_PER_MINUTE: '1000000',
      UPLOAD_PER_MINUTE: '1000000',
      LOGIN_PER_IP_PER_MINUTE: '1000000',
      REGISTER_PER_IP_PER_HOUR: '1000000',
      NOTIFY_RETRY_DELAYS_MS: 'off',
      DATABASE_URL: databaseUrl ?? '',
    };
    if (!databaseUrl) delete (env as Partial<Record<string, string>>).DATABASE_URL;
    server = await startServer(env);
    const h = openDatabase(databaseUrl ? { databaseUrl } : { sqliteFile: join(dataDir, 'app.db') });
    db = h.db;
    destroyDb = () => h.destroy();
  }, 120_000);

  afterAll(async () => {
    if (server) await stop(server.child, 'SIGKILL');
    await destroyDb?.();
    await rm(dataDir, { recursive: true, force: true });
    if (scratchDb) await pgAdmin(`drop database if exists ${scratchDb} with (force)`);
  });

  it('the server is killed with submissions, uploads and commits in flight, and starts again on the same data', async () => {
    // the open programme rank-user applications are filed under
    await seedDemoProgramme(db, Date.now, { applicantMobile: 'nobody' });
    const people = await addApplicants(db, APPLICANTS);
    const running = server!;
    let killed: Promise<void> | undefined;
    let acks = 0;
    const flows = people.map(async (p) => {
      const id = await submitWithUploads(running.url, p, () => {
        acks++;
        if (acks === KILL_AFTER_ACKNOWLEDGED) {
          inFlightAtKill = APPLICANTS - acks;
          killed = stop(running.child, 'SIGKILL');
        }
      });
      if (id) acknowledged.set(id, p);
    });
    await Promise.all(flows);
    await killed;
    expect(running.child.signalCode).toBe('SIGKILL');
    // an answer already on its way when the process died still counts: it was acknowledged
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);
    expect(acknowledged.size).toBeLessThan(APPLICANTS);
    server = await startServer(env);
    console.info(`[crash] killed after ${acknowledged.size} of ${APPLICANTS} acknowledged (${inFlightAtKill} in flight); restarted`);
  }, 300_000);

  it('every acknowledged submission is there, submitted, with its photo and video complete and on disk', async () => {
    const ids = [...acknowledged.keys()];
    const apps = await db.selectFrom('applications').selectAll().where('id', 'in', ids).execute();
    expect(apps.length).toBe(ids.length);
    for (const a of apps) {
      expect(a.status, a.id).toBe('submitted');
      expect(a.user_id).toBe(acknowledged.get(a.id)!.id);
    }
    // and the applicants see it through the API of the restarted server
    for (const p of [...acknowledged.values()].slice(0, 20)) {
      const res = await fetch(`${server!.url}${apiPaths.getRankUser}?mobile=${p.mobile}&type=check`, { headers: { authorization: p.token } });
      expect(((await res.json()) as Envelope).code).toBe(Code.UNDER_REVIEW);
    }
  });

  it('no half-written rows: every application whole, every complete file with its bytes', async () => {
    const uploads = join(dataDir, 'uploads');
    const apps = await db.selectFrom('applications').selectAll().execute();
    const files = await db.selectFrom('files').selectAll().execute();
    const byId = new Map(files.map((f) => [f.id, f]));
    const problems: string[] = [];
    for (const a of apps) {
      if (a.status !== 'submitted' || !a.submitted_at || !a.id_number_enc) problems.push(`application ${a.id}: ${a.status}`);
      const form = JSON.parse(a.data_json) as { photo?: string; video?: string };
      for (const ref of [form.photo, form.video]) {
        const f = ref ? byId.get(ref) : undefined;
        if (!f || f.status !== 'complete' || f.application_id !== a.id) problems.push(`application ${a.id}: file ${ref} ${f?.status ?? 'missing'}`);
      }
    }
    for (const f of files) {
      if (f.status === 'complete') {
        const s = await stat(join(uploads, f.storage_key)).catch(() => null);
        if (!s || s.size !== f.size) problems.push(`file ${f.id}: ${s ? `${s.size} bytes, row says ${f.size}` : 'no bytes'}`);
      }
    }
    expect(problems).toEqual([]);
    console.info(`[crash] ${apps.length} applications, ${files.filter((f) => f.status === 'complete').length} complete files, ${files.filter((f) => f.status === 'uploading').length} unfinished uploads: all whole`);
  });

  it('no orphaned files: files/ at once, tmp/ and tus/ once the sweep grace for crash leftovers has passed', async () => {
    const uploads = join(dataDir, 'uploads');
    const keysOf = async () => new Set((await db.selectFrom('files').select('storage_key').execute()).map((r) => r.storage_key));
    let keys = await keysOf();
    const orphans = (await listDir(join(uploads, 'files'))).filter((n) => !keys.has(`files/${n}`));
    expect(orphans).toEqual([]);

    // the sweep as it runs an hour and a day later (abandoned uploads are kept a day for resuming)
    const later = () => Date.now() + 25 * HOUR;
    const storage = new FileStorage(uploads);
    const sweeper = new FilesService({ db, clock: later, storage, audit: new AuditRepository(db, later), log: createLogger({ level: 'silent' }), videoMaxBytes: limits.video.maxBytes });
    await sweeper.sweep();
    keys = await keysOf();
    const left = {
      files: (await listDir(join(uploads, 'files'))).filter((n) => !keys.has(`files/${n}`)),
      tus: (await listDir(join(uploads, 'tus'))).filter((n) => !keys.has(`tus/${n.replace(/\.json$/, '')}`)),
      tmp: await listDir(join(uploads, 'tmp')),
    };
    expect(left).toEqual({ files: [], tus: [], tmp: [] });
    expect(await db.selectFrom('files').select('id').where('status', '=', 'uploading').execute()).toEqual([]);
  });
});

describe('crash windows of a file commit', () => {
  it('leaves a row that names the bytes (never bytes without a row), and the sweep removes both', async () => {
    const t = await createTestApp();
    try {
      const owner = await newUser(t.app);
      const storage = new FileStorage(join(t.dataDir, 'crash-uploads'));
      await storage.init();
      const log = createLogger({ level: 'silent' });
      // the process "dies" at the completing transaction: it never returns
      const dying = new Proxy(t.db, {
        get: (target, prop) => {
          if (prop === 'transaction') return () => ({ execute: () => new Promise(() => {}) });
          const value: unknown = Reflect.get(target, prop, target);
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
      const service = new FilesService({ db: dying, clock: Date.now, storage, audit: new AuditRepository(t.db, Date.now), log, videoMaxBytes: limits.video.maxBytes });
      const auth = { user: { id: owner.id, roles: ['applicant'] }, session: {} } as unknown as AuthContext;
      void service.saveImage(auth, { stream: Readable.from([PNG_1x1]), mimetype: 'image/png' }, 'photo');
      let moved: string[] = [];
      for (let i = 0; i < 100 && moved.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 20));
        moved = await listDir(storage.filesDir);
      }
      expect(moved).toHaveLength(1);
      const row = await t.db.selectFrom('files').selectAll().where('storage_key', '=', `files/${moved[0]}`).executeTakeFirstOrThrow();
      expect(row.status).toBe('uploading');

      const later = () => Date.now() + 25 * HOUR;
      await new FilesService({ db: t.db, clock: later, storage, audit: new AuditRepository(t.db, later), log, videoMaxBytes: limits.video.maxBytes }).sweep();
      expect(await listDir(storage.filesDir)).toEqual([]);
      expect(await t.db.selectFrom('files').select('id').where('id', '=', row.id).execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('a complete video keeps its bytes; the tus info a crash left behind it is swept', async () => {
    const t = await createTestApp();
    try {
      const owner = await newUser(t.app);
      const id = await uploadVideo(t.app, owner.token);
      const storage = new FileStorage(t.config.uploadsDir);
      // killed after the completion committed, before tus' info file was removed
      await writeFile(join(storage.tusDir, `${id}.json`), '{}');
      const later = () => Date.now() + 25 * HOUR;
      const log = createLogger({ level: 'silent' });
      await new FilesService({ db: t.db, clock: later, storage, audit: new AuditRepository(t.db, later), log, videoMaxBytes: limits.video.maxBytes }).sweep();
      expect(await listDir(storage.tusDir)).toEqual([]);
      const row = await t.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.status).toBe('complete');
      expect((await stat(join(storage.uploadsDir, row.storage_key))).size).toBe(row.size);
    } finally {
      await t.close();
    }
  });
});
