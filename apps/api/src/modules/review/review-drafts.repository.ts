import type { Kysely } from 'kysely';
import type { Database, ReviewDraftsTable } from '../../db/schema.js';
import { REVIEWABLE } from './review.repository.js';

/** SQL for reviewers' score-sheet drafts and their own assignment list. Every method takes the executor. */

export type ReviewDraftRow = ReviewDraftsTable;

export const reviewDraftsRepository = {
  draft(db: Kysely<Database>, applicationId: string, reviewerId: string): Promise<ReviewDraftRow | undefined> {
    return db
      .selectFrom('review_drafts')
      .selectAll()
      .where('application_id', '=', applicationId)
      .where('reviewer_id', '=', reviewerId)
      .executeTakeFirst();
  },

  /** Inserts or replaces the reviewer's draft of the application. */
  async upsert(db: Kysely<Database>, row: ReviewDraftRow): Promise<void> {
    await db
      .insertInto('review_drafts')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['application_id', 'reviewer_id']).doUpdateSet({
          scores_json: row.scores_json,
          recommendation: row.recommendation,
          comment_to_applicant: row.comment_to_applicant,
          private_note: row.private_note,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  },

  async delete(db: Kysely<Database>, applicationId: string, reviewerId: string): Promise<void> {
    await db.deleteFrom('review_drafts').where('application_id', '=', applicationId).where('reviewer_id', '=', reviewerId).execute();
  },

  /**
   * The reviewer's assignments on applications still with the reviewers, in the order they were
   * assigned (ties by application id), each with whether they reviewed it and hold a draft of it.
   * At most a few hundred rows per reviewer in a round: read whole, by the reviewer's index.
   */
  myAssignments(db: Kysely<Database>, reviewerId: string) {
    return db
      .selectFrom('review_assignments as ra')
      .innerJoin('applications as a', 'a.id', 'ra.application_id')
      .leftJoin('reviews as rv', (j) => j.onRef('rv.application_id', '=', 'ra.application_id').onRef('rv.reviewer_id', '=', 'ra.reviewer_id'))
      .leftJoin('review_drafts as d', (j) => j.onRef('d.application_id', '=', 'ra.application_id').onRef('d.reviewer_id', '=', 'ra.reviewer_id'))
      .select(['a.id', 'a.kind', 'a.title', 'rv.id as review_id', 'rv.needs_rescore', 'd.updated_at as draft_at'])
      .where('ra.reviewer_id', '=', reviewerId)
      .where('a.status', 'in', [...REVIEWABLE])
      .orderBy('ra.assigned_at')
      .orderBy('ra.application_id')
      .execute();
  },
};
