import type { Kysely } from 'kysely';
import { Code, type ConsoleReview, type ConsoleReviewRequest, ZConsoleReviewRequest } from '@qgw/contracts';
import type { z } from 'zod';
import { type Clock, isoAt } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import type { AuditRepository } from '../audit/audit.module.js';
import { type ConsoleActor, notAssigned } from './console-actor.js';
import { reviewWindowOpen, toConsoleReview } from './detail.service.js';
import { reviewDraftsRepository as drafts } from './review-drafts.repository.js';
import { assignmentsRepository as assignRepo } from './assignments.repository.js';
import { reviewRepository as repo } from './review.repository.js';
import { checkScores, rubricOf, rubricVersionOf, weightedTotal } from './rubric.js';
import { reviewStrings as s } from './review.strings.js';
import { newRowId } from '../../db/row-id.js';

export interface ReviewDeps {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditRepository;
}

export type ReviewInput = z.output<typeof ZConsoleReviewRequest>;
export type { ConsoleReviewRequest };

/**
 * A reviewer's score sheet: only for an application assigned to them, only while it is under
 * review and the programme's review period lasts. Sending again replaces their review. The
 * weighted total is computed here from the kind's rubric, never taken from the request. The
 * reviewer's draft of it goes once it is submitted.
 */
/**
 * The application a reviewer may write a review (or its draft) of now: assigned to them — admins
 * too review only what they are assigned —, under review, within the review period.
 */
export async function writableReviewOf(db: ReviewDeps['db'], applicationId: string, actorId: string, now: number) {
  if (!(await assignRepo.isAssigned(db, applicationId, actorId))) throw notAssigned();
  const app = await repo.application(db, applicationId);
  if (!app) throw notAssigned();
  if (app.status !== 'under_review') throw new AppError(Code.APPLICATION_STATE, s.notReviewable);
  if (!(await reviewWindowOpen(db, app, now))) throw new AppError(Code.PROGRAMME_CLOSED, s.notReviewable);
  return app;
}

export class ReviewService {
  constructor(private readonly d: ReviewDeps) {}

  async submit(actor: ConsoleActor, input: ReviewInput): Promise<ConsoleReview> {
    const { db } = this.d;
    const app = await writableReviewOf(db, input.applicationId, actor.id, this.d.clock());
    const rubric = await rubricOf(db, app.kind, app.programme_id);
    const scores = checkScores(rubric, input.scores);
    const total = weightedTotal(rubric, scores);
    const now = isoAt(this.d.clock());
    await db.transaction().execute(async (trx) => {
      // checked again where the review is written: a release, a withdrawal, a declared conflict or an
      // unassignment may have committed since the checks above
      if (!(await repo.holdUnderReview(trx, app.id))) throw new AppError(Code.APPLICATION_STATE, s.notReviewable);
      if (!(await assignRepo.isAssigned(trx, app.id, actor.id))) throw notAssigned();
      const existing = await repo.review(trx, app.id, actor.id);
      // read where the review is written: scored against this version, the review counts again
      const rubricVersion = await rubricVersionOf(trx, app.kind, app.programme_id);
      await repo.upsertReview(trx, {
        id: existing?.id ?? newRowId(),
        application_id: app.id,
        reviewer_id: actor.id,
        scores_json: JSON.stringify(scores),
        total,
        recommendation: input.recommendation,
        comment_to_applicant: input.commentToApplicant,
        private_note: input.privateNote,
        submitted_at: existing?.submitted_at ?? now,
        updated_at: now,
        rubric_version: rubricVersion,
        needs_rescore: 0,
      });
      // the sheet is submitted: its draft has served
      await drafts.delete(trx, app.id, actor.id);
      await this.d.audit.record(
        {
          actorId: actor.id,
          action: existing ? 'review.update' : 'review.submit',
          entity: 'application',
          entityId: app.id,
          before: existing ? { total: Number(existing.total), recommendation: existing.recommendation } : null,
          after: { total, recommendation: input.recommendation },
        },
        trx,
      );
    });
    const [saved] = await repo.reviewsOf(db, app.id, actor.id);
    if (!saved) throw new AppError(Code.INTERNAL, s.notReviewable, 500);
    return toConsoleReview(saved);
  }
}
