import type { Kysely } from 'kysely';
import { Code, type ConsoleReview, type ConsoleReviewRequest, ZConsoleReviewRequest } from '@qgw/contracts';
import type { z } from 'zod';
import { type Clock, isoAt } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import type { AuditRepository } from '../audit/audit.module.js';
import { type ConsoleActor, notAssigned } from './console-actor.js';
import { reviewWindowOpen, toConsoleReview } from './detail.service.js';
import { reviewRepository as repo } from './review.repository.js';
import { checkScores, rubricOf, weightedTotal } from './rubric.js';
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
 * weighted total is computed here from the kind's rubric, never taken from the request.
 */
export class ReviewService {
  constructor(private readonly d: ReviewDeps) {}

  async submit(actor: ConsoleActor, input: ReviewInput): Promise<ConsoleReview> {
    const { db } = this.d;
    // admins review only what they are assigned, like everyone else
    if (!(await repo.isAssigned(db, input.applicationId, actor.id))) throw notAssigned();
    const app = await repo.application(db, input.applicationId);
    if (!app) throw notAssigned();
    if (app.status !== 'under_review') throw new AppError(Code.APPLICATION_STATE, s.notReviewable);
    if (!(await reviewWindowOpen(db, app, this.d.clock()))) throw new AppError(Code.PROGRAMME_CLOSED, s.notReviewable);
    const rubric = await rubricOf(db, app.kind);
    const scores = checkScores(rubric, input.scores);
    const total = weightedTotal(rubric, scores);
    const now = isoAt(this.d.clock());
    await db.transaction().execute(async (trx) => {
      // checked again where the review is written: a release, a withdrawal, a declared conflict or an
      // unassignment may have committed since the checks above
      if (!(await repo.holdUnderReview(trx, app.id))) throw new AppError(Code.APPLICATION_STATE, s.notReviewable);
      if (!(await repo.isAssigned(trx, app.id, actor.id))) throw notAssigned();
      const existing = await repo.review(trx, app.id, actor.id);
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
      });
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
