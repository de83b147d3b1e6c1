/**
 * Who may call each operation of the API, and what kind of input it takes. The proof suites
 * (proof-fuzz, proof-matrix, the stress fuzz) read the app's own route list and fail when an
 * operation is missing here, or when an entry here names an operation the app does not have — so a
 * new route cannot go unclassified, unfuzzed or unchecked.
 *
 * The JSON operations' access comes from the contracts' operation catalogue (packages/contracts
 * src/operations: public, session, signin, console, admin — what the route checks). This file only
 * refines it where the matrix's world can tell more than the route (`refinements`: the owner of a
 * record, the reviewer it is assigned to), and classifies the routes the catalogue lists as
 * non-JSON (`nonJson`). operation-catalogue.test.ts checks that every refinement narrows the
 * contract's level (coarseOf) and that `nonJson` is the catalogue's nonJsonRoutes.
 *
 * Access follows docs/security.md and the decision records:
 *   public      anyone, no session
 *   session     any signed-in account, acting on its own data only
 *   owner       the signed-in owner of the resource the request names
 *   files       a file's owner, reviewers and admins (decision 0005), by session header or signed URL
 *   lookup      the rank-user look-up by mobile: the owner of the mobile, reviewers and admins (decision 0004)
 *   signin      the console's sign-in steps: a reviewer's or admin's session, second factor or not
 *   console     console-verified reviewers (assigned or not: each sees their own queue) and admins
 *   assigned    console-verified admins, and the reviewer the application is assigned to
 *   reviewing   only the assigned reviewer (admins too would have to be assigned)
 *   admin       console-verified admins
 */
import { type Access as ContractAccess, operationList, routeKey } from '@qgw/contracts';

/** The callers of the role × owner × route matrix. */
export const callers = [
  'visitor', // no token
  'owner', // the applicant who owns the resources named in requests
  'other', // another applicant
  'reviewer', // reviewer the owner's application is assigned to, second factor passed
  'reviewer2', // reviewer it is not assigned to, second factor passed
  'reviewerNo2fa', // the assigned reviewer in a session that skipped the second factor
  'adminNo2fa', // an admin in a session that skipped the second factor
  'admin', // an admin, second factor passed
] as const;
export type Caller = (typeof callers)[number];

export type Access = 'public' | 'session' | 'owner' | 'files' | 'lookup' | 'signin' | 'console' | 'assigned' | 'reviewing' | 'admin';

export const allowed: Record<Access, readonly Caller[]> = {
  public: callers,
  session: callers.filter((c) => c !== 'visitor'),
  owner: ['owner'],
  // others' files: admins past the second factor; a reviewer only those of an application assigned
  // to them (the world's files are in none: console-review-files.test.ts proves the assigned case)
  files: ['owner', 'admin'],
  // someone else's rank-user record: a console-verified admin, or a verified reviewer it is assigned
  // to (the world assigns its reviewers a person entry, not a rank-user application)
  lookup: ['owner', 'admin'],
  signin: ['reviewer', 'reviewer2', 'reviewerNo2fa', 'adminNo2fa', 'admin'],
  console: ['reviewer', 'reviewer2', 'admin'],
  assigned: ['reviewer', 'admin'],
  reviewing: ['reviewer'],
  admin: ['admin'],
};

/** How an operation takes its input when its route declares no zod schema for it. */
export type Input = 'json' | 'query' | 'none' | 'multipart' | 'csv' | 'tus';

export interface Entry {
  access: Access;
  /** default: json for POST, query for GET */
  input?: Input;
  /** a GET that writes when its input is valid (an audit entry, an OAuth state) */
  writes?: true;
  /** present only in some configurations (the built web app) */
  optional?: true;
}

/** The contract's route-level access each of these levels refines (the check the route itself makes). */
export const coarseOf: Record<Access, ContractAccess> = {
  public: 'public',
  session: 'session',
  owner: 'session',
  // getFileInfo needs a session; the file itself (non-JSON) also takes a signed URL
  files: 'session',
  lookup: 'session',
  signin: 'signin',
  console: 'console',
  assigned: 'console',
  reviewing: 'console',
  admin: 'admin',
};

/** Every JSON operation of the contracts' catalogue, with the access the contract gives it. */
export const fromContract: Record<string, Entry> = Object.fromEntries(
  operationList().map((op) => [routeKey(op), { access: op.access } satisfies Entry]),
);

/**
 * Catalogued operations whose callers the world tells apart more finely than the route does (the
 * owner of what the request names, the reviewer an application is assigned to), or that write on
 * a GET. Each must narrow the contract's level: coarseOf[access] is the contract's access.
 */
export const refinements: Record<string, Entry> = {
  // ---- accounts: GETs that write (an OAuth state, the binding) ----
  'GET /v1/wxAuthorizeUrl': { access: 'session', writes: true },
  'GET /v1/bindWxUser': { access: 'session', writes: true },

  // ---- applications (the caller's own; ids of someone else's are refused) ----
  'POST /v1/rankUserUpdate': { access: 'owner' },
  'POST /v1/memberUpdate': { access: 'owner' },
  'POST /v1/updateApplyPerson': { access: 'owner' },
  'POST /v1/updateWork': { access: 'owner' },
  'POST /v1/updateApplyCompany': { access: 'owner' },
  'GET /v1/getRankUserInfo': { access: 'lookup' },
  'GET /v1/getWork': { access: 'owner' },
  'GET /v1/getDraft': { access: 'owner' },
  'POST /v1/withdrawApplication': { access: 'owner' },

  // ---- files and notifications ----
  'GET /v1/getFileInfo': { access: 'files' },
  'POST /v1/readNotification': { access: 'owner' },

  // ---- console: reviewing (the detail writes its audit row) ----
  'GET /v1/console/application': { access: 'assigned', writes: true },
  'POST /v1/console/reveal': { access: 'assigned' },
  'POST /v1/console/conflict': { access: 'reviewing' },
  'POST /v1/console/review': { access: 'reviewing' },
  // the reviewer's own drafts: only while assigned (admins too would have to be assigned)
  'GET /v1/console/reviewDraft': { access: 'reviewing' },
  'POST /v1/console/reviewDraft/save': { access: 'reviewing' },
};

/** The routes the contracts list as nonJsonRoutes: the contract gives them no access, so it is said here. */
export const nonJson: Record<string, Entry> = {
  // ---- operational, outside /v1 ----
  'GET /': { access: 'public' },
  'GET /*': { access: 'public', optional: true },
  'GET /healthz': { access: 'public' },
  'GET /readyz': { access: 'public' },
  'GET /docs/': { access: 'public' },
  'GET /docs/json': { access: 'public' },
  'GET /docs/yaml': { access: 'public' },
  'GET /docs/static/*': { access: 'public' },
  'GET /docs/static/index.html': { access: 'public' },
  'GET /docs/static/swagger-initializer.js': { access: 'public' },

  // ---- accounts ----
  'POST /v1/uploadAvatar': { access: 'session', input: 'multipart' },
  'GET /v1/avatars/:name': { access: 'public' },
  // personal-data rights: the export writes its audit row
  'GET /v1/exportMyData': { access: 'session', writes: true },
  // the development outbox: outside production only (404 there)
  'GET /v1/dev/smsOutbox': { access: 'public' },

  // ---- files ----
  'POST /v1/uploadImage': { access: 'session', input: 'multipart' },
  'POST /v1/uploads/video': { access: 'session', input: 'tus' },
  'HEAD /v1/uploads/video/:id': { access: 'owner', input: 'tus' },
  'PATCH /v1/uploads/video/:id': { access: 'owner', input: 'tus' },
  'DELETE /v1/uploads/video/:id': { access: 'owner', input: 'tus' },
  'GET /v1/files/:id': { access: 'files' },

  // ---- committee content ----
  'GET /v1/content/files/:name': { access: 'public' },
  'POST /v1/content/admin/upload': { access: 'admin', input: 'multipart' },

  // ---- console ----
  'POST /v1/console/assign/csv': { access: 'admin', input: 'csv' },
  'GET /v1/console/export': { access: 'admin', writes: true },
  'GET /v1/console/exportMedia': { access: 'admin', writes: true },
};

export const catalog: Record<string, Entry> = { ...fromContract, ...refinements, ...nonJson };

/** The catalog entry of an operation key, or undefined when it is not classified. */
export const entryOf = (key: string): Entry | undefined => catalog[key];

/** The input an operation takes: declared, or json for POST and query otherwise. */
export const inputOf = (key: string, method: string): Input => catalog[key]?.input ?? (method === 'POST' ? 'json' : 'query');
