import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths, Code, reviewLimits, ZConsoleApplicationRequest, ZConsoleApplicationResponse, ZConsoleAssignAutoRequest,
  ZConsoleAssignCsvResponse, ZConsoleAssignRequest, ZConsoleAssignResponse, ZConsoleConflictRequest, ZConsoleConflictResponse,
  ZConsoleQueueRequest, ZConsoleQueueResponse, ZConsoleRevealRequest, ZConsoleRevealResponse, ZConsoleReviewersRequest,
  ZConsoleReviewersResponse, ZConsoleReviewRequest, ZConsoleReviewResponse, ZConsoleUnassignRequest, ZConsoleUnassignResponse,
  ZEnvelopeOf,
} from '@qgw/contracts';
import { authOf } from '../../plugins/auth.js';
import { AppError, ok } from '../../plugins/errors.js';
import { requireConsole } from '../console-access/console-access.module.js';
import { multipartError } from '../files/files.module.js';
import type { AssignmentService } from './assignment.service.js';
import { actorOf } from './console-actor.js';
import type { DetailService } from './detail.service.js';
import type { QueueService } from './queue.service.js';
import type { ReviewService } from './review.service.js';
import { reviewStrings as s } from './review.strings.js';

export interface ReviewRoutesOptions {
  queue: QueueService;
  detail: DetailService;
  assignment: AssignmentService;
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

  r.get(
    apiPaths.consoleQueue,
    {
      ...anyConsole,
      schema: {
        tags,
        summary: '评审队列：评审仅见分配给自己的申报，管理员见全部（按更新时间倒序，游标分页）',
        security: secured,
        querystring: ZConsoleQueueRequest,
        response: { 200: ZEnvelopeOf(ZConsoleQueueResponse) },
      },
    },
    async (request) => ok(await opts.queue.page(actorOf(authOf(request)), request.query)),
  );

  r.get(
    apiPaths.consoleApplication,
    {
      ...anyConsole,
      schema: {
        tags,
        summary: '申报详情（个人信息默认脱敏；盲评时评审看不到申报人）',
        security: secured,
        querystring: ZConsoleApplicationRequest,
        response: { 200: ZEnvelopeOf(ZConsoleApplicationResponse) },
      },
    },
    async (request) => ok(await opts.detail.detail(actorOf(authOf(request)), request.query.id)),
  );

  r.post(
    apiPaths.consoleReveal,
    {
      ...anyConsole,
      schema: {
        tags,
        summary: '查看一项完整个人信息（写入审计日志）',
        security: secured,
        body: ZConsoleRevealRequest,
        response: { 200: ZEnvelopeOf(ZConsoleRevealResponse) },
      },
    },
    async (request) => ok(await opts.detail.reveal(actorOf(authOf(request)), request.body.id, request.body.field)),
  );

  r.post(
    apiPaths.consoleAssign,
    {
      ...adminOnly,
      schema: { tags, summary: '手动分配评审', security: secured, body: ZConsoleAssignRequest, response: { 200: ZEnvelopeOf(ZConsoleAssignResponse) } },
    },
    async (request) => ok(await opts.assignment.assign(actorOf(authOf(request)), request.body.applicationIds, request.body.reviewerIds)),
  );

  r.post(
    apiPaths.consoleAssignAuto,
    {
      ...adminOnly,
      schema: {
        tags,
        summary: '自动分配评审（按当前负载轮流分配）',
        security: secured,
        body: ZConsoleAssignAutoRequest,
        response: { 200: ZEnvelopeOf(ZConsoleAssignResponse) },
      },
    },
    async (request) =>
      ok(await opts.assignment.assignAuto(actorOf(authOf(request)), request.body.applicationIds, request.body.perApplication)),
  );

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

  r.post(
    apiPaths.consoleUnassign,
    {
      ...adminOnly,
      schema: { tags, summary: '取消一项分配', security: secured, body: ZConsoleUnassignRequest, response: { 200: ZEnvelopeOf(ZConsoleUnassignResponse) } },
    },
    async (request) => ok(await opts.assignment.unassign(actorOf(authOf(request)), request.body.applicationId, request.body.reviewerId)),
  );

  r.get(
    apiPaths.consoleReviewers,
    {
      ...adminOnly,
      schema: {
        tags,
        summary: '评审及其当前负载',
        security: secured,
        querystring: ZConsoleReviewersRequest,
        response: { 200: ZEnvelopeOf(ZConsoleReviewersResponse) },
      },
    },
    async () => ok(await opts.assignment.reviewers()),
  );

  r.post(
    apiPaths.consoleConflict,
    {
      ...anyConsole,
      schema: {
        tags,
        summary: '声明利益冲突并回避（取消本人的分配，写入审计日志）',
        security: secured,
        body: ZConsoleConflictRequest,
        response: { 200: ZEnvelopeOf(ZConsoleConflictResponse) },
      },
    },
    async (request) =>
      ok(await opts.assignment.declareConflict(actorOf(authOf(request)), request.body.applicationId, request.body.reason)),
  );

  r.post(
    apiPaths.consoleReview,
    {
      ...anyConsole,
      schema: {
        tags,
        summary: '提交或修改评审（按评分标准加权计算总分）',
        security: secured,
        body: ZConsoleReviewRequest,
        response: { 200: ZEnvelopeOf(ZConsoleReviewResponse) },
      },
    },
    async (request) => ok(await opts.review.submit(actorOf(authOf(request)), request.body)),
  );
}
