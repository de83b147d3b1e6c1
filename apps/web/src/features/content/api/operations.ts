import type { z } from 'zod';
import {
  apiPaths,
  contentCachePolicy,
  ZContentArticleRequest,
  ZContentArticleResponse,
  ZContentArticlesRequest,
  ZContentArticlesResponse,
  ZContentLeadersRequest,
  ZContentLeadersResponse,
  ZContentMemberRegionsRequest,
  ZContentMemberRegionsResponse,
  ZContentMemberRequest,
  ZContentMemberResponse,
  ZContentMembersRequest,
  ZContentMembersResponse,
  ZContentSubdivisionRequest,
  ZContentSubdivisionResponse,
  ZContentSubdivisionsRequest,
  ZContentSubdivisionsResponse,
  ZContentWebviewCheckRequest,
  ZContentWebviewCheckResponse,
  ZContentWebviewHostsRequest,
  ZContentWebviewHostsResponse,
} from '@qgw/contracts';
import { defineOperation, request, unwrap, validate, type FormInput, type Operation, type Payload } from '../../../lib/request.js';

/** The public committee-content reads (GET, cached by the server for a minute). */
export const contentOps = {
  articles: defineOperation({
    method: 'GET',
    path: apiPaths.contentArticles,
    request: ZContentArticlesRequest,
    response: ZContentArticlesResponse,
  }),
  article: defineOperation({
    method: 'GET',
    path: apiPaths.contentArticle,
    request: ZContentArticleRequest,
    response: ZContentArticleResponse,
  }),
  leaders: defineOperation({
    method: 'GET',
    path: apiPaths.contentLeaders,
    request: ZContentLeadersRequest,
    response: ZContentLeadersResponse,
  }),
  subdivisions: defineOperation({
    method: 'GET',
    path: apiPaths.contentSubdivisions,
    request: ZContentSubdivisionsRequest,
    response: ZContentSubdivisionsResponse,
  }),
  subdivision: defineOperation({
    method: 'GET',
    path: apiPaths.contentSubdivision,
    request: ZContentSubdivisionRequest,
    response: ZContentSubdivisionResponse,
  }),
  members: defineOperation({
    method: 'GET',
    path: apiPaths.contentMembers,
    request: ZContentMembersRequest,
    response: ZContentMembersResponse,
  }),
  memberRegions: defineOperation({
    method: 'GET',
    path: apiPaths.contentMemberRegions,
    request: ZContentMemberRegionsRequest,
    response: ZContentMemberRegionsResponse,
  }),
  member: defineOperation({
    method: 'GET',
    path: apiPaths.contentMember,
    request: ZContentMemberRequest,
    response: ZContentMemberResponse,
  }),
  webviewCheck: defineOperation({
    method: 'GET',
    path: apiPaths.contentWebviewCheck,
    request: ZContentWebviewCheckRequest,
    response: ZContentWebviewCheckResponse,
  }),
  webviewHosts: defineOperation({
    method: 'GET',
    path: apiPaths.contentWebviewHosts,
    request: ZContentWebviewHostsRequest,
    response: ZContentWebviewHostsResponse,
  }),
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
