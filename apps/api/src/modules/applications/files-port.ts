import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FileKind } from './kinds.js';

/**
 * What applications need from the files module (uploads, signed URLs, serving). Kept as an
 * interface so that the lifecycle here does not depend on how files are stored.
 */
export interface FilesPort {
  /** Throws an AppError unless every id is a completed upload of this user and of this kind. */
  assertOwnedFiles(db: Kysely<Database>, userId: string, ids: string[], kind: FileKind): Promise<void>;
  /**
   * Links the files to the application inside the caller's transaction; throws an AppError (and so
   * rolls the transaction back) unless every id is a completed upload of this user and of its kind.
   */
  attachOwnedFiles(trx: Kysely<Database>, userId: string, ids: Readonly<Record<FileKind, readonly string[]>>, applicationId: string): Promise<void>;
  /**
   * The ids of each kind once each, for a statement that links them itself
   * (submission.repository.ts); null when one is malformed (then attachOwnedFiles refuses them).
   */
  fileLinks(ids: Readonly<Record<FileKind, readonly string[]>>): Record<FileKind, string[]> | null;
  /** Throws an AppError (rolling the transaction back) unless every id of `links` was linked. */
  assertAllLinked(links: Readonly<Record<FileKind, readonly string[]>>, linked: Readonly<Record<FileKind, number>>): void;
  /** file id → short-lived signed URL for this viewer. */
  signFileUrls(ids: string[], viewerId: string): Record<string, string>;
}
