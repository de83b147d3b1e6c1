import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Plain record operations every content table shares (by id, insert, patch, delete, resort).
 * Kysely types a query by one concrete table, so the generic table name is narrowed to a
 * representative one: every statement here only touches `id` and `sort`, which all of them have
 * (the webview allowlist has no sort and is never resorted).
 */

export type ContentTable =
  | 'content_articles'
  | 'content_leaders'
  | 'content_subdivisions'
  | 'content_members'
  | 'content_webview_hosts';

export type SortableTable = Exclude<ContentTable, 'content_webview_hosts'>;

type Db = Kysely<Database>;

export function tableOps<T extends ContentTable>(table: T) {
  const t = table as 'content_leaders';
  return {
    table,
    byId(db: Db, id: string): Promise<Database[T] | undefined> {
      return db.selectFrom(t).selectAll().where('id', '=', id).executeTakeFirst() as Promise<Database[T] | undefined>;
    },
    async insert(db: Db, row: Database[T]): Promise<void> {
      await db.insertInto(t).values(row as unknown as Database['content_leaders']).execute();
    },
    async patch(db: Db, id: string, patch: Partial<Database[T]>): Promise<void> {
      await db.updateTable(t).set(patch as Partial<Database['content_leaders']>).where('id', '=', id).execute();
    },
    /** patches only while the record still carries `updatedAt`; answers how many rows changed (0 or 1) */
    async patchIf(db: Db, id: string, updatedAt: string, patch: Partial<Database[T]>): Promise<number> {
      const r = await db
        .updateTable(t)
        .set(patch as Partial<Database['content_leaders']>)
        .where('id', '=', id)
        .where('updated_at', '=', updatedAt)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
    async remove(db: Db, id: string): Promise<number> {
      const r = await db.deleteFrom(t).where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
    async existingIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom(t).select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
    },
    async sorts(db: Db, ids: readonly string[]): Promise<{ id: string; sort: number }[]> {
      if (ids.length === 0) return [];
      return db.selectFrom(t).select(['id', 'sort']).where('id', 'in', ids).execute();
    },
  };
}
