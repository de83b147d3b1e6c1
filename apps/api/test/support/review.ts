/**
 * TEST SUPPORT ONLY — stands in for the review side (built in the review issue) so that tests can
 * put an application into under_review / approved / rejected / returned. It goes through the same
 * guarded update and the same audit record as the applicant's transitions; it is not part of the
 * product and nothing in src/ imports it.
 */
import type { Kysely } from 'kysely';
import type { ApplicationStatus } from '@qgw/contracts';
import type { Clock } from '../../src/clock.js';
import { isoAt } from '../../src/clock.js';
import type { Database } from '../../src/db/schema.js';
import { applicationsRepository as repo } from '../../src/modules/applications/applications.repository.js';
import { recordTransition } from '../../src/modules/applications/records.js';
import { AuditRepository } from '../../src/modules/audit/audit.repository.js';

export type ReviewOutcome = Extract<ApplicationStatus, 'under_review' | 'approved' | 'rejected' | 'returned'>;

export async function reviewTo(
  db: Kysely<Database>,
  clock: Clock,
  applicationId: string,
  to: ReviewOutcome,
  opts: { reason?: string; actorId?: string | null } = {},
): Promise<number> {
  const row = await db.selectFrom('applications').selectAll().where('id', '=', applicationId).executeTakeFirstOrThrow();
  const now = isoAt(clock());
  const decided = to === 'approved' || to === 'rejected';
  return db.transaction().execute(async (trx) => {
    const version = await repo.guardedUpdate(
      trx,
      { id: row.id, userId: row.user_id, from: [row.status], version: row.version },
      {
        status: to,
        updated_at: now,
        ...(opts.reason !== undefined ? { reason: opts.reason } : {}),
        ...(decided ? { decided_at: now } : {}),
      },
    );
    if (version === null) throw new Error(`review: ${applicationId} changed under the test`);
    await recordTransition(new AuditRepository(db, clock), trx, {
      actorId: opts.actorId ?? 'test-reviewer',
      action: 'application.review',
      applicationId: row.id,
      before: { status: row.status, version: row.version },
      after: { status: to, version },
      note: opts.reason ?? null,
    });
    return version;
  });
}

/** Walks an application from submitted through review to the given end state. */
export async function reviewThrough(
  db: Kysely<Database>,
  clock: Clock,
  applicationId: string,
  end: Exclude<ReviewOutcome, 'under_review'>,
  reason?: string,
): Promise<void> {
  await reviewTo(db, clock, applicationId, 'under_review');
  await reviewTo(db, clock, applicationId, end, reason !== undefined ? { reason } : {});
}
