import { type Kysely, sql } from 'kysely';
import type { ApplicationKind, ApplicationStatus, Decision } from '@qgw/contracts';
import type { Database, StagedDecisionsTable } from '../../db/schema.js';
import { REVIEWABLE } from './review.repository.js';

/**
 * SQL for staged decisions (a decision recorded first and released to the applicant later) and for
 * the version checks that make staging and releasing refuse an application changed meanwhile.
 * Every method takes the executor. The reviews a decision rests on are review.repository.ts.
 */

/** The largest value of the INTEGER column `applications.version` on PostgreSQL. */
const MAX_VERSION = 2_147_483_647;

export type StagedRow = StagedDecisionsTable;

export const stagedDecisionsRepository = {
  staged(db: Kysely<Database>, applicationId: string) {
    return db
      .selectFrom('staged_decisions as sd')
      .innerJoin('users as u', 'u.id', 'sd.staged_by')
      .selectAll('sd')
      .select('u.nickname')
      .where('sd.application_id', '=', applicationId)
      .executeTakeFirst();
  },

  /**
   * Bumps the application's version if it is still at `version` and open to a decision; the new
   * version, or null when another change came first.
   */
  async bumpVersion(db: Kysely<Database>, id: string, version: number): Promise<number | null> {
    // versions are 32-bit integers in the database: a larger one matches no row, and PostgreSQL
    // would refuse the comparison itself (a 500 where SQLite answered CONFLICT)
    if (!Number.isInteger(version) || version < 0 || version > MAX_VERSION) return null;
    const row = await db
      .updateTable('applications')
      .set({ version: sql<number>`version + 1` })
      .where('id', '=', id)
      .where('version', '=', version)
      .where('status', 'in', [...REVIEWABLE])
      .returning('version')
      .executeTakeFirst();
    return row ? Number(row.version) : null;
  },

  async upsertStaged(db: Kysely<Database>, row: Omit<StagedRow, 'decision'> & { decision: Decision }): Promise<void> {
    await db
      .insertInto('staged_decisions')
      .values(row)
      .onConflict((oc) =>
        oc.column('application_id').doUpdateSet({
          decision: row.decision,
          reason: row.reason,
          staged_by: row.staged_by,
          staged_at: row.staged_at,
          app_version: row.app_version,
        }),
      )
      .execute();
  },

  async deleteStaged(db: Kysely<Database>, applicationId: string): Promise<void> {
    await db.deleteFrom('staged_decisions').where('application_id', '=', applicationId).execute();
  },

  /** Every staged decision with its application and who staged it, oldest first. */
  stagedList(db: Kysely<Database>, kind?: ApplicationKind, programmeId?: string) {
    let q = db
      .selectFrom('staged_decisions as sd')
      .innerJoin('applications as a', 'a.id', 'sd.application_id')
      .innerJoin('users as u', 'u.id', 'sd.staged_by')
      .select([
        'sd.application_id', 'sd.decision', 'sd.reason', 'sd.staged_by', 'sd.staged_at', 'u.nickname',
        'a.kind', 'a.title', 'a.applicant_name', 'a.status', 'a.version', 'a.programme_id',
      ]);
    if (kind) q = q.where('a.kind', '=', kind);
    if (programmeId) q = q.where('a.programme_id', '=', programmeId);
    return q.orderBy('sd.staged_at').orderBy('sd.application_id').execute();
  },

  /**
   * Releases a staged decision: the application moves to `to` if it is still at the staged version
   * and open to a decision. The new version, or null when something changed since staging.
   */
  async release(
    db: Kysely<Database>,
    p: { applicationId: string; stagedVersion: number; to: ApplicationStatus; reason: string | null; now: string },
  ): Promise<number | null> {
    const updated = await db
      .updateTable('applications')
      .set((eb) => ({
        status: p.to,
        reason: p.reason,
        decided_at: p.now,
        updated_at: p.now,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', p.applicationId)
      .where('version', '=', p.stagedVersion)
      .where('status', 'in', [...REVIEWABLE])
      .returning('version')
      .executeTakeFirst();
    return updated ? Number(updated.version) : null;
  },
};
