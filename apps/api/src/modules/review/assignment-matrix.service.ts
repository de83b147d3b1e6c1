import type { Kysely } from 'kysely';
import {
  type ApplicationKind, applicationKinds, assignmentMatrixLimits, Code, type ConsoleAssignmentMatrixResponse,
  type ConsoleMyReminderResponse, type ConsoleRemindReviewerResponse, type KindCoverage, type MatrixCell,
  type MatrixReviewer, maskMobile, reminderPolicy, reviewerReminderTitle,
} from '@qgw/contracts';
import type { ApplicationStatus } from '@qgw/contracts';
import { type Clock, isoAt } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { targetReviewersByKind } from '../admin/admin.module.js';
import type { AuditRepository } from '../audit/audit.module.js';
import type { NotificationsService } from '../notifications/notifications.module.js';
import type { ProgrammeService } from '../programme/programme.module.js';
import { assignmentMatrixRepository as repo, type MatrixFilter } from './assignment-matrix.repository.js';
import { assignmentMatrixStrings as s } from './assignment-matrix.strings.js';
import { type ConsoleActor, normalizeOrganization } from './console-actor.js';
import { assignmentsRepository, type ReviewerRow } from './assignments.repository.js';
import { REVIEWABLE } from './review.repository.js';

export interface AssignmentMatrixDeps {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditRepository;
  notifications: NotificationsService;
  /** a season asked for must exist */
  programme: ProgrammeService;
}

export interface MatrixQuery {
  programmeId?: string | undefined;
  kind?: ApplicationKind | undefined;
  themeId?: string | undefined;
  status?: ApplicationStatus | undefined;
  belowTarget?: boolean | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

const REMIND_INTERVAL_MS = reminderPolicy.intervalMinutes * 60_000;

/** 张* — the first character of the name, the rest starred: enough to tell rows apart. */
const maskName = (name: string): string => {
  const chars = [...name.trim()];
  return chars.length === 0 ? s.noName : `${chars[0]}${'*'.repeat(Math.max(1, chars.length - 1))}`;
};

const later = (a: string | undefined, b: string | undefined): string | null => (a && b ? (a > b ? a : b) : (a ?? b ?? null));

const key = (applicationId: string, reviewerId: string) => `${applicationId}\n${reviewerId}`;

/**
 * The assignment matrix (docs/decisions/0008-review-and-decisions.md): the rows an admin works
 * through, each cell's state, coverage against each kind's target number of reviewers (评选设置),
 * each reviewer's progress and last activity; and reminders. A cell's conflict is the assignment
 * rule's own (AssignmentService): a declared conflict, the applicant's organisation, or the
 * reviewer's own application — shown so that an admin does not click to be refused.
 */
export class AssignmentMatrixService {
  constructor(private readonly d: AssignmentMatrixDeps) {}

  async matrix(q: MatrixQuery): Promise<ConsoleAssignmentMatrixResponse> {
    const { db } = this.d;
    // an unknown season is NOT_FOUND (as the ranking and the season's themes answer), not an empty matrix
    if (q.programmeId) await this.d.programme.season(q.programmeId);
    // the season's own 评选设置; without one, the current season's (which membership follows)
    const targets = await targetReviewersByKind(db, q.programmeId);
    const page = q.page ?? 1;
    const pageSize = q.pageSize ?? assignmentMatrixLimits.pageSize.default;
    let statuses: readonly ApplicationStatus[] = q.status ? [q.status] : REVIEWABLE;
    // coverage concerns what still awaits a decision: a decided application is never below target
    if (q.belowTarget) statuses = statuses.filter((st) => REVIEWABLE.includes(st));
    const filter: MatrixFilter = { programmeId: q.programmeId, kind: q.kind, themeId: q.themeId, statuses, belowTargets: q.belowTarget ? targets : undefined };

    const [total, rows, pool, coverage] = await Promise.all([
      statuses.length === 0 ? 0 : repo.count(db, filter),
      statuses.length === 0 ? [] : repo.page(db, filter, (page - 1) * pageSize, pageSize),
      assignmentsRepository.reviewers(db, { allActive: true }),
      this.coverage(targets, q.programmeId),
    ]);
    const reviewers = pool.sort((a, b) => a.nickname.localeCompare(b.nickname, 'zh-CN') || a.id.localeCompare(b.id));
    const ids = rows.map((r) => r.id);
    const [cells, orgRows, columns] = await Promise.all([
      repo.cells(db, ids),
      repo.applicantOrganizations(db, [...new Set(rows.map((r) => r.user_id))]),
      this.columns(reviewers),
    ]);
    const assigned = new Set(cells.assignments.map((p) => key(p.application_id, p.reviewer_id)));
    const reviewed = new Set(cells.reviews.map((p) => key(p.application_id, p.reviewer_id)));
    const declared = new Set(cells.conflicts.map((p) => key(p.application_id, p.reviewer_id)));
    const orgsOf = new Map<string, Set<string>>();
    for (const o of orgRows) {
      const set = orgsOf.get(o.user_id) ?? new Set<string>();
      set.add(normalizeOrganization(o.organization));
      orgsOf.set(o.user_id, set);
    }
    const reviewerOrg = new Map(reviewers.map((r) => [r.id, r.organization ? normalizeOrganization(r.organization) : '']));

    return {
      rows: rows.map((r) => {
        const orgs = orgsOf.get(r.user_id);
        const rowCells: MatrixCell[] = [];
        let done = 0;
        for (const rv of reviewers) {
          const k = key(r.id, rv.id);
          const org = reviewerOrg.get(rv.id);
          if (assigned.has(k)) {
            const has = reviewed.has(k);
            if (has) done++;
            rowCells.push({ reviewerId: rv.id, state: has ? 'reviewed' : 'assigned' });
          } else if (reviewed.has(k)) rowCells.push({ reviewerId: rv.id, state: 'reviewKept' });
          else if (declared.has(k)) rowCells.push({ reviewerId: rv.id, state: 'conflictDeclared' });
          else if (r.user_id === rv.id || (org && orgs?.has(org))) rowCells.push({ reviewerId: rv.id, state: 'conflictOrganization' });
        }
        const count = Number(r.assigned);
        return {
          id: r.id,
          kind: r.kind,
          status: r.status,
          title: r.title,
          applicantMasked: [maskName(r.applicant_name ?? ''), r.mobile ? maskMobile(r.mobile) : null].filter(Boolean).join(' · '),
          themeName: r.theme_name ?? null,
          assigned: count,
          reviewed: done,
          target: targets[r.kind],
          belowTarget: REVIEWABLE.includes(r.status) && count < targets[r.kind],
          cells: rowCells,
        };
      }),
      total,
      page,
      pageSize,
      reviewers: columns,
      coverage,
    };
  }

  /** Each reviewer's load, progress and last activity: the matrix's columns and the progress panel. */
  private async columns(reviewers: ReviewerRow[]): Promise<MatrixReviewer[]> {
    const ids = reviewers.map((r) => r.id);
    const [loads, reviews, seen, reminded] = await Promise.all([
      assignmentsRepository.loads(this.d.db, ids),
      repo.lastReviews(this.d.db, ids),
      repo.lastSeen(this.d.db, ids),
      repo.lastReminded(this.d.db, ids),
    ]);
    const now = this.d.clock();
    return reviewers.map((r) => {
      const last = reminded.get(r.id) ?? null;
      const next = last ? Date.parse(last) + REMIND_INTERVAL_MS : 0;
      return {
        id: r.id,
        nickname: r.nickname,
        mobileMasked: maskMobile(r.mobile),
        organization: r.organization,
        load: loads.get(r.id)?.load ?? 0,
        done: loads.get(r.id)?.reviewed ?? 0,
        lastReviewAt: reviews.get(r.id) ?? null,
        lastSeenAt: seen.get(r.id) ?? null,
        lastActivityAt: later(reviews.get(r.id), seen.get(r.id)),
        lastRemindedAt: last,
        remindableAt: next > now ? isoAt(next) : null,
      };
    });
  }

  /** Per kind, over every application awaiting a decision (of the season, if one is given): how many, and which have fewer reviewers than the target. */
  private async coverage(targets: Record<ApplicationKind, number>, programmeId?: string): Promise<KindCoverage[]> {
    const rows = await repo.coverageRows(this.d.db, REVIEWABLE, programmeId);
    const byKind = new Map<ApplicationKind, KindCoverage>(
      applicationKinds.map((kind) => [kind, { kind, target: targets[kind], applications: 0, below: 0, belowIds: [] }]),
    );
    for (const r of rows) {
      const c = byKind.get(r.kind)!;
      c.applications++;
      if (Number(r.assigned) < c.target) {
        c.below++;
        if (c.belowIds.length < assignmentMatrixLimits.belowIds) c.belowIds.push(r.id);
      }
    }
    return [...byKind.values()];
  }

  /**
   * Reminds a reviewer of what they still have to review: an in-app notice and, through the
   * outbox, SMS and WeChat where configured. At most once per reviewer per hour, whoever sends it;
   * the reviewer's row is held so that two admins at once cannot both send. Audited (review.remind).
   */
  async remind(actor: ConsoleActor, reviewerId: string): Promise<ConsoleRemindReviewerResponse> {
    const { db, clock, audit, notifications } = this.d;
    const [r] = await assignmentsRepository.reviewers(db, { ids: [reviewerId] });
    if (!r || !r.isReviewer || r.status !== 'active') throw new AppError(Code.NOT_FOUND, s.reviewerUnknown);
    const load = (await assignmentsRepository.loads(db, [reviewerId])).get(reviewerId);
    const pending = load ? load.load - load.reviewed : 0;
    if (pending <= 0) throw new AppError(Code.CONFLICT, s.nothingPending);
    const now = clock();
    await db.transaction().execute(async (trx) => {
      await repo.holdUser(trx, reviewerId);
      const last = (await repo.lastReminded(trx, [reviewerId])).get(reviewerId);
      const next = last ? Date.parse(last) + REMIND_INTERVAL_MS : 0;
      if (next > now) throw new AppError(Code.REMIND_TOO_SOON, s.remindTooSoon(isoAt(next)));
      const notificationId = await notifications.create(trx, {
        userId: reviewerId,
        applicationId: null,
        title: reviewerReminderTitle,
        body: s.reminderBody(pending, actor.nickname),
      });
      await notifications.enqueue(trx, {
        notificationId,
        applicationId: null,
        userId: reviewerId,
        message: {
          title: reviewerReminderTitle,
          applicationTitle: s.wechatSubject,
          outcome: s.wechatOutcome(pending),
          link: null,
          text: s.smsText(pending),
        },
      });
      await audit.record({ actorId: actor.id, action: 'review.remind', entity: 'user', entityId: reviewerId, after: { pending, notificationId } }, trx);
    });
    notifications.kick();
    return { reviewerId, remindedAt: isoAt(now), pending, remindableAt: isoAt(now + REMIND_INTERVAL_MS) };
  }

  /** The caller's latest unread reminder (the banner on a reviewer's console). */
  async myReminder(actor: ConsoleActor): Promise<ConsoleMyReminderResponse> {
    const row = await repo.latestUnreadReminder(this.d.db, actor.id);
    return { reminder: row ? { id: row.id, title: row.title, body: row.body, createdAt: row.created_at } : null };
  }
}
