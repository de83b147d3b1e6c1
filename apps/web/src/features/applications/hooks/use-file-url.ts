import { useQuery } from '@tanstack/react-query';
import { HttpError } from '../../../lib/request.js';
import { authHeader, fileEndpoint } from '../api/operations.js';

/**
 * Picture sources by file id. A file this page just uploaded shows from the phone's own copy; a file
 * known from an application view shows from its signed URL; anything else (a draft resumed on
 * another device) is fetched with the token, because the file route serves only its owner.
 */
const known = new Map<string, string>();

export function rememberFileUrl(id: string, url: string): void {
  known.set(id, url);
}

export function rememberFileUrls(urls: Record<string, string> | undefined | null): void {
  if (!urls) return;
  for (const [id, url] of Object.entries(urls)) if (!known.has(id) || !known.get(id)!.startsWith('blob:')) known.set(id, url);
}

export const knownFileUrl = (id: string): string | undefined => known.get(id);

async function fetchFile(id: string): Promise<string> {
  const res = await fetch(fileEndpoint(id), { headers: authHeader() });
  if (!res.ok) throw new HttpError(res.status);
  const url = URL.createObjectURL(await res.blob());
  known.set(id, url);
  return url;
}

/** The src for an uploaded file, or undefined while it is being fetched. */
export function useFileUrl(id: string | undefined, hint?: string): { url: string | undefined; failed: boolean } {
  const direct = id ? (hint ?? known.get(id)) : undefined;
  const query = useQuery({
    queryKey: ['applications', 'file', id],
    queryFn: () => fetchFile(id!),
    enabled: Boolean(id) && !direct,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  return { url: direct ?? query.data, failed: query.isError };
}
