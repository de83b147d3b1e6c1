import type { z } from 'zod';
import type { ApiPath } from '../api-paths.js';

/**
 * Who may call an operation, as the server's route checks it before the handler runs. Finer rules
 * (an applicant only touches their own records; a reviewer only reviews what is assigned to them)
 * are the handler's, not the route's, and are not written here.
 *
 *   public    anyone, no session (what it opens may still need a password or an SMS code)
 *   session   any signed-in account: the applicant's level (`app.requireAuth`); a reviewer or admin
 *             calling it acts as an applicant, on their own data
 *   signin    the console's sign-in steps: a reviewer's or admin's session, before or after the
 *             second factor (`requireConsoleRole`)
 *   console   a reviewer or an admin past the second factor (`requireConsole(app)`)
 *   admin     an admin past the second factor (`requireConsole(app, 'admin')`)
 */
export const accessLevels = ['public', 'session', 'signin', 'console', 'admin'] as const;
export type Access = (typeof accessLevels)[number];

/** The methods a JSON operation uses: GET reads (input in the query string), POST writes (input in the body). */
export type OperationMethod = 'GET' | 'POST';

/**
 * One JSON operation of the API: the envelope `{success, code, message}` carries `response` as its
 * `message`; `request` is the body of a POST or the query string of a GET.
 */
export interface Operation<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  M extends OperationMethod = OperationMethod,
  P extends ApiPath = ApiPath,
> {
  method: M;
  path: P;
  request: Req;
  response: Res;
  access: Access;
  /** one line for the API documentation (the route's summary) */
  summary: string;
}

/**
 * A domain's operations by name. A domain file writes its entries as plain objects and checks them
 * with `satisfies OperationCatalogue`: each entry keeps its own schemas, method and path in its type,
 * and the catalogue costs the web nothing beyond the objects themselves (no shared runtime helper
 * chunk for the bundler to split out).
 */
export type OperationCatalogue = Record<string, Operation>;

/** One operation outside a domain file (a test's, a narrowed copy), typed with its own schemas, method and path. */
export const operation = <Req extends z.ZodType, Res extends z.ZodType, M extends OperationMethod, P extends ApiPath>(
  op: Operation<Req, Res, M, P>,
): Operation<Req, Res, M, P> => op;

/**
 * A route the server has that is not a JSON operation of the catalogue (a file, an upload stream,
 * the documentation), with the reason. `subtree`: every route under `path` too.
 */
export interface NonJsonRoute {
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  reason: string;
  subtree?: true;
  /** routed only in some configurations (outside production, with the web app built) */
  optional?: true;
}

/** `"METHOD /path"`, the key the tests and the route list use. */
export const routeKey = (r: { method: string; path: string }): string => `${r.method} ${r.path}`;
