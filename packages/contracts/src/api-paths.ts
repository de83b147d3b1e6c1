/** Every API path, once. Web and API both import these; no hand-written URLs elsewhere. */
export const apiPaths = {
  // seed operations (docs/requirements.md#operations)
  login: '/v1/login',
  register: '/v1/registerUser',
  getRankUser: '/v1/getRankUserInfo',
  getApplyStatus: '/v1/getApplyStatus',
  submit: '/v1/rankUserApply',
  update: '/v1/rankUserUpdate',
  updatePSD: '/v1/updatePassword',
  bindUser: '/v1/bindWxUser',
  getCurrentStatus: '/v1/getCurrentStatus',
  applyPerson: '/v1/applyPerson',
  updateApplyPerson: '/v1/updateApplyPerson',
  updateProfile: '/v1/updateProfile',
  getPersonInfo: '/v1/getPersonInfo',
  memberApply: '/v1/memberApply',
  memberUpdate: '/v1/memberUpdate',
  // the project's own
  wxAuthorizeUrl: '/v1/wxAuthorizeUrl',
  /** the signed WeChat JS-SDK configuration for a page, so that its share card can be set */
  wxJsConfig: '/v1/wxJsConfig',
  getUserInfo: '/v1/getUserInfo',
  updatePhone: '/v1/updatePhone',
  logout: '/v1/logout',
  uploadAvatar: '/v1/uploadAvatar',
  /** GET `${avatarFile}/:name` serves an uploaded avatar */
  avatarFile: '/v1/avatars',
  // accounts for a real public: SMS verification codes
  sendSmsCode: '/v1/sendSmsCode',
  resetPassword: '/v1/resetPassword',
  loginBySms: '/v1/loginBySms',
  /** GET {mobile}: the development outbox's codes; routed only outside production */
  devSmsOutbox: '/v1/dev/smsOutbox',
  // personal-data rights (PIPL arts. 45 and 47): a copy of one's data, and closing the account
  exportMyData: '/v1/exportMyData',
  closeAccount: '/v1/closeAccount',
  /** during the grace period after closing, signing in again with the password cancels the closing */
  cancelCloseAccount: '/v1/cancelCloseAccount',
  // applications (issue: applications)
  getMemberInfo: '/v1/getMemberInfo',
  getThemes: '/v1/getThemes',
  getWorks: '/v1/getWorks',
  getWork: '/v1/getWork',
  addWork: '/v1/addWork',
  updateWork: '/v1/updateWork',
  applyCompany: '/v1/applyCompany',
  updateApplyCompany: '/v1/updateApplyCompany',
  getCompanyInfo: '/v1/getCompanyInfo',
  saveDraft: '/v1/saveDraft',
  getDraft: '/v1/getDraft',
  withdrawApplication: '/v1/withdrawApplication',
  /** every application of the caller, of every kind (我的申报 reads it from here, not from storage) */
  myApplications: '/v1/myApplications',
  /** what a new application may start from: the caller's details and their last application of the kind */
  getPrefill: '/v1/getPrefill',
  uploadImage: '/v1/uploadImage',
  /** tus resumable uploads (video): POST creates, PATCH appends, HEAD resumes */
  uploadVideo: '/v1/uploads/video',
  /** GET `${file}/:id` serves an uploaded file to its owner, reviewers and admins */
  file: '/v1/files',
  /** GET {id}: a file's type, size and a fresh signed URL (owner, reviewers, admins) */
  getFileInfo: '/v1/getFileInfo',
  // committee content (issue: committee content) — public reads, cached (see content.ts)
  contentArticles: '/v1/content/articles',
  contentArticle: '/v1/content/article',
  contentLeaders: '/v1/content/leaders',
  contentSubdivisions: '/v1/content/subdivisions',
  contentSubdivision: '/v1/content/subdivision',
  contentMembers: '/v1/content/members',
  contentMemberRegions: '/v1/content/memberRegions',
  contentMember: '/v1/content/member',
  contentWebviewCheck: '/v1/content/webviewCheck',
  contentWebviewHosts: '/v1/content/webviewHosts',
  contentSeasons: '/v1/content/seasons',
  /** GET `${contentFile}/:name` serves a public content file (covers, photos, document attachments) */
  contentFile: '/v1/content/files',
  // committee content, admin only: lists include unpublished records; every write is audited
  contentAdminArticles: '/v1/content/admin/articles',
  contentAdminArticle: '/v1/content/admin/article',
  contentAdminArticleCreate: '/v1/content/admin/articles/create',
  contentAdminArticleUpdate: '/v1/content/admin/articles/update',
  contentAdminArticleDelete: '/v1/content/admin/articles/delete',
  contentAdminArticlePublish: '/v1/content/admin/articles/publish',
  contentAdminArticleReorder: '/v1/content/admin/articles/reorder',
  contentAdminLeaders: '/v1/content/admin/leaders',
  contentAdminLeaderCreate: '/v1/content/admin/leaders/create',
  contentAdminLeaderUpdate: '/v1/content/admin/leaders/update',
  contentAdminLeaderDelete: '/v1/content/admin/leaders/delete',
  contentAdminLeaderPublish: '/v1/content/admin/leaders/publish',
  contentAdminLeaderReorder: '/v1/content/admin/leaders/reorder',
  contentAdminSubdivisions: '/v1/content/admin/subdivisions',
  contentAdminSubdivisionCreate: '/v1/content/admin/subdivisions/create',
  contentAdminSubdivisionUpdate: '/v1/content/admin/subdivisions/update',
  contentAdminSubdivisionDelete: '/v1/content/admin/subdivisions/delete',
  contentAdminSubdivisionPublish: '/v1/content/admin/subdivisions/publish',
  contentAdminSubdivisionReorder: '/v1/content/admin/subdivisions/reorder',
  contentAdminMembers: '/v1/content/admin/members',
  contentAdminMemberCreate: '/v1/content/admin/members/create',
  contentAdminMemberUpdate: '/v1/content/admin/members/update',
  contentAdminMemberDelete: '/v1/content/admin/members/delete',
  contentAdminMemberPublish: '/v1/content/admin/members/publish',
  contentAdminMemberReorder: '/v1/content/admin/members/reorder',
  contentAdminWebviewHosts: '/v1/content/admin/webviewHosts',
  contentAdminWebviewHostCreate: '/v1/content/admin/webviewHosts/create',
  contentAdminWebviewHostUpdate: '/v1/content/admin/webviewHosts/update',
  contentAdminWebviewHostDelete: '/v1/content/admin/webviewHosts/delete',
  /** POST multipart (field `file`): a public file for covers, photos and attachments */
  contentAdminUpload: '/v1/content/admin/upload',
  /** POST {body} (admin): the sanitised form of an article body, nothing stored (the editor's preview) */
  contentAdminPreview: '/v1/content/admin/preview',
  // review console, reviewing and decisions (console-review.ts); console-verified reviewers and admins
  consoleQueue: '/v1/console/queue',
  consoleQueueIds: '/v1/console/queue/ids',
  consoleApplication: '/v1/console/application',
  consoleReveal: '/v1/console/reveal',
  consoleAssign: '/v1/console/assign',
  consoleAssignAuto: '/v1/console/assign/auto',
  /** POST text/csv or multipart (field `file`): application_id,reviewer_mobile rows */
  consoleAssignCsv: '/v1/console/assign/csv',
  consoleUnassign: '/v1/console/unassign',
  consoleUnassignMany: '/v1/console/unassign/many',
  consoleReviewers: '/v1/console/reviewers',
  consoleConflict: '/v1/console/conflict',
  consoleReview: '/v1/console/review',
  consoleDecisionStage: '/v1/console/decisions/stage',
  consoleDecisionStageMany: '/v1/console/decisions/stageMany',
  consoleDecisionUnstage: '/v1/console/decisions/unstage',
  consoleDecisionsStaged: '/v1/console/decisions/staged',
  consoleDecisionPreview: '/v1/console/decisions/preview',
  consoleDecisionRelease: '/v1/console/decisions/release',
  consoleDeliveries: '/v1/console/deliveries',
  // the reviewer's desk (console-review-desk.ts): their own assignments and score-sheet drafts
  consoleMyAssignments: '/v1/console/myAssignments',
  consoleReviewDraft: '/v1/console/reviewDraft',
  consoleReviewDraftSave: '/v1/console/reviewDraft/save',
  // review console, ranking (console-ranking.ts); admins
  consoleRanking: '/v1/console/ranking',
  consoleRankingStage: '/v1/console/ranking/stage',
  // the console's 概览 (console-dashboard.ts); admins
  consoleDashboard: '/v1/console/dashboard',
  /** GET: a file (XLSX or CSV), not an envelope */
  consoleExport: '/v1/console/export',
  /** GET: a zip of one application's files */
  consoleExportMedia: '/v1/console/exportMedia',
  // review console, the assignment matrix (console-assignment.ts)
  consoleAssignmentMatrix: '/v1/console/assignments',
  consoleRemindReviewer: '/v1/console/assignments/remind',
  consoleMyReminder: '/v1/console/reminder',
  // review console: access and administration (console-access.ts, console-admin.ts)
  consoleMe: '/v1/console/me',
  consoleMfaEnroll: '/v1/console/mfa/enroll',
  consoleMfaActivate: '/v1/console/mfa/activate',
  consoleMfaVerify: '/v1/console/mfa/verify',
  consoleUsers: '/v1/console/users',
  /** GET one user, by id (a user's page opened from a link or reloaded) */
  consoleUser: '/v1/console/users/one',
  consoleUserRoles: '/v1/console/users/roles',
  consoleUserDisable: '/v1/console/users/disable',
  consoleUserResetMfa: '/v1/console/users/resetMfa',
  /** an admin has a password-reset code sent to a user's phone; the admin never sees it */
  consoleUserSendResetCode: '/v1/console/users/sendResetCode',
  /** an admin creates an account for a mobile with roles; the person sets a password by reset */
  consoleUserInvite: '/v1/console/users/invite',
  consoleReviewerProfile: '/v1/console/users/reviewerProfile',
  /** GET the current programme; POST changes it */
  consoleProgramme: '/v1/console/programme',
  consoleThemes: '/v1/console/themes',
  consoleThemeCreate: '/v1/console/themes/create',
  consoleThemeUpdate: '/v1/console/themes/update',
  consoleThemeDelete: '/v1/console/themes/delete',
  /** GET every kind's rubric; POST replaces one kind's criteria */
  consoleRubrics: '/v1/console/rubrics',
  /** GET every season; POST create copies one into a new year; POST makeCurrent switches the current season */
  consoleSeasons: '/v1/console/seasons',
  consoleSeasonCreate: '/v1/console/seasons/create',
  consoleSeasonMakeCurrent: '/v1/console/seasons/makeCurrent',
  consoleAudit: '/v1/console/audit',
  // the applicant's in-app notifications
  getNotifications: '/v1/getNotifications',
  readNotification: '/v1/readNotification',
  /** GET: a proof-of-work challenge (ALTCHA), asked of busy addresses and attacked accounts (docs/security.md) */
  altchaChallenge: '/v1/altcha/challenge',
} as const;

export type ApiPathName = keyof typeof apiPaths;
export type ApiPath = (typeof apiPaths)[ApiPathName];

/** Operational endpoints outside the /v1 envelope. */
export const opsPaths = {
  health: '/healthz',
  ready: '/readyz',
  docs: '/docs',
} as const;
