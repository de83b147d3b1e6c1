import {
  apiPaths,
  applicationOperations,
  routes,
  ZUploadedFile,
  type UploadedFile,
  uploadPurposes,
} from '@qgw/contracts';
import { HttpError, SessionExpiredError, unwrap } from '../../../lib/request.js';
import { clearSession, getToken } from '../../../lib/storage.js';
import { currentPath, redirectTo } from '../../../lib/navigation.js';
import { showToast } from '../../../lib/toast.js';
import { commonStrings } from '../../../lib/strings.js';
import { useSession } from '../../../stores/session.js';

/** Operations every kind of application shares: server-side drafts and withdrawal (the contracts' catalogue). */
export const applicationOps = {
  saveDraft: applicationOperations.saveDraft,
  getDraft: applicationOperations.getDraft,
  withdraw: applicationOperations.withdrawApplication,
  mine: applicationOperations.myApplications,
  prefill: applicationOperations.getPrefill,
};

export type UploadPurpose = (typeof uploadPurposes)[number];

export const apiBase = (): string => (import.meta.env.VITE_API_BASE ?? '').replace(/\/$/, '');

/** The token as the API expects it, for requests that do not go through the JSON wrapper (uploads). */
export const authHeader = (): Record<string, string> => {
  const token = getToken();
  return token ? { Authorization: token } : {};
};

/** A refused session during an upload ends it the same way the request wrapper does. */
export function endSession(): never {
  clearSession();
  useSession.getState().reload();
  showToast(commonStrings.sessionExpired);
  if (currentPath() !== routes.login.index) redirectTo(routes.login.index);
  throw new SessionExpiredError();
}

/**
 * Multipart image upload with progress (fetch cannot report upload progress, XHR can). The purpose
 * goes before the file so that the server knows it before the bytes arrive.
 */
export function uploadImage(
  file: File,
  purpose: UploadPurpose,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  return new Promise<UploadedFile>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiBase()}${apiPaths.uploadImage}`);
    for (const [k, v] of Object.entries(authHeader())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onerror = () => reject(new Error(commonStrings.networkError));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    xhr.onload = () => {
      try {
        if (xhr.status === 401) endSession();
        if (xhr.status < 200 || xhr.status > 299) throw new HttpError(xhr.status);
        let body: unknown;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          throw new Error(commonStrings.badAnswer);
        }
        onProgress?.(100);
        resolve(unwrap(body, ZUploadedFile));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('purpose', purpose);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** Where an uploaded file is served (to its owner, reviewers and admins only; needs the token). */
export const fileEndpoint = (id: string): string => `${apiBase()}${apiPaths.file}/${encodeURIComponent(id)}`;
