import { type Kysely, sql } from 'kysely';
import type { ApplicationStatus, RankingKind } from '@qgw/contracts';
import type { Database } from '../../db/schema.js';

/** The kinds whose forms carry 所在地区 (the personal information block). */
export const REGION_KINDS: readonly RankingKind[] = ['rank_user', 'person'];

export interface DashboardApplicationRow {
  kind: RankingKind;
  status: ApplicationStatus;
  submitted_at: string | null;
  assigned: number;
  reviews: number;
  /** the mean of the weighted totals in hundredths, rounded half up; null before any review */
  mean_c: number | null;
}

const num = (v: unknown): number => Number(v);

export const dashboardRepository = {
  /**
   * Every application of the programme past the draft, with its reviewer and review counts and its
   * mean total. One row each: a round is hundreds of applications, and the service buckets them
   * (Beijing days, bins) in TypeScript so both databases agree without dialect date arithmetic. The
   * mean is rounded in integer arithmetic as the ranking does (ranking.repository.ts).
   */
  async applications(db: Kysely<Database>, f: { programmeId: string; kinds: readonly RankingKind[] }): Promise<DashboardApplicationRow[]> {
    const rows = await db
      .with('asg', (qb) =>
        qb.selectFrom('review_assignments').select((eb) => ['application_id', eb.fn.countAll<number | string>().as('n')]).groupBy('application_id'),
      )
      .with('rv', (qb) =>
        qb
          .selectFrom('reviews')
          .select((eb) => [
            'application_id',
            eb.fn.countAll<number | string>().as('n'),
            sql<number | string>`cast(sum(round(total * 100)) as bigint)`.as('hundredths'),
          ])
          .groupBy('application_id'),
      )
      .selectFrom('applications as a')
      .leftJoin('asg', 'asg.application_id', 'a.id')
      .leftJoin('rv', 'rv.application_id', 'a.id')
      .select([
        'a.kind',
        'a.status',
        'a.submitted_at',
        sql<number | string>`coalesce(asg.n, 0)`.as('assigned'),
        sql<number | string>`coalesce(rv.n, 0)`.as('reviews'),
        sql<number | string | null>`case when rv.n > 0 then (2 * rv.hundredths + rv.n) / (2 * rv.n) end`.as('mean_c'),
      ])
      .where('a.programme_id', '=', f.programmeId)
      .where('a.kind', 'in', [...f.kinds])
      .where('a.status', '!=', sql.lit('draft'))
      .execute();
    return rows.map((r) => ({
      kind: r.kind as RankingKind,
      status: r.status,
      submitted_at: r.submitted_at,
      assigned: num(r.assigned),
      reviews: num(r.reviews),
      mean_c: r.mean_c === null || r.mean_c === undefined ? null : num(r.mean_c),
    }));
  },

  /** The stored forms of the kinds that name a region (parsed by the service: JSON functions differ by database). */
  async regionForms(db: Kysely<Database>, programmeId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('applications')
      .select('data_json')
      .where('programme_id', '=', programmeId)
      .where('kind', 'in', [...REGION_KINDS])
      .where('status', '!=', sql.lit('draft'))
      .execute();
    return rows.map((r) => r.data_json);
  },
};
