import type { ApplicationStatus } from '@qgw/contracts';

/**
 * What an applicant can do with a kind of entry, given their latest one: start or continue one
 * ('apply': none yet, a draft, or a withdrawn one), change a returned one ('update'), or only
 * follow its review ('locked').
 */
export type EntryMode = 'apply' | 'update' | 'locked';

export function entryModeOf(view: { status: ApplicationStatus } | null | undefined): EntryMode {
  if (!view || view.status === 'draft' || view.status === 'withdrawn') return 'apply';
  if (view.status === 'returned') return 'update';
  return 'locked';
}
