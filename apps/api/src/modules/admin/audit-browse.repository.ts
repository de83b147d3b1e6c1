import type { Kysely } from 'kysely';
import { adminLimits, Code, type ConsoleAuditRequest, type ConsoleAuditResponse } from '@qgw/contracts';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { adminStrings as s } from './admin.strings.js';
import { decodeNewestFirst, newestFirstPage, olderThan } from '../../db/keyset.js';

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

export async function browseAudit(db: Kysely<Database>, f: ConsoleAuditRequest): Promise<ConsoleAuditResponse> {
  const from = f.from ? canonical(f.from) : undefined;
  const to = f.to ? canonical(f.to) : undefined;
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
