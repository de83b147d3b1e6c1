import { type Kysely, type SqlBool, sql } from 'kysely';
import type { ApplicationKind, ApplicationStatus, Decision, ReviewRecommendation } from '@qgw/contracts';
import type { AssignMethod, Database, ReviewsTable, StagedDecisionsTable } from '../../db/schema.js';
import type { ApplicationRow } from '../applications/applications.module.js';

/** The largest value of the INTEGER column `applications.version` on PostgreSQL. */
const MAX_VERSION = 2_147_483_647;

/** SQL for assignments, conflicts, reviews and staged decisions. Every method takes the executor. */

export const REVIEWABLE: readonly ApplicationStatus[] = ['submitted', 'under_review'];

export type ReviewRow = ReviewsTable;

/**
 * The one rule for which reviews count: those scored against their kind's current rubric version.
 * A review flagged by 另存为新版本 (needs_rescore) is left out of every count, mean, spread and
 * ranking until its reviewer submits it again, so totals under different rubrics never mix.
 * `alias` names the reviews table in the query (`rv`, or `reviews` when unaliased).
 */
export const onCurrentRubric = (alias: string) => sql<SqlBool>`${sql.ref(`${alias}.needs_rescore`)} = 0`;
export type StagedRow = StagedDecisionsTable;

export interface ReviewerRow {
  id: string;
  nickname: string;
  mobile: string;
  status: 'active' | 'disabled';
  organization: string | null;
  isReviewer: boolean;
}

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

  async isAssigned(db: Kysely<Database>, applicationId: string, reviewerId: string): Promise<boolean> {
    const row = await db
      .selectFrom('review_assignments')
      .select('application_id')
      .where('application_id', '=', applicationId)
      .where('reviewer_id', '=', reviewerId)
      .executeTakeFirst();
    return row !== undefined;
  },

  assignments(db: Kysely<Database>, applicationId: string) {
    return db
      .selectFrom('review_assignments as ra')
      .innerJoin('users as u', 'u.id', 'ra.reviewer_id')
      .select(['ra.reviewer_id', 'u.nickname', 'ra.assigned_at', 'ra.method'])
      .where('ra.application_id', '=', applicationId)
      .orderBy('ra.assigned_at')
      .orderBy('ra.reviewer_id')
      .execute();
  },

  /** The users with these ids, with what the assignment rules need. */
  async reviewers(db: Kysely<Database>, where: { ids?: string[]; mobiles?: string[]; allActive?: boolean }): Promise<ReviewerRow[]> {
    let q = db
      .selectFrom('users as u')
      .leftJoin('reviewer_profiles as p', 'p.user_id', 'u.id')
      .select((eb) => [
        'u.id',
        'u.nickname',
        'u.mobile',
        'u.status',
        'p.organization',
        eb
          .exists(eb.selectFrom('user_roles as r').select('r.user_id').whereRef('r.user_id', '=', 'u.id').where('r.role', '=', 'reviewer'))
          .as('is_reviewer'),
      ]);
    if (where.ids) {
      if (where.ids.length === 0) return [];
      q = q.where('u.id', 'in', where.ids);
    }
    if (where.mobiles) {
      if (where.mobiles.length === 0) return [];
      q = q.where('u.mobile', 'in', where.mobiles);
    }
    if (where.allActive) {
      q = q
        .where('u.status', '=', 'active')
        .where('u.id', 'in', (eb) => eb.selectFrom('user_roles').select('user_id').where('role', '=', 'reviewer'));
    }
    const rows = await q.orderBy('u.id').execute();
    return rows.map((r) => ({
      id: r.id,
      nickname: r.nickname,
      mobile: r.mobile,
      status: r.status,
      organization: r.organization,
      // SQLite answers 0/1, PostgreSQL a boolean
      isReviewer: Boolean(r.is_reviewer),
    }));
  },

  /** Open assignments per reviewer (on applications still to be decided), and how many are reviewed. */
  async loads(db: Kysely<Database>, reviewerIds?: string[]): Promise<Map<string, { load: number; reviewed: number }>> {
    let q = db
      .selectFrom('review_assignments as ra')
      .innerJoin('applications as a', 'a.id', 'ra.application_id')
      .leftJoin('reviews as rv', (j) =>
        j.onRef('rv.application_id', '=', 'ra.application_id').onRef('rv.reviewer_id', '=', 'ra.reviewer_id').on(onCurrentRubric('rv')),
      )
      .select((eb) => ['ra.reviewer_id', eb.fn.countAll<string | number>().as('load'), eb.fn.count<string | number>('rv.id').as('reviewed')])
      .where('a.status', 'in', [...REVIEWABLE])
      .groupBy('ra.reviewer_id');
    if (reviewerIds) {
      if (reviewerIds.length === 0) return new Map();
      q = q.where('ra.reviewer_id', 'in', reviewerIds);
    }
    const rows = await q.execute();
    return new Map(rows.map((r) => [r.reviewer_id, { load: Number(r.load), reviewed: Number(r.reviewed) }]));
  },

  /** Organisations the applicant gave in any of their applications (a works entry carries none itself). */
  async applicantOrganizations(db: Kysely<Database>, userId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('applications')
      .select('organization')
      .where('user_id', '=', userId)
      .where('organization', 'is not', null)
      .where('status', '<>', sql.lit('withdrawn'))
      .execute();
    return rows.flatMap((r) => (r.organization ? [r.organization] : []));
  },

  async declaredConflict(db: Kysely<Database>, applicationId: string, reviewerId: string): Promise<boolean> {
    const row = await db
      .selectFrom('review_conflicts')
      .select('reviewer_id')
      .where('application_id', '=', applicationId)
      .where('reviewer_id', '=', reviewerId)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Inserts the assignment unless it exists; true when this call created it. */
  async insertAssignment(
    db: Kysely<Database>,
    a: { applicationId: string; reviewerId: string; method: AssignMethod; by: string; at: string },
  ): Promise<boolean> {
    const res = await db
      .insertInto('review_assignments')
      .values({ application_id: a.applicationId, reviewer_id: a.reviewerId, method: a.method, assigned_by: a.by, assigned_at: a.at })
      .onConflict((oc) => oc.columns(['application_id', 'reviewer_id']).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  async deleteAssignment(db: Kysely<Database>, applicationId: string, reviewerId: string): Promise<boolean> {
    const res = await db
      .deleteFrom('review_assignments')
      .where('application_id', '=', applicationId)
      .where('reviewer_id', '=', reviewerId)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  },

  async insertConflict(db: Kysely<Database>, c: { applicationId: string; reviewerId: string; reason: string; at: string }) {
    await db
      .insertInto('review_conflicts')
      .values({ application_id: c.applicationId, reviewer_id: c.reviewerId, reason: c.reason, declared_at: c.at })
      .onConflict((oc) => oc.columns(['application_id', 'reviewer_id']).doNothing())
      .execute();
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

  staged(db: Kysely<Database>, applicationId: string) {
    return db
      .selectFrom('staged_decisions as sd')
      .innerJoin('users as u', 'u.id', 'sd.staged_by')
      .selectAll('sd')
      .select('u.nickname')
      .where('sd.application_id', '=', applicationId)
      .executeTakeFirst();
  },

  /**
   * Bumps the application's version if it is still at `version` and open to a decision; the new
   * version, or null when another change came first.
   */
  async bumpVersion(db: Kysely<Database>, id: string, version: number): Promise<number | null> {
    // versions are 32-bit integers in the database: a larger one matches no row, and PostgreSQL
    // would refuse the comparison itself (a 500 where SQLite answered CONFLICT)
    if (!Number.isInteger(version) || version < 0 || version > MAX_VERSION) return null;
    const row = await db
      .updateTable('applications')
      .set({ version: sql<number>`version + 1` })
      .where('id', '=', id)
      .where('version', '=', version)
      .where('status', 'in', [...REVIEWABLE])
      .returning('version')
      .executeTakeFirst();
    return row ? Number(row.version) : null;
  },

  async upsertStaged(db: Kysely<Database>, row: Omit<StagedRow, 'decision'> & { decision: Decision }): Promise<void> {
    await db
      .insertInto('staged_decisions')
      .values(row)
      .onConflict((oc) =>
        oc.column('application_id').doUpdateSet({
          decision: row.decision,
          reason: row.reason,
          staged_by: row.staged_by,
          staged_at: row.staged_at,
          app_version: row.app_version,
        }),
      )
      .execute();
  },

  async deleteStaged(db: Kysely<Database>, applicationId: string): Promise<void> {
    await db.deleteFrom('staged_decisions').where('application_id', '=', applicationId).execute();
  },

  /** Every staged decision with its application and who staged it, oldest first. */
  stagedList(db: Kysely<Database>, kind?: ApplicationKind, programmeId?: string) {
    let q = db
      .selectFrom('staged_decisions as sd')
      .innerJoin('applications as a', 'a.id', 'sd.application_id')
      .innerJoin('users as u', 'u.id', 'sd.staged_by')
      .select([
        'sd.application_id', 'sd.decision', 'sd.reason', 'sd.staged_by', 'sd.staged_at', 'u.nickname',
        'a.kind', 'a.title', 'a.applicant_name', 'a.status', 'a.version', 'a.programme_id',
      ]);
    if (kind) q = q.where('a.kind', '=', kind);
    if (programmeId) q = q.where('a.programme_id', '=', programmeId);
    return q.orderBy('sd.staged_at').orderBy('sd.application_id').execute();
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

  /**
   * Releases a staged decision: the application moves to `to` if it is still at the staged version
   * and open to a decision. The new version, or null when something changed since staging.
   */
  async release(
    db: Kysely<Database>,
    p: { applicationId: string; stagedVersion: number; to: ApplicationStatus; reason: string | null; now: string },
  ): Promise<number | null> {
    const updated = await db
      .updateTable('applications')
      .set((eb) => ({
        status: p.to,
        reason: p.reason,
        decided_at: p.now,
        updated_at: p.now,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', p.applicationId)
      .where('version', '=', p.stagedVersion)
      .where('status', 'in', [...REVIEWABLE])
      .returning('version')
      .executeTakeFirst();
    return updated ? Number(updated.version) : null;
  },
};
