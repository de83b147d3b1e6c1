import { randomBytes } from 'node:crypto';
import { readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { ensurePrivateDir } from '../../private-files.js';

/**
 * Where upload bytes live, all under DATA_DIR/uploads, outside anything served statically:
 *   tmp/   an image while it is received and checked (random name, removed on every path)
 *   tus/   a video while it is uploaded in chunks (named by its upload id, plus tus' .json info)
 *   files/ every complete file, under a generated name; the database row points at it
 * Nothing the client sent (file name, declared type) ever becomes part of a path.
 */

/** storage keys are relative to the uploads directory and only ever of these two shapes */
const FILE_KEY = /^files\/[a-f0-9]{32}\.[a-z0-9]{2,5}$/;
const TUS_KEY = /^tus\/[A-Za-z0-9_-]{16,64}$/;

export class FileStorage {
  readonly tmpDir: string;
  readonly filesDir: string;
  readonly tusDir: string;

  constructor(readonly uploadsDir: string) {
    this.tmpDir = join(uploadsDir, 'tmp');
    this.filesDir = join(uploadsDir, 'files');
    this.tusDir = join(uploadsDir, 'tus');
  }

  async init(): Promise<void> {
    for (const dir of [this.uploadsDir, this.tmpDir, this.filesDir, this.tusDir]) await ensurePrivateDir(dir);
  }

  /** A fresh path in tmp/ for a file being received. */
  tempPath(): string {
    return join(this.tmpDir, `${randomBytes(16).toString('hex')}.part`);
  }

  /** A fresh storage key in files/ for a complete file with this extension. */
  newFileKey(ext: string): string {
    return `files/${randomBytes(16).toString('hex')}.${ext}`;
  }

  tusKey(uploadId: string): string {
    return `tus/${uploadId}`;
  }

  /** The absolute path behind a storage key; throws for anything that is not one of ours. */
  pathOf(storageKey: string): string {
    if (!FILE_KEY.test(storageKey) && !TUS_KEY.test(storageKey)) throw new Error('invalid storage key');
    return join(this.uploadsDir, storageKey);
  }

  /** Moves a received file into place; fails rather than replace an existing file. */
  async moveInto(from: string, storageKey: string): Promise<void> {
    const to = this.pathOf(storageKey);
    // keys are 128 random bits: an existing file means a bug, never a collision to overwrite
    if (await exists(to)) throw new Error('storage key already in use');
    await rename(from, to);
  }

  async remove(storageKey: string): Promise<void> {
    await removeQuietly(this.pathOf(storageKey));
  }

  /** Entries of a directory older than `maxAgeMs` (by modification time). */
  olderThan(dir: string, maxAgeMs: number, now = Date.now()): Promise<string[]> {
    return namesOlderThan(dir, maxAgeMs, now);
  }
}

/** Names in a directory last modified more than `maxAgeMs` before `now`; none when it is missing. */
export async function namesOlderThan(dir: string, maxAgeMs: number, now: number): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const old: string[] = [];
  for (const name of names) {
    const s = await stat(join(dir, name)).catch(() => null);
    if (s && now - s.mtimeMs > maxAgeMs) old.push(name);
  }
  return old;
}

export async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** Deletes a file if it is there; a missing file is not an error. */
export async function removeQuietly(path: string): Promise<void> {
  try {
    await unlink(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EISDIR') await rm(path, { recursive: true, force: true });
    else if (code !== 'ENOENT') throw err;
  }
}
