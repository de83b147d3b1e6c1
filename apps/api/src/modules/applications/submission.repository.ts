import { type Insertable, type Kysely, sql, SqliteAdapter } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { ApplicationsTable, AuditLogTable, Database } from '../../db/schema.js';
import { REFUSED_SQLSTATE } from '../../db/migrations/0020-statement-refusal.js';
import type { ApplicationRow } from './applications.repository.js';
import type { FileKind } from './kinds.js';

/**
 * A new submission written in one statement on PostgreSQL (docs/decisions/0026-postgres-round-trips.md,
 * 0028-a-submission-in-one-round-trip.md): the application's INSERT, the UPDATE linking its files
 * and the audit INSERT as data-modifying CTEs. The statement checks itself that every file given was
 * linked and fails as a whole when one was not (migration 0020's qgw_refuse), so it needs no
 * transaction: one round trip where there were five. The caller turns the refusal into the files
 * module's error, exactly as when the three were separate statements in a transaction. SQLite has
 * no data-modifying CTE: there the statements stay separate (they cost no round trip there).
 *
 * The files' UPDATE is the files module's `attachOwnedComplete`, for both kinds at once: a file is
 * linked only when it is a complete upload of this owner, of the kind it was given as. File ids are
 * unique, so one UPDATE with a condition per kind changes the rows the two UPDATEs did, and its
 * RETURNING kind counts each kind's. Ids travel as one comma-separated parameter per kind (a file
 * id has no comma: files module FILE_ID), so the statement is compiled once and, on PostgreSQL,
 * planned once per connection (db/prepared.ts).
 */

const applicationColumns = [
  'id', 'kind', 'user_id', 'programme_id', 'status', 'version', 'data_json', 'id_number_enc', 'title', 'applicant_name',
  'organization', 'theme_id', 'reason', 'submitted_at', 'decided_at', 'created_at', 'updated_at',
] as const satisfies readonly (keyof ApplicationsTable)[];
// every column of the table, so that no column of a row is left out of the statement
const coversEveryColumn: Exclude<keyof ApplicationsTable, (typeof applicationColumns)[number]> extends never ? true : never = true;
void coversEveryColumn;
const auditColumns = ['id', 'actor_id', 'action', 'entity', 'entity_id', 'before_json', 'after_json', 'created_at'] as const satisfies readonly (keyof AuditLogTable)[];

const auditParam = (c: (typeof auditColumns)[number]) => `audit_${c}` as const;

const insertLinkedAudited = prepared(
  [...applicationColumns, ...auditColumns.map(auditParam), 'images', 'videos', 'imageCount', 'videoCount'],
  (db, p) => {
    const application = Object.fromEntries(applicationColumns.map((c) => [c, p[c]])) as unknown as Insertable<ApplicationsTable>;
    const audit = Object.fromEntries(auditColumns.map((c) => [c, p[auditParam(c)]])) as unknown as Insertable<AuditLogTable>;
    const ofKind = (kind: FileKind, ids: string) => sql<boolean>`${sql.ref('kind')} = ${kind} and ${sql.ref('id')} = any(string_to_array(${ids}, ','))`;
    const linkedOfKind = (kind: FileKind) => sql`(select count(*) from ${sql.table('linked')} where ${sql.ref('kind')} = ${kind})`;
    return db
      .with('inserted', (qc) => qc.insertInto('applications').values(application).returning('id'))
      .with('linked', (qc) =>
        qc
          .updateTable('files')
          .set({ application_id: p.id })
          .where('owner_id', '=', p.user_id)
          .where('status', '=', 'complete')
          .where((eb) => eb.or([ofKind('image', p.images), ofKind('video', p.videos)]))
          .returning('kind'),
      )
      .with('audited', (qc) => qc.insertInto('audit_log').values(audit))
      // CASE decides in order: the application's INSERT first (a unique violation is the first
      // refusal, as before), then the files; a shortfall fails the whole statement (migration 0020)
      .selectNoFrom(
        sql<number>`case
          when (select count(*) from ${sql.table('inserted')}) <> 1 then qgw_refuse(${REFUSED_APPLICATION})
          when ${linkedOfKind('image')} = cast(${p.imageCount} as integer) and ${linkedOfKind('video')} = cast(${p.videoCount} as integer) then 1
          else qgw_refuse(${REFUSED_FILES})
        end`.as('ok'),
      );
  },
);

const REFUSED_APPLICATION = 'application not inserted';
const REFUSED_FILES = 'files not linked';

/** Whether `err` is insertLinkedAudited's refusal for files that fell short. */
export const filesFellShort = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === REFUSED_SQLSTATE && (err as { message?: unknown }).message === REFUSED_FILES;

export interface FileLinks {
  image: readonly string[];
  video: readonly string[];
}

export const submissionRepository = {
  /** Whether `insertLinkedAudited` can write a submission in one statement here (PostgreSQL). */
  writesInOneStatement(db: Kysely<Database>): boolean {
    return !(db.getExecutor().adapter instanceof SqliteAdapter);
  },

  /**
   * Inserts the application, links its files (each id at most once, checked ids) and writes the
   * audit row, in one statement that needs no transaction around it: it fails as a whole, writing
   * nothing, when the application is refused (a unique violation, as from a plain INSERT) or when
   * fewer files were linked than given (`filesFellShort`). PostgreSQL only.
   */
  async insertLinkedAudited(db: Kysely<Database>, row: ApplicationRow, files: FileLinks, audit: AuditLogTable): Promise<void> {
    const values = {
      ...Object.fromEntries(applicationColumns.map((c) => [c, row[c]])),
      ...Object.fromEntries(auditColumns.map((c) => [auditParam(c), audit[c]])),
      images: files.image.join(','),
      videos: files.video.join(','),
      imageCount: files.image.length,
      videoCount: files.video.length,
    } as Parameters<typeof insertLinkedAudited.all>[1];
    await insertLinkedAudited.first(db, values);
  },
};
