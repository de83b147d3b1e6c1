import { type Kysely, type RawBuilder, sql } from 'kysely';
import { onCurrentRubric } from './review.repository.js';
import type { QueueSort, SortOrder } from '@qgw/contracts';
import type { Database } from '../../db/schema.js';
import { after, type KeyValue } from '../../db/keyset.js';
import { filtered, type QueueFilter, type QueueRow, withColumns } from './queue.repository.js';

/**
 * The queue in any other order than its default (newest change first, queue.repository.ts): by
 * submission time, by the number of reviews, or by the mean, median or spread of the reviews'
 * weighted totals. Still keyset pages: the key is (figure, id), so ties go by id and a page starts
 * strictly after the last row of the one before, whatever arrives meanwhile.
 *
 * Keyset on a score needs an exact key. Each database averages doubles its own way, and a double
 * sent back in a cursor would not compare equal to the one recomputed; so the key is the figure in
 * hundredths as an integer (the list shows one decimal), computed the same way on both sides of the
 * comparison. Applications without reviews have no figure: they come last in either direction.
 *
 * No index can hold these figures (they change with every review), so each page aggregates the
 * reviews of the matching applications and sorts them: linear in a round's size (hundreds to a
 * few thousand applications, tens of milliseconds at most), which is what an admin sorting a round
 * by its scores asks for. The default order keeps its index walk.
 */

export interface SortedQueueFilter extends Omit<QueueFilter, 'after' | 'walkNames'> {
  sort: QueueSort;
  order: SortOrder;
  /** the last row's key of the page before: [figure or time, id] */
  afterKey?: [KeyValue, string] | undefined;
}

/** Figures past any score (0..100 → at most 10,000 hundredths): no figure sorts last ascending. */
const NO_FIGURE_ASC = 1_000_000;
/** below any score: no figure sorts last descending */
const NO_FIGURE_DESC = -1;

/** Per application over its submitted reviews: count, mean, spread and median of the totals. */
function figuresOf(db: Kysely<Database>) {
  const ranked = db
    .selectFrom('reviews')
    .select([
      'application_id',
      'total',
      sql<number>`row_number() over (partition by application_id order by total)`.as('rn'),
      sql<number>`count(*) over (partition by application_id)`.as('n'),
    ])
    .where(onCurrentRubric('reviews'));
  return db
    .selectFrom(ranked.as('r'))
    .select([
      'r.application_id',
      sql<number>`count(*)`.as('reviews'),
      sql<number>`avg(r.total)`.as('mean'),
      sql<number>`max(r.total) - min(r.total)`.as('spread'),
      // the middle one, or the mean of the middle two (integer division on both databases)
      sql<number>`avg(case when r.rn in ((r.n + 1) / 2, (r.n + 2) / 2) then r.total end)`.as('median'),
    ])
    .groupBy('r.application_id');
}

/** The sort key of a row of `applications as a` left-joined with its figures as `f`. */
function keyOf(sort: QueueSort, order: SortOrder): RawBuilder<KeyValue> {
  const none = order === 'asc' ? NO_FIGURE_ASC : NO_FIGURE_DESC;
  const hundredths = (figure: string) => sql<number>`coalesce(cast(round(${sql.ref(figure)} * 100) as integer), ${sql.lit(none)})`;
  switch (sort) {
    case 'updated':
      return sql<string>`a.updated_at`;
    case 'submitted':
      return sql<string>`coalesce(a.submitted_at, '')`;
    case 'reviews':
      return sql<number>`cast(coalesce(f.reviews, 0) as integer)`;
    case 'mean':
      return hundredths('f.mean');
    case 'median':
      return hundredths('f.median');
    case 'spread':
      return hundredths('f.spread');
  }
}

/** Whether the sort key is a number (scores, counts) or text (times): what a cursor must carry. */
export const numericSort = (sort: QueueSort): boolean => sort !== 'updated' && sort !== 'submitted';

/**
 * One page in the asked order: the page's ids and keys first (the sort carries nothing else), then
 * the page's rows by key.
 */
export async function sortedQueuePage(db: Kysely<Database>, f: SortedQueueFilter): Promise<Array<QueueRow & { sortKey: KeyValue }>> {
  const base = filtered(db, { ...f, after: undefined }, false);
  if (!base) return [];
  const desc = f.order === 'desc';
  const key = keyOf(f.sort, f.order);
  let q = base.leftJoin(figuresOf(db).as('f'), 'f.application_id', 'a.id');
  if (f.afterKey) {
    const [k, id] = f.afterKey;
    q = q.where((eb) => after(eb, [{ expr: key, desc }, { expr: sql`a.id`, desc }], [k, id]));
  }
  const keys = await q
    .select([sql<string>`a.id`.as('id'), key.as('sort_key')])
    .orderBy(key, desc ? 'desc' : 'asc')
    .orderBy('a.id', desc ? 'desc' : 'asc')
    .limit(f.limit)
    .execute();
  if (keys.length === 0) return [];
  const rows = await withColumns(db.selectFrom('applications as a').where('a.id', 'in', keys.map((k) => k.id))).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return keys.flatMap((k) => {
    const r = byId.get(k.id);
    // a key read from the database: a number for figures (PostgreSQL's integer arrives as one)
    return r ? [{ ...r, version: Number(r.version), sortKey: typeof k.sort_key === 'number' || !numericSort(f.sort) ? k.sort_key : Number(k.sort_key) }] : [];
  });
}

/** The ids of everything the filter matches (newest change first, at most `cap`) and how many match. */
export async function matchingIds(db: Kysely<Database>, f: Omit<QueueFilter, 'after' | 'limit' | 'walkNames'>, cap: number): Promise<{ ids: string[]; total: number }> {
  const base = filtered(db, { ...f, limit: cap }, false);
  if (!base) return { ids: [], total: 0 };
  const ids = await base.select('a.id').orderBy('a.updated_at', 'desc').orderBy('a.id', 'desc').limit(cap).execute();
  const count = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return { ids: ids.map((r) => r.id), total: Number(count.n) };
}
