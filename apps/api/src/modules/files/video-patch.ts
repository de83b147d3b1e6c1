import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { type Readable, Transform } from 'node:stream';
import { finished } from 'node:stream/promises';
import { Code } from '@qgw/contracts';
import { AppError } from '../../plugins/errors.js';
import { fileStrings as s } from './files.strings.js';
import { collectingEvery } from './young-garbage.js';

/**
 * The tus PATCH (append bytes at an offset), written here rather than left to @tus/server.
 *
 * Why: @tus/server hands each 64 KB of a PATCH body through a web ReadableStream, back into a Node
 * stream, a PassThrough and two transforms. On the API's ~40 MB heap the short-lived objects that
 * makes were promoted fast enough to start a full mark-compact every ~6 MB received; a video upload
 * ran at a fraction of what the disk takes (docs/decisions/0025-video-upload-path.md). Here the
 * request is piped straight into the file.
 *
 * The protocol part is small and follows tus 1.0 and @tus/server's choices: the Upload-Offset must
 * equal the bytes stored (409 otherwise), the body may not run past the declared length (413),
 * bytes are written at the offset and kept when the connection drops, and a newer PATCH of the same
 * upload takes over from one a dropped connection left hanging (as tus's in-memory locker does).
 * POST, HEAD and DELETE stay with @tus/server, which reads the offset the same way (the file's size).
 */
export class VideoPatchWriter {
  /** the PATCH writing to each upload now, so that a newer one can stop it */
  private readonly writing = new Map<string, { stop(): void; done: Promise<unknown> }>();

  constructor(
    private readonly pathOf: (uploadId: string) => string,
    private readonly maxBytes: number,
  ) {}

  /**
   * Appends the request's body to upload `id` of `length` bytes at `offset`; answers the new
   * offset, or null when the connection dropped (what arrived is kept).
   */
  async append(id: string, raw: IncomingMessage, offset: number, length: number): Promise<number | null> {
    const before = this.writing.get(id);
    if (before) {
      before.stop();
      await before.done.catch(() => undefined);
    }
    const path = this.pathOf(id);
    const stored = await stat(path).then((st) => st.size, () => null);
    if (stored === null) throw new AppError(Code.NOT_FOUND, s.uploadGone, 404);
    if (offset !== stored) throw new AppError(Code.CONFLICT, s.uploadOffsetConflict, 409);
    const room = length - stored;
    const declared = raw.headers['content-length'] === undefined ? null : Number(raw.headers['content-length']);
    if (declared !== null && declared > room) throw new AppError(Code.PAYLOAD_TOO_LARGE, s.videoTooLarge(this.maxBytes), 413);
    if (raw.destroyed) return null;

    const file = createWriteStream(path, { flags: 'r+', start: stored });
    // a body of declared length is held to it by Node's parser; one sent in chunks is counted here
    const limiter = declared === null ? limitTo(room) : null;
    const source: Readable = limiter ? raw.pipe(limiter) : raw;
    let tooLong = false;
    // a dropped connection (or a newer PATCH taking over) ends the file, keeping every byte received
    const keepWhatArrived = () => {
      source.unpipe(file);
      file.end();
    };
    // whether the whole body was read: (raw.complete says it was parsed, not that it reached the file)
    let ended = false;
    raw.once('end', () => (ended = true));
    raw.once('close', () => {
      if (!ended) keepWhatArrived();
    });
    limiter?.once('error', () => {
      tooLong = true;
      raw.unpipe(limiter);
      raw.resume();
      keepWhatArrived();
    });
    // the body's buffers are freed as it goes, not by full collections (young-garbage.ts)
    raw.on('data', collectingEvery());
    source.pipe(file);
    const done = finished(file);
    const entry = { stop: () => raw.destroy(), done };
    this.writing.set(id, entry);
    try {
      await done;
    } finally {
      if (this.writing.get(id) === entry) this.writing.delete(id);
    }
    if (tooLong) throw new AppError(Code.PAYLOAD_TOO_LARGE, s.videoTooLarge(this.maxBytes), 413);
    return ended ? stored + file.bytesWritten : null;
  }
}

function limitTo(room: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > room) done(new Error('more than the upload\'s length'));
      else done(null, chunk);
    },
  });
}
