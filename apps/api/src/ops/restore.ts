import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { extract, list, type ReadEntry } from 'tar';
import type { AppConfig } from '../config.js';
import { BackupRefused, DB_ENTRY, DIR_MODE, postgresRefusal } from './backup.js';

/*
 * A restore writes a backup (ops/backup.ts) into an empty DATA_DIR. It never merges into one that
 * holds data: the database, its keys and its files belong together, and half of two of them is
 * worse than either. The archive is read twice: once to check every entry before anything is
 * written, then to unpack it into a folder of its own inside DATA_DIR, which is moved into place
 * only once the database there has passed SQLite's integrity check.
 */

export interface RestoreResult {
  /** regular files restored, the database among them */
  files: number;
  bytes: number;
}

/** What is wrong with an entry, or null for a plain file or folder inside the archive's root. */
export function entryProblem(path: string, type: string): string | null {
  const shown = JSON.stringify(path);
  // a link could point anywhere, and a later entry written through it would follow
  if (type !== 'File' && type !== 'Directory') return `不允许的条目类型 ${type}：${shown}`;
  if (path.includes('\0') || path.includes('\\')) return `不允许的路径 ${shown}`;
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return `不允许绝对路径 ${shown}`;
  const parts = path.split('/');
  if (parts.includes('..')) return `不允许跳出目录的路径 ${shown}`;
  // a journal beside the snapshot would be played into it when the database is opened
  if (/^app\.db-(wal|shm|journal)$/.test(normalise(path))) return `不应包含数据库日志文件 ${shown}`;
  return null;
}

const normalise = (path: string) => path.replace(/^(\.\/)+/, '').replace(/\/+$/, '');

export async function restoreBackup(config: AppConfig, archive: string): Promise<RestoreResult> {
  if (config.databaseUrl) throw new BackupRefused(postgresRefusal);
  if (!(await stat(archive).catch(() => null))?.isFile()) throw new BackupRefused(`找不到备份文件 ${archive}`);
  await assertEmpty(config.dataDir);
  const result = await checkArchive(archive);

  await mkdir(config.dataDir, { recursive: true, mode: DIR_MODE });
  const staging = await mkdtemp(join(config.dataDir, '.restore-'));
  try {
    const problems: string[] = [];
    await readArchive(() =>
      extract({
        file: archive,
        cwd: staging,
        strict: true,
        // files belong to whoever restores them, root included
        preserveOwner: false,
        // checked already; checked again in case the file changed in between
        filter: (path, entry) => {
          const problem = entryProblem(path, 'type' in entry ? entry.type : 'File');
          if (problem) problems.push(problem);
          return !problem;
        },
      }),
    );
    if (problems.length > 0) throw new BackupRefused(`备份文件无效：${problems[0]}`);
    checkDatabase(join(staging, DB_ENTRY));
    for (const name of await readdir(staging)) await rename(join(staging, name), join(config.dataDir, name));
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return result;
}

async function assertEmpty(dir: string): Promise<void> {
  const s = await stat(dir).catch(() => null);
  if (!s) return;
  if (!s.isDirectory()) throw new BackupRefused(`DATA_DIR ${dir} 不是目录。`);
  if ((await readdir(dir)).length > 0) {
    throw new BackupRefused(
      `数据目录 ${dir} 不是空的：恢复只写入空目录，以免覆盖现有数据。` +
        '请先停止服务，把其中的内容移走，或把 DATA_DIR 指向一个新的空目录，然后重试。',
    );
  }
}

/** Reads every entry: refuses the archive unless all are safe and the database is among them. */
async function checkArchive(archive: string): Promise<RestoreResult> {
  const problems: string[] = [];
  let files = 0;
  let bytes = 0;
  let database = false;
  await readArchive(() =>
    list({
      file: archive,
      strict: true,
      onReadEntry: (entry: ReadEntry) => {
        const problem = entryProblem(entry.path, entry.type);
        if (problem) problems.push(problem);
        else if (entry.type === 'File') {
          files++;
          bytes += entry.size;
          if (normalise(entry.path) === DB_ENTRY) database = true;
        }
      },
    }),
  );
  if (problems.length > 0) throw new BackupRefused(`备份文件无效：${problems[0]}`);
  if (!database) throw new BackupRefused(`备份文件无效：其中没有数据库文件 ${DB_ENTRY}。`);
  return { files, bytes };
}

/** A damaged or foreign file is the operator's to fix, not a crash: said as such. */
async function readArchive(read: () => Promise<void>): Promise<void> {
  try {
    await read();
  } catch (err) {
    if (err instanceof BackupRefused) throw err;
    throw new BackupRefused(`备份文件无法读取（不是完整的 .tar.gz 备份）：${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The restored database must open and pass SQLite's full integrity check. */
function checkDatabase(file: string): void {
  const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
  let result: unknown;
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      result = db.pragma('integrity_check', { simple: true });
    } finally {
      db.close();
    }
  } catch (err) {
    throw new BackupRefused(`备份中的数据库无法打开：${err instanceof Error ? err.message : String(err)}`);
  }
  if (result !== 'ok') throw new BackupRefused(`备份中的数据库未通过完整性检查：${String(result)}`);
}
