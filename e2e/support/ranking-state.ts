/**
 * TEST SUPPORT ONLY — reviews with chosen totals for the ranking journey, whose subject is what the
 * committee does with scores, not the scoring form (console-review.spec.ts scores through the UI).
 * Opens the running app server's SQLite database (DATA_DIR from the stack launcher) and writes
 * through the server's own repository code: the move to under_review with its audit record, the
 * demo reviewer's assignment, and a review whose scores give the total on the kind's seeded rubric.
 */
import { join } from 'node:path';
import type { ApplicationKind } from '@qgw/contracts';
import { isoAt, systemClock } from '../../apps/api/src/clock.js';
import { openDatabase } from '../../apps/api/src/db/index.js';
import { newRowId } from '../../apps/api/src/db/row-id.js';
import { assignmentsRepository } from '../../apps/api/src/modules/review/assignments.repository.js';
import { reviewRepository } from '../../apps/api/src/modules/review/review.repository.js';
import { rubricOf, rubricVersionOf, weightedTotal } from '../../apps/api/src/modules/review/rubric.js';
import { reviewTo } from '../../apps/api/test/support/review.js';
import { readStackData } from './stack-data.js';

const reviewerMobile = '13800000002';

/**
 * The demo reviewer reviews the user's latest `kind` application, scoring every criterion at
 * `fraction` of its maximum (in halves): the weighted total is then fraction × 100. Answers it.
 */
export async function reviewWithTotal(mobile: string, kind: ApplicationKind, fraction: number): Promise<number> {
  const { db, destroy } = openDatabase({ sqliteFile: join(readStackData().appDataDir, 'app.db') });
  try {
    const app = await db
      .selectFrom('applications')
      .innerJoin('users', 'users.id', 'applications.user_id')
      .select(['applications.id as id', 'applications.status as status', 'applications.programme_id as programme_id'])
      .where('users.mobile', '=', mobile)
      .where('applications.kind', '=', kind)
      .orderBy('applications.updated_at', 'desc')
      .executeTakeFirstOrThrow();
    const reviewer = await db.selectFrom('users').select('id').where('mobile', '=', reviewerMobile).executeTakeFirstOrThrow();
    if (app.status === 'submitted') await reviewTo(db, systemClock, app.id, 'under_review', { actorId: reviewer.id });
    const now = isoAt(systemClock());
    await assignmentsRepository.insertAssignment(db, { applicationId: app.id, reviewerId: reviewer.id, method: 'manual', by: reviewer.id, at: now });
    const rubric = await rubricOf(db, kind, app.programme_id);
    const scores = Object.fromEntries(rubric.map((c) => [c.id, Math.round(c.maxScore * fraction * 2) / 2]));
    const total = weightedTotal(rubric, scores);
    await reviewRepository.upsertReview(db, {
      id: newRowId(),
      application_id: app.id,
      reviewer_id: reviewer.id,
      scores_json: JSON.stringify(scores),
      total,
      recommendation: 'approve',
      comment_to_applicant: '',
      private_note: '',
      submitted_at: now,
      updated_at: now,
      rubric_version: await rubricVersionOf(db, kind, app.programme_id),
      needs_rescore: 0,
    });
    return total;
  } finally {
    await destroy();
  }
}
