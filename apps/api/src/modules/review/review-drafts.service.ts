import { writableReviewOf } from './review.service.js';
import type { Kysely } from 'kysely';
import {
  Code, type ConsoleMyAssignmentsResponse, type ConsoleReviewDraftResponse, type ConsoleReviewDraftSaveResponse,
  ZConsoleReviewDraftSaveRequest,
} from '@qgw/contracts';
import type { z } from 'zod';
import { type Clock, isoAt } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import type { ApplicationRow } from '../applications/applications.module.js';
import { blindFor, type ConsoleActor, notAssigned } from './console-actor.js';
import { reviewWindowOpen } from './detail.service.js';
import { shownTitle } from './masking.js';
import { reviewDraftsRepository as drafts } from './review-drafts.repository.js';
import { assignmentsRepository as assignRepo } from './assignments.repository.js';
import { reviewRepository as repo } from './review.repository.js';
import { checkPartialScores, rubricOf } from './rubric.js';
import { reviewStrings as s } from './review.strings.js';

export interface ReviewDraftsDeps {
  db: Kysely<Database>;
  clock: Clock;
}

export type ReviewDraftInput = z.output<typeof ZConsoleReviewDraftSaveRequest>;

/**
 * The reviewer's desk: their own assignments in a stable order with progress, and the score sheet
 * they are typing, kept on the server so that a reload or another device finds it. A draft is its
 * author's alone (nobody else, admins included, reads it), and exists only while the application is
 * assigned to them and open to their review; submitting the review, an unassignment, a declared
 * conflict or the erasure of their account deletes it. Drafts are not audited: they decide nothing,
 * and the review that follows is.
 */
export class ReviewDraftsService {
  constructor(private readonly d: ReviewDraftsDeps) {}

  async myAssignments(actor: ConsoleActor): Promise<ConsoleMyAssignmentsResponse> {
    const { db } = this.d;
    const blind = await blindFor(db, actor);
    const rows = await drafts.myAssignments(db, actor.id);
    const items = rows.map((r) => ({
      applicationId: r.id,
      kind: r.kind,
      title: shownTitle(r.kind, r.title, r.id, blind),
      // a review on an older rubric version is to be done again: not counted as done
      reviewed: r.review_id !== null && Number(r.needs_rescore) === 0,
      needsRescore: r.review_id !== null && Number(r.needs_rescore) === 1,
      hasDraft: r.draft_at !== null,
    }));
    return { items, done: items.filter((i) => i.reviewed).length, total: items.length };
  }

  /** Whether the caller may review the application now: the same rule as the detail's canReview. */
  private async open(app: ApplicationRow | undefined): Promise<boolean> {
    return app !== undefined && app.status === 'under_review' && (await reviewWindowOpen(this.d.db, app, this.d.clock()));
  }

  async read(actor: ConsoleActor, applicationId: string): Promise<ConsoleReviewDraftResponse> {
    const { db } = this.d;
    if (!(await assignRepo.isAssigned(db, applicationId, actor.id))) throw notAssigned();
    // a decided or withdrawn application, or a closed review period: nothing left to resume
    if (!(await this.open(await repo.application(db, applicationId)))) return { draft: null };
    const row = await drafts.draft(db, applicationId, actor.id);
    if (!row) return { draft: null };
    return {
      draft: {
        applicationId,
        scores: JSON.parse(row.scores_json) as Record<string, number>,
        recommendation: row.recommendation,
        commentToApplicant: row.comment_to_applicant,
        privateNote: row.private_note,
        savedAt: row.updated_at,
      },
    };
  }

  async save(actor: ConsoleActor, input: ReviewDraftInput): Promise<ConsoleReviewDraftSaveResponse> {
    const { db } = this.d;
    const app = await writableReviewOf(db, input.applicationId, actor.id, this.d.clock());
    const scores = checkPartialScores(await rubricOf(db, app.kind, app.programme_id), input.scores);
    const savedAt = isoAt(this.d.clock());
    await db.transaction().execute(async (trx) => {
      // checked again where the draft is written, as a review is: an unassignment, a declared
      // conflict or a release committing meanwhile leaves no draft behind it
      if (!(await repo.holdUnderReview(trx, app.id))) throw new AppError(Code.APPLICATION_STATE, s.notReviewable);
      if (!(await assignRepo.isAssigned(trx, app.id, actor.id))) throw notAssigned();
      await drafts.upsert(trx, {
        application_id: app.id,
        reviewer_id: actor.id,
        scores_json: JSON.stringify(scores),
        recommendation: input.recommendation ?? null,
        comment_to_applicant: input.commentToApplicant,
        private_note: input.privateNote,
        updated_at: savedAt,
      });
    });
    return { savedAt };
  }
}
