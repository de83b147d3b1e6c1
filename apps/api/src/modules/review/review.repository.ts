import { type Kysely, type SqlBool, sql } from 'kysely';
import type { ApplicationStatus, ReviewRecommendation } from '@qgw/contracts';
import type { Database, ReviewsTable } from '../../db/schema.js';
import type { ApplicationRow } from '../applications/applications.module.js';

/**
 * SQL for reviews and for the application a review is about (reading it, holding its row, starting
 * its review). Every method takes the executor. Who reviews what is assignments.repository.ts, the
 * staged decisions staged-decisions.repository.ts; the rules all three share (which statuses are
 * open to review, which reviews count) are here.
 */

export const REVIEWABLE: readonly ApplicationStatus[] = ['submitted', 'under_review'];

export type ReviewRow = ReviewsTable;

/**
 * The one rule for which reviews count: those scored against their kind's current rubric version.
 * A review flagged by 另存为新版本 (needs_rescore) is left out of every count, mean, spread and
 * ranking until its reviewer submits it again, so totals under different rubrics never mix.
 * `alias` names the reviews table in the query (`rv`, or `reviews` when unaliased).
 */
export const onCurrentRubric = (alias: string) => sql<SqlBool>`${sql.ref(`${alias}.needs_rescore`)} = 0`;

export const reviewRepository = {
  application(db: Kysely<Database>, id: string): Promise<ApplicationRow | undefined> {
    return db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirst();
  },

  applications(db: Kysely<Database>, ids: string[]): Promise<ApplicationRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('applications').selectAll().where('id', 'in', ids).execute();
  },

  /**
   * Holds the application for the rest of the transaction while it is under review: an UPDATE that
   * changes nothing but takes the row's lock on PostgreSQL, so that a release, return or withdrawal
   * writing the row waits for this transaction or has already committed (SQLite runs one write
   * transaction at a time). False when the application is no longer under review.
   */
  async holdUnderReview(db: Kysely<Database>, applicationId: string): Promise<boolean> {
    const r = await db
      .updateTable('applications')
      .set((eb) => ({ status: eb.ref('status') }))
      .where('id', '=', applicationId)
      .where('status', '=', 'under_review')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /**
   * Holds the application's row for the rest of the transaction, whatever its status (the same
   * no-op UPDATE as holdUnderReview). Whatever changes who reviews an application, or its reviews,
   * takes this first, so that on PostgreSQL those changes and a review being written wait for one
   * another instead of each acting on what it read before the other committed.
   */
  async holdApplication(db: Kysely<Database>, applicationId: string): Promise<void> {
    await db.updateTable('applications').set((eb) => ({ status: eb.ref('status') })).where('id', '=', applicationId).execute();
  },

  /** submitted → under_review, bumping the version; null when it was not submitted (already under review). */
  async startReview(db: Kysely<Database>, id: string, at: string): Promise<{ from: number; to: number } | null> {
    const row = await db
      .updateTable('applications')
      .set({ status: 'under_review', version: sql<number>`version + 1`, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'submitted')
      .returning('version')
      .executeTakeFirst();
    return row ? { from: Number(row.version) - 1, to: Number(row.version) } : null;
  },

  /** Submitted reviews of the application on the current rubric. */
  async reviewCount(db: Kysely<Database>, applicationId: string): Promise<number> {
    const row = await db
      .selectFrom('reviews')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('application_id', '=', applicationId)
      .where(onCurrentRubric('reviews'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  reviewsOf(db: Kysely<Database>, applicationId: string, reviewerId?: string) {
    let q = db
      .selectFrom('reviews as rv')
      .innerJoin('users as u', 'u.id', 'rv.reviewer_id')
      .selectAll('rv')
      .select('u.nickname')
      .where('rv.application_id', '=', applicationId);
    if (reviewerId) q = q.where('rv.reviewer_id', '=', reviewerId);
    return q.orderBy('rv.submitted_at').orderBy('rv.id').execute();
  },

  /** Inserts or replaces the reviewer's review of the application. */
  async upsertReview(
    db: Kysely<Database>,
    r: Omit<ReviewRow, 'recommendation'> & { recommendation: ReviewRecommendation },
  ): Promise<void> {
    await db
      .insertInto('reviews')
      .values(r)
      .onConflict((oc) =>
        oc.columns(['application_id', 'reviewer_id']).doUpdateSet({
          scores_json: r.scores_json,
          total: r.total,
          recommendation: r.recommendation,
          comment_to_applicant: r.comment_to_applicant,
          private_note: r.private_note,
          updated_at: r.updated_at,
          rubric_version: r.rubric_version,
          needs_rescore: r.needs_rescore,
        }),
      )
      .execute();
  },

  async deleteReview(db: Kysely<Database>, applicationId: string, reviewerId: string): Promise<void> {
    await db.deleteFrom('reviews').where('application_id', '=', applicationId).where('reviewer_id', '=', reviewerId).execute();
  },

  review(db: Kysely<Database>, applicationId: string, reviewerId: string): Promise<ReviewRow | undefined> {
    return db.selectFrom('reviews').selectAll().where('application_id', '=', applicationId).where('reviewer_id', '=', reviewerId).executeTakeFirst();
  },

  /** The review totals of these applications (on the current rubric). */
  reviewTotals(db: Kysely<Database>, applicationIds: string[]) {
    return db
      .selectFrom('reviews')
      .select(['application_id', 'total'])
      .where('application_id', 'in', applicationIds)
      .where(onCurrentRubric('reviews'))
      .execute();
  },

  /** The reviewers' comments to the applicant, in the order they were submitted. */
  async commentsToApplicant(db: Kysely<Database>, applicationId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('reviews')
      .select('comment_to_applicant')
      .where('application_id', '=', applicationId)
      .orderBy('submitted_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => r.comment_to_applicant);
  },
};
