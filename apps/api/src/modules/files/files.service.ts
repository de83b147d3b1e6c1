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
import { PRIVATE_FILE_MODE } from '../../private-files.js';
import { FileStorage, removeQuietly } from './file-storage.js';
import { signFileUrls } from './file-urls.js';
import { cleanImage, imageProblemMessage } from './image-check.js';
import { multipartError } from './multipart-errors.js';
import { declaredVideoKind, detectVideoKind, imageKinds, sameVideoFamily, VIDEO_SNIFF_BYTES, videoKinds } from './magic-bytes.js';
import { type FileRow, filesRepository as repo } from './files.repository.js';
import { fileStrings as s } from './files.strings.js';
import { FILE_ID, newFileId } from './file-links.js';

export { signFileUrls } from './file-urls.js';

/**
 * Receiving uploads (images whole, videos by tus), filing them so that no crash leaves bytes without
 * a row or a row without bytes, and sweeping abandoned ones. Who may see a file is
 * file-access.service.ts, linking files to applications file-links.ts.
 */

/** Unfinished video uploads one user may have at a time (abandoned ones are swept after a day). */
export const MAX_UNFINISHED_UPLOADS = 5;
/** An upload not finished within this long is removed, with its bytes. */
export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;
/** A file in tmp/ or tus/ with no row, this old, is left over from a crash. */
const LEFTOVER_MS = 60 * 60 * 1000;

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

  /** The row of an upload the caller may continue (HEAD / PATCH / DELETE), or null. */
  async ownUpload(uploadId: string, ownerId: string): Promise<FileRow | null> {
    if (!FILE_ID.test(uploadId)) return null;
    const row = await repo.find(this.d.db, uploadId);
    return row && row.kind === 'video' && row.owner_id === ownerId ? row : null;
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
