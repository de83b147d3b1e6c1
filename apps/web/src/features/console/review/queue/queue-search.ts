import {
  applicationKinds, applicationStatuses, type ApplicationKind, type ApplicationStatus, type QueueSort, queueSorts, reviewLimits,
  type SortOrder, type ZConsoleQueueFilter,
} from '@qgw/contracts';
import type { z } from 'zod';

/**
 * The queue's filters and order as the screen holds them, and as the address carries them
 * (#/console/review?kind=work&sort=mean): so that opening an application and coming back, a reload
 * or a link sent to a colleague shows the same list. Only what differs from the defaults is written.
 */
export interface QueueFilters {
  /**
   * admins: '' the current season's applications, a season's id that season's, 'all' every
   * season's; membership belongs to no season, so the kind 入会申请 lists it whatever the season
   */
  season: string;
  kind: ApplicationKind | '';
  status: ApplicationStatus | '';
  themeId: string;
  q: string;
  /** admins: applications assigned to this reviewer */
  reviewerId: string;
  /** admins: '' all, 'true' no reviewer yet, 'false' some reviewer */
  unassigned: '' | 'true' | 'false';
  /** admins: '' all, 'true' a decision is staged, 'false' none is */
  staged: '' | 'true' | 'false';
  sort: QueueSort;
  order: SortOrder;
}

export const defaultFilters: QueueFilters = {
  season: '', kind: '', status: '', themeId: '', q: '', reviewerId: '', unassigned: '', staged: '', sort: 'updated', order: 'desc',
};

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined => (v !== null && (list as readonly string[]).includes(v) ? (v as T) : undefined);
const tri = (v: string | null): '' | 'true' | 'false' => (v === 'true' || v === 'false' ? v : '');

/** The filters an address asks for; anything unknown or malformed is the default (a hand-edited link must not break the screen). */
export function filtersFromSearch(params: URLSearchParams): QueueFilters {
  const id = (k: string) => {
    const v = params.get(k) ?? '';
    return ID.test(v) ? v : '';
  };
  return {
    season: id('season'),
    kind: oneOf(applicationKinds, params.get('kind')) ?? '',
    status: oneOf(applicationStatuses.filter((s) => s !== 'draft'), params.get('status')) ?? '',
    themeId: id('themeId'),
    q: (params.get('q') ?? '').trim().slice(0, reviewLimits.search.max),
    reviewerId: id('reviewerId'),
    unassigned: tri(params.get('unassigned')),
    staged: tri(params.get('staged')),
    sort: oneOf(queueSorts, params.get('sort')) ?? defaultFilters.sort,
    order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? defaultFilters.order,
  };
}

/** The address's search params for these filters: the defaults left out, in a fixed order. */
export function searchFromFilters(f: QueueFilters): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of Object.keys(defaultFilters) as Array<keyof QueueFilters>) {
    if (f[key] !== defaultFilters[key]) out.set(key, f[key]);
  }
  return out;
}

/** One text per distinct filter and order: a change of it is what clears a selection. */
export const filtersKey = (f: QueueFilters): string => searchFromFilters(f).toString();

/** The season the server is asked for: none for membership (it has no season) and for every season. */
export function seasonOfFilters(f: QueueFilters, currentSeasonId: string | undefined): string | undefined {
  if (f.kind === 'membership' || f.season === 'all') return undefined;
  return f.season || currentSeasonId;
}

/** Whether the request can go: the current season's id must be known when the filters mean it. */
export const seasonKnown = (f: QueueFilters, admin: boolean, currentSeasonId: string | undefined) =>
  !admin || f.season !== '' || f.kind === 'membership' || currentSeasonId !== undefined;

/** What the server is asked for (consoleQueue's and consoleQueueIds' filters); reviewers send no admin filters. */
export function requestFilters(f: QueueFilters, admin: boolean, currentSeasonId?: string): z.input<typeof ZConsoleQueueFilter> {
  return {
    kind: f.kind || undefined,
    status: f.status || undefined,
    themeId: f.themeId || undefined,
    q: f.q || undefined,
    ...(admin
      ? {
          programmeId: seasonOfFilters(f, currentSeasonId),
          reviewerId: f.reviewerId || undefined,
          unassigned: f.unassigned || undefined,
          staged: f.staged || undefined,
        }
      : {}),
  };
}

/**
 * The last search of this tab: the detail screen's 返回队列 and the console's nav open the bare
 * queue address, which then takes up where the admin left off (a reload keeps the address itself).
 */
let lastSearch = '';
export const rememberSearch = (search: string) => {
  lastSearch = search;
};
export const rememberedSearch = () => lastSearch;
