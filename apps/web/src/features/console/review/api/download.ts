import { apiPaths, type ConsoleExportRequest } from '@qgw/contracts';
import { ApiFailure, HttpError, request } from '../../../../lib/request.js';
import { getToken } from '../../../../lib/storage.js';

const apiBase = (): string => (import.meta.env.VITE_API_BASE ?? '').replace(/\/$/, '');

/** The file name the server offered (Content-Disposition), or a fallback. */
function fileNameOf(res: Response, fallback: string): string {
  const header = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? fallback;
}

/**
 * Exports are files, not envelopes, and need the Authorization header, so a plain link cannot fetch
 * them: fetch, turn the answer into a blob and hand the browser a download link. Failures still come
 * as an envelope; they go through the request wrapper again to get its error handling.
 */
export async function downloadFile(path: string, query: Record<string, string | undefined>, fallback: string): Promise<{ url: string; name: string }> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') qs.set(k, v);
  const token = getToken();
  const res = await fetch(`${apiBase()}${path}?${qs.toString()}`, { headers: token ? { Authorization: token } : {} });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('application/json')) {
    if (res.status === 401) await request('GET', path, query); // the wrapper's 401 handling (session or second factor)
    const body = (await res.json().catch(() => null)) as { message?: unknown; code?: unknown } | null;
    if (body && typeof body.message === 'string') throw new ApiFailure(body.message, typeof body.code === 'number' ? body.code : undefined);
    throw new HttpError(res.status);
  }
  const blob = await res.blob();
  const name = fileNameOf(res, fallback);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  return { url, name };
}

export const exportApplications = (filter: Omit<ConsoleExportRequest, 'format'>, format: ConsoleExportRequest['format']) =>
  downloadFile(apiPaths.consoleExport, { format, kind: filter.kind, status: filter.status, programmeId: filter.programmeId }, `applications.${format}`);

export const exportMedia = (applicationId: string) => downloadFile(apiPaths.consoleExportMedia, { applicationId }, `${applicationId}.zip`);
