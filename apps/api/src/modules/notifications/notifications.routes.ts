import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths, ZEnvelopeOf, ZGetNotificationsRequest, ZGetNotificationsResponse, ZReadNotificationRequest, ZReadNotificationResponse,
} from '@qgw/contracts';
import { authOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/errors.js';
import type { NotificationsService } from './notifications.service.js';

const secured = [{ token: [] }];
const tags = ['notifications'];

/** The signed-in user's in-app notifications (decisions on their applications). */
export async function notificationsRoutes(app: FastifyInstance, opts: { service: NotificationsService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    apiPaths.getNotifications,
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: '我的消息（最新在前，游标分页；unread 为未读数）',
        security: secured,
        querystring: ZGetNotificationsRequest,
        response: { 200: ZEnvelopeOf(ZGetNotificationsResponse) },
      },
    },
    async (request) => ok(await opts.service.list(authOf(request).user.id, request.query)),
  );
  r.post(
    apiPaths.readNotification,
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: '标记消息已读（id 为一条，all=true 为全部）',
        security: secured,
        body: ZReadNotificationRequest,
        response: { 200: ZEnvelopeOf(ZReadNotificationResponse) },
      },
    },
    async (request) => ok(await opts.service.markRead(authOf(request).user.id, request.body.id)),
  );
}
