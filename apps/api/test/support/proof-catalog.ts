/**
 * Who may call each operation of the API, and what kind of input it takes. The proof suites
 * (proof-fuzz, proof-matrix, the stress fuzz) read the app's own route list and fail when an
 * operation is missing here, or when an entry here names an operation the app does not have — so a
 * new route cannot go unclassified, unfuzzed or unchecked.
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

export const catalog: Record<string, Entry> = {
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
  'POST /v1/login': { access: 'public' },
  'POST /v1/registerUser': { access: 'public' },
  'GET /v1/getUserInfo': { access: 'session' },
  'POST /v1/updateProfile': { access: 'session' },
  'POST /v1/updatePassword': { access: 'session' },
  'POST /v1/updatePhone': { access: 'session' },
  'POST /v1/logout': { access: 'session' },
  'POST /v1/uploadAvatar': { access: 'session', input: 'multipart' },
  'GET /v1/avatars/:name': { access: 'public' },
  'GET /v1/wxAuthorizeUrl': { access: 'session', writes: true },
  'GET /v1/bindWxUser': { access: 'session', writes: true },
  'GET /v1/altcha/challenge': { access: 'public' },
  // SMS verification codes: anyone may ask for one; what a code opens needs the code, not a session
  'POST /v1/sendSmsCode': { access: 'public' },
  'POST /v1/resetPassword': { access: 'public' },
  'POST /v1/loginBySms': { access: 'public' },
  // personal-data rights: the export writes its audit row; cancelling a closing is a login
  'GET /v1/exportMyData': { access: 'session', writes: true },
  'POST /v1/closeAccount': { access: 'session' },
  'POST /v1/cancelCloseAccount': { access: 'public' },
  // the development outbox: outside production only (404 there)
  'GET /v1/dev/smsOutbox': { access: 'public' },

  // ---- programme ----
  'GET /v1/getCurrentStatus': { access: 'public' },
  'GET /v1/getThemes': { access: 'public' },

  // ---- applications (the caller's own; ids of someone else's are refused) ----
  'POST /v1/rankUserApply': { access: 'session' },
  'POST /v1/memberApply': { access: 'session' },
  'POST /v1/applyPerson': { access: 'session' },
  'POST /v1/addWork': { access: 'session' },
  'POST /v1/applyCompany': { access: 'session' },
  'POST /v1/rankUserUpdate': { access: 'owner' },
  'POST /v1/memberUpdate': { access: 'owner' },
  'POST /v1/updateApplyPerson': { access: 'owner' },
  'POST /v1/updateWork': { access: 'owner' },
  'POST /v1/updateApplyCompany': { access: 'owner' },
  'GET /v1/getRankUserInfo': { access: 'lookup' },
  'GET /v1/getMemberInfo': { access: 'session' },
  'GET /v1/getPersonInfo': { access: 'session' },
  'GET /v1/getCompanyInfo': { access: 'session' },
  'GET /v1/getWorks': { access: 'session' },
  'GET /v1/getWork': { access: 'owner' },
  'GET /v1/getApplyStatus': { access: 'session' },
  'POST /v1/saveDraft': { access: 'session' },
  'GET /v1/getDraft': { access: 'owner' },
  'POST /v1/withdrawApplication': { access: 'owner' },

  // ---- files ----
  'POST /v1/uploadImage': { access: 'session', input: 'multipart' },
  'POST /v1/uploads/video': { access: 'session', input: 'tus' },
  'HEAD /v1/uploads/video/:id': { access: 'owner', input: 'tus' },
  'PATCH /v1/uploads/video/:id': { access: 'owner', input: 'tus' },
  'DELETE /v1/uploads/video/:id': { access: 'owner', input: 'tus' },
  'GET /v1/files/:id': { access: 'files' },
  'GET /v1/getFileInfo': { access: 'files' },

  // ---- notifications ----
  'GET /v1/getNotifications': { access: 'session' },
  'POST /v1/readNotification': { access: 'owner' },

  // ---- committee content: public reads ----
  'GET /v1/content/articles': { access: 'public' },
  'GET /v1/content/article': { access: 'public' },
  'GET /v1/content/leaders': { access: 'public' },
  'GET /v1/content/subdivisions': { access: 'public' },
  'GET /v1/content/subdivision': { access: 'public' },
  'GET /v1/content/members': { access: 'public' },
  'GET /v1/content/memberRegions': { access: 'public' },
  'GET /v1/content/member': { access: 'public' },
  'GET /v1/content/webviewCheck': { access: 'public' },
  'GET /v1/content/webviewHosts': { access: 'public' },
  'GET /v1/content/files/:name': { access: 'public' },

  // ---- committee content: admin ----
  'GET /v1/content/admin/articles': { access: 'admin' },
  'GET /v1/content/admin/article': { access: 'admin' },
  'POST /v1/content/admin/articles/create': { access: 'admin' },
  'POST /v1/content/admin/articles/update': { access: 'admin' },
  'POST /v1/content/admin/articles/delete': { access: 'admin' },
  'POST /v1/content/admin/articles/publish': { access: 'admin' },
  'POST /v1/content/admin/articles/reorder': { access: 'admin' },
  'GET /v1/content/admin/leaders': { access: 'admin' },
  'POST /v1/content/admin/leaders/create': { access: 'admin' },
  'POST /v1/content/admin/leaders/update': { access: 'admin' },
  'POST /v1/content/admin/leaders/delete': { access: 'admin' },
  'POST /v1/content/admin/leaders/publish': { access: 'admin' },
  'POST /v1/content/admin/leaders/reorder': { access: 'admin' },
  'GET /v1/content/admin/subdivisions': { access: 'admin' },
  'POST /v1/content/admin/subdivisions/create': { access: 'admin' },
  'POST /v1/content/admin/subdivisions/update': { access: 'admin' },
  'POST /v1/content/admin/subdivisions/delete': { access: 'admin' },
  'POST /v1/content/admin/subdivisions/publish': { access: 'admin' },
  'POST /v1/content/admin/subdivisions/reorder': { access: 'admin' },
  'GET /v1/content/admin/members': { access: 'admin' },
  'POST /v1/content/admin/members/create': { access: 'admin' },
  'POST /v1/content/admin/members/update': { access: 'admin' },
  'POST /v1/content/admin/members/delete': { access: 'admin' },
  'POST /v1/content/admin/members/publish': { access: 'admin' },
  'POST /v1/content/admin/members/reorder': { access: 'admin' },
  'GET /v1/content/admin/webviewHosts': { access: 'admin' },
  'POST /v1/content/admin/webviewHosts/create': { access: 'admin' },
  'POST /v1/content/admin/webviewHosts/update': { access: 'admin' },
  'POST /v1/content/admin/webviewHosts/delete': { access: 'admin' },
  'POST /v1/content/admin/upload': { access: 'admin', input: 'multipart' },
  'POST /v1/content/admin/preview': { access: 'admin' },

  // ---- console: sign-in steps ----
  'GET /v1/console/me': { access: 'signin' },
  'POST /v1/console/mfa/enroll': { access: 'signin' },
  'POST /v1/console/mfa/activate': { access: 'signin' },
  'POST /v1/console/mfa/verify': { access: 'signin' },

  // ---- console: people, programme, rubrics, audit ----
  'GET /v1/console/users': { access: 'admin' },
  'GET /v1/console/users/one': { access: 'admin' },
  'POST /v1/console/users/roles': { access: 'admin' },
  'POST /v1/console/users/disable': { access: 'admin' },
  'POST /v1/console/users/resetMfa': { access: 'admin' },
  'POST /v1/console/users/sendResetCode': { access: 'admin' },
  'POST /v1/console/users/invite': { access: 'admin' },
  'POST /v1/console/users/reviewerProfile': { access: 'admin' },
  'GET /v1/console/programme': { access: 'admin' },
  'POST /v1/console/programme': { access: 'admin' },
  'GET /v1/console/themes': { access: 'admin' },
  'POST /v1/console/themes/create': { access: 'admin' },
  'POST /v1/console/themes/update': { access: 'admin' },
  'POST /v1/console/themes/delete': { access: 'admin' },
  'GET /v1/console/rubrics': { access: 'admin' },
  'POST /v1/console/rubrics': { access: 'admin' },
  'GET /v1/console/audit': { access: 'admin' },

  // ---- console: reviewing ----
  'GET /v1/console/queue': { access: 'console' },
  'GET /v1/console/application': { access: 'assigned', writes: true },
  'POST /v1/console/reveal': { access: 'assigned' },
  'POST /v1/console/assign': { access: 'admin' },
  'POST /v1/console/assign/auto': { access: 'admin' },
  'POST /v1/console/assign/csv': { access: 'admin', input: 'csv' },
  'POST /v1/console/unassign': { access: 'admin' },
  'GET /v1/console/reviewers': { access: 'admin' },
  'POST /v1/console/conflict': { access: 'reviewing' },
  'POST /v1/console/review': { access: 'reviewing' },

  // ---- console: decisions, deliveries, exports ----
  'POST /v1/console/decisions/stage': { access: 'admin' },
  'POST /v1/console/decisions/unstage': { access: 'admin' },
  'GET /v1/console/decisions/staged': { access: 'admin' },
  'GET /v1/console/decisions/preview': { access: 'admin' },
  'POST /v1/console/decisions/release': { access: 'admin' },
  'GET /v1/console/deliveries': { access: 'admin' },
  'GET /v1/console/export': { access: 'admin', writes: true },
  'GET /v1/console/exportMedia': { access: 'admin', writes: true },
};

/** The catalog entry of an operation key, or undefined when it is not classified. */
export const entryOf = (key: string): Entry | undefined => catalog[key];

/** The input an operation takes: declared, or json for POST and query otherwise. */
export const inputOf = (key: string, method: string): Input => catalog[key]?.input ?? (method === 'POST' ? 'json' : 'query');
