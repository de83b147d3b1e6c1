import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Request ids: a proxy's or a client's `X-Request-Id` is kept, so that one request can be followed
 * through the proxy's log and ours; anything else gets a fresh UUID. Either way the id is the pino
 * `reqId` of every line the request logs and comes back in the answer's `X-Request-Id`.
 */

export const REQUEST_ID_HEADER = 'x-request-id';

/** What an incoming id may be: short, and nothing that could forge a log line or a header. */
const SANE_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Fastify's genReqId. Fastify's own `requestIdHeader` would take the header as sent, whatever it
 * holds, so it is left off and the header is checked here.
 */
export function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && SANE_ID.test(sent) ? sent : randomUUID();
}

export function installRequestIdEcho(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    // on the raw response: answers that bypass reply.send (tus, hijacked) carry it too
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    done();
  });
}
