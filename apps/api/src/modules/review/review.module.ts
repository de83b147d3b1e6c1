import type { ApiModule, ModuleBase } from '../../api-module.js';
import type { ViewDeps } from '../applications/applications.module.js';
import type { AuditRepository } from '../audit/audit.module.js';
import type { FileStorage } from '../files/files.module.js';
import type { NotificationsService } from '../notifications/notifications.module.js';
import type { ProgrammeService } from '../programme/programme.module.js';
import { assignmentMatrixRoutes } from './assignment-matrix.routes.js';
import { AssignmentMatrixService } from './assignment-matrix.service.js';
import { AssignmentService } from './assignment.service.js';
import { UnassignmentService } from './unassignment.service.js';
import { decisionsRoutes } from './decisions.routes.js';
import { DecisionsService } from './decisions.service.js';
import { DetailService } from './detail.service.js';
import { ExportsService } from './exports.service.js';
import { QueueService } from './queue.service.js';
import { reviewDraftsRoutes } from './review-drafts.routes.js';
import { ReviewDraftsService } from './review-drafts.service.js';
import { rankingRoutes } from './ranking.routes.js';
import { RankingService } from './ranking.service.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { DashboardService } from './dashboard.service.js';
import { reviewRoutes } from './review.routes.js';
import { ReviewService } from './review.service.js';

// ---- this module's public API: other modules import it only from here (eslint.config.js) ----
export { ConsoleLookupRules } from './others-lookup.js';

export interface ReviewModuleDeps extends ModuleBase {
  audit: AuditRepository;
  /** how applications decrypt the ID number and sign file URLs */
  view: ViewDeps;
  storage: FileStorage;
  /** a programme's phase: a return is released only while the applicant can still resubmit */
  programme: ProgrammeService;
  /** the applicant's notifications: decisions released, reviewers reminded */
  notifications: NotificationsService;
}

export interface ReviewModule extends ApiModule {
  queue: QueueService;
  detail: DetailService;
  assignment: AssignmentService;
  /** removals and declared conflicts */
  unassignment: UnassignmentService;
  review: ReviewService;
  drafts: ReviewDraftsService;
  decisions: DecisionsService;
  ranking: RankingService;
  exports: ExportsService;
}

/**
 * Reviewing and decisions (issue 4): the console's queue, detail, assignment, reviews, staged
 * decisions and exports. A released decision and a reminder reach people through the
 * notifications module.
 */
export function createReviewModule(d: ReviewModuleDeps): ReviewModule {
  const { config, db, clock, audit, notifications } = d;
  const queue = new QueueService(db, clock);
  const detail = new DetailService({ db, clock, audit, view: d.view });
  const assignment = new AssignmentService({ db, clock, audit });
  const unassignment = new UnassignmentService({ db, clock, audit });
  const review = new ReviewService({ db, clock, audit });
  const matrix = new AssignmentMatrixService({ db, clock, audit, notifications, programme: d.programme });
  const drafts = new ReviewDraftsService({ db, clock });
  const decisions = new DecisionsService({ db, clock, audit, notifications, publicBaseUrl: config.publicBaseUrl, programme: d.programme });
  const exports = new ExportsService({ db, clock, audit, storage: d.storage, log: d.log });
  const ranking = new RankingService({ db, programme: d.programme, decisions });
  const dashboard = new DashboardService({ db, clock, programme: d.programme });

  return {
    queue,
    detail,
    assignment,
    unassignment,
    review,
    drafts,
    decisions,
    ranking,
    exports,
    async register(app) {
      await app.register(reviewRoutes, { queue, detail, assignment, unassignment, review });
      await app.register(assignmentMatrixRoutes, { matrix });
      await app.register(reviewDraftsRoutes, { drafts });
      await app.register(decisionsRoutes, { decisions, exports, notifications, exportPerMinute: config.exportPerMinute });
      await app.register(rankingRoutes, { ranking });
      await app.register(dashboardRoutes, { dashboard });
    },
  };
}
