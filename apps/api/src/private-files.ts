import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';

/*
 * Everything the server writes into DATA_DIR (the database, uploads, avatars, generated keys) holds
 * personal data or secrets, so it is readable by the server's user only: files 0600, folders 0700.
 * The modes are set here, where things are created, not left to the process umask: the server's
 * entry point narrows the umask too, but scripts, tests and other entry points open the same stores.
 */

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/**
 * Creates a folder (and missing parents) owner-only. A folder that exists already is narrowed too:
 * mkdir's mode applies only to what it creates, and earlier versions made these folders 0750/0755.
 */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dir, PRIVATE_DIR_MODE);
}

/**
 * The database file, created empty and owner-only before SQLite opens it when it is missing: SQLite
 * gives its -wal and -shm files the database file's permissions, so they are born private as well.
 * A database left by an earlier version is narrowed, with whatever -wal / -shm lie beside it.
 */
export function prepareSqliteFile(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  restrictSqliteFiles(file);
}

/** Narrows the database file and its -wal / -shm companions, those that exist. */
export function restrictSqliteFiles(file: string): void {
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(path)) chmodSync(path, PRIVATE_FILE_MODE);
  }
}
