/**
 * The operation catalogue: every JSON operation of the API, once. For each: its name (the key), its
 * method and path (from apiPaths), the zod schemas of its request (a POST's body, a GET's query
 * string) and of its response (the `message` of the `{success, code, message}` envelope), who may
 * call it (`access`, define.ts: public, session, signin, console, admin — the route-level check) and
 * a one-line summary for the API documentation.
 *
 *   export const accountOperations = {
 *     login: { method: 'POST', path: apiPaths.login, request: ZLoginRequest, response: ZLoginResponse,
 *              access: 'public', summary: '手机号 + 密码登录' },
 *     …
 *   } satisfies OperationCatalogue;
 *
 * (`satisfies` keeps each entry's own method, path and schemas in its type, and costs the web
 * nothing at run time; `operation()` in define.ts types a single entry outside a domain file.)
 *
 * Who reads it:
 *   - the web: each feature's api/operations.ts picks its operations out of its domain's object here
 *     (accountOperations, contentOperations, …) and sends them through the one request wrapper,
 *     `call(op, data)` — no method, path or schema is restated there;
 *   - the server: each route is declared from its entry — `r.route({ ...operationRoute(op), handler })`
 *     (apps/api/src/plugins/operation-route.ts gives method, url, schemas, summary and security), so
 *     a module holds only its guards and handlers;
 *   - the tests: apps/api/test/operation-catalogue.test.ts checks that the routes the app registers
 *     are exactly the catalogue plus `nonJsonRoutes`, and that every operation refuses callers below
 *     its access level; proof-catalog.ts takes each operation's access from here and only refines it
 *     (owner, assigned, …) for the role × owner × route matrix.
 *
 * Adding an operation: its path in api-paths.ts, its schemas in the domain's schema file, ONE entry
 * in the domain's file below (each domain is a file of its own, so that a screen's chunk loads only
 * its domain's schemas), and the route's handler on the server. A route that is not a JSON
 * operation (a file, an upload stream) goes into `nonJsonRoutes` with the reason instead.
 */
import { apiPaths, opsPaths } from '../api-paths.js';
import { accountRightsOperations } from './account-rights.js';
import { accountOperations } from './accounts.js';
import { applicationOperations } from './applications.js';
import { challengeOperations } from './challenge.js';
import { consoleAccessOperations } from './console-access.js';
import { consoleAdminOperations } from './console-admin.js';
import { consoleAssignmentOperations } from './console-assignment.js';
import { consoleReviewOperations } from './console-review.js';
import { consoleReviewDeskOperations } from './console-review-desk.js';
import { consoleRankingOperations } from './console-ranking.js';
import { consoleDashboardOperations } from './console-dashboard.js';
import { consoleSeasonOperations } from './console-seasons.js';
import { contentAdminOperations } from './content-admin.js';
import { contentOperations } from './content.js';
import type { NonJsonRoute, Operation } from './define.js';
import { fileOperations } from './files.js';
import { membershipOperations } from './membership.js';
import { notificationOperations } from './notifications.js';
import { programmeEntryOperations } from './programme-entries.js';
import { programmeOperations } from './programme.js';
import { rankUserOperations } from './rank-user.js';

export * from './define.js';
export { accountOperations } from './accounts.js';
export { accountRightsOperations } from './account-rights.js';
export { challengeOperations } from './challenge.js';
export { programmeOperations } from './programme.js';
export { programmeEntryOperations } from './programme-entries.js';
export { membershipOperations } from './membership.js';
export { rankUserOperations } from './rank-user.js';
export { applicationOperations } from './applications.js';
export { fileOperations } from './files.js';
export { notificationOperations } from './notifications.js';
export { contentOperations } from './content.js';
export { contentAdminOperations } from './content-admin.js';
export { consoleAccessOperations } from './console-access.js';
export { consoleAdminOperations } from './console-admin.js';
export { consoleReviewOperations } from './console-review.js';
export { consoleAssignmentOperations } from './console-assignment.js';
export { consoleReviewDeskOperations } from './console-review-desk.js';
export { consoleRankingOperations } from './console-ranking.js';
export { consoleDashboardOperations } from './console-dashboard.js';
export { consoleSeasonOperations } from './console-seasons.js';

/** The catalogue by domain, one file each; an operation's name is unique across all of them. */
export const operationDomains = {
  accounts: accountOperations,
  accountRights: accountRightsOperations,
  challenge: challengeOperations,
  programme: programmeOperations,
  programmeEntries: programmeEntryOperations,
  membership: membershipOperations,
  rankUser: rankUserOperations,
  applications: applicationOperations,
  files: fileOperations,
  notifications: notificationOperations,
  content: contentOperations,
  contentAdmin: contentAdminOperations,
  consoleAccess: consoleAccessOperations,
  consoleAdmin: consoleAdminOperations,
  consoleReview: consoleReviewOperations,
  consoleAssignment: consoleAssignmentOperations,
  consoleReviewDesk: consoleReviewDeskOperations,
  consoleRanking: consoleRankingOperations,
  consoleDashboard: consoleDashboardOperations,
  consoleSeasons: consoleSeasonOperations,
} as const;

/** Every JSON operation of the API, by name. (A screen imports its domain's object instead, to load less.) */
export const operations = {
  ...accountOperations,
  ...accountRightsOperations,
  ...challengeOperations,
  ...programmeOperations,
  ...programmeEntryOperations,
  ...membershipOperations,
  ...rankUserOperations,
  ...applicationOperations,
  ...fileOperations,
  ...notificationOperations,
  ...contentOperations,
  ...contentAdminOperations,
  ...consoleAccessOperations,
  ...consoleAdminOperations,
  ...consoleReviewOperations,
  ...consoleAssignmentOperations,
  ...consoleReviewDeskOperations,
  ...consoleRankingOperations,
  ...consoleDashboardOperations,
  ...consoleSeasonOperations,
} as const;

export type OperationName = keyof typeof operations;

/** The catalogue as a list, each operation with its name. */
export const operationList = (): Array<Operation & { name: OperationName }> =>
  (Object.entries(operations) as Array<[OperationName, Operation]>).map(([name, op]) => ({ ...op, name }));

/**
 * The routes the server has besides the catalogue's operations, each with the reason it is not a
 * JSON operation. A test checks that the app's routes are exactly the catalogue plus these.
 */
export const nonJsonRoutes: readonly NonJsonRoute[] = [
  // ---- operational, outside /v1 and its envelope ----
  { method: 'GET', path: opsPaths.health, reason: 'liveness probe: {status}, outside the /v1 envelope' },
  { method: 'GET', path: opsPaths.ready, reason: 'readiness probe: {status} (503 when a dependency is down), outside the /v1 envelope' },
  { method: 'GET', path: opsPaths.docs, subtree: true, reason: 'the API documentation (Swagger UI, OpenAPI JSON and YAML)' },
  { method: 'GET', path: '/', reason: 'the built web app (index.html), or build instructions as text' },
  { method: 'GET', path: '/*', optional: true, reason: "the built web app's static files (only when it is built)" },

  // ---- accounts ----
  { method: 'POST', path: apiPaths.uploadAvatar, reason: 'multipart upload (field file)' },
  { method: 'GET', path: `${apiPaths.avatarFile}/:name`, reason: 'an avatar image (bytes, publicly cached)' },
  { method: 'GET', path: apiPaths.exportMyData, reason: 'a file download (my-data.json, Content-Disposition: attachment), not the envelope' },
  { method: 'GET', path: apiPaths.devSmsOutbox, optional: true, reason: 'development only: routed outside production, never called by the web app' },

  // ---- files ----
  { method: 'POST', path: apiPaths.uploadImage, reason: 'multipart upload (fields purpose, file)' },
  { method: 'POST', path: apiPaths.uploadVideo, reason: 'tus resumable upload: creation' },
  { method: 'HEAD', path: `${apiPaths.uploadVideo}/:id`, reason: 'tus resumable upload: offset' },
  { method: 'PATCH', path: `${apiPaths.uploadVideo}/:id`, reason: 'tus resumable upload: bytes' },
  { method: 'DELETE', path: `${apiPaths.uploadVideo}/:id`, reason: 'tus resumable upload: termination' },
  { method: 'GET', path: `${apiPaths.file}/:id`, reason: 'an uploaded file (bytes, ranges, and its HEAD; session header or signed URL)' },

  // ---- committee content ----
  { method: 'GET', path: `${apiPaths.contentFile}/:name`, reason: 'a public content file (cover, photo, attachment)' },
  { method: 'POST', path: apiPaths.contentAdminUpload, reason: 'multipart upload (field file)' },

  // ---- console ----
  { method: 'POST', path: apiPaths.consoleAssignCsv, reason: 'a text/csv body or a multipart file, not JSON' },
  { method: 'GET', path: apiPaths.consoleExport, reason: 'a file download (XLSX or CSV)' },
  { method: 'GET', path: apiPaths.consoleExportMedia, reason: "a file download (zip of an application's images and videos)" },
];
