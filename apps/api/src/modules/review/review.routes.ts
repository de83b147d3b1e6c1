import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths, Code, consoleReviewOperations as op, reviewLimits, ZConsoleAssignCsvResponse, ZEnvelopeOf } from '@qgw/contracts';
import { authOf } from '../../plugins/auth.js';
import { AppError, ok } from '../../plugins/errors.js';
import { operationRoute } from '../../plugins/operation-route.js';
import { requireConsole } from '../console-access/console-access.module.js';
import { multipartError } from '../files/files.module.js';
import type { AssignmentService } from './assignment.service.js';
import type { UnassignmentService } from './unassignment.service.js';
import { actorOf } from './console-actor.js';
import type { DetailService } from './detail.service.js';
import type { QueueService } from './queue.service.js';
import type { ReviewService } from './review.service.js';
import { reviewStrings as s } from './review.strings.js';

export interface ReviewRoutesOptions {
  queue: QueueService;
  detail: DetailService;
  assignment: AssignmentService;
  unassignment: UnassignmentService;
  review: ReviewService;
}

const secured = [{ token: [] }];
const tags = ['console-review'];

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The CSV text of an assignment upload: a text/csv body, or the `file` part of a multipart form. */
async function csvText(request: FastifyRequest): Promise<string> {
  let bytes: Buffer;
  if (request.isMultipart()) {
    let part;
    try {
      part = await request.file({ limits: { fileSize: reviewLimits.csvBytes, files: 1 } });
      if (!part || part.fieldname !== 'file') throw new AppError(Code.BAD_REQUEST, s.csvMissing);
      bytes = await part.toBuffer();
    } catch (err) {
      throw err instanceof AppError ? err : multipartError(err, s.csvTooLarge);
    }
  } else if (Buffer.isBuffer(request.body)) bytes = request.body;
  else if (typeof request.body === 'string') bytes = Buffer.from(request.body, 'utf8');
  else throw new AppError(Code.BAD_REQUEST, s.csvMissing);
  try {
    return utf8.decode(bytes);
  } catch {
    throw new AppError(Code.CSV_INVALID, s.csvNotText);
  }
}

/** The queue, one application, reveal, assignment, conflicts and reviews (console-verified callers). */
export async function reviewRoutes(app: FastifyInstance, opts: ReviewRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const anyConsole = { onRequest: requireConsole(app) };
  const adminOnly = { onRequest: requireConsole(app, 'admin') };
  // assignment files arrive as text/csv (only in this plugin: encapsulated)
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: reviewLimits.csvBytes }, (_req, body, done) => done(null, body));

  r.route({
    ...operationRoute(op.consoleQueue),
    ...anyConsole,
    handler: async (request) => ok(await opts.queue.page(actorOf(authOf(request)), request.query)),
  });

  r.route({
    ...operationRoute(op.consoleQueueIds),
    ...adminOnly,
    handler: async (request) => ok(await opts.queue.ids(actorOf(authOf(request)), request.query)),
  });

  r.route({
    ...operationRoute(op.consoleApplication),
    ...anyConsole,
    handler: async (request) => ok(await opts.detail.detail(actorOf(authOf(request)), request.query.id)),
  });

  r.route({
    ...operationRoute(op.consoleReveal),
    ...anyConsole,
    handler: async (request) => ok(await opts.detail.reveal(actorOf(authOf(request)), request.body.id, request.body.field)),
  });

  r.route({
    ...operationRoute(op.consoleAssign),
    ...adminOnly,
    handler: async (request) => ok(await opts.assignment.assign(actorOf(authOf(request)), request.body.applicationIds, request.body.reviewerIds)),
  });

  r.route({
    ...operationRoute(op.consoleAssignAuto),
    ...adminOnly,
    handler: async (request) =>
      ok(await opts.assignment.assignAuto(actorOf(authOf(request)), request.body.applicationIds, request.body.perApplication)),
  });

  r.post(
    apiPaths.consoleAssignCsv,
    {
      ...adminOnly,
      bodyLimit: reviewLimits.csvBytes,
      schema: {
        tags,
        summary: '上传 CSV 分配评审（application_id,reviewer_mobile；逐行返回结果）',
        consumes: ['text/csv', 'multipart/form-data'],
        security: secured,
        response: { 200: ZEnvelopeOf(ZConsoleAssignCsvResponse) },
      },
    },
    async (request) => ok(await opts.assignment.assignCsv(actorOf(authOf(request)), await csvText(request))),
  );

  r.route({
    ...operationRoute(op.consoleUnassign),
    ...adminOnly,
    handler: async (request) => ok(await opts.unassignment.unassign(actorOf(authOf(request)), request.body.applicationId, request.body.reviewerId)),
  });

  r.route({
    ...operationRoute(op.consoleUnassignMany),
    ...adminOnly,
    handler: async (request) =>
      ok(await opts.unassignment.unassignMany(actorOf(authOf(request)), request.body.applicationIds, request.body.reviewerIds)),
  });

  r.route({ ...operationRoute(op.consoleReviewers), ...adminOnly, handler: async () => ok(await opts.assignment.reviewers()) });

  r.route({
    ...operationRoute(op.consoleConflict),
    ...anyConsole,
    handler: async (request) =>
      ok(await opts.unassignment.declareConflict(actorOf(authOf(request)), request.body.applicationId, request.body.reason)),
  });

  r.route({
    ...operationRoute(op.consoleReview),
    ...anyConsole,
    handler: async (request) => ok(await opts.review.submit(actorOf(authOf(request)), request.body)),
  });
}
