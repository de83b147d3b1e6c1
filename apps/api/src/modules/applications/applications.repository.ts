import { type Kysely, sql, type Updateable } from 'kysely';
import type { ApplicationKind, ApplicationStatus } from '@qgw/contracts';
import { insertRow, prepared } from '../../db/prepared.js';
import type { ApplicationsTable, Database } from '../../db/schema.js';

/** SQL for applications. Every method takes the executor, so callers can run it inside a transaction. */

export type ApplicationRow = ApplicationsTable;

export interface AuditTransition {
  status: ApplicationStatus;
  version: number;
  note: string | null;
  at: string;
}

/**
 * The newest live application of a kind: the look-up every applicant's status screen polls, so its
 * three forms (any programme, none, one) are compiled once (db/prepared.ts).
 */
const latestLiveQuery = (db: Kysely<Database>, userId: string, kind: string) =>
  db
    .selectFrom('applications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind as ApplicationKind)
    .where('status', '<>', sql.lit('withdrawn'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1);
const latestLiveAnyProgramme = prepared(['userId', 'kind'], (db, p) => latestLiveQuery(db, p.userId, p.kind));
const latestLiveOutsideProgrammes = prepared(['userId', 'kind'], (db, p) =>
  latestLiveQuery(db, p.userId, p.kind).where('programme_id', 'is', null),
);
const latestLiveInProgramme = prepared(['userId', 'kind', 'programmeId'], (db, p) =>
  latestLiveQuery(db, p.userId, p.kind).where('programme_id', '=', p.programmeId),
);

export const applicationsRepository = {
  async insert(db: Kysely<Database>, row: ApplicationRow): Promise<void> {
    await insertRow(db, 'applications', row);
  },

  /** The application if it is this user's: another user's id reads as absent. */
  findOwned(db: Kysely<Database>, id: string, userId: string): Promise<ApplicationRow | undefined> {
    return db.selectFrom('applications').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  },

  /** The newest application of a kind that is not withdrawn; programmeId undefined = any programme. */
  latestLive(
    db: Kysely<Database>,
    userId: string,
    kind: ApplicationKind,
    programmeId?: string | null,
  ): Promise<ApplicationRow | undefined> {
    if (programmeId === undefined) return latestLiveAnyProgramme.first(db, { userId, kind });
    if (programmeId === null) return latestLiveOutsideProgrammes.first(db, { userId, kind });
    return latestLiveInProgramme.first(db, { userId, kind, programmeId });
  },

  /** The newest withdrawn application of a kind in a programme (null: outside programmes). */
  latestWithdrawn(db: Kysely<Database>, userId: string, kind: ApplicationKind, programmeId: string | null): Promise<ApplicationRow | undefined> {
    let q = db
      .selectFrom('applications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('status', '=', sql.lit('withdrawn'));
    q = programmeId === null ? q.where('programme_id', 'is', null) : q.where('programme_id', '=', programmeId);
    return q.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  },

  /** The newest draft of a kind (works may have several). */
  latestDraft(db: Kysely<Database>, userId: string, kind: ApplicationKind, programmeId: string | null) {
    let q = db
      .selectFrom('applications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('status', '=', 'draft');
    q = programmeId === null ? q.where('programme_id', 'is', null) : q.where('programme_id', '=', programmeId);
    return q.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  },

  listByUser(
    db: Kysely<Database>,
    userId: string,
    filter: { kind?: ApplicationKind; programmeId?: string; live?: boolean } = {},
  ): Promise<ApplicationRow[]> {
    let q = db.selectFrom('applications').selectAll().where('user_id', '=', userId);
    if (filter.kind) q = q.where('kind', '=', filter.kind);
    if (filter.programmeId) q = q.where('programme_id', '=', filter.programmeId);
    if (filter.live) q = q.where('status', '<>', sql.lit('withdrawn'));
    return q.orderBy('updated_at', 'desc').orderBy('id', 'desc').execute();
  },

  /**
   * Drops a decision an admin staged for this application but has not released. A withdrawn
   * application can no longer be released, unstaged or staged again (they all need a reviewable
   * status), so a staged row left behind would show as pending in the console and exports for good.
   */
  async dropStagedDecision(db: Kysely<Database>, applicationId: string): Promise<boolean> {
    const r = await db.deleteFrom('staged_decisions').where('application_id', '=', applicationId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  /**
   * The one way an application changes: only if it is still this user's, in one of `from`, and (when
   * given) at `version`. The version is incremented in the same statement, so of two writers that
   * read the same state exactly one succeeds. Returns the new version, or null when nothing matched.
   */
  async guardedUpdate(
    db: Kysely<Database>,
    where: { id: string; userId: string; from: readonly ApplicationStatus[]; version?: number },
    set: Omit<Updateable<ApplicationsTable>, 'id' | 'user_id' | 'kind' | 'version' | 'created_at'>,
  ): Promise<number | null> {
    let q = db
      .updateTable('applications')
      .set({ ...set, version: sql<number>`version + 1` })
      .where('id', '=', where.id)
      .where('user_id', '=', where.userId)
      .where('status', 'in', [...where.from]);
    if (where.version !== undefined) q = q.where('version', '=', where.version);
    const row = await q.returning('version').executeTakeFirst();
    return row ? Number(row.version) : null;
  },

  /** The transitions of an application, oldest first, from the audit trail. */
  async transitions(db: Kysely<Database>, id: string): Promise<AuditTransition[]> {
    const rows = await db
      .selectFrom('audit_log')
      .select(['after_json', 'created_at'])
      .where('entity', '=', 'application')
      .where('entity_id', '=', id)
      .execute();
    const out: AuditTransition[] = [];
    for (const r of rows) {
      const after = r.after_json ? (JSON.parse(r.after_json) as Partial<Omit<AuditTransition, 'at'>>) : null;
      if (!after || typeof after.status !== 'string' || typeof after.version !== 'number') continue;
      out.push({ status: after.status, version: after.version, note: after.note ?? null, at: r.created_at });
    }
    // the version orders transitions made within the same millisecond
    return out.sort((a, b) => a.version - b.version || a.at.localeCompare(b.at));
  },

  /** The user's applications in one of `statuses`, by id. */
  ofUserIn(db: Kysely<Database>, userId: string, statuses: readonly ApplicationStatus[]): Promise<ApplicationRow[]> {
    return db.selectFrom('applications').selectAll().where('user_id', '=', userId).where('status', 'in', statuses).orderBy('id').execute();
  },
};
