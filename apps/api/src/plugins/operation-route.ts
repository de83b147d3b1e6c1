import type { z } from 'zod';
import { type ApiPath, type Operation, type OperationMethod, operationDomains, ZEnvelopeOf } from '@qgw/contracts';

/**
 * A route declared from its entry in the operation catalogue (packages/contracts/src/operations):
 * method, path, summary, the request schema (a GET's query string, a POST's body) and the answer's
 * envelope all come from the entry, so a route restates none of them. The route adds only what is
 * the server's: its guard (which must enforce the entry's `access`), rate limits, hooks, and the handler.
 *
 *   r.route({
 *     ...operationRoute(operations.login),
 *     config: { rateLimit: { max, timeWindow: 60_000 } },
 *     handler: async (request) => ok(await service.login(request.body, …)),
 *   });
 *
 * The schemas keep their own types, so fastify-type-provider-zod types `request.body` /
 * `request.query` and checks the handler's answer against the catalogue's.
 */

const security = [{ token: [] }];

/** The API documentation's tag of each catalogue domain. */
const domainTags: Record<keyof typeof operationDomains, string> = {
  accounts: 'accounts',
  accountRights: 'accounts',
  challenge: 'accounts',
  programme: 'programme',
  programmeEntries: 'applications',
  membership: 'applications',
  rankUser: 'applications',
  applications: 'applications',
  files: 'files',
  notifications: 'notifications',
  content: 'content',
  contentAdmin: 'content-admin',
  consoleAccess: 'console-access',
  consoleAdmin: 'console-admin',
  consoleReview: 'console-review',
  consoleAssignment: 'console-review',
  consoleReviewDesk: 'console-review',
  consoleRanking: 'console-review',
  consoleDashboard: 'console-review',
  consoleSeasons: 'console-admin',
};

const tagOf = new Map<Operation, string>();
for (const [domain, ops] of Object.entries(operationDomains) as Array<[keyof typeof operationDomains, Record<string, Operation>]>) {
  for (const op of Object.values(ops)) tagOf.set(op, domainTags[domain]);
}

/** The route's schema: the request where its method carries it, the answer inside the envelope. */
export type OperationSchema<Req extends z.ZodType, Res extends z.ZodType, M extends OperationMethod> = {
  tags: string[];
  summary: string;
  security?: typeof security;
  response: { 200: ReturnType<typeof ZEnvelopeOf<Res>> };
} & (M extends 'GET' ? { querystring: Req } : { body: Req });

export interface OperationRouteOptions<Req extends z.ZodType, Res extends z.ZodType, M extends OperationMethod, P extends ApiPath> {
  method: M;
  url: P;
  schema: OperationSchema<Req, Res, M>;
}

/** Method, url and schema of the route for a catalogued operation; spread into `route({…})` with the handler. */
export function operationRoute<Req extends z.ZodType, Res extends z.ZodType, M extends OperationMethod, P extends ApiPath>(
  op: Operation<Req, Res, M, P>,
): OperationRouteOptions<Req, Res, M, P> {
  const tag = tagOf.get(op);
  if (!tag) throw new Error(`${op.method} ${op.path} is not an operation of the catalogue`);
  const input = op.method === 'GET' ? { querystring: op.request } : { body: op.request };
  const schema = {
    tags: [tag],
    summary: op.summary,
    ...(op.access === 'public' ? {} : { security }),
    ...input,
    response: { 200: ZEnvelopeOf(op.response) },
  } as unknown as OperationSchema<Req, Res, M>;
  return { method: op.method, url: op.path, schema };
}
