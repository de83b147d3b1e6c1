import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ArticleCategory, LeaderGroup, MemberGrouping } from '@qgw/contracts';
import { ApiFailure, HttpError, SessionExpiredError } from '../../../lib/request.js';
import { contentOps, readContent, wantFreshContent } from '../api/operations.js';

export const contentKeys = {
  all: ['content'] as const,
  articles: (category: ArticleCategory, season?: number) => ['content', 'articles', category, season ?? 0] as const,
  seasons: ['content', 'seasons'] as const,
  article: (by: { id?: string; slug?: string }) => ['content', 'article', by.id ?? '', by.slug ?? ''] as const,
  leaders: (group: LeaderGroup) => ['content', 'leaders', group] as const,
  subdivisions: ['content', 'subdivisions'] as const,
  subdivision: (id: string) => ['content', 'subdivision', id] as const,
  members: (q: string, groupBy: MemberGrouping, subdivisionId: string) => ['content', 'members', q, groupBy, subdivisionId] as const,
  regions: ['content', 'regions'] as const,
  member: (id: string) => ['content', 'member', id] as const,
  webviewCheck: (url: string) => ['content', 'webviewCheck', url] as const,
  webviewHosts: ['content', 'webviewHosts'] as const,
};

/** A refusal from the server (unpublished, unknown) will not change by asking again; a flaky network might. */
const retry = (count: number, error: Error) =>
  count < 1 && !(error instanceof ApiFailure) && !(error instanceof SessionExpiredError) && !(error instanceof HttpError && error.status < 500);

/** Pull-to-refresh and retry: the person asked for what is on the server now. */
export async function refreshFresh(refetch: () => Promise<unknown>): Promise<void> {
  wantFreshContent();
  await refetch();
}

/** A category's published articles; the programme's pages and awards of `season` (a year; default the current season). */
export function useArticles(category: ArticleCategory, season?: number) {
  return useInfiniteQuery({
    retry,
    queryKey: contentKeys.articles(category, season),
    queryFn: ({ pageParam }) => readContent(contentOps.articles, { category, season, cursor: pageParam, limit: 10 }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The seasons whose awards are public: the current one and the earlier ones, newest first. */
export function useContentSeasons() {
  return useQuery({ retry, queryKey: contentKeys.seasons, queryFn: () => readContent(contentOps.seasons, {}) });
}

export function useArticle(by: { id?: string; slug?: string }) {
  return useQuery({
    retry,
    queryKey: contentKeys.article(by),
    queryFn: () => readContent(contentOps.article, by.id ? { id: by.id } : { slug: by.slug }),
    enabled: Boolean(by.id || by.slug),
  });
}

export function useLeaders(group: LeaderGroup) {
  return useQuery({
    retry,
    queryKey: contentKeys.leaders(group),
    queryFn: () => readContent(contentOps.leaders, { group }),
  });
}

export function useSubdivisions() {
  return useQuery({
    retry,
    queryKey: contentKeys.subdivisions,
    queryFn: () => readContent(contentOps.subdivisions, {}),
  });
}

export function useSubdivision(id: string) {
  return useQuery({
    retry,
    queryKey: contentKeys.subdivision(id),
    queryFn: () => readContent(contentOps.subdivision, { id }),
    enabled: id !== '',
  });
}

export function useMembers({ q, groupBy, subdivisionId }: { q: string; groupBy: MemberGrouping; subdivisionId: string }) {
  return useInfiniteQuery({
    retry,
    queryKey: contentKeys.members(q, groupBy, subdivisionId),
    queryFn: ({ pageParam }) =>
      readContent(contentOps.members, {
        q: q || undefined,
        groupBy,
        subdivisionId: subdivisionId || undefined,
        cursor: pageParam,
        limit: 20,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // while a new search runs, the previous results stay on screen instead of a skeleton
    placeholderData: (previous) => previous,
  });
}

export function useMemberRegions() {
  return useQuery({ retry, queryKey: contentKeys.regions, queryFn: () => readContent(contentOps.memberRegions, {}) });
}

export function useMember(id: string) {
  return useQuery({
    retry,
    queryKey: contentKeys.member(id),
    queryFn: () => readContent(contentOps.member, { id }),
    enabled: id !== '',
  });
}

export function useWebviewCheck(url: string, enabled: boolean) {
  return useQuery({
    retry,
    queryKey: contentKeys.webviewCheck(url),
    queryFn: () => readContent(contentOps.webviewCheck, { url }),
    enabled,
  });
}

export function useWebviewHosts() {
  return useQuery({ retry, queryKey: contentKeys.webviewHosts, queryFn: () => readContent(contentOps.webviewHosts, {}) });
}
