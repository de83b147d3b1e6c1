import type { ConsoleQueueItem } from '@qgw/contracts';
import { reviewStrings } from '../strings.js';

const t = reviewStrings.queueTable;

/** A score to one decimal, or a dash where there is none yet. */
export const score = (n: number | null): string => (n === null ? t.none : n.toFixed(1));

/** The applicant as the queue names them: name and masked mobile, or nothing in blind review. */
export const applicantOf = (item: ConsoleQueueItem): string | null =>
  item.applicantName === null && item.mobileMasked === null ? null : [item.applicantName, item.mobileMasked].filter(Boolean).join(' · ');

/** "2/3": submitted reviews over reviewers assigned now. */
export const reviewsOf = (item: ConsoleQueueItem): string => t.reviewsOf(item.reviewCount, item.assignedCount ?? 0);
