import type { Kysely } from 'kysely';
import { type Clock, isoAt } from '../../clock.js';
import { insertRow } from '../../db/prepared.js';
import type { AuditLogTable, Database } from '../../db/schema.js';
import { newRowId } from '../../db/row-id.js';

/**
 * The append-only audit trail: who did what to which record, with the before and after state.
 * Only insert and read exist here; the database refuses updates and deletes (migration 0001).
 * Callers pass only what a reviewer of the trail needs: no passwords, hashes or tokens, mobiles masked.
 */

export interface AuditEntry {
  actorId: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

export interface AuditRecord {
  id: string;
  actorId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

export interface AuditFilter {
  actorId?: string;
  action?: string;
  entity?: string;
  entityId?: string;
  /** newest first; at most 200 */
  limit?: number;
  offset?: number;
}

/** An audit entry as its row: every column a string or null. */
export type AuditRow = AuditLogTable;

const toJson = (v: unknown): string | null => (v === undefined ? null : JSON.stringify(v));
const fromJson = (s: string | null): unknown => (s === null ? null : JSON.parse(s));

export class AuditRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Writes one entry; pass the transaction so the entry commits (or not) with the change it records. */
  async record(entry: AuditEntry, db: Kysely<Database> = this.db): Promise<void> {
    await insertRow(db, 'audit_log', this.rowOf(entry));
  }

  /**
   * The row `record` would write, for a repository that writes it in the same statement as the
   * change it records (a login's session, a submission: docs/decisions/0026-postgres-round-trips.md).
   */
  rowOf(entry: AuditEntry): AuditRow {
    return {
      id: newRowId(),
      actor_id: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId ?? null,
      before_json: toJson(entry.before),
      after_json: toJson(entry.after),
      created_at: isoAt(this.clock()),
    };
  }

  async list(filter: AuditFilter = {}): Promise<AuditRecord[]> {
    let q = this.db.selectFrom('audit_log').selectAll();
    if (filter.actorId) q = q.where('actor_id', '=', filter.actorId);
    if (filter.action) q = q.where('action', '=', filter.action);
    if (filter.entity) q = q.where('entity', '=', filter.entity);
    if (filter.entityId) q = q.where('entity_id', '=', filter.entityId);
    const limit = Math.min(Math.max(filter.limit ?? 50, 1), 200);
    const rows = await q
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(Math.max(filter.offset ?? 0, 0))
      .execute();
    return rows.map((r) => ({
      id: r.id,
      actorId: r.actor_id,
      action: r.action,
      entity: r.entity,
      entityId: r.entity_id,
      before: fromJson(r.before_json),
      after: fromJson(r.after_json),
      createdAt: r.created_at,
    }));
  }
}
