import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, readFile, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { Code, type UploadedFile } from '@qgw/contracts';
import { type Clock, isoAt } from '../../clock.js';
import type { Database, FileKind, FilePurpose } from '../../db/schema.js';
import type { AuthContext } from '../accounts/accounts.module.js';
import type { AuditRepository } from '../audit/audit.module.js';
import { AppError } from '../../plugins/errors.js';
import { isBlindReview } from '../admin/admin.module.js';
import { holdsConsoleRole } from '../console-access/console-access.module.js';
import { PRIVATE_FILE_MODE } from '../../private-files.js';
import { httpStrings } from '../../plugins/http.strings.js';
import { FileStorage, removeQuietly } from './file-storage.js';
import { signFileUrls } from './file-urls.js';
import { cleanImage, imageProblemMessage } from './image-check.js';
import { multipartError } from './multipart-errors.js';
import { declaredVideoKind, detectVideoKind, imageKinds, sameVideoFamily, VIDEO_SNIFF_BYTES, videoKinds } from './magic-bytes.js';
import { type FileRow, filesRepository as repo } from './files.repository.js';
import { fileStrings as s } from './files.strings.js';

export { signFileUrls } from './file-urls.js';

/** The shape of every file id (contracts' ZFileRef): random, url-safe. */
export const FILE_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** 144 random bits, 24 url-safe characters. */
export const newFileId = (): string => randomBytes(18).toString('base64url');

// ---- what the applications module uses ------------------------------------------------------------

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

// ---- the service behind the routes ------------------------------------------------------------------

/** Unfinished video uploads one user may have at a time (abandoned ones are swept after a day). */
export const MAX_UNFINISHED_UPLOADS = 5;
/** An upload not finished within this long is removed, with its bytes. */
export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;
/** A file in tmp/ or tus/ with no row, this old, is left over from a crash. */
const LEFTOVER_MS = 60 * 60 * 1000;

/** Files that name the applicant (their photo) or their company (its licence): hidden from blind reviewers. */
const BLIND_HIDDEN_PURPOSES: ReadonlySet<string> = new Set(['photo', 'license']);

export interface FilesServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  storage: FileStorage;
  audit: AuditRepository;
  log: FastifyBaseLogger;
  /** the largest video accepted (config VIDEO_MAX_MB) */
  videoMaxBytes: number;
}

/** What a received multipart file part looks like to the service. */
export interface IncomingFile {
  stream: Readable & { truncated?: boolean };
  mimetype: string | undefined;
}

export interface Viewer {
  userId: string;
  /**
   * May see other people's files as a reviewer or admin: holds the role and, asking with a session,
   * has passed the console's second factor (a password alone does not open applicants' files). A
   * signed URL carries that right from the route that issued it.
   */
  reviewing: boolean;
  /** an admin sees every applicant's files; a reviewer only those of their assignments (`viewable`) */
  admin: boolean;
}

export class FilesService {
  constructor(private readonly d: FilesServiceDeps) {}

  get storage(): FileStorage {
    return this.d.storage;
  }

  get videoMaxBytes(): number {
    return this.d.videoMaxBytes;
  }

  /**
   * Receives an image into tmp/ (at most limits.image.maxBytes on disk, never whole in memory
   * while receiving), checks it and strips its metadata, then in one transaction inserts its row and moves it into files/.
   * Whatever fails, neither a file without a row nor a row without a file remains.
   */
  async saveImage(auth: AuthContext, file: IncomingFile, purpose: FilePurpose): Promise<UploadedFile> {
    const temp = this.d.storage.tempPath();
    // the parser reports the size limit at once but goes on reading the part to its end: stop here
    // instead, so the answer (and the connection's close, plugins/errors.ts) comes at the limit
    file.stream.once('limit', () => file.stream.destroy(new AppError(Code.PAYLOAD_TOO_LARGE, s.imageTooLarge, 413)));
    try {
      await pipeline(file.stream, createWriteStream(temp, { flags: 'wx', mode: PRIVATE_FILE_MODE })).catch((err: unknown) => {
        throw multipartError(err, s.imageTooLarge);
      });
      if (file.stream.truncated) throw new AppError(Code.PAYLOAD_TOO_LARGE, s.imageTooLarge, 413);
      // bounded by the size limit above
      const content = await readFile(temp);
      if (content.length === 0) throw new AppError(Code.BAD_REQUEST, s.imageMissing);
      const cleaned = await cleanImage(content, file.mimetype);
      if (!cleaned.ok) throw new AppError(Code.UNSUPPORTED_MEDIA_TYPE, imageProblemMessage(cleaned.problem));
      // what is stored is the image without its metadata (a photo's GPS position, for one)
      await writeFile(temp, cleaned.content);
      const size = cleaned.content.length;
      const { ext, mime } = imageKinds[cleaned.kind];
      const id = newFileId();
      await this.commitFile(temp, { id, ownerId: auth.user.id, kind: 'image', purpose, mime, size, ext });
      return { id, url: signFileUrls([id], auth.user.id)[id] as string, mime, size };
    } finally {
      await removeQuietly(temp);
    }
  }

  /**
   * Moves a received file into files/ and marks its row complete, so that no crash can leave a
   * file under files/ that no row names, nor a complete row without its bytes:
   *   1. the row names the file's key while still 'uploading' (committed on its own: the intent),
   *   2. the bytes move into place,
   *   3. the row turns complete, with the audit entry, in one transaction.
   * A process killed between the steps leaves an unfinished row whose key and bytes the sweep of
   * abandoned uploads removes together. Any failure here removes them at once.
   */
  private async commitFile(
    from: string,
    f: { id: string; ownerId: string; kind: FileKind; purpose: FilePurpose; mime: string; size: number; ext: string },
    uploading = false,
  ): Promise<void> {
    const key = this.d.storage.newFileKey(f.ext);
    const now = isoAt(this.d.clock());
    if (uploading) {
      if (!(await repo.intendKey(this.d.db, f.id, key))) throw new AppError(Code.NOT_FOUND, s.uploadGone, 404);
    } else {
      await repo.insert(this.d.db, { ...f, storageKey: key, status: 'uploading', createdAt: now, completedAt: null });
    }
    try {
      await this.d.storage.moveInto(from, key);
      await this.d.db.transaction().execute(async (trx) => {
        const done = await repo.complete(trx, f.id, { mime: f.mime, size: f.size, storageKey: key, completedAt: now });
        if (!done) throw new AppError(Code.NOT_FOUND, s.uploadGone, 404);
        await this.d.audit.record(
          {
            actorId: f.ownerId,
            action: 'file.upload',
            entity: 'file',
            entityId: f.id,
            after: { kind: f.kind, purpose: f.purpose, mime: f.mime, size: f.size },
          },
          trx,
        );
      });
    } catch (err) {
      // neither the row nor the bytes stay: a video's caller discards its tus leftovers too
      await this.d.storage.remove(key).catch((e: unknown) => this.d.log.error({ err: e }, 'could not remove file'));
      if (!uploading) await repo.deleteUploading(this.d.db, f.id).catch((e: unknown) => this.d.log.error({ err: e }, 'could not remove file row'));
      throw err;
    }
  }

  // ---- videos (tus) ----

  /** Called when a tus upload is created: checks the declared type and records the upload. */
  async startVideoUpload(ownerId: string, uploadId: string, declaredType: string | undefined, size: number): Promise<void> {
    if (!declaredVideoKind(declaredType)) throw new AppError(Code.UNSUPPORTED_MEDIA_TYPE, s.videoType, 415);
    if (size > this.d.videoMaxBytes) throw new AppError(Code.PAYLOAD_TOO_LARGE, s.videoTooLarge(this.d.videoMaxBytes), 413);
    if ((await repo.countUnfinished(this.d.db, ownerId)) >= MAX_UNFINISHED_UPLOADS) {
      throw new AppError(Code.RATE_LIMITED, s.videoTooManyUnfinished, 429);
    }
    const now = isoAt(this.d.clock());
    await repo.insert(this.d.db, {
      id: uploadId,
      ownerId,
      kind: 'video',
      purpose: 'video',
      mime: (declaredType ?? '').toLowerCase(),
      size,
      storageKey: this.d.storage.tusKey(uploadId),
      status: 'uploading',
      createdAt: now,
      completedAt: null,
    });
  }

  /**
   * Called when the last byte of a tus upload is in: the content must be the declared kind of
   * video. A mismatch, or any failure to file it, removes the upload and its row.
   */
  async finishVideoUpload(uploadId: string): Promise<void> {
    const row = await repo.find(this.d.db, uploadId);
    if (!row || row.status !== 'uploading' || row.kind !== 'video') throw new AppError(Code.NOT_FOUND, s.uploadGone, 404);
    const path = this.d.storage.pathOf(this.d.storage.tusKey(row.id));
    try {
      const { head, size } = await readHead(path, VIDEO_SNIFF_BYTES);
      const detected = detectVideoKind(head);
      const declared = declaredVideoKind(row.mime);
      if (!detected || !declared || !sameVideoFamily(detected, declared)) {
        throw new AppError(Code.UNSUPPORTED_MEDIA_TYPE, detected ? s.videoMismatch : s.videoType, 415);
      }
      const { ext, mime } = videoKinds[detected];
      await this.commitFile(path, { id: row.id, ownerId: row.owner_id, kind: 'video', purpose: 'video', mime, size, ext }, true);
      await removeQuietly(`${path}.json`);
    } catch (err) {
      await this.discardVideoUpload(row.id);
      throw err;
    }
  }

  /**
   * Removes an unfinished upload: the row, its tus bytes and info file, and the bytes under the key
   * the row names once a move into files/ began (commitFile). The row goes first, and only while
   * unfinished: a completion racing this either lands first (then its file is left alone) or finds
   * the row gone and removes what it moved. Reading the row and removing its bytes before deleting
   * it left, now and then, a complete row without its bytes.
   */
  async discardVideoUpload(uploadId: string): Promise<void> {
    const key = await repo.deleteUploading(this.d.db, uploadId);
    const path = this.d.storage.pathOf(this.d.storage.tusKey(uploadId));
    await removeQuietly(path);
    await removeQuietly(`${path}.json`);
    if (key?.startsWith('files/')) await this.d.storage.remove(key);
  }

  /**
   * Removes uploads abandoned for a day (with whatever a crash left of them under files/), and
   * files left in tmp/ or tus/ by a crash once an hour old. Runs at start and hourly; safe to run
   * on several instances at once.
   */
  async sweep(): Promise<{ uploads: number; leftovers: number }> {
    const cutoff = isoAt(this.d.clock() - STALE_UPLOAD_MS);
    const stale = await repo.staleUploads(this.d.db, cutoff);
    for (const r of stale) await this.discardVideoUpload(r.id);
    const st = this.d.storage;
    const now = this.d.clock();
    let leftovers = 0;
    for (const name of await st.olderThan(st.tmpDir, LEFTOVER_MS, now)) {
      await removeQuietly(`${st.tmpDir}/${name}`);
      leftovers++;
    }
    const tusOld = await st.olderThan(st.tusDir, LEFTOVER_MS, now);
    const ids = [...new Set(tusOld.map((n) => n.replace(/\.json$/, '')))].filter((id) => FILE_ID.test(id));
    // only an unfinished upload still needs its tus files: a complete one's were left by a crash
    // between its completion and their removal
    const unfinished = await repo.uploadingIds(this.d.db, ids);
    for (const id of ids.filter((i) => !unfinished.has(i))) {
      await removeQuietly(`${st.tusDir}/${id}`);
      await removeQuietly(`${st.tusDir}/${id}.json`);
      leftovers++;
    }
    return { uploads: stale.length, leftovers };
  }

  // ---- reading ----

  /** The row of an upload the caller may continue (HEAD / PATCH / DELETE), or null. */
  async ownUpload(uploadId: string, ownerId: string): Promise<FileRow | null> {
    if (!FILE_ID.test(uploadId)) return null;
    const row = await repo.find(this.d.db, uploadId);
    return row && row.kind === 'video' && row.owner_id === ownerId ? row : null;
  }

  /**
   * A complete file this viewer may see, or null: its owner; an admin; a reviewer only while the
   * application that holds the file is assigned to them and they have not declared a conflict — and
   * in blind review never the applicant's photo or business licence, which name the person or
   * company. Checked on every request, so a signed URL stops working the moment an assignment is
   * removed or a conflict declared, not when the URL expires.
   */
  async viewable(id: string, viewer: Viewer): Promise<FileRow | null> {
    if (!FILE_ID.test(id)) return null;
    const row = await repo.find(this.d.db, id);
    if (!row || row.status !== 'complete') return null;
    if (row.owner_id === viewer.userId || (viewer.reviewing && viewer.admin)) return row;
    if (!viewer.reviewing || row.application_id === null) return null;
    if (!(await repo.assignedWithoutConflict(this.d.db, row.application_id, viewer.userId))) return null;
    if (BLIND_HIDDEN_PURPOSES.has(row.purpose) && (await isBlindReview(this.d.db))) return null;
    return row;
  }

  /** The viewer a signed URL was issued to, if the account is still active (and still holds its role). */
  async signedViewer(userId: string): Promise<Viewer | null> {
    const v = await repo.viewer(this.d.db, userId);
    return v?.active ? { userId, reviewing: holdsConsoleRole(v.roles), admin: v.roles.includes('admin') } : null;
  }

  /** A file's description with a fresh signed URL, for the viewer asking with a session. */
  async info(viewer: Viewer, id: string): Promise<UploadedFile> {
    const row = await this.viewable(id, viewer);
    if (!row) throw new AppError(Code.NOT_FOUND, httpStrings.notFound, 404);
    return { id: row.id, url: signFileUrls([row.id], viewer.userId)[row.id] as string, mime: row.mime, size: row.size };
  }
}

async function readHead(path: string, bytes: number): Promise<{ head: Buffer; size: number }> {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    const head = Buffer.alloc(Math.min(bytes, size));
    await fh.read(head, 0, head.length, 0);
    return { head, size };
  } finally {
    await fh.close();
  }
}
