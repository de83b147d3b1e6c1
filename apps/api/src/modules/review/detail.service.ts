import type { Kysely } from 'kysely';
import {
  Code, type ConsoleApplicationResponse, type ConsoleFile, type ConsoleReview, maskMobile, type RevealField,
} from '@qgw/contracts';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { accountsRepository } from '../accounts/accounts.module.js';
import { type ApplicationRow, applicationsRepository } from '../applications/applications.module.js';
import { allFileIds, kindSpecs } from '../applications/applications.module.js';
import { dataOf, idNumberOf, type ViewDeps } from '../applications/applications.module.js';
import type { AuditRepository } from '../audit/audit.module.js';
import { filesRepository } from '../files/files.module.js';
import { programmeRepository } from '../programme/programme.module.js';
import { blindFor, type ConsoleActor, notAssigned, notFound } from './console-actor.js';
import { maskedData, shownTitle } from './masking.js';
import { assignmentsRepository as assignRepo } from './assignments.repository.js';
import { reviewRepository as repo } from './review.repository.js';
import { stagedDecisionsRepository as stagedRepo } from './staged-decisions.repository.js';
import { rubricOf, rubricVersionOf } from './rubric.js';
import { reviewStrings as s } from './review.strings.js';

export interface DetailDeps {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditRepository;
  view: ViewDeps;
}

type ReviewWithName = Awaited<ReturnType<typeof repo.reviewsOf>>[number];

export const toConsoleReview = (r: ReviewWithName): ConsoleReview => ({
  id: r.id,
  reviewer: { id: r.reviewer_id, nickname: r.nickname },
  scores: JSON.parse(r.scores_json) as Record<string, number>,
  total: Number(r.total),
  recommendation: r.recommendation,
  commentToApplicant: r.comment_to_applicant,
  privateNote: r.private_note,
  submittedAt: r.submitted_at,
  updatedAt: r.updated_at,
  rubricVersion: Number(r.rubric_version),
  needsRescore: Number(r.needs_rescore) === 1,
});

/**
 * The application a console caller may open: admins any submitted one; reviewers only those
 * assigned to them (anything else, existing or not, is "not assigned" so ids reveal nothing).
 */
export async function consoleApplication(db: Kysely<Database>, actor: ConsoleActor, id: string): Promise<ApplicationRow> {
  const row = await repo.application(db, id);
  if (actor.isAdmin) {
    if (!row || row.status === 'draft') throw notFound();
    return row;
  }
  if (!row || row.status === 'draft' || !(await assignRepo.isAssigned(db, id, actor.id))) throw notAssigned();
  return row;
}

/** Scoring stops at the programme's review_ends_at (membership has no programme, so no deadline). */
export async function reviewWindowOpen(db: Kysely<Database>, row: ApplicationRow, nowMs: number): Promise<boolean> {
  if (!row.programme_id) return true;
  const p = await programmeRepository.byId(db, row.programme_id);
  return !p || nowMs < Date.parse(p.review_ends_at);
}

export class DetailService {
  constructor(private readonly d: DetailDeps) {}

  async detail(actor: ConsoleActor, id: string): Promise<ConsoleApplicationResponse> {
    const { db } = this.d;
    const row = await consoleApplication(db, actor, id);
    const blind = await blindFor(db, actor, row.programme_id);
    const data = dataOf(row);
    const idNumber = idNumberOf(this.d.view, row);
    const ownerMobile = await accountsRepository.mobileOrThrow(db, row.user_id);

    // a blind reviewer gets neither the applicant's photo nor the business licence: they name the
    // person or the company (the file routes refuse them too, file-access.service.ts `viewable`)
    const fileRows = await this.fileRows(allFileIds(kindSpecs[row.kind], data));
    const shownFiles = blind ? fileRows.filter((f) => f.purpose !== 'license' && f.purpose !== 'photo') : fileRows;
    const urls = this.d.view.files.signFileUrls(shownFiles.map((f) => f.id), actor.id);
    const files: ConsoleFile[] = shownFiles.map((f) => ({
      id: f.id, kind: f.kind, purpose: f.purpose, mime: f.mime, size: Number(f.size), url: urls[f.id] as string,
    }));

    const assignments = (await assignRepo.assignments(db, row.id)).filter((a) => actor.isAdmin || a.reviewer_id === actor.id);
    const reviews = await repo.reviewsOf(db, row.id, actor.isAdmin ? undefined : actor.id);
    const reviewed = new Set(reviews.filter((r) => Number(r.needs_rescore) === 0).map((r) => r.reviewer_id));
    const assignedToMe = assignments.some((a) => a.reviewer_id === actor.id);
    const staged = actor.isAdmin ? await stagedRepo.staged(db, row.id) : undefined;
    const themeName = row.theme_id ? await programmeRepository.themeName(db, row.theme_id) : undefined;
    const timeline = (await applicationsRepository.transitions(db, row.id)).map((t) => ({ status: t.status, at: t.at, note: t.note }));

    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      version: row.version,
      title: shownTitle(row.kind, row.title, row.id, blind),
      programmeId: row.programme_id,
      themeId: row.theme_id,
      themeName: themeName ?? null,
      blind,
      applicant: {
        name: blind ? null : row.applicant_name,
        mobileMasked: blind ? null : maskMobile(ownerMobile),
        organization: blind ? null : row.organization,
      },
      data: maskedData(data, idNumber, blind),
      reason: row.reason,
      submittedAt: row.submitted_at,
      decidedAt: row.decided_at,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      timeline,
      fileUrls: urls,
      files,
      rubric: await rubricOf(db, row.kind, row.programme_id),
      rubricVersion: await rubricVersionOf(db, row.kind, row.programme_id),
      assignments: assignments.map((a) => ({
        reviewer: { id: a.reviewer_id, nickname: a.nickname },
        assignedAt: a.assigned_at,
        method: a.method,
        reviewed: reviewed.has(a.reviewer_id),
      })),
      reviews: reviews.map(toConsoleReview),
      canReview: assignedToMe && row.status === 'under_review' && (await reviewWindowOpen(db, row, this.d.clock())),
      staged: staged
        ? {
            applicationId: row.id,
            decision: staged.decision,
            reason: staged.reason,
            stagedBy: { id: staged.staged_by, nickname: staged.nickname },
            stagedAt: staged.staged_at,
          }
        : null,
      revealable: blind
        ? []
        : [
            // a full ID number is for admins only
            ...(idNumber !== undefined && actor.isAdmin ? (['idNumber'] as const) : []),
            'mobile' as const,
            ...(typeof data.contactMobile === 'string' ? (['contactMobile'] as const) : []),
          ],
    };
  }

  private async fileRows(ids: string[]) {
    if (ids.length === 0) return [];
    const rows = await filesRepository.completeByIds(this.d.db, ids);
    // in the order the form lists them
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      return r ? [r] : [];
    });
  }

  /**
   * One piece of personal data in clear, for a caller who may open the application. The audit
   * entry (who, when, which field; never the value) is written before the value is answered.
   */
  async reveal(actor: ConsoleActor, id: string, field: RevealField): Promise<{ field: RevealField; value: string }> {
    const { db } = this.d;
    const row = await consoleApplication(db, actor, id);
    if (await blindFor(db, actor, row.programme_id)) throw new AppError(Code.BLIND_REVIEW, s.blindReveal);
    if (field === 'idNumber' && !actor.isAdmin) throw new AppError(Code.REVEAL_ADMIN_ONLY, s.revealAdminOnly, 403);
    let value: string | undefined;
    if (field === 'idNumber') value = idNumberOf(this.d.view, row);
    else if (field === 'mobile') {
      value = await accountsRepository.mobileOf(db, row.user_id);
    } else {
      const v = dataOf(row).contactMobile;
      value = typeof v === 'string' ? v : undefined;
    }
    if (!value) throw new AppError(Code.NOTHING_TO_REVEAL, s.nothingToReveal);
    await this.d.audit.record({
      actorId: actor.id,
      action: 'application.reveal',
      entity: 'application',
      entityId: row.id,
      after: { field },
    });
    return { field, value };
  }
}
