import { type Kysely, sql } from 'kysely';
import { onCurrentRubric } from './review.repository.js';
import type { ApplicationKind, ApplicationStatus, Decision } from '@qgw/contracts';
import type { Database } from '../../db/schema.js';

/**
 * Who is ranked: entries still to be decided, and those already decided on their merits (an
 * approval released earlier holds one of the places). Drafts, returned and withdrawn entries are
 * not candidates now.
 */
export const RANKED_STATUSES: readonly ApplicationStatus[] = ['submitted', 'under_review', 'approved', 'rejected'];

export interface RankedRow {
  id: string;
  version: number;
  title: string;
  applicant_name: string | null;
  status: ApplicationStatus;
  theme_id: string | null;
  theme_name: string | null;
  mobile: string;
  reviews: number;
  /** the mean in hundredths of a point, rounded half up; null before any review */
  mean_c: number | null;
  lo: number | null;
  hi: number | null;
  /** Σ total and Σ total², for the standard deviation */
  sum: number | null;
  squares: number | null;
  /** 1-based, ties sharing it; meaningless when mean_c is null */
  place: number;
  /** how many share this mean */
  tie_size: number;
  staged_decision: Decision | null;
  staged_reason: string | null;
}

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export const rankingRepository = {
  /**
   * The candidates of one kind of a programme (of one theme, or all), best mean first, with their
   * review statistics and rank. Totals are stored to two decimals, so their sum in hundredths is an
   * exact integer; the mean is then rounded in integer arithmetic, (2s + n) div 2n, alike on both
   * databases (no floating-point ties that one database sees and the other does not).
   */
  async ranked(db: Kysely<Database>, f: { programmeId: string; kind: ApplicationKind; themeId?: string | undefined }): Promise<RankedRow[]> {
    const rows = await db
      .with('agg', (qb) => {
        let q = qb
          .selectFrom('applications as a')
          .leftJoin('reviews as rv', (j) => j.onRef('rv.application_id', '=', 'a.id').on(onCurrentRubric('rv')))
          .select((eb) => [
            'a.id',
            eb.fn.count<number | string>('rv.id').as('reviews'),
            sql<number | string | null>`cast(sum(round(rv.total * 100)) as bigint)`.as('hundredths'),
            eb.fn.min('rv.total').as('lo'),
            eb.fn.max('rv.total').as('hi'),
            eb.fn.sum<number | null>('rv.total').as('sum'),
            sql<number | null>`sum(rv.total * rv.total)`.as('squares'),
          ])
          .where('a.programme_id', '=', f.programmeId)
          .where('a.kind', '=', f.kind)
          .where('a.status', 'in', [...RANKED_STATUSES]);
        if (f.themeId) q = q.where('a.theme_id', '=', f.themeId);
        return q.groupBy('a.id');
      })
      .with('m', (qb) =>
        qb
          .selectFrom('agg')
          .selectAll('agg')
          .select(sql<number | string | null>`case when agg.reviews > 0 then (2 * agg.hundredths + agg.reviews) / (2 * agg.reviews) end`.as('mean_c')),
      )
      .selectFrom('m')
      .innerJoin('applications as a', 'a.id', 'm.id')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .leftJoin('themes as th', 'th.id', 'a.theme_id')
      .leftJoin('staged_decisions as sd', 'sd.application_id', 'a.id')
      .select([
        'a.id', 'a.version', 'a.title', 'a.applicant_name', 'a.status', 'a.theme_id', 'th.name as theme_name', 'u.mobile',
        'm.reviews', 'm.mean_c', 'm.lo', 'm.hi', 'm.sum', 'm.squares', 'sd.decision as staged_decision', 'sd.reason as staged_reason',
        // unreviewed rows last on both databases (their NULLS default differs)
        sql<number | string>`rank() over (order by case when m.mean_c is null then 1 else 0 end, m.mean_c desc)`.as('place'),
        sql<number | string>`count(*) over (partition by m.mean_c)`.as('tie_size'),
      ])
      .orderBy(sql`case when m.mean_c is null then 1 else 0 end`)
      .orderBy('m.mean_c', 'desc')
      .orderBy('a.submitted_at')
      .orderBy('a.id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      version: num(r.version),
      title: r.title,
      applicant_name: r.applicant_name,
      status: r.status,
      theme_id: r.theme_id,
      theme_name: r.theme_name,
      mobile: r.mobile,
      reviews: num(r.reviews),
      mean_c: numOrNull(r.mean_c),
      lo: numOrNull(r.lo),
      hi: numOrNull(r.hi),
      sum: numOrNull(r.sum),
      squares: numOrNull(r.squares),
      place: num(r.place),
      tie_size: num(r.tie_size),
      staged_decision: r.staged_decision,
      staged_reason: r.staged_reason,
    }));
  },
};
