import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths, ZConsoleDecisionPreviewRequest, ZConsoleDecisionPreviewResponse, ZConsoleDeliveriesRequest,
  ZConsoleDeliveriesResponse, ZConsoleExportMediaRequest, ZConsoleExportRequest, ZConsoleReleaseRequest,
  ZConsoleReleaseResponse, ZConsoleStagedDecisionsRequest, ZConsoleStagedDecisionsResponse, ZConsoleStageDecisionRequest,
  ZConsoleStageDecisionResponse, ZConsoleUnstageDecisionRequest, ZConsoleUnstageDecisionResponse, ZEnvelopeOf,
} from '@qgw/contracts';
import { authOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/errors.js';
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

  r.post(
    apiPaths.consoleDecisionStage,
    {
      ...admin,
      schema: {
        tags,
        summary: '暂存决定（不发布；带 version，两位管理员同时操作只有一位成功）',
        security: secured,
        body: ZConsoleStageDecisionRequest,
        response: { 200: ZEnvelopeOf(ZConsoleStageDecisionResponse) },
      },
    },
    async (request) => ok(await opts.decisions.stage(actorOf(authOf(request)), request.body)),
  );

  r.post(
    apiPaths.consoleDecisionUnstage,
    {
      ...admin,
      schema: {
        tags,
        summary: '撤销暂存的决定',
        security: secured,
        body: ZConsoleUnstageDecisionRequest,
        response: { 200: ZEnvelopeOf(ZConsoleUnstageDecisionResponse) },
      },
    },
    async (request) => ok(await opts.decisions.unstage(actorOf(authOf(request)), request.body.applicationId, request.body.version)),
  );

  r.get(
    apiPaths.consoleDecisionsStaged,
    {
      ...admin,
      schema: {
        tags,
        summary: '待发布的决定',
        security: secured,
        querystring: ZConsoleStagedDecisionsRequest,
        response: { 200: ZEnvelopeOf(ZConsoleStagedDecisionsResponse) },
      },
    },
    async (request) => ok(await opts.decisions.stagedList(request.query.kind)),
  );

  r.get(
    apiPaths.consoleDecisionPreview,
    {
      ...admin,
      schema: {
        tags,
        summary: '预览申报人将收到的通知',
        security: secured,
        querystring: ZConsoleDecisionPreviewRequest,
        response: { 200: ZEnvelopeOf(ZConsoleDecisionPreviewResponse) },
      },
    },
    async (request) => ok(await opts.decisions.preview(request.query.applicationId)),
  );

  r.post(
    apiPaths.consoleDecisionRelease,
    {
      ...admin,
      schema: {
        tags,
        summary: '批量发布决定（expectedCount 须与所选数量一致），并通知申报人',
        security: secured,
        body: ZConsoleReleaseRequest,
        response: { 200: ZEnvelopeOf(ZConsoleReleaseResponse) },
      },
    },
    async (request) => ok(await opts.decisions.release(actorOf(authOf(request)), request.body.applicationIds)),
  );

  r.get(
    apiPaths.consoleDeliveries,
    {
      ...admin,
      schema: {
        tags,
        summary: '微信模板消息与短信的发送记录',
        security: secured,
        querystring: ZConsoleDeliveriesRequest,
        response: { 200: ZEnvelopeOf(ZConsoleDeliveriesResponse) },
      },
    },
    async (request) => ok(await opts.notifications.deliveries(request.query)),
  );

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
