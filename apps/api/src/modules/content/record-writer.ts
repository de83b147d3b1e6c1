import type { Kysely } from 'kysely';
import { Code } from '@qgw/contracts';
import { type Clock, isoAt } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import type { AuditRepository } from '../audit/audit.module.js';
import { contentStrings as s } from './content.strings.js';
import type { ContentTable, SortableTable, tableOps } from './table-ops.repository.js';

/**
 * The write path every admin change takes: one transaction holding the change and its audit entry
 * (before and after, as the console sees the record), so neither exists without the other. Reads
 * are never cached on the server, so a committed change is what the next request sees.
 */

type Db = Kysely<Database>;

export interface EntitySpec<T extends ContentTable, V> {
  ops: ReturnType<typeof tableOps<T>>;
  /** the audit log's entity name */
  entity: string;
  notFound: string;
  /** the record as the console sees it (and as the audit log keeps it) */
  view(db: Db, row: Database[T]): Promise<V>;
}

export interface WriteResult<R> {
  entityId: string | null;
  before: unknown;
  after: unknown;
  result: R;
}

export class RecordWriter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly audit: AuditRepository,
  ) {}

  now(): string {
    return isoAt(this.clock());
  }

  async audited<R>(actorId: string, action: string, entity: string, work: (trx: Db) => Promise<WriteResult<R>>): Promise<R> {
    return this.db.transaction().execute(async (trx) => {
      const out = await work(trx);
      await this.audit.record({ actorId, action, entity, entityId: out.entityId, before: out.before, after: out.after }, trx);
      return out.result;
    });
  }

  async load<T extends ContentTable, V>(trx: Db, spec: EntitySpec<T, V>, id: string): Promise<Database[T]> {
    const row = await spec.ops.byId(trx, id);
    if (!row) throw new AppError(Code.NOT_FOUND, spec.notFound);
    return row;
  }

  async remove<T extends ContentTable, V>(actorId: string, spec: EntitySpec<T, V>, id: string, guard?: (trx: Db) => Promise<void>) {
    return this.audited(actorId, 'content.delete', spec.entity, async (trx) => {
      const row = await this.load(trx, spec, id);
      if (guard) await guard(trx);
      const before = await spec.view(trx, row);
      await spec.ops.remove(trx, id);
      return { entityId: id, before, after: null, result: { id } };
    });
  }

  async publish<T extends SortableTable, V>(actorId: string, spec: EntitySpec<T, V>, id: string, published: boolean) {
    return this.audited(actorId, published ? 'content.publish' : 'content.unpublish', spec.entity, async (trx) => {
      const row = await this.load(trx, spec, id);
      const before = await spec.view(trx, row);
      const now = this.now();
      const patch: Record<string, unknown> = { published: published ? 1 : 0, updated_at: now, updated_by: actorId };
      // an article keeps the date it first went out
      if (published && 'published_at' in row && row.published_at === null) patch.published_at = now;
      await spec.ops.patch(trx, id, patch as Partial<Database[T]>);
      const after = await spec.view(trx, await this.load(trx, spec, id));
      return { entityId: id, before, after, result: { id, published } };
    });
  }

  /** The listed ids get sort 0, 10, 20, … in the order given; the others keep theirs. */
  async reorder<T extends SortableTable, V>(actorId: string, spec: EntitySpec<T, V>, ids: readonly string[]) {
    return this.audited(actorId, 'content.reorder', spec.entity, async (trx) => {
      const existing = await spec.ops.existingIds(trx, ids);
      if (existing.size !== ids.length) throw new AppError(Code.BAD_REQUEST, s.reorderUnknown);
      const before = await spec.ops.sorts(trx, ids);
      const now = this.now();
      for (const [i, id] of ids.entries()) {
        await spec.ops.patch(trx, id, { sort: i * 10, updated_at: now, updated_by: actorId } as Partial<Database[T]>);
      }
      const after = ids.map((id, i) => ({ id, sort: i * 10 }));
      return { entityId: null, before, after, result: { count: ids.length } };
    });
  }
}
