import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths, consoleReviewOperations as op, ZConsoleExportMediaRequest, ZConsoleExportRequest } from '@qgw/contracts';
import { authOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/errors.js';
import { operationRoute } from '../../plugins/operation-route.js';
import { requireConsole } from '../console-access/console-access.module.js';
import type { NotificationsService } from '../notifications/notifications.module.js';
import { actorOf } from './console-actor.js';
import type { DecisionsService } from './decisions.service.js';
import type { ExportFile, ExportsService } from './exports.service.js';

export interface DecisionsRoutesOptions {
  decisions: DecisionsService;
  exports: ExportsService;
  notifications: NotificationsService;
  /** exports per IP per minute */
  exportPerMinute: number;
}

const secured = [{ token: [] }];
const tags = ['console-decisions'];

const sendFile = (reply: FastifyReply, f: ExportFile) =>
  reply
    .header('content-type', f.contentType)
    .header('content-disposition', `attachment; filename="${f.filename}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(f.stream);

/** Admins only: staged decisions and their release, the delivery log, exports. */
export async function decisionsRoutes(app: FastifyInstance, opts: DecisionsRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: requireConsole(app, 'admin') };
  const exportLimit = { rateLimit: { max: opts.exportPerMinute, timeWindow: 60_000 } };

  r.route({
    ...operationRoute(op.consoleDecisionStage),
    ...admin,
    handler: async (request) => ok(await opts.decisions.stage(actorOf(authOf(request)), request.body)),
  });

  r.route({
    ...operationRoute(op.consoleDecisionStageMany),
    ...admin,
    handler: async (request) => ok(await opts.decisions.stageMany(actorOf(authOf(request)), request.body)),
  });

  r.route({
    ...operationRoute(op.consoleDecisionUnstage),
    ...admin,
    handler: async (request) => ok(await opts.decisions.unstage(actorOf(authOf(request)), request.body.applicationId, request.body.version)),
  });

  r.route({
    ...operationRoute(op.consoleDecisionsStaged),
    ...admin,
    handler: async (request) => ok(await opts.decisions.stagedList(request.query.kind, request.query.programmeId)),
  });

  r.route({
    ...operationRoute(op.consoleDecisionPreview),
    ...admin,
    handler: async (request) => ok(await opts.decisions.preview(request.query.applicationId)),
  });

  r.route({
    ...operationRoute(op.consoleDecisionRelease),
    ...admin,
    handler: async (request) => ok(await opts.decisions.release(actorOf(authOf(request)), request.body.applicationIds)),
  });

  r.route({
    ...operationRoute(op.consoleDeliveries),
    ...admin,
    handler: async (request) => ok(await opts.notifications.deliveries(request.query)),
  });

  r.get(
    apiPaths.consoleExport,
    {
      ...admin,
      config: exportLimit,
      schema: {
        tags,
        summary: '导出申报、评分与决定（XLSX，或带 BOM 的 UTF-8 CSV；写入审计日志）',
        security: secured,
        querystring: ZConsoleExportRequest,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      return sendFile(reply, await opts.exports.applications(actorOf(authOf(request)), format, filter));
    },
  );

  r.get(
    apiPaths.consoleExportMedia,
    {
      ...admin,
      config: exportLimit,
      schema: {
        tags,
        summary: '导出一份申报的全部图片与视频（zip；写入审计日志）',
        security: secured,
        querystring: ZConsoleExportMediaRequest,
        produces: ['application/zip'],
      },
    },
    async (request, reply) => sendFile(reply, await opts.exports.media(actorOf(authOf(request)), request.query.applicationId)),
  );
}
