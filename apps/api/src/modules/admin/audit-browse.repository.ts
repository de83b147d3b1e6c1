import { type Kysely, sql } from 'kysely';
import { adminLimits, Code, type ConsoleAuditRequest, type ConsoleAuditResponse } from '@qgw/contracts';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { adminStrings as s } from './admin.strings.js';
import { decodeNewestFirst, newestFirstPage, olderThan, prefixPattern } from '../../db/keyset.js';

/**
 * Browsing the append-only audit log (admins): filters by who, what, which record and when; newest
 * first with keyset pages, so the thousandth page costs what the first does.
 */

export const AUDIT_CURSOR = 'audit';

const fromJson = (v: string | null): unknown => {
  if (v === null) return null;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

const canonical = (instant: string) => new Date(instant).toISOString();

/** The instant a Beijing calendar day starts (China Standard Time has no daylight saving). */
const beijingDayStart = (day: string, plusDays = 0) => new Date(Date.parse(`${day}T00:00:00+08:00`) + plusDays * 86_400_000).toISOString();

/** The later of two lower bounds, the earlier of two upper ones (an instant and a day may both be given). */
const later = (a?: string, b?: string) => (a && b ? (a > b ? a : b) : a ?? b);
const earlier = (a?: string, b?: string) => (a && b ? (a < b ? a : b) : a ?? b);

export async function browseAudit(db: Kysely<Database>, f: ConsoleAuditRequest): Promise<ConsoleAuditResponse> {
  if (f.fromDate && f.toDate && f.fromDate > f.toDate) throw new AppError(Code.BAD_REQUEST, s.rangeOrder);
  // toDate names the last day included: the range ends where the next Beijing day starts
  const from = later(f.from ? canonical(f.from) : undefined, f.fromDate ? beijingDayStart(f.fromDate) : undefined);
  const to = earlier(f.to ? canonical(f.to) : undefined, f.toDate ? beijingDayStart(f.toDate, 1) : undefined);
  if (from && to && from >= to) throw new AppError(Code.BAD_REQUEST, s.rangeOrder);
  const limit = f.limit ?? adminLimits.page.default;

  let q = db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.actor_id')
    .select([
      'audit_log.id',
      'audit_log.actor_id',
      'audit_log.action',
      'audit_log.entity',
      'audit_log.entity_id',
      'audit_log.before_json',
      'audit_log.after_json',
      'audit_log.created_at',
      'users.nickname as actor_name',
    ]);
  if (f.actorId) q = q.where('audit_log.actor_id', '=', f.actorId);
  // who by name: the start of the actor's nickname, whatever the case (ids are never typed)
  if (f.actorName) {
    const pattern = prefixPattern(f.actorName);
    q = q.where((eb) => sql<boolean>`lower(${eb.ref('users.nickname')}) like ${pattern} escape '\\'`);
  }
  if (f.action) q = q.where('audit_log.action', '=', f.action);
  if (f.entity) q = q.where('audit_log.entity', '=', f.entity);
  if (f.entityId) q = q.where('audit_log.entity_id', '=', f.entityId);
  if (from) q = q.where('audit_log.created_at', '>=', from);
  if (to) q = q.where('audit_log.created_at', '<', to);
  if (f.cursor) {
    const key = decodeNewestFirst(f.cursor, AUDIT_CURSOR);
    q = q.where((eb) => olderThan(eb, eb.ref('audit_log.created_at'), eb.ref('audit_log.id'), key));
  }
  const rows = await q.orderBy('audit_log.created_at', 'desc').orderBy('audit_log.id', 'desc').limit(limit + 1).execute();
  const page = newestFirstPage(rows, limit, AUDIT_CURSOR, (r) => ({ createdAt: r.created_at, id: r.id }));
  return {
    items: page.items.map((r) => ({
      id: r.id,
      actorId: r.actor_id,
      actorName: r.actor_name ?? null,
      action: r.action,
      entity: r.entity,
      entityId: r.entity_id,
      before: fromJson(r.before_json),
      after: fromJson(r.after_json),
      createdAt: r.created_at,
    })),
    nextCursor: page.nextCursor,
  };
}
