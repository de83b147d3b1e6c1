import type { Kysely, Selectable } from 'kysely';
import type { Database, FileKind, FilePurpose, FilesTable } from '../../db/schema.js';

export type FileRow = Selectable<FilesTable>;

export interface NewFile {
  id: string;
  ownerId: string;
  kind: FileKind;
  purpose: FilePurpose;
  mime: string;
  size: number;
  storageKey: string;
  status: FilesTable['status'];
  createdAt: string;
  completedAt: string | null;
}

/** SQL of the files table. Every method takes the connection or transaction to run on. */
export const filesRepository = {
  async insert(db: Kysely<Database>, f: NewFile): Promise<void> {
    await db
      .insertInto('files')
      .values({
        id: f.id,
        owner_id: f.ownerId,
        kind: f.kind,
        purpose: f.purpose,
        mime: f.mime,
        size: f.size,
        storage_key: f.storageKey,
        status: f.status,
        application_id: null,
        created_at: f.createdAt,
        completed_at: f.completedAt,
      })
      .execute();
  },

  async find(db: Kysely<Database>, id: string): Promise<FileRow | undefined> {
    return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Turns an upload into a complete file; false when it was no longer 'uploading' (raced or swept). */
  async complete(
    db: Kysely<Database>,
    id: string,
    patch: { mime: string; size: number; storageKey: string; completedAt: string },
  ): Promise<boolean> {
    const r = await db
      .updateTable('files')
      .set({ status: 'complete', mime: patch.mime, size: patch.size, storage_key: patch.storageKey, completed_at: patch.completedAt })
      .where('id', '=', id)
      .where('status', '=', 'uploading')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Names the key an upload's bytes are about to move to (commitFile's intent); false when no longer 'uploading'. */
  async intendKey(db: Kysely<Database>, id: string, storageKey: string): Promise<boolean> {
    const r = await db.updateTable('files').set({ storage_key: storageKey }).where('id', '=', id).where('status', '=', 'uploading').executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Deletes the row while it is unfinished; answers the storage key it named, or null when no row went. */
  async deleteUploading(db: Kysely<Database>, id: string): Promise<string | null> {
    const r = await db.deleteFrom('files').where('id', '=', id).where('status', '=', 'uploading').returning('storage_key').executeTakeFirst();
    return r?.storage_key ?? null;
  },

  async countUnfinished(db: Kysely<Database>, ownerId: string): Promise<number> {
    const r = await db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('owner_id', '=', ownerId)
      .where('kind', '=', 'video')
      .where('status', '=', 'uploading')
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  /** How many of `ids` are complete files of this owner and kind. */
  async countOwnedComplete(db: Kysely<Database>, ownerId: string, ids: string[], kind: FileKind): Promise<number> {
    const r = await db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('id', 'in', ids)
      .where('owner_id', '=', ownerId)
      .where('kind', '=', kind)
      .where('status', '=', 'complete')
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  /** Links the complete files of this owner and kind among `ids`; answers how many it linked. */
  async attachOwnedComplete(db: Kysely<Database>, ownerId: string, ids: string[], kind: FileKind, applicationId: string): Promise<number> {
    const r = await db
      .updateTable('files')
      .set({ application_id: applicationId })
      .where('id', 'in', ids)
      .where('owner_id', '=', ownerId)
      .where('kind', '=', kind)
      .where('status', '=', 'complete')
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  async staleUploads(db: Kysely<Database>, createdBefore: string, limit = 500): Promise<Pick<FileRow, 'id' | 'storage_key'>[]> {
    return db
      .selectFrom('files')
      .select(['id', 'storage_key'])
      .where('status', '=', 'uploading')
      .where('created_at', '<', createdBefore)
      .orderBy('created_at')
      .limit(limit)
      .execute();
  },

  /** Which of `ids` are uploads still unfinished. */
  async uploadingIds(db: Kysely<Database>, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db.selectFrom('files').select('id').where('id', 'in', ids).where('status', '=', 'uploading').execute();
    return new Set(rows.map((r) => r.id));
  },

  /** Whether the application is assigned to the reviewer, with no conflict declared. */
  async assignedWithoutConflict(db: Kysely<Database>, applicationId: string, reviewerId: string): Promise<boolean> {
    const row = await db
      .selectFrom('review_assignments as a')
      .leftJoin('review_conflicts as c', (j) => j.onRef('c.application_id', '=', 'a.application_id').onRef('c.reviewer_id', '=', 'a.reviewer_id'))
      .select('c.reviewer_id as conflicted')
      .where('a.application_id', '=', applicationId)
      .where('a.reviewer_id', '=', reviewerId)
      .executeTakeFirst();
    return row !== undefined && row.conflicted === null;
  },

  /** The viewer's state for a file permission check: active, and which roles. */
  async viewer(db: Kysely<Database>, userId: string): Promise<{ active: boolean; roles: string[] } | null> {
    const user = await db.selectFrom('users').select('status').where('id', '=', userId).executeTakeFirst();
    if (!user) return null;
    const roles = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute();
    return { active: user.status === 'active', roles: roles.map((r) => r.role) };
  },

  /** The complete files among these ids (any order). */
  completeByIds(db: Kysely<Database>, ids: string[]): Promise<FileRow[]> {
    return db.selectFrom('files').selectAll().where('id', 'in', ids).where('status', '=', 'complete').execute();
  },
};
