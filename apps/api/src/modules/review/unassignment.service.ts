import { Code, type ConsoleUnassignManyResponse } from '@qgw/contracts';
import { isoAt } from '../../clock.js';
import { AppError } from '../../plugins/errors.js';
import type { AssignmentDeps } from './assignment.service.js';
import { assignmentsRepository as assignRepo } from './assignments.repository.js';
import { type ConsoleActor, notAssigned } from './console-actor.js';
import { reviewDraftsRepository as drafts } from './review-drafts.repository.js';
import { REVIEWABLE, reviewRepository as repo } from './review.repository.js';
import { reviewStrings as s } from './review.strings.js';

/**
 * Taking reviewers off applications: an admin's removal (one, or the queue's bulk action) and a
 * reviewer's own declaration of a conflict of interest, which also keeps them off for good. Apart
 * from assigning (assignment.service.ts), whose eligibility rules none of this needs.
 */
export class UnassignmentService {
  constructor(private readonly d: AssignmentDeps) {}

  /**
   * Takes the reviewers off one application in one transaction, each removal audited; answers
   * those that were assigned. A review already sent stays on record.
   */
  private async removeFrom(actor: ConsoleActor, applicationId: string, reviewerIds: readonly string[]): Promise<string[]> {
    return this.d.db.transaction().execute(async (trx) => {
      await repo.holdApplication(trx, applicationId);
      const removed: string[] = [];
      for (const reviewerId of new Set(reviewerIds)) {
        // a draft exists only while its author is assigned
        await drafts.delete(trx, applicationId, reviewerId);
        if (!(await assignRepo.deleteAssignment(trx, applicationId, reviewerId))) continue;
        removed.push(reviewerId);
        await this.d.audit.record(
          { actorId: actor.id, action: 'review.unassign', entity: 'application', entityId: applicationId, before: { reviewerId } },
          trx,
        );
      }
      return removed;
    });
  }

  async unassign(actor: ConsoleActor, applicationId: string, reviewerId: string): Promise<{ removed: boolean }> {
    return { removed: (await this.removeFrom(actor, applicationId, [reviewerId])).length > 0 };
  }

  /** Every listed reviewer off every listed application (the queue's bulk action). */
  async unassignMany(actor: ConsoleActor, applicationIds: string[], reviewerIds: string[]): Promise<ConsoleUnassignManyResponse> {
    const out: ConsoleUnassignManyResponse = { removed: [], unchanged: [] };
    for (const applicationId of new Set(applicationIds)) {
      const removed = new Set(await this.removeFrom(actor, applicationId, reviewerIds));
      for (const reviewerId of new Set(reviewerIds)) (removed.has(reviewerId) ? out.removed : out.unchanged).push({ applicationId, reviewerId });
    }
    return out;
  }

  /**
   * A reviewer declares a conflict of interest: the assignment and any review or draft of theirs go, and
   * they are never assigned to this application again. Audited with the reason.
   */
  async declareConflict(actor: ConsoleActor, applicationId: string, reason: string): Promise<{ applicationId: string; declaredAt: string }> {
    if (!(await assignRepo.isAssigned(this.d.db, applicationId, actor.id))) throw notAssigned();
    const at = isoAt(this.d.clock());
    await this.d.db.transaction().execute(async (trx) => {
      // the review goes with the declaration: once a decision rests on it, it stays on record (the
      // row is held first, so a release committing meanwhile is seen)
      await repo.holdApplication(trx, applicationId);
      const app = await repo.application(trx, applicationId);
      if (!app || !REVIEWABLE.includes(app.status)) throw new AppError(Code.APPLICATION_STATE, s.conflictTooLate);
      await assignRepo.insertConflict(trx, { applicationId, reviewerId: actor.id, reason, at });
      await assignRepo.deleteAssignment(trx, applicationId, actor.id);
      await repo.deleteReview(trx, applicationId, actor.id);
      await drafts.delete(trx, applicationId, actor.id);
      await this.d.audit.record(
        { actorId: actor.id, action: 'review.conflict', entity: 'application', entityId: applicationId, after: { reviewerId: actor.id, reason } },
        trx,
      );
    });
    return { applicationId, declaredAt: at };
  }
}
