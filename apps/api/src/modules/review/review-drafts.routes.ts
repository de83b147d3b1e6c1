import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consoleReviewDeskOperations as op } from '@qgw/contracts';
import { authOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/errors.js';
import { operationRoute } from '../../plugins/operation-route.js';
import { requireConsole } from '../console-access/console-access.module.js';
import { actorOf } from './console-actor.js';
import type { ReviewDraftsService } from './review-drafts.service.js';

export interface ReviewDraftsRoutesOptions {
  drafts: ReviewDraftsService;
}

/** The reviewer's desk: their assignments with progress, and their score-sheet drafts (console-verified callers). */
export async function reviewDraftsRoutes(app: FastifyInstance, opts: ReviewDraftsRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const anyConsole = { onRequest: requireConsole(app) };

  r.route({
    ...operationRoute(op.consoleMyAssignments),
    ...anyConsole,
    handler: async (request) => ok(await opts.drafts.myAssignments(actorOf(authOf(request)))),
  });

  r.route({
    ...operationRoute(op.consoleReviewDraft),
    ...anyConsole,
    handler: async (request) => ok(await opts.drafts.read(actorOf(authOf(request)), request.query.applicationId)),
  });

  r.route({
    ...operationRoute(op.consoleReviewDraftSave),
    ...anyConsole,
    handler: async (request) => ok(await opts.drafts.save(actorOf(authOf(request)), request.body)),
  });
}
