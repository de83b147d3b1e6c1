import { type Kysely, type SelectQueryBuilder, type SqlBool, SqliteAdapter, sql } from 'kysely';
import type { ApplicationKind, ApplicationStatus } from '@qgw/contracts';
import type { Database } from '../../db/schema.js';

/**
 * The console queue's SQL. One page is one indexed range scan: newest change first, keyset on
 * (updated_at, id) (migration 0006 has an index per filter), so page 5000 costs what page 1 does.
 * What a page shows besides the application (reviewers, scores, staged decision) is read for the
 * page's ids only.
 */

export type QueueSearch =
  | { by: 'name'; prefix: string }
  | { by: 'mobile'; first3: string; last4: string }
  /** titles of these kinds only (a blind reviewer: titles that are not a person's or company's name) */
  | { by: 'title'; prefix: string; kinds: readonly ApplicationKind[] };

export interface QueueFilter {
  kind?: ApplicationKind | undefined;
  status?: ApplicationStatus | undefined;
  themeId?: string | undefined;
  /** null = no programme restriction; [] = nothing can match */
  programmeIds: string[] | null;
  /** only applications assigned to this reviewer */
  assignedTo?: string | undefined;
  unassigned?: boolean | undefined;
  staged?: boolean | undefined;
  search?: QueueSearch | undefined;
  after?: { updatedAt: string; id: string } | undefined;
  limit: number;
  /**
   * How a name search finds its page: true walks the queue's own order and filters (cheap when many
   * names match), false collects every match from the name index and sorts them (cheap when few do).
   * queuePage decides by probing the name index; unset means "by the prefix's length".
   */
  walkNames?: boolean | undefined;
}

export interface QueueRow {
  id: string;
  kind: ApplicationKind;
  status: ApplicationStatus;
  version: number;
  title: string;
  applicant_name: string | null;
  organization: string | null;
  programme_id: string | null;
  theme_id: string | null;
  submitted_at: string | null;
  updated_at: string;
  mobile: string;
}

/** A LIKE pattern for "starts with q", the wildcards in q taken literally. */
export const prefixPattern = (q: string) => `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The applications the filter matches (no order, no page); null when it can match nothing.
 * `walkNames`: the name condition written so that the name index is not used (see queueQuery).
 */
export function filtered(db: Kysely<Database>, f: QueueFilter, walkNames: boolean) {
  if (f.programmeIds && f.programmeIds.length === 0) return null;
  let q = db
    .selectFrom('applications as a')
    // drafts belong to their author alone
    .where('a.status', '<>', sql.lit('draft'));
  if (f.assignedTo) {
    q = q.innerJoin('review_assignments as ra', 'ra.application_id', 'a.id').where('ra.reviewer_id', '=', f.assignedTo);
  }
  if (f.kind) q = q.where('a.kind', '=', f.kind);
  if (f.status) q = q.where('a.status', '=', f.status);
  if (f.themeId) q = q.where('a.theme_id', '=', f.themeId);
  if (f.programmeIds) q = q.where('a.programme_id', 'in', f.programmeIds);
  if (f.unassigned === true) {
    q = q.where((eb) => eb.not(eb.exists(eb.selectFrom('review_assignments as x').select('x.application_id').whereRef('x.application_id', '=', 'a.id'))));
  } else if (f.unassigned === false) {
    q = q.where((eb) => eb.exists(eb.selectFrom('review_assignments as x').select('x.application_id').whereRef('x.application_id', '=', 'a.id')));
  }
  if (f.staged === true) {
    q = q.where('a.id', 'in', (eb) => eb.selectFrom('staged_decisions').select('application_id'));
  } else if (f.staged === false) {
    q = q.where('a.id', 'not in', (eb) => eb.selectFrom('staged_decisions').select('application_id'));
  }
  const s = f.search;
  if (s?.by === 'name') {
    // `|| ''` keeps both databases off the name index, so they walk the queue's order instead.
    const column = walkNames ? sql`(a.applicant_name || '')` : sql`a.applicant_name`;
    q = q.where(sql<SqlBool>`${column} like ${prefixPattern(s.prefix)} escape '\\'`);
  }
  if (s?.by === 'title') {
    q = q.where('a.kind', 'in', [...s.kinds]).where(sql<SqlBool>`a.title like ${prefixPattern(s.prefix)} escape '\\'`);
  }
  if (s?.by === 'mobile') {
    // the expressions exactly as indexed (users_mobile_mask_idx), literals included
    q = q.where('a.user_id', 'in', (eb) =>
      eb
        .selectFrom('users as m')
        .select('m.id')
        .where(sql<SqlBool>`substr(m.mobile, 1, 3) = ${s.first3}`)
        .where(sql<SqlBool>`substr(m.mobile, 8, 4) = ${s.last4}`),
    );
  }
  return q;
}

/** The page's query, ready to run (or to EXPLAIN); null when the filter can match nothing. */
export function queueQuery(db: Kysely<Database>, f: QueueFilter) {
  const s = f.search;
  // a name searched by its index: the page is the top of the matches, sorted
  let sortsMatches = Boolean(f.assignedTo || f.staged === true);
  const walk = s?.by === 'name' && (f.walkNames ?? [...s.prefix].length === 1);
  if (s?.by === 'name') sortsMatches ||= !walk;
  let q = filtered(db, f, walk);
  if (!q) return null;
  if (f.after) q = q.where(sql<SqlBool>`(a.updated_at, a.id) < (${f.after.updatedAt}, ${f.after.id})`);
  if (!sortsMatches) return withColumns(q).orderBy('a.updated_at', 'desc').orderBy('a.id', 'desc').limit(f.limit);
  // The page is the top of a sorted set (a reviewer's assignments, the staged decisions, a rare
  // name's matches), a few thousand rows at most among up to millions. Sorting only their ids and
  // then reading the page's rows by key costs less than carrying every column of every match, and
  // its owner's mobile, through the sort (a rare name at a million rows on SQLite: 2.0 → 0.9 ms).
  const pageIds = (f.assignedTo || f.staged === true)
    // Walking the queue index backwards would pass most of the table before finding a reviewer's
    // applications (often the oldest). Ordering by an expression (same order: text stays text)
    // leaves the planner one good plan: the small set by its own index, each by its key, sorted.
    ? q.select('a.id').orderBy(sql`a.updated_at || ''`, 'desc').orderBy('a.id', 'desc').limit(f.limit)
    : q.select('a.id').orderBy('a.updated_at', 'desc').orderBy('a.id', 'desc').limit(f.limit);
  return withColumns(db.selectFrom('applications as a').where('a.id', 'in', pageIds))
    .orderBy('a.updated_at', 'desc')
    .orderBy('a.id', 'desc');
}

/** What a queue row shows, for rows of `applications as a`. */
export function withColumns<O>(q: SelectQueryBuilder<Database & { a: Database['applications'] }, 'a', O>) {
  return q.select((eb) => [
    'a.id', 'a.kind', 'a.status', 'a.version', 'a.title', 'a.applicant_name', 'a.organization', 'a.programme_id',
    'a.theme_id', 'a.submitted_at', 'a.updated_at',
    // A subquery, not a join: on a sorted page, PostgreSQL looks the owner up for the page's rows
    // only. Every application has its owner (a foreign key), so it is never null.
    eb.selectFrom('users as u').select('u.mobile').whereRef('u.id', '=', 'a.user_id').$asScalar().$notNull().as('mobile'),
  ]);
}

/**
 * How a name search finds its page. Walking the queue's order passes about limit × rows ÷ matches
 * rows before the page is full; collecting the matches from the name index reads every match and
 * sorts them. The walk is the cheaper of the two once matches pass √(limit × rows): at a million
 * applications and pages of 21, about 4,600 (a fixed 1,000 walked some 20,000 rows for a name with
 * 1,000 matches). Bounded so that the probe stays short, and so that small tables always walk.
 */
export function nameWalkThreshold(limit: number, rows: number): number {
  return Math.min(5000, Math.max(100, Math.round(Math.sqrt(limit * rows))));
}

/** Whether the prefix has `threshold` matches or more: at most that many index entries read. */
async function nameIsCommon(db: Kysely<Database>, prefix: string, threshold: number): Promise<boolean> {
  const matches = db
    .selectFrom('applications')
    // the indexed column alone: the probe reads the name index and nothing else
    .select('applicant_name')
    .where(sql<SqlBool>`applicant_name like ${prefixPattern(prefix)} escape '\\'`)
    .limit(threshold);
  // counted where the index is: thousands of names never cross to the server to be counted
  const r = await db
    .selectFrom(matches.as('m'))
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n) >= threshold;
}

const COUNT_TTL_MS = 60_000;
const counts = new WeakMap<Kysely<Database>, { rows: number; at: number; refreshing: boolean }>();

/**
 * How many applications there are, for choosing a plan: counted at most once a minute per database
 * (a count over a million rows takes tens of milliseconds), the last count serving while the next
 * is taken. On SQLite, which answers on the server's one thread, a count(*) held every request for
 * about 15 ms at a million rows; applications are never deleted, so the largest rowid is their
 * number, read from the end of the table in microseconds.
 */
export async function applicationCount(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const count = async () => {
    const r = db.getExecutor().adapter instanceof SqliteAdapter
      ? (await sql<{ n: number | null }>`select max(rowid) as n from applications`.execute(db)).rows[0]!
      : await db.selectFrom('applications').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    const rows = Number(r.n);
    counts.set(db, { rows, at: Date.now(), refreshing: false });
    return rows;
  };
  const known = counts.get(db);
  if (!known) return count();
  if (now - known.at >= COUNT_TTL_MS && !known.refreshing) {
    known.refreshing = true;
    count().catch(() => {
      known.refreshing = false;
    });
  }
  return known.rows;
}

const NAME_PLAN_TTL_MS = 60_000;
const NAME_PLANS_KEPT = 1000;
const namePlans = new WeakMap<Kysely<Database>, Map<string, { walks: boolean; at: number }>>();

/**
 * Whether a name search walks the queue (see nameIsCommon), probed at most once a minute per prefix
 * and threshold. Scrolling a search's results asks the same prefix for every page, and at a million
 * applications the probe of a common name (up to 4,583 index entries) cost ten times the walk it
 * chose (1.7 against 0.15 ms on PostgreSQL). A plan kept while names come and go can only cost
 * time, never change a page: both plans answer the same rows. The threshold is part of the key, so
 * a table that grows (applicationCount) is probed afresh.
 */
export async function nameSearchWalks(db: Kysely<Database>, prefix: string, threshold: number, now = Date.now()): Promise<boolean> {
  let plans = namePlans.get(db);
  if (!plans) namePlans.set(db, (plans = new Map()));
  const key = `${threshold}\u0000${prefix}`;
  const known = plans.get(key);
  if (known && now - known.at < NAME_PLAN_TTL_MS) return known.walks;
  const walks = await nameIsCommon(db, prefix, threshold);
  // the oldest probe goes first when the map is full (a Map keeps insertion order)
  plans.delete(key);
  if (plans.size >= NAME_PLANS_KEPT) plans.delete(plans.keys().next().value!);
  plans.set(key, { walks, at: now });
  return walks;
}

export async function queuePage(db: Kysely<Database>, f: QueueFilter): Promise<QueueRow[]> {
  if (f.search?.by === 'name' && f.walkNames === undefined) {
    const threshold = nameWalkThreshold(f.limit, await applicationCount(db));
    f = { ...f, walkNames: await nameSearchWalks(db, f.search.prefix, threshold) };
  }
  const q = queueQuery(db, f);
  if (!q) return [];
  const rows = await q.execute();
  return rows.map((r) => ({ ...r, version: Number(r.version) }));
}
