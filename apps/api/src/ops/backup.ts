import { randomBytes } from 'node:crypto';
import { createWriteStream, type Dirent } from 'node:fs';
import { chmod, copyFile, link, mkdir, mkdtemp, open, readdir, realpath, rename, rm, stat } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppConfig } from '../config.js';
import { snapshotSqlite } from './sqlite-snapshot.js';

/*
 * A backup is one .tar.gz in DATA_DIR/backups holding everything a restore needs on the embedded
 * database: a snapshot of the SQLite file (as app.db), the stored uploads, and the keys generated
 * into DATA_DIR outside production (secret.key, file-url.key): without them the restored ID numbers
 * could not be decrypted nor the file URLs verified. The archive is as sensitive as DATA_DIR itself:
 * owner-only, like the folder it is in.
 */

export const FILE_MODE = 0o600;
export const DIR_MODE = 0o700;
/** the database's name inside an archive */
export const DB_ENTRY = 'app.db';
/** what else a backup leaves in the backups folder while it works; swept when a day old */
const STAGING_PREFIX = '.staging-';
const LEFTOVER_MS = 24 * 60 * 60 * 1000;

/** An operator's mistake rather than a failure: the CLIs print these as they are. */
export class BackupRefused extends Error {
  override name = 'BackupRefused';
}

/*
 * On PostgreSQL `npm run backup` refuses rather than archive the uploads alone: an operator who runs
 * it expects a backup they can restore from, and an archive without the database would look like
 * one until the day it is needed. pg_dump is the tool for that database (docs/operations.md).
 */
export const postgresRefusal =
  '当前使用 PostgreSQL（已设置 DATABASE_URL）：npm run backup / npm run restore 只处理内置的 SQLite 数据库。' +
  '请用 pg_dump / pg_restore 备份和恢复数据库，并另行备份 DATA_DIR/uploads，见 docs/operations.md。';

export const backupsDir = (config: Pick<AppConfig, 'dataDir'>): string => join(config.dataDir, 'backups');

// 20261126T181500.123Z.tar.gz: ISO 8601 basic format, so that names sort by time
const ARCHIVE_NAME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})\.(\d{3})Z\.tar\.gz$/;

export const archiveName = (ms: number): string => `${new Date(ms).toISOString().replace(/[-:]/g, '')}.tar.gz`;

/** When the archive with this name was taken; undefined for any other name. */
export function archiveTime(name: string): number | undefined {
  const m = ARCHIVE_NAME.exec(name);
  return m ? Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z`) : undefined;
}

/** The archives in a backups folder, oldest first. */
export async function listBackups(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(ifMissing([] as string[]));
  return names.filter((n) => ARCHIVE_NAME.test(n)).sort();
}

export async function newestBackupAt(dir: string): Promise<number | undefined> {
  const last = (await listBackups(dir)).at(-1);
  return last === undefined ? undefined : archiveTime(last);
}

export interface BackupResult {
  path: string;
  bytes: number;
}

/**
 * Takes a backup of config's DATA_DIR, named after `now`. Safe while the server runs: the database
 * is copied with SQLite's online backup and every upload through a link of its own.
 */
export async function takeBackup(config: AppConfig, now: number): Promise<BackupResult> {
  if (config.databaseUrl) throw new BackupRefused(postgresRefusal);
  if (!(await stat(config.sqliteFile).catch(() => null))?.isFile()) {
    throw new BackupRefused(`没有找到数据库文件 ${config.sqliteFile}：请检查 DATA_DIR。`);
  }
  const dir = backupsDir(config);
  await mkdir(dir, { recursive: true, mode: DIR_MODE });
  await chmod(dir, DIR_MODE);
  const staging = await mkdtemp(join(dir, STAGING_PREFIX));
  try {
    // The database first, the files after: a file its rows name was stored before the snapshot
    // (uploads are written, then recorded), so it is still there to be linked. A file uploaded
    // since is taken too, unreferenced and harmless; only one deleted in between can be missing.
    await snapshotSqlite(config.sqliteFile, join(staging, DB_ENTRY));
    await chmod(join(staging, DB_ENTRY), FILE_MODE);
    await stageTree(config.dataDir, staging, '', skippedPaths(config), new Set());
    const entries = (await readdir(staging)).sort();
    const partial = join(staging, `${randomBytes(8).toString('hex')}.partial`);
    await writeArchive(staging, entries, partial);
    const path = await publish(partial, dir, now);
    return { path, bytes: (await stat(path)).size };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Deletes all but the newest `keep` archives, and what a backup that crashed midway left behind.
 * Answers how many archives went.
 */
export async function pruneBackups(dir: string, keep: number): Promise<number> {
  const names = await listBackups(dir);
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(join(dir, name), { force: true });
  for (const name of await readdir(dir).catch(ifMissing([] as string[]))) {
    if (!name.startsWith(STAGING_PREFIX)) continue;
    // a day old: a backup running right now (the CLI beside the server) keeps its folder
    const s = await stat(join(dir, name)).catch(() => null);
    if (s && Date.now() - s.mtimeMs > LEFTOVER_MS) await rm(join(dir, name), { recursive: true, force: true });
  }
  return old.length;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  for (; v >= 1024 && i < units.length - 1; i++) v /= 1024;
  return `${v.toFixed(1)} ${units[i]}`;
}

/**
 * Paths under DATA_DIR a backup leaves out: the backups themselves, the live database (copied
 * apart), and uploads still being received. Those are in tmp/ (an image being checked) and tus/ (a
 * video arriving in chunks, still growing); after a restore the client uploads them again.
 */
function skippedPaths(config: AppConfig): Set<string> {
  const db = basename(config.sqliteFile);
  const uploads = relative(config.dataDir, config.uploadsDir).split('\\').join('/');
  return new Set([basename(backupsDir(config)), db, `${db}-wal`, `${db}-shm`, `${db}-journal`, `${uploads}/tmp`, `${uploads}/tus`]);
}

/**
 * Mirrors `from` into `to` with hard links: instant and free of space, and a file deleted or
 * replaced while the archive is written keeps its content in the link. A folder or file that is a
 * symbolic link (uploads moved onto another disk) is followed, so the archive holds the content;
 * across disks, where links cannot go, the file is copied.
 */
async function stageTree(from: string, to: string, rel: string, skip: Set<string>, seen: Set<string>): Promise<void> {
  const real = await realpath(from);
  // a link back up the tree would otherwise be followed for ever
  if (seen.has(real)) return;
  seen.add(real);
  const entries: Dirent[] = await readdir(from, { withFileTypes: true }).catch(ifMissing([] as Dirent[]));
  for (const e of entries) {
    const path = rel ? `${rel}/${e.name}` : e.name;
    if (skip.has(path)) continue;
    const src = join(from, e.name);
    const s = e.isSymbolicLink() ? await stat(src).catch(() => null) : e;
    if (s?.isDirectory()) {
      await mkdir(join(to, e.name), { mode: DIR_MODE });
      await stageTree(src, join(to, e.name), path, skip, seen);
    } else if (s?.isFile()) {
      await stageFile(e.isSymbolicLink() ? await realpath(src) : src, join(to, e.name));
    }
    // anything else (a socket, a dangling link) is not data
  }
}

async function stageFile(src: string, dst: string): Promise<void> {
  try {
    await link(src, dst);
  } catch (err) {
    // deleted since the listing: nothing to keep
    if (code(err) === 'ENOENT') return;
    await copyFile(src, dst).catch((e: unknown) => {
      if (code(e) !== 'ENOENT') throw e;
    });
  }
}

async function writeArchive(cwd: string, entries: string[], target: string): Promise<void> {
  // loaded here: a server that never backs up holds none of it
  const { create } = await import('tar');
  await pipeline(
    // portable: no owner names or ids, so the archive restores under whichever user runs it
    create({ cwd, gzip: true, portable: true, strict: true }, entries),
    // flush: on disk before it gets its name, so that an archive under a final name is a complete one
    createWriteStream(target, { flags: 'wx', mode: FILE_MODE, flush: true }),
  );
}

/** Gives the finished archive its name, never over another one: a name taken moves a millisecond on. */
async function publish(partial: string, dir: string, now: number): Promise<string> {
  for (let t = now; ; t++) {
    const path = join(dir, archiveName(t));
    try {
      // link, unlike rename, fails when the name exists; the partial name goes with the staging folder
      await link(partial, path);
    } catch (err) {
      if (code(err) === 'EEXIST') continue;
      // a file system without hard links: rename, after checking the name is free
      if (await stat(path).catch(() => null)) continue;
      await rename(partial, path);
    }
    await syncDir(dir);
    return path;
  }
}

async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  // not every platform can sync a folder; the archive itself is synced already
  await handle.sync().catch(() => undefined);
  await handle.close();
}

const code = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code;

function ifMissing<T>(fallback: T) {
  return (err: unknown): T => {
    if (code(err) === 'ENOENT') return fallback;
    throw err;
  };
}
