import { type Kysely, type RawBuilder, sql, type SqlBool } from 'kysely';
import { type ApplicationKind, type ApplicationStatus, reviewerReminderTitle } from '@qgw/contracts';
import type { Database } from '../../db/schema.js';

/** SQL for the assignment matrix, its coverage and reviewer activity, and reminders. Every method takes the executor. */

export interface MatrixFilter {
  /** one season's applications (membership, having none, is left out) */
  programmeId?: string | undefined;
  kind?: ApplicationKind | undefined;
  themeId?: string | undefined;
  statuses: readonly ApplicationStatus[];
  /** only rows with fewer assignments than their kind's target (the targets to compare with) */
  belowTargets?: Record<ApplicationKind, number> | undefined;
}

type Pair = { application_id: string; reviewer_id: string };

/** How many reviewers are assigned to the row of `applications as a`. */
const assignedCount = sql<number>`(select count(*) from review_assignments ra where ra.application_id = a.id)`;

/** The kind's target for the row of `applications as a`, from the settings passed in. */
function targetOf(targets: Record<ApplicationKind, number>): RawBuilder<number> {
  const whens = Object.entries(targets).map(([kind, n]) => sql`when ${kind} then ${sql.lit(n)}`);
  return sql<number>`(case a.kind ${sql.join(whens, sql` `)} else 0 end)`;
}

function filtered(db: Kysely<Database>, f: MatrixFilter) {
  let q = db.selectFrom('applications as a').where('a.status', 'in', [...f.statuses]);
  if (f.programmeId) q = q.where('a.programme_id', '=', f.programmeId);
  if (f.kind) q = q.where('a.kind', '=', f.kind);
  if (f.themeId) q = q.where('a.theme_id', '=', f.themeId);
  if (f.belowTargets) q = q.where(sql<SqlBool>`${assignedCount} < ${targetOf(f.belowTargets)}`);
  return q;
}

const pairsOf = (db: Kysely<Database>, table: 'review_assignments' | 'reviews' | 'review_conflicts', ids: string[]): Promise<Pair[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom(table).select(['application_id', 'reviewer_id']).where('application_id', 'in', ids).execute();

export const assignmentMatrixRepository = {
  async count(db: Kysely<Database>, f: MatrixFilter): Promise<number> {
    const r = await filtered(db, f).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  },

  /** One page of rows, by kind then oldest submission first (the order a round is worked through). */
  page(db: Kysely<Database>, f: MatrixFilter, offset: number, limit: number) {
    return filtered(db, f)
      .leftJoin('themes as th', 'th.id', 'a.theme_id')
      .select((eb) => [
        'a.id', 'a.kind', 'a.status', 'a.title', 'a.applicant_name', 'a.user_id', 'th.name as theme_name',
        eb.selectFrom('users as u').select('u.mobile').whereRef('u.id', '=', 'a.user_id').as('mobile'),
        assignedCount.as('assigned'),
      ])
      .orderBy('a.kind')
      .orderBy('a.submitted_at')
      .orderBy('a.id')
      .offset(offset)
      .limit(limit)
      .execute();
  },

  /** Assignments, reviews and declared conflicts of these applications. */
  async cells(db: Kysely<Database>, ids: string[]) {
    const [assignments, reviews, conflicts] = await Promise.all([
      pairsOf(db, 'review_assignments', ids),
      pairsOf(db, 'reviews', ids),
      pairsOf(db, 'review_conflicts', ids),
    ]);
    return { assignments, reviews, conflicts };
  },

  /** Organisations each of these applicants gave in any of their applications (the conflict rule's). */
  async applicantOrganizations(db: Kysely<Database>, userIds: string[]): Promise<Array<{ user_id: string; organization: string }>> {
    if (userIds.length === 0) return [];
    const rows = await db
      .selectFrom('applications')
      .select(['user_id', 'organization'])
      .where('user_id', 'in', userIds)
      .where('organization', 'is not', null)
      .where('status', '<>', sql.lit('withdrawn'))
      .execute();
    return rows.flatMap((r) => (r.organization ? [{ user_id: r.user_id, organization: r.organization }] : []));
  },

  /** Every application awaiting a decision (of the season, if one is given) with its kind and number of reviewers: the coverage's input. */
  coverageRows(db: Kysely<Database>, statuses: readonly ApplicationStatus[], programmeId?: string) {
    let q = db
      .selectFrom('applications as a')
      .select(['a.id', 'a.kind', assignedCount.as('assigned')])
      .where('a.status', 'in', [...statuses]);
    if (programmeId) q = q.where('a.programme_id', '=', programmeId);
    return q
      .orderBy('a.kind')
      .orderBy('a.submitted_at')
      .orderBy('a.id')
      .execute();
  },

  /** Per reviewer, the last time a review of theirs was submitted or changed. */
  async lastReviews(db: Kysely<Database>, reviewerIds: string[]): Promise<Map<string, string>> {
    if (reviewerIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('reviews')
      .select((eb) => ['reviewer_id', eb.fn.max('updated_at').as('at')])
      .where('reviewer_id', 'in', reviewerIds)
      .groupBy('reviewer_id')
      .execute();
    return new Map(rows.flatMap((r) => (r.at ? [[r.reviewer_id, r.at] as const] : [])));
  },

  /** Per user, the last request of a console session past the second factor. */
  async lastSeen(db: Kysely<Database>, userIds: string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('console_verifications')
      .select((eb) => ['user_id', eb.fn.max('last_seen_at').as('at')])
      .where('user_id', 'in', userIds)
      .groupBy('user_id')
      .execute();
    return new Map(rows.flatMap((r) => (r.at ? [[r.user_id, r.at] as const] : [])));
  },

  /** Per user, when the last reminder reached them (the reminder is the in-app notification itself). */
  async lastReminded(db: Kysely<Database>, userIds: string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('notifications')
      .select((eb) => ['user_id', eb.fn.max('created_at').as('at')])
      .where('user_id', 'in', userIds)
      .where('title', '=', reviewerReminderTitle)
      .where('application_id', 'is', null)
      .groupBy('user_id')
      .execute();
    return new Map(rows.flatMap((r) => (r.at ? [[r.user_id, r.at] as const] : [])));
  },

  /** The user's latest unread reminder. */
  latestUnreadReminder(db: Kysely<Database>, userId: string) {
    return db
      .selectFrom('notifications')
      .select(['id', 'title', 'body', 'created_at'])
      .where('user_id', '=', userId)
      .where('title', '=', reviewerReminderTitle)
      .where('application_id', 'is', null)
      .where('read_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  /**
   * Holds the user's row for the rest of the transaction (a no-op UPDATE: the row's lock on
   * PostgreSQL; SQLite runs one write transaction at a time), so that two admins reminding the same
   * reviewer at once are taken one after the other and the second sees the first's reminder.
   */
  async holdUser(db: Kysely<Database>, userId: string): Promise<void> {
    await db.updateTable('users').set((eb) => ({ status: eb.ref('status') })).where('id', '=', userId).execute();
  },
};
