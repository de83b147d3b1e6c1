import type { Kysely } from 'kysely';
import {
  Code, type ConsoleReleaseResponse, type ConsoleStageManyResponse, type ConsoleStagedItem, type Decision, decisionStatus, resubmitPhases, routes,
  type StagedDecision,
} from '@qgw/contracts';
import { type Clock, isoAt } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { minReviewsByKind } from '../admin/admin.module.js';
import type { ApplicationRow } from '../applications/applications.module.js';
import { recordTransition } from '../applications/applications.module.js';
import type { AuditRepository } from '../audit/audit.module.js';
import type { NotificationsService } from '../notifications/notifications.module.js';
import type { ProgrammeService } from '../programme/programme.module.js';
import { type ConsoleActor, notFound } from './console-actor.js';
import { lookupCodeOf, noticeOf, outcomeLabel } from './notice.js';
import { placesOf } from './ranking.service.js';
import { REVIEWABLE, reviewRepository as repo } from './review.repository.js';
import { stagedDecisionsRepository as stagedRepo } from './staged-decisions.repository.js';
import { averageOf } from './rubric.js';
import { reviewStrings as s } from './review.strings.js';

export interface DecisionsDeps {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditRepository;
  notifications: NotificationsService;
  /** origin for links in outbound messages; undefined = no link */
  publicBaseUrl: string | undefined;
  programme: Pick<ProgrammeService, 'phaseOfProgramme'>;
}

type ReleaseOutcome = { reason: string } | { status: ConsoleReleaseResponse['released'][number]['status']; decidedAt: string };

const conflict = () => new AppError(Code.CONFLICT, s.versionConflict);

/**
 * Admins' decisions (docs/requirements.md#decisions): staged first, released together. Staging is
 * an optimistic write on the application's version — of two admins staging from the same version
 * exactly one stands, the other gets CONFLICT. Release applies each staged decision in its own
 * transaction (status, reason, decided_at, audit, in-app notification and its outbound copies in
 * the outbox) only if the application is still exactly as staged; the outbox worker sends the
 * copies once it commits.
 */
export class DecisionsService {
  constructor(private readonly d: DecisionsDeps) {}

  /** Why a version bump failed: gone, no longer open to a decision, or changed meanwhile. */
  private async bumpFailure(db: Kysely<Database>, applicationId: string): Promise<AppError> {
    const row = await repo.application(db, applicationId);
    if (!row || row.status === 'draft') return notFound();
    if (!REVIEWABLE.includes(row.status)) return new AppError(Code.APPLICATION_STATE, s.decisionState);
    return conflict();
  }

  /**
   * A return asks the applicant to correct and resubmit, which their programme allows only while it
   * is open or under review (RESUBMIT_PHASES). Released later, it would leave them an entry they
   * could neither correct nor withdraw. Membership belongs to no programme: always allowed.
   */
  private async returnAllowed(db: Kysely<Database>, app: ApplicationRow): Promise<boolean> {
    return !app.programme_id || resubmitPhases.includes(await this.d.programme.phaseOfProgramme(app.programme_id, db));
  }

  async stage(
    actor: ConsoleActor,
    input: { applicationId: string; decision: Decision; reason: string; version: number; override?: string | undefined },
  ): Promise<StagedDecision & { version: number }> {
    const app = await repo.application(this.d.db, input.applicationId);
    if (input.decision === 'return') {
      if (app && !(await this.returnAllowed(this.d.db, app))) throw new AppError(Code.PROGRAMME_CLOSED, s.returnTooLate);
    }
    // an approve or reject rests on the kind's minimum of completed reviews, or on a stated reason
    // (returning for changes judges nothing, and needs none)
    let reviewsShort: { done: number; required: number; override: string } | undefined;
    if (app && input.decision !== 'return') {
      const required = (await minReviewsByKind(this.d.db, app.programme_id))[app.kind];
      const done = await repo.reviewCount(this.d.db, app.id);
      if (done < required) {
        if (!input.override) throw new AppError(Code.REVIEWS_TOO_FEW, s.reviewsTooFew(done, required));
        reviewsShort = { done, required, override: input.override };
      }
    }
    const at = isoAt(this.d.clock());
    const version = await this.d.db.transaction().execute(async (trx) => {
      const v = await stagedRepo.bumpVersion(trx, input.applicationId, input.version);
      if (v === null) return null;
      await stagedRepo.upsertStaged(trx, {
        application_id: input.applicationId,
        decision: input.decision,
        reason: input.reason,
        staged_by: actor.id,
        staged_at: at,
        app_version: v,
      });
      await this.d.audit.record(
        {
          actorId: actor.id,
          action: 'decision.stage',
          entity: 'application',
          entityId: input.applicationId,
          after: {
            decision: input.decision,
            reason: input.reason,
            version: v,
            ...(reviewsShort ? { reviewsDone: reviewsShort.done, reviewsRequired: reviewsShort.required, override: reviewsShort.override } : {}),
          },
        },
        trx,
      );
      return v;
    });
    if (version === null) throw await this.bumpFailure(this.d.db, input.applicationId);
    return {
      applicationId: input.applicationId,
      decision: input.decision,
      reason: input.reason,
      stagedBy: { id: actor.id, nickname: actor.nickname },
      stagedAt: at,
      version,
    };
  }

  /**
   * One decision for many applications (the queue's bulk action): each is staged on its current
   * version by `stage` itself, so every rule of single staging applies, and answered on its own.
   */
  async stageMany(
    actor: ConsoleActor,
    input: { applicationIds: string[]; decision: Decision; reason: string; override?: string | undefined },
  ): Promise<ConsoleStageManyResponse> {
    const out: ConsoleStageManyResponse = { staged: [], refused: [] };
    for (const applicationId of new Set(input.applicationIds)) {
      const app = await repo.application(this.d.db, applicationId);
      try {
        if (!app || app.status === 'draft') throw notFound();
        if (!REVIEWABLE.includes(app.status)) throw new AppError(Code.APPLICATION_STATE, s.decisionState);
        const staged = await this.stage(actor, { ...input, applicationId, version: app.version });
        out.staged.push({ applicationId, version: staged.version });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        out.refused.push({ applicationId, code: err.code, reason: err.message });
      }
    }
    return out;
  }

  async unstage(actor: ConsoleActor, applicationId: string, version: number): Promise<{ applicationId: string; version: number }> {
    const out = await this.d.db.transaction().execute(async (trx) => {
      const staged = await stagedRepo.staged(trx, applicationId);
      if (!staged) return 'none' as const;
      const v = await stagedRepo.bumpVersion(trx, applicationId, version);
      if (v === null) return null;
      await stagedRepo.deleteStaged(trx, applicationId);
      await this.d.audit.record(
        {
          actorId: actor.id,
          action: 'decision.unstage',
          entity: 'application',
          entityId: applicationId,
          before: { decision: staged.decision, reason: staged.reason, version },
        },
        trx,
      );
      return v;
    });
    if (out === 'none') throw new AppError(Code.NOT_STAGED, s.notStaged);
    if (out === null) throw await this.bumpFailure(this.d.db, applicationId);
    return { applicationId, version: out };
  }

  async stagedList(kind?: ConsoleStagedItem['kind'], programmeId?: string): Promise<ConsoleStagedItem[]> {
    const rows = await stagedRepo.stagedList(this.d.db, kind, programmeId);
    const ids = rows.map((r) => r.application_id);
    const totals = new Map<string, number[]>();
    if (ids.length > 0) {
      for (const r of await repo.reviewTotals(this.d.db, ids)) {
        totals.set(r.application_id, [...(totals.get(r.application_id) ?? []), Number(r.total)]);
      }
    }
    // beside each decision: its place in its kind's ranking, and its programme's phase now
    const programmes = [...new Set(rows.flatMap((r) => (r.programme_id ? [r.programme_id] : [])))];
    const places = await placesOf(this.d.db, rows.flatMap((r) => (r.programme_id ? [{ programmeId: r.programme_id, kind: r.kind }] : [])));
    const phases = new Map(await Promise.all(programmes.map(async (id) => [id, await this.d.programme.phaseOfProgramme(id, this.d.db)] as const)));
    return rows.map((r) => ({
      applicationId: r.application_id,
      decision: r.decision,
      reason: r.reason,
      stagedBy: { id: r.staged_by, nickname: r.nickname },
      stagedAt: r.staged_at,
      kind: r.kind,
      title: r.title,
      applicantName: r.applicant_name,
      status: r.status,
      version: Number(r.version),
      reviewCount: totals.get(r.application_id)?.length ?? 0,
      averageScore: averageOf(totals.get(r.application_id) ?? []),
      rank: places.get(r.application_id)?.rank ?? null,
      rankedCount: places.get(r.application_id)?.rankedCount ?? null,
      phase: r.programme_id ? (phases.get(r.programme_id) ?? null) : null,
    }));
  }

  private async comments(db: Kysely<Database>, applicationId: string): Promise<string[]> {
    return repo.commentsToApplicant(db, applicationId);
  }

  async preview(applicationId: string) {
    const staged = await stagedRepo.staged(this.d.db, applicationId);
    const app = staged ? await repo.application(this.d.db, applicationId) : undefined;
    if (!staged || !app) throw new AppError(Code.NOT_STAGED, s.notStaged);
    const notice = noticeOf(app, staged.decision, staged.reason, await this.comments(this.d.db, applicationId));
    return { ...notice, applicationId, decision: staged.decision, lookupCode: lookupCodeOf(staged.decision) };
  }

  async release(actor: ConsoleActor, applicationIds: string[]): Promise<ConsoleReleaseResponse> {
    const out: ConsoleReleaseResponse = { released: [], failed: [] };
    try {
      for (const id of new Set(applicationIds)) {
        const result = await this.releaseOne(actor, id);
        if ('reason' in result) out.failed.push({ applicationId: id, reason: result.reason });
        else out.released.push({ applicationId: id, status: result.status, decidedAt: result.decidedAt });
      }
    } finally {
      // the committed releases' notices go now, even when a later one in the batch failed
      if (out.released.length > 0) this.d.notifications.kick();
    }
    return out;
  }

  private async releaseOne(actor: ConsoleActor, applicationId: string): Promise<ReleaseOutcome> {
    const db = this.d.db;
    return db.transaction().execute(async (trx) => {
      const staged = await stagedRepo.staged(trx, applicationId);
      const app = staged ? await repo.application(trx, applicationId) : undefined;
      if (!staged || !app) return { reason: s.notStaged };
      if (staged.decision === 'return' && !(await this.returnAllowed(trx, app))) return { reason: s.returnTooLate };
      const to = decisionStatus[staged.decision];
      const now = isoAt(this.d.clock());
      const reason = staged.reason.trim();
      const version = await stagedRepo.release(trx, { applicationId, stagedVersion: staged.app_version, to, reason: reason || null, now });
      // the applicant withdrew, or something else changed since staging: the admin decides again
      if (version === null) return { reason: s.releaseChanged };
      await stagedRepo.deleteStaged(trx, applicationId);
      await recordTransition(this.d.audit, trx, {
        actorId: actor.id,
        action: 'decision.release',
        applicationId,
        before: { status: app.status, version: app.version },
        after: { status: to, version },
        note: reason || null,
      });
      const notice = noticeOf(app, staged.decision, reason, await this.comments(trx, applicationId));
      const notificationId = await this.d.notifications.create(trx, {
        userId: app.user_id,
        applicationId,
        title: notice.title,
        body: notice.body,
      });
      // in this transaction: no decision without its notices, no notice without its decision
      await this.d.notifications.enqueue(trx, {
        notificationId,
        applicationId,
        userId: app.user_id,
        message: {
          title: notice.title,
          applicationTitle: app.title,
          outcome: outcomeLabel(staged.decision),
          link: this.d.publicBaseUrl ? `${this.d.publicBaseUrl}/#${routes.account.index}` : null,
        },
      });
      return { status: to, decidedAt: now };
    });
  }
}
