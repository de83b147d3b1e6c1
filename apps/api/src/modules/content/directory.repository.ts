import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { LeaderGroup, MemberGrouping } from '@qgw/contracts';
import type {
  ContentLeadersTable, ContentMembersTable, ContentSubdivisionsTable, ContentWebviewHostsTable, Database,
} from '../../db/schema.js';
import { after, containsPattern, decodeCursor, type KeyPart, type KeyValue, pageOf } from '../../db/keyset.js';
import { tableOps } from './table-ops.repository.js';

/** SQL for leaders, subdivisions, the member directory and the webview allowlist. */

export type LeaderRow = ContentLeadersTable;
export type SubdivisionRow = ContentSubdivisionsTable;
export type MemberRow = ContentMembersTable;
export type WebviewHostRow = ContentWebviewHostsTable;
/** a member with the subdivision it shows under (null when it has none, or — for the public — an unpublished one) */
export type MemberWithSubdivision = MemberRow & { sd_name: string | null; sd_sort: number | null };

type Db = Kysely<Database>;

/** members without a (visible) subdivision come after every subdivision; sort values stay within ±1e6 */
const NO_SUBDIVISION_SORT = 1_000_001;

const memberOrders: Record<MemberGrouping, { tag: string; shape: readonly ('s' | 'n')[]; parts: KeyPart[]; keyOf: (r: MemberWithSubdivision) => KeyValue[] }> = {
  subdivision: {
    tag: 'ms',
    shape: ['n', 's', 'n', 's'],
    parts: [
      { expr: sql`coalesce(sd.sort, ${sql.lit(NO_SUBDIVISION_SORT)})` },
      { expr: sql`coalesce(sd.id, '')` },
      { expr: sql.ref('m.sort') },
      { expr: sql.ref('m.id') },
    ],
    keyOf: (r) => [r.sd_sort ?? NO_SUBDIVISION_SORT, r.sd_sort === null ? '' : (r.subdivision_id ?? ''), r.sort, r.id],
  },
  region: {
    tag: 'mr',
    shape: ['s', 'n', 's'],
    parts: [{ expr: sql.ref('m.region') }, { expr: sql.ref('m.sort') }, { expr: sql.ref('m.id') }],
    keyOf: (r) => [r.region, r.sort, r.id],
  },
};

export interface MemberListQuery {
  /** true: the public directory (published members, published subdivisions, consented fields searched) */
  publicView: boolean;
  published?: boolean | undefined;
  q?: string | undefined;
  subdivisionId?: string | undefined;
  region?: string | undefined;
  groupBy: MemberGrouping;
  cursor?: string | undefined;
  limit: number;
}

type MemberEb = ExpressionBuilder<Database & { m: MemberRow; sd: SubdivisionRow }, 'm' | 'sd'>;

/** The public may only find a member by what the member agreed to publish. */
function memberSearch(eb: MemberEb, q: string, publicView: boolean): Expression<SqlBool> {
  const p = containsPattern(q);
  const like = (col: string) => sql<SqlBool>`lower(${sql.ref(col)}) like ${p} escape '\\'`;
  const consented = (flag: string, col: string) =>
    publicView ? eb.and([eb(sql.ref(flag), '=', 1), like(col)]) : like(col);
  return eb.or([
    like('m.name'),
    like('m.region'),
    sql<SqlBool>`lower(coalesce(sd.name, '')) like ${p} escape '\\'`,
    consented('m.show_organization', 'm.organization'),
    consented('m.show_title', 'm.title'),
  ]);
}

export const leadersRepository = {
  ...tableOps('content_leaders'),

  list(db: Db, opts: { group?: LeaderGroup | undefined; publishedOnly: boolean }): Promise<LeaderRow[]> {
    let qb = db.selectFrom('content_leaders').selectAll();
    if (opts.group) qb = qb.where('leader_group', '=', opts.group);
    if (opts.publishedOnly) qb = qb.where('published', '=', 1);
    // 'leadership' sorts before 'secretariat'
    return qb.orderBy('leader_group').orderBy('sort').orderBy('id').execute();
  },
};

export const subdivisionsRepository = {
  ...tableOps('content_subdivisions'),

  list(db: Db, opts: { publishedOnly: boolean }): Promise<SubdivisionRow[]> {
    let qb = db.selectFrom('content_subdivisions').selectAll();
    if (opts.publishedOnly) qb = qb.where('published', '=', 1);
    return qb.orderBy('sort').orderBy('id').execute();
  },

  /** subdivision id → number of its members (published members only, or all) */
  async memberCounts(db: Db, opts: { publishedOnly: boolean }): Promise<Map<string, number>> {
    let qb = db
      .selectFrom('content_members')
      .select((eb) => ['subdivision_id', eb.fn.countAll<string | number>().as('n')])
      .where('subdivision_id', 'is not', null);
    if (opts.publishedOnly) qb = qb.where('published', '=', 1);
    const rows = await qb.groupBy('subdivision_id').execute();
    return new Map(rows.map((r) => [r.subdivision_id ?? '', Number(r.n)]));
  },
};

export const membersRepository = {
  ...tableOps('content_members'),

  async list(db: Db, query: MemberListQuery) {
    const order = memberOrders[query.groupBy];
    let qb = db
      .selectFrom('content_members as m')
      .leftJoin('content_subdivisions as sd', (join) => {
        const on = join.onRef('sd.id', '=', 'm.subdivision_id');
        return query.publicView ? on.on('sd.published', '=', 1) : on;
      })
      .selectAll('m')
      .select(['sd.name as sd_name', 'sd.sort as sd_sort']);
    if (query.publicView) qb = qb.where('m.published', '=', 1);
    else if (query.published !== undefined) qb = qb.where('m.published', '=', query.published ? 1 : 0);
    if (query.subdivisionId) qb = qb.where('m.subdivision_id', '=', query.subdivisionId).where('sd.id', 'is not', null);
    if (query.region) qb = qb.where('m.region', '=', query.region);
    const q = query.q;
    if (q) qb = qb.where((eb) => memberSearch(eb as unknown as MemberEb, q, query.publicView));
    if (query.cursor) {
      const values = decodeCursor(query.cursor, order.tag, order.shape);
      qb = qb.where((eb) => after(eb, order.parts, values));
    }
    for (const part of order.parts) qb = qb.orderBy(part.expr, 'asc');
    const rows = (await qb.limit(query.limit + 1).execute()) as MemberWithSubdivision[];
    return pageOf(rows, query.limit, order.tag, order.keyOf);
  },

  /** one member with its subdivision's name (public: only a published member and a published subdivision's name) */
  async withSubdivision(db: Db, id: string, publicView: boolean): Promise<MemberWithSubdivision | undefined> {
    let qb = db
      .selectFrom('content_members as m')
      .leftJoin('content_subdivisions as sd', (join) => {
        const on = join.onRef('sd.id', '=', 'm.subdivision_id');
        return publicView ? on.on('sd.published', '=', 1) : on;
      })
      .selectAll('m')
      .select(['sd.name as sd_name', 'sd.sort as sd_sort'])
      .where('m.id', '=', id);
    if (publicView) qb = qb.where('m.published', '=', 1);
    return (await qb.executeTakeFirst()) as MemberWithSubdivision | undefined;
  },

  async countInSubdivision(db: Db, subdivisionId: string): Promise<number> {
    const r = await db
      .selectFrom('content_members')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('subdivision_id', '=', subdivisionId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  async regions(db: Db): Promise<{ region: string; count: number }[]> {
    const rows = await db
      .selectFrom('content_members')
      .select((eb) => ['region', eb.fn.countAll<string | number>().as('n')])
      .where('published', '=', 1)
      .groupBy('region')
      .orderBy('region')
      .execute();
    return rows.map((r) => ({ region: r.region, count: Number(r.n) }));
  },
};

export const webviewHostsRepository = {
  ...tableOps('content_webview_hosts'),

  list(db: Db): Promise<WebviewHostRow[]> {
    return db.selectFrom('content_webview_hosts').selectAll().orderBy('host').orderBy('id').execute();
  },

  byHost(db: Db, host: string): Promise<WebviewHostRow | undefined> {
    return db.selectFrom('content_webview_hosts').selectAll().where('host', '=', host).executeTakeFirst();
  },
};
