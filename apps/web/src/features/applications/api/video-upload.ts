import type { DetailedError, Upload } from 'tus-js-client/lib.esm/browser/index.js';
import { apiPaths, limits } from '@qgw/contracts';
import { HttpError } from '../../../lib/request.js';
import { commonStrings } from '../../../lib/strings.js';
import { apiBase, authHeader, endSession } from './operations.js';

/**
 * Resumable video upload over tus. tus keeps each unfinished upload's address in localStorage under
 * a fingerprint of the file (name, type, size, modification time, endpoint), so after a dropped
 * connection it asks the server how far it got and continues, and after a page reload picking the
 * same file again continues from there too.
 */

export const videoEndpoint = (): string => `${apiBase()}${apiPaths.uploadVideo}`;

/** Waits between attempts after a dropped connection before the user is asked to continue by hand. */
export const retryDelays = [0, 1000, 3000, 5000, 10000, 20000];

const videoTypes: readonly string[] = limits.video.mimeTypes;

export type VideoProblem = 'type' | 'size';

const typeByExtension: Record<string, string> = { mp4: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm' };

/** Some phones hand over a video without a type; its extension says what it claims to be. */
export const videoTypeOf = (file: File): string =>
  file.type || typeByExtension[file.name.split('.').pop()?.toLowerCase() ?? ''] || '';

export function checkVideoFile(file: File): VideoProblem | null {
  if (!videoTypes.includes(videoTypeOf(file))) return 'type';
  if (file.size > limits.video.maxBytes) return 'size';
  return null;
}

/** The uploaded file's id: the last segment of the tus upload's address. */
export function fileIdOfUploadUrl(url: string | null): string | null {
  if (!url) return null;
  const path = url.split(/[?#]/)[0] ?? '';
  const last = decodeURIComponent(path.replace(/\/+$/, '').split('/').pop() ?? '');
  return /^[A-Za-z0-9_-]{16,64}$/.test(last) ? last : null;
}

/** Unfinished uploads to this endpoint remembered on this device (to tell the user they can continue). */
export function hasUnfinishedVideoUploads(): boolean {
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i);
      if (key?.startsWith('tus::') && key.includes(apiPaths.uploadVideo)) return true;
    }
  } catch {
    // storage unavailable: nothing to resume
  }
  return false;
}

export interface VideoUploadCallbacks {
  onProgress(sent: number, total: number): void;
  /** the connection dropped and tus is about to try again */
  onRetry(attempt: number): void;
  /** an earlier attempt at the same file was found; upload continues from there */
  onResume(): void;
  onSuccess(fileId: string): void;
  /** `permanent`: the server refused the upload itself; retrying cannot help */
  onError(error: Error & { permanent?: boolean }): void;
}

/** Client errors that another attempt cannot fix (too large, wrong type, refused). */
const permanent = (status: number) => status >= 400 && status < 500 && status !== 409 && status !== 423 && status !== 429;

export interface VideoUploadHandle {
  /** stops sending; the server keeps what it has so that the upload can continue later */
  pause(): void;
  /** starts again from where the server got to */
  resume(): void;
  /** stops and tells the server to forget the partial file */
  cancel(): void;
}

/**
 * tus (13 KB gzip) is wanted only by the video step, yet the forms' shared chunk carried it to every
 * application screen, results included: it now loads when an upload starts.
 */
const loadTus = () => import('tus-js-client/lib.esm/browser/index.js');

export function startVideoUpload(file: File, cb: VideoUploadCallbacks): VideoUploadHandle {
  // what the person last asked for, applied once tus has loaded
  let wanted: 'run' | 'paused' | 'cancelled' = 'run';
  let upload: Upload | undefined;
  let begun = false;
  void loadTus().then(
    (tus) => {
      if (wanted === 'cancelled') return;
      upload = makeUpload(tus.Upload, file, cb);
      if (wanted === 'run') begin(upload);
    },
    // the chunk did not arrive (offline, a new release): the uploader offers to try again
    () => cb.onError(new Error(commonStrings.networkError)),
  );

  const begin = (u: Upload) => {
    begun = true;
    void u.findPreviousUploads().then((previous) => {
      const last = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
      if (last) {
        u.resumeFromPreviousUpload(last);
        cb.onResume();
      }
      u.start();
    });
  };

  return {
    pause: () => {
      wanted = 'paused';
      void upload?.abort(false);
    },
    resume: () => {
      wanted = 'run';
      if (!upload) return;
      if (begun) upload.start();
      else begin(upload);
    },
    cancel: () => {
      wanted = 'cancelled';
      void upload?.abort(true).catch(() => undefined);
    },
  };
}

/** One tus upload of `file`, reporting to `cb`; started by startVideoUpload. */
function makeUpload(Tus: typeof Upload, file: File, cb: VideoUploadCallbacks): Upload {
  let sessionEnded = false;
  const upload: Upload = new Tus(file, {
    endpoint: videoEndpoint(),
    chunkSize: limits.video.chunkBytes,
    retryDelays,
    metadata: { filename: file.name, filetype: videoTypeOf(file) },
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    // the token is read per request, so a token rotated mid-upload is picked up
    onBeforeRequest: (req) => {
      for (const [k, v] of Object.entries(authHeader())) req.setHeader(k, v);
    },
    onProgress: cb.onProgress,
    onShouldRetry: (err: DetailedError, attempt: number) => {
      const status = err.originalResponse?.getStatus() ?? 0;
      if (status === 401 || permanent(status)) return false;
      cb.onRetry(attempt + 1);
      return true;
    },
    onSuccess: () => {
      const id = fileIdOfUploadUrl(upload.url);
      if (id) cb.onSuccess(id);
      else cb.onError(new Error(commonStrings.badAnswer));
    },
    onError: (err) => {
      const status = (err as DetailedError).originalResponse?.getStatus?.() ?? 0;
      if (status === 401) {
        if (sessionEnded) return;
        sessionEnded = true;
        try {
          endSession();
        } catch (ended) {
          cb.onError(ended as Error);
        }
        return;
      }
      const body = (err as DetailedError).originalResponse?.getBody?.() ?? '';
      let message: string | undefined;
      try {
        const parsed = JSON.parse(body) as { message?: unknown };
        if (typeof parsed.message === 'string') message = parsed.message;
      } catch {
        // not the API's envelope (e.g. the connection dropped)
      }
      const error = message ? new Error(message) : status ? new HttpError(status) : new Error(commonStrings.networkError);
      // a refusal (wrong type, too large, …) will not change on a retry: the uploader offers only a new pick
      cb.onError(Object.assign(error, { permanent: permanent(status) }));
    },
  });

  return upload;
}
