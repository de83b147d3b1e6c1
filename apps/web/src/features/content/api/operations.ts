import type { z } from 'zod';
import { contentCachePolicy, contentOperations as o } from '@qgw/contracts';
import { request, unwrap, validate, type FormInput, type Operation, type Payload } from '../../../lib/request.js';

/** The public committee-content reads (GET, cached by the server for a minute), from the contracts' catalogue. */
export const contentOps = {
  articles: o.contentArticles,
  article: o.contentArticle,
  leaders: o.contentLeaders,
  subdivisions: o.contentSubdivisions,
  subdivision: o.contentSubdivision,
  members: o.contentMembers,
  memberRegions: o.contentMemberRegions,
  member: o.contentMember,
  webviewCheck: o.contentWebviewCheck,
  webviewHosts: o.contentWebviewHosts,
  seasons: o.contentSeasons,
};

/**
 * Public answers may be served from the browser's cache for up to a minute. When the person has
 * just asked for new data (pull-to-refresh, retry) or has just changed content in the console, the
 * next reads skip that cache: a distinct query string makes the browser go to the server (the
 * server ignores fields it does not know).
 */
let freshUntil = 0;

export function wantFreshContent(ms = 3000): void {
  freshUntil = Math.max(freshUntil, Date.now() + ms);
}

/** After a console write: everything the admin looks at next is the stored version. */
export function contentChanged(): void {
  wantFreshContent(contentCachePolicy.maxAgeSeconds * 1000);
}

export async function readContent<Req extends z.ZodType, Res extends z.ZodType>(
  op: Operation<Req, Res>,
  data: FormInput<Req>,
): Promise<z.output<Res>> {
  const payload = validate(op.request, data) as Payload;
  const fresh = Date.now() < freshUntil;
  const body = await request(op.method, op.path, fresh ? { ...payload, _fresh: Date.now().toString(36) } : payload);
  return unwrap(body, op.response);
}
