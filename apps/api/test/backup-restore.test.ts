/**
 * Backups on the embedded database: `npm run backup` taken while applicants submit and reviewers
 * score, restored with `npm run restore` into a new directory, and a server on that directory finds
 * the applications, the reviews, the ID numbers (secret.key) and the files' bytes by id and by a URL
 * signed before the backup (file-url.key). Restore refuses a non-empty directory and unsafe archives;
 * the running server backs up on its own and keeps BACKUP_KEEP archives. On PostgreSQL only the
 * refusals and the configuration run: the rest is about the SQLite file.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { Header } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, type ConsoleApplicationResponse, type ConsoleReview, type SubmitResponse } from '@qgw/contracts';
import { buildApp } from '../src/app.js';
import { loadConfig, repoRoot } from '../src/config.js';
import { openDatabase } from '../src/db/index.js';
import { migrateToLatest } from '../src/db/migrations/index.js';
import { createLogger } from '../src/logger.js';
import { archiveTime, backupsDir, listBackups, takeBackup } from '../src/ops/backup.js';
import { restoreBackup } from '../src/ops/restore.js';
import { data, get, newUser, post } from './support/api.js';
import { PNG_1x1, rankUserForm, tinyMp4, uploadsFor } from './support/applications.js';
import { consoleLogin } from './support/console.js';
import { assign, createWorld, type ReviewWorld, setRubric, submittedPerson } from './support/console-review.js';
import { scanningStream } from './support/log-scan.js';
import { createTestApp, type TestApp, TestClock, testDatabaseUrl, testDefaults } from './support/test-app.js';

const ARCHIVE = /^\d{8}T\d{6}\.\d{3}Z\.tar\.gz$/;
const mode = async (path: string) => (await stat(path)).mode & 0o777;
const scratch = () => mkdtemp(join(tmpdir(), 'qgw-backup-test-'));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The real command, in a process of its own, with nothing of this process's environment but PATH. */
function cli(command: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `apps/api/src/cli/${command}.ts`, ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A .tar.gz written block by block, so that it can hold what `npm run backup` never would. */
function rawArchive(entries: Array<{ path: string; type?: string; body?: Buffer; linkpath?: string }>): Buffer {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const body = e.body ?? Buffer.alloc(0);
    const header = new Header({
      path: e.path, type: (e.type ?? 'File') as 'File', mode: 0o600, size: body.length, mtime: new Date(), linkpath: e.linkpath ?? '',
    });
    const block = Buffer.alloc(512);
    header.encode(block, 0);
    blocks.push(block, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  return gzipSync(Buffer.concat([...blocks, Buffer.alloc(1024)]));
}

describe('configuration', () => {
  it('BACKUP_INTERVAL_HOURS: daily in production, off elsewhere, off with 0 or off; BACKUP_KEEP 14', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).backup).toEqual({ everyMs: 24 * 3_600_000, keep: 14 });
    expect(loadConfig({ NODE_ENV: 'development' }).backup.everyMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test' }).backup.everyMs).toBe(0);
    for (const off of ['0', 'off', '0.0']) expect(loadConfig({ NODE_ENV: 'production', BACKUP_INTERVAL_HOURS: off }).backup.everyMs).toBe(0);
    expect(loadConfig({ BACKUP_INTERVAL_HOURS: '0.5', BACKUP_KEEP: '3' }).backup).toEqual({ everyMs: 1_800_000, keep: 3 });
    for (const bad of [{ BACKUP_INTERVAL_HOURS: 'daily' }, { BACKUP_INTERVAL_HOURS: '-1' }, { BACKUP_KEEP: '0' }]) {
      expect(() => loadConfig(bad)).toThrow(Object.keys(bad)[0]);
    }
  });
});

describe('on PostgreSQL', () => {
  it('npm run backup and restore refuse and point at pg_dump, writing nothing', async () => {
    const dir = await scratch();
    try {
      // the commands refuse before connecting: no server is needed at this address
      const env = { DATA_DIR: join(dir, 'data'), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
      const archive = join(dir, 'x.tar.gz');
      await writeFile(archive, rawArchive([{ path: 'app.db', body: Buffer.from('x') }]));
      for (const run of [await cli('backup', [], env), await cli('restore', [archive], env)]) {
        expect(run.code).toBe(1);
        expect(run.stderr).toContain('pg_dump');
        expect(run.stderr).toContain('docs/operations.md');
      }
      expect(existsSync(join(dir, 'data'))).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a server on PostgreSQL with BACKUP_INTERVAL_HOURS takes no backups and says why', async () => {
    let logs = '';
    const logStream = new Writable({ write: (chunk, _enc, cb) => ((logs += String(chunk)), cb()) });
    // the URL only tells the app which database it is on; the test's own database is opened apart
    const s = await createTestApp({ env: { BACKUP_INTERVAL_HOURS: '0.0001', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }, logStream });
    try {
      await new Promise((r) => setTimeout(r, 800));
      expect(existsSync(backupsDir(s.config))).toBe(false);
      expect(logs).toContain('pg_dump');
    } finally {
      await s.close();
    }
  });
});

describe.skipIf(testDatabaseUrl)('on SQLite (skipped with TEST_DATABASE_URL: these copy and restore the SQLite file)', () => {
  let t: TestApp;
  let w: ReviewWorld;
  let rubric: string[];
  let archive: string;
  const dirs: string[] = [];
  const opened: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t);
    rubric = await setRubric(t.app, w.admin.token, 'person');
    archive = (await takeBackup(t.config, Date.now())).path;
  });
  afterAll(async () => {
    for (const close of opened) await close();
    await t?.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  const review = (applicationId: string, score: number) =>
    post<ConsoleReview>(t.app, apiPaths.consoleReview, {
      applicationId, scores: { [rubric[0]!]: score, [rubric[1]!]: 7, [rubric[2]!]: 4 }, recommendation: 'approve',
    }, { token: w.reviewer.token });

  /** A server's app on a restored directory, as `npm start` would open it. */
  async function appOn(dataDir: string, clock: TestClock): Promise<FastifyInstance> {
    const config = loadConfig({ ...testDefaults, DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'no-web-build') });
    const database = openDatabase({ sqliteFile: config.sqliteFile });
    await migrateToLatest(database.db);
    const app = await buildApp({ config, db: database.db, clock: clock.now, logger: createLogger({ level: 'debug', stream: scanningStream() }) });
    await app.ready();
    opened.push(async () => {
      await app.close();
      await database.destroy();
    });
    return app;
  }

  it('a backup taken while applicants submit and reviewers score restores into a server that finds everything', async () => {
    // what exists before the backup: a person entry under review and scored, a rank-user entry with a video
    const person = await submittedPerson(t);
    await assign(t.app, w.admin.token, [person.id], [w.reviewer.id]);
    const scored = data(await review(person.id, 8));
    const applicant = await newUser(t.app);
    const uploads = await uploadsFor(t.app, applicant);
    const rank = data(await post<SubmitResponse>(t.app, apiPaths.submit, rankUserForm(uploads.photo, uploads.video), { token: applicant.token }));
    const before = data(await get<ConsoleApplicationResponse>(t.app, apiPaths.consoleApplication, { id: person.id }, { token: w.admin.token }));
    const signedPhotoUrl = before.fileUrls[person.form.photo]!;
    expect(signedPhotoUrl).toBeTruthy();

    // writers in parallel with `npm run backup`: new entries with their uploads, and a review saved over and over
    let stop = false;
    const submitted: string[] = [];
    let rescored = 0;
    const submitting = (async () => {
      while (!stop) submitted.push((await submittedPerson(t)).id);
    })();
    const scoring = (async () => {
      for (let n = 0; !stop; n++) {
        data(await review(person.id, n % 2 ? 8 : 9));
        rescored++;
      }
    })();
    const run = await cli('backup', [], { DATA_DIR: t.dataDir }).finally(() => (stop = true));
    await Promise.all([submitting, scoring]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(submitted.length).toBeGreaterThan(0);
    expect(rescored).toBeGreaterThan(0);
    const path = /备份完成：(.+\.tar\.gz)（\d/.exec(run.stdout)?.[1];
    expect(path, run.stdout).toBeTruthy();
    expect(basename(path!)).toMatch(ARCHIVE);
    expect(await mode(path!)).toBe(0o600);
    expect(await mode(backupsDir(t.config))).toBe(0o700);
    // nothing left beside the archives once a backup is done
    expect((await readdir(backupsDir(t.config))).every((n) => ARCHIVE.test(n))).toBe(true);

    const root = await scratch();
    dirs.push(root);
    const restoredDir = join(root, 'restored');
    const restored = await cli('restore', [path!], { DATA_DIR: restoredDir });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain('完整性检查');
    for (const key of ['secret.key', 'file-url.key']) {
      expect(await readFile(join(restoredDir, key))).toEqual(await readFile(join(t.dataDir, key)));
    }
    expect(existsSync(join(restoredDir, 'backups'))).toBe(false);

    const clock = new TestClock();
    const app = await appOn(restoredDir, clock);
    // the admin signs in again: the password hash and the authenticator secret (encrypted) came back
    const adminToken = await consoleLogin(app, clock, w.admin);
    const after = data(await get<ConsoleApplicationResponse>(app, apiPaths.consoleApplication, { id: person.id }, { token: adminToken }));
    expect(after.status).toBe('under_review');
    expect(after.reviews.map((r) => r.id)).toEqual([scored.id]);
    expect([8, 9]).toContain(after.reviews[0]!.scores[rubric[0]!]);
    const revealed = data(await post<{ value: string }>(app, apiPaths.consoleReveal, { id: person.id, field: 'idNumber' }, { token: adminToken }));
    expect(revealed.value).toBe(person.form.idNumber);
    const rankAfter = data(await get<ConsoleApplicationResponse>(app, apiPaths.consoleApplication, { id: rank.id }, { token: adminToken }));
    expect(rankAfter.status).toBe('submitted');

    // the files by id, as their owners fetch them, with the same bytes; and a URL signed before the backup
    const bytesOf = async (id: string, token: string) => {
      const res = await app.inject({ method: 'GET', url: `${apiPaths.file}/${id}`, headers: { authorization: token } });
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    };
    const owner = data(await post<{ token: string }>(app, apiPaths.login, { mobile: applicant.mobile, password: applicant.password })).token;
    expect((await bytesOf(uploads.video, owner)).equals(tinyMp4())).toBe(true);
    expect((await bytesOf(uploads.photo, owner)).equals(PNG_1x1)).toBe(true);
    const signed = await app.inject({ method: 'GET', url: signedPhotoUrl });
    expect(signed.statusCode).toBe(200);
    expect(signed.rawPayload.equals(PNG_1x1)).toBe(true);

    // entries submitted during the backup: each one restored has its files too
    const db = openDatabase({ sqliteFile: join(restoredDir, 'app.db') });
    opened.push(() => db.destroy());
    const rows = await db.db.selectFrom('applications').select('id').execute();
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([person.id, rank.id]));
    const files = await db.db.selectFrom('files').select(['storage_key', 'size']).where('status', '=', 'complete').execute();
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const f of files) expect((await stat(join(restoredDir, 'uploads', f.storage_key))).size).toBe(Number(f.size));
  });

  it('restore refuses a directory that holds anything, and leaves it as it was', async () => {
    const dir = await scratch();
    dirs.push(dir);
    await writeFile(join(dir, 'notes.txt'), 'keep me');
    const run = await cli('restore', [archive], { DATA_DIR: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('不是空的');
    expect(await readdir(dir)).toEqual(['notes.txt']);
  });

  it('restore refuses archives with ../, absolute paths, links, no database or damage, writing nothing', async () => {
    const root = await scratch();
    dirs.push(root);
    const db = await readFile(join(t.dataDir, 'app.db'));
    const cases: Array<[string, Buffer, string]> = [
      ['traversal', rawArchive([{ path: 'app.db', body: db }, { path: '../escaped.txt', body: Buffer.from('x') }]), '跳出目录'],
      ['absolute', rawArchive([{ path: 'app.db', body: db }, { path: `${root}/absolute.txt`, body: Buffer.from('x') }]), '绝对路径'],
      ['symlink', rawArchive([{ path: 'app.db', body: db }, { path: 'uploads', type: 'SymbolicLink', linkpath: root }]), 'SymbolicLink'],
      ['hard link', rawArchive([{ path: 'app.db', body: db }, { path: 'key', type: 'Link', linkpath: '/etc/passwd' }]), 'Link'],
      ['no database', rawArchive([{ path: 'secret.key', body: Buffer.from('x') }]), 'app.db'],
      ['damaged', Buffer.from('not an archive at all'), '无法读取'],
      ['not a database', rawArchive([{ path: 'app.db', body: Buffer.alloc(4096, 7) }]), '数据库'],
    ];
    for (const [name, bytes, reason] of cases) {
      const file = join(root, `${name}.tar.gz`);
      await writeFile(file, bytes);
      const target = join(root, `target-${name.replace(' ', '-')}`);
      // the traversal through the real command; the rest through the same code in-process
      const message = name === 'traversal'
        ? await cli('restore', [file], { DATA_DIR: target }).then((r) => (expect(r.code).toBe(1), r.stderr))
        : await restoreBackup(loadConfig({ ...testDefaults, DATA_DIR: target }), file).then(() => 'restored', (e: Error) => e.message);
      expect(message, name).toContain(reason);
      expect(await readdir(target).catch(() => []), name).toEqual([]);
    }
    expect(existsSync(join(root, 'escaped.txt'))).toBe(false);
    expect(existsSync(join(root, 'absolute.txt'))).toBe(false);
  });

  it('the running server backs up when one is due and keeps the newest BACKUP_KEEP', async () => {
    // a tiny interval, so the server looks every 360 ms; whether a backup is due goes by the test clock
    const s = await createTestApp({ env: { BACKUP_INTERVAL_HOURS: '0.0001', BACKUP_KEEP: '2' } });
    try {
      const dir = backupsDir(s.config);
      const newest = async () => (await listBackups(dir)).at(-1);
      const waitFor = async (ok: () => Promise<boolean>) => {
        for (let i = 0; i < 200 && !(await ok()); i++) await new Promise((r) => setTimeout(r, 50));
        expect(await ok()).toBe(true);
      };
      // the first look, at start: nothing yet, so a backup at once
      await waitFor(async () => (await newest()) !== undefined);
      const seen = [(await newest())!];
      for (let i = 0; i < 3; i++) {
        s.clock.advance(60 * 60 * 1000);
        await waitFor(async () => (await newest()) !== seen.at(-1));
        seen.push((await newest())!);
      }
      // not due again until the clock moves: several looks later, still the same newest
      await new Promise((r) => setTimeout(r, 1200));
      expect(await listBackups(dir)).toEqual(seen.slice(-2));
      // named after the time it was taken, by the app's clock
      expect(archiveTime(seen.at(-1)!)).toBe(s.clock.now());
      for (const name of seen.slice(-2)) expect(await mode(join(dir, name))).toBe(0o600);
      expect(await mode(dir)).toBe(0o700);
      // each one is a full backup: it restores
      const target = join(s.dataDir, '..', `${basename(s.dataDir)}-restored`);
      dirs.push(target);
      await mkdir(target);
      expect((await restoreBackup(loadConfig({ ...testDefaults, DATA_DIR: target }), join(dir, seen.at(-1)!))).files).toBeGreaterThan(0);
    } finally {
      await s.close();
    }
  });
});
