import { type Kysely, sql } from 'kysely';
import type { AssignMethod, Database } from '../../db/schema.js';
import { onCurrentRubric, REVIEWABLE } from './review.repository.js';

/**
 * SQL for who reviews what: assignments, the reviewers they may go to and their loads, and declared
 * conflicts of interest. Every method takes the executor. The reviews themselves are
 * review.repository.ts; the console's matrix view of assignments is assignment-matrix.repository.ts.
 */

export interface ReviewerRow {
  id: string;
  nickname: string;
  mobile: string;
  status: 'active' | 'disabled';
  organization: string | null;
  isReviewer: boolean;
}

export const assignmentsRepository = {
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
};
