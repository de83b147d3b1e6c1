/**
 * TEST SUPPORT ONLY — the review side for the browser journeys, until the review console exists.
 * Opens the running app server's own SQLite database (its DATA_DIR comes from the stack launcher)
 * and moves an application with the server's repository code, through the same guarded update and
 * audit record the server tests use (apps/api/test/support/review.ts). No endpoint of the product
 * is involved, and nothing in the product imports this.
 */
import { join } from 'node:path';
import type { ApplicationKind, ApplicationStatus } from '@qgw/contracts';
import { systemClock } from '../../apps/api/src/clock.js';
import { openDatabase } from '../../apps/api/src/db/index.js';
import { reviewTo, type ReviewOutcome } from '../../apps/api/test/support/review.js';
import { readStackData } from './stack-data.js';

/** The demo reviewer: the review side acts in their name, as a real reviewer would. */
const reviewerMobile = '13800000002';

export interface MovedApplication {
  id: string;
  status: ApplicationStatus;
  version: number;
}

/**
 * Moves the user's latest application of `kind` that is with the reviewers (submitted or under
 * review) to `to`, passing through under_review as the review side does. `reason` goes with a
 * return or a rejection and is what the applicant is shown.
 */
export async function reviewApplication(
  mobile: string,
  kind: ApplicationKind,
  to: ReviewOutcome,
  reason?: string,
): Promise<MovedApplication> {
  const { db, destroy } = openDatabase({ sqliteFile: join(readStackData().appDataDir, 'app.db') });
  try {
    const row = await db
      .selectFrom('applications')
      .innerJoin('users', 'users.id', 'applications.user_id')
      .select(['applications.id as id', 'applications.status as status'])
      .where('users.mobile', '=', mobile)
      .where('applications.kind', '=', kind)
      .where('applications.status', 'in', ['submitted', 'under_review'])
      .orderBy('applications.updated_at', 'desc')
      .executeTakeFirst();
    if (!row) throw new Error(`${mobile} has no ${kind} application with the reviewers`);
    const reviewer = await db.selectFrom('users').select('id').where('mobile', '=', reviewerMobile).executeTakeFirstOrThrow();
    const actor = { actorId: reviewer.id };
    if (row.status === 'submitted') await reviewTo(db, systemClock, row.id, 'under_review', actor);
    if (to !== 'under_review') await reviewTo(db, systemClock, row.id, to, { ...actor, ...(reason !== undefined ? { reason } : {}) });
    const after = await db
      .selectFrom('applications')
      .select(['id', 'status', 'version'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    return { id: after.id, status: after.status as ApplicationStatus, version: after.version };
  } finally {
    await destroy();
  }
}
