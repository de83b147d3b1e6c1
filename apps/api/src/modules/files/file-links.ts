import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Code } from '@qgw/contracts';
import type { Database, FileKind } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { filesRepository as repo } from './files.repository.js';
import { fileStrings as s } from './files.strings.js';

/**
 * File ids, and linking uploaded files to the application that names them: what the applications
 * module uses (through files.module.ts) to check that every file an application lists is a
 * complete upload of the applicant's own. Apart from files.service.ts, which receives, files and
 * serves the uploads themselves.
 */

/** The shape of every file id (contracts' ZFileRef): random, url-safe. */
export const FILE_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** 144 random bits, 24 url-safe characters. */
export const newFileId = (): string => randomBytes(18).toString('base64url');

const invalidFiles = () => new AppError(Code.BAD_REQUEST, s.invalidFiles);

/** The ids once each; throws 文件无效，请重新上传 if one is not shaped as a file id. */
function uniqueFileIds(ids: readonly string[]): string[] {
  const unique = [...new Set(ids)];
  if (unique.some((id) => typeof id !== 'string' || !FILE_ID.test(id))) throw invalidFiles();
  return unique;
}

/**
 * Throws AppError(BAD_REQUEST, 文件无效，请重新上传) unless every id is a complete file of `kind`
 * owned by `userId`. Duplicates are allowed; no ids is fine.
 */
export async function assertOwnedFiles(db: Kysely<Database>, userId: string, ids: string[], kind: FileKind): Promise<void> {
  const unique = uniqueFileIds(ids);
  if (unique.length === 0) return;
  const owned = await repo.countOwnedComplete(db, userId, unique, kind);
  if (owned !== unique.length) throw invalidFiles();
}

/**
 * The ids of each kind once each, for a statement that links them itself (applications'
 * submission.repository.ts); null when one is not shaped as a file id (the caller then links them
 * with attachOwnedFiles, which refuses them as before).
 */
export function fileLinks(ids: Readonly<Record<FileKind, readonly string[]>>): Record<FileKind, string[]> | null {
  try {
    return { image: uniqueFileIds(ids.image), video: uniqueFileIds(ids.video) };
  } catch {
    return null;
  }
}

/** After such a statement: throws 文件无效，请重新上传 (rolling the transaction back) unless every id was linked. */
export function assertAllLinked(links: Readonly<Record<FileKind, readonly string[]>>, linked: Readonly<Record<FileKind, number>>): void {
  for (const kind of ['image', 'video'] as const) if (linked[kind] !== links[kind].length) throw invalidFiles();
}

/**
 * Links files to an application inside the transaction that writes it, checking them in the same
 * statement: each id must be a complete upload of `userId` of its kind. Throws
 * AppError(BAD_REQUEST, 文件无效，请重新上传) when one is not, which rolls the caller's transaction
 * back. One UPDATE per kind instead of a count before the transaction and an UPDATE in it: on
 * PostgreSQL a submission makes one round trip fewer (docs/decisions/0015-fewer-statements-per-submission.md).
 */
export async function attachOwnedFiles(
  trx: Kysely<Database>,
  userId: string,
  ids: Readonly<Record<FileKind, readonly string[]>>,
  applicationId: string,
): Promise<void> {
  for (const kind of ['image', 'video'] as const) {
    const unique = uniqueFileIds(ids[kind]);
    if (unique.length === 0) continue;
    const linked = await repo.attachOwnedComplete(trx, userId, unique, kind, applicationId);
    if (linked !== unique.length) throw invalidFiles();
  }
}
