import { type Kysely, sql } from 'kysely';
import { onCurrentRubric } from './review.repository.js';
import type { Database } from '../../db/schema.js';

/** What a console queue page shows besides its applications, for the page's ids only. */
export interface PageExtras {
  reviewers: Map<string, Array<{ id: string; nickname: string }>>;
  totals: Map<string, number[]>;
  reviewedBy: Map<string, Set<string>>;
  /** reviewers whose review is on an older rubric version (counted nowhere until scored again) */
  rescoreBy: Map<string, Set<string>>;
  staged: Map<string, { decision: 'approve' | 'reject' | 'return' }>;
  themes: Map<string, string>;
}

/** One row of pageExtras' statement: which part it belongs to, then that part's columns. */
interface ExtraRow {
  /** a: an assignment (who, label = nickname), r: a review (who, total, current), s: a staged decision (label), t: a theme (label) */
  part: 'a' | 'r' | 's' | 't';
  /** the application's id; a theme's own id for part t */
  application_id: string;
  who: string | null;
  label: string | null;
  total: number | string | null;
  /** whether a review is on the current rubric (SQLite answers 0/1, PostgreSQL a boolean) */
  current: boolean | number | null;
  at: string | null;
}

/**
 * Assignments, review totals, staged decisions and theme names of the listed applications, in one
 * statement: on PostgreSQL each statement is a round trip that wakes the database's process on the
 * server's core, and a page's extras were four of them (docs/decisions/0040).
 */
export async function pageExtras(db: Kysely<Database>, ids: string[], themeIds: string[]): Promise<PageExtras> {
  const out: PageExtras = { reviewers: new Map(), totals: new Map(), reviewedBy: new Map(), rescoreBy: new Map(), staged: new Map(), themes: new Map() };
  if (ids.length === 0) return out;
  const list = sql.join(ids);
  const parts = [
    sql`select 'a' as part, ra.application_id, u.id as who, u.nickname as label, null as total, null as current, ra.assigned_at as at
        from review_assignments ra inner join users u on u.id = ra.reviewer_id where ra.application_id in (${list})`,
    sql`select 'r', application_id, reviewer_id, null, total, ${onCurrentRubric('reviews')}, null from reviews where application_id in (${list})`,
    sql`select 's', application_id, null, decision, null, null, null from staged_decisions where application_id in (${list})`,
  ];
  const uniqueThemes = [...new Set(themeIds)];
  if (uniqueThemes.length > 0) parts.push(sql`select 't', id, null, name, null, null, null from themes where id in (${sql.join(uniqueThemes)})`);
  // assignments in the order they were made (then by reviewer), as the console lists them
  const { rows } = await sql<ExtraRow>`${sql.join(parts, sql` union all `)} order by 1, 7, 3`.execute(db);
  for (const r of rows) {
    if (r.part === 'a') {
      const reviewers = out.reviewers.get(r.application_id) ?? [];
      reviewers.push({ id: r.who!, nickname: r.label! });
      out.reviewers.set(r.application_id, reviewers);
    } else if (r.part === 'r') {
      const current = Number(r.current) === 1;
      const by = current ? out.reviewedBy : out.rescoreBy;
      const set = by.get(r.application_id) ?? new Set<string>();
      set.add(r.who!);
      by.set(r.application_id, set);
      if (current) out.totals.set(r.application_id, [...(out.totals.get(r.application_id) ?? []), Number(r.total)]);
    } else if (r.part === 's') {
      out.staged.set(r.application_id, { decision: r.label as 'approve' | 'reject' | 'return' });
    } else {
      out.themes.set(r.application_id, r.label!);
    }
  }
  return out;
}
