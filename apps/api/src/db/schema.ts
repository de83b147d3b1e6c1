import type { ApplicationKind, ApplicationStatus, ProgrammePhase, Role } from '@qgw/contracts';

/**
 * Column conventions, chosen so that one set of migrations runs on SQLite and PostgreSQL:
 * text ids generated in code (time-ordered UUIDs, db/row-id.ts), ISO-8601 UTC text timestamps (they sort as text),
 * integer 0/1 booleans.
 */
export type IsoTime = string;
export type Bool01 = 0 | 1;

export type UserStatus = 'active' | 'disabled';

export interface UsersTable {
  id: string;
  mobile: string;
  password_hash: string;
  nickname: string;
  avatar: string | null;
  /** 'disabled' also while closed (closed_at set): see migration 0013 */
  status: UserStatus;
  new_user: Bool01;
  created_at: IsoTime;
  updated_at: IsoTime;
  /** when the owner closed the account; null while open (migration 0013) */
  closed_at: IsoTime | null;
  /** when a closed account's personal data is erased (closed_at + the grace period) */
  erase_after: IsoTime | null;
  /** when it was erased; the row stays with a tombstone mobile */
  erased_at: IsoTime | null;
}

export interface UserRolesTable {
  user_id: string;
  role: Role;
  created_at: IsoTime;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  /** sha256 of the bearer token, hex; the token itself is never stored */
  token_hash: string;
  created_at: IsoTime;
  last_used_at: IsoTime;
  /** absolute expiry */
  expires_at: IsoTime;
  revoked_at: IsoTime | null;
}

export interface WxBindingsTable {
  user_id: string;
  appid: string;
  openid: string;
  created_at: IsoTime;
}

export interface WxOauthStatesTable {
  /** sha256 of the OAuth `state`, hex */
  state_hash: string;
  session_id: string;
  user_id: string;
  created_at: IsoTime;
  expires_at: IsoTime;
  used_at: IsoTime | null;
}

export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before_json: string | null;
  after_json: string | null;
  created_at: IsoTime;
}

export type ProgrammePhaseValue = ProgrammePhase;

export interface ProgrammesTable {
  id: string;
  year: number;
  name: string;
  opens_at: IsoTime;
  closes_at: IsoTime;
  review_ends_at: IsoTime;
  results_at: IsoTime;
  /** set by an admin to force a phase; null = derived from the dates */
  phase_override: ProgrammePhaseValue | null;
  /** the ages a person entry is open to: whole years on the closing day, in Beijing (contracts eligibility.ts) */
  min_age: number;
  max_age: number;
  created_at: IsoTime;
  updated_at: IsoTime;
  /** 1 for the one current season: what applicants see and the console defaults to (migration 0016) */
  is_current: Bool01;
}

export interface ThemesTable {
  id: string;
  programme_id: string;
  name: string;
  description: string;
  sort: number;
  active: Bool01;
}

export interface ApplicationsTable {
  id: string;
  kind: ApplicationKind;
  user_id: string;
  /** null for membership */
  programme_id: string | null;
  status: ApplicationStatus;
  /** optimistic concurrency: every write and every transition increments it */
  version: number;
  title: string;
  applicant_name: string | null;
  organization: string | null;
  theme_id: string | null;
  /** the form as JSON, without the ID number */
  data_json: string;
  /** AES-256-GCM, see modules/applications/id-number-cipher.ts */
  id_number_enc: string | null;
  reason: string | null;
  submitted_at: IsoTime | null;
  decided_at: IsoTime | null;
  created_at: IsoTime;
  updated_at: IsoTime;
}

export type FileKind = 'image' | 'video';
/** images: photo | work | license (contracts' uploadPurposes); every video: video */
export type FilePurpose = 'photo' | 'work' | 'license' | 'video';
export type FileStatus = 'uploading' | 'complete';

export interface FilesTable {
  /** random, url-safe (contracts' ZFileRef); for a video also its tus upload id */
  id: string;
  owner_id: string;
  kind: FileKind;
  purpose: FilePurpose;
  /** detected from the content once complete; the declared type while a video is uploading */
  mime: string;
  /** bytes; the announced length while a video is uploading */
  size: number;
  /** path under DATA_DIR/uploads: files/<generated name> once complete (and while its bytes move there), tus/<id> while uploading */
  storage_key: string;
  status: FileStatus;
  /** the application that refers to the file (last attached), if any */
  application_id: string | null;
  created_at: IsoTime;
  completed_at: IsoTime | null;
}

// ---- committee content (migration 0004) ----------------------------------------------------------

export type ArticleCategoryValue = 'intro' | 'news' | 'document' | 'programme' | 'award';

export interface ContentArticlesTable {
  id: string;
  category: ArticleCategoryValue;
  slug: string | null;
  title: string;
  summary: string;
  /** sanitised HTML */
  body: string;
  cover_url: string | null;
  /** [{name, url, size}] */
  attachments_json: string;
  award_quota: number | null;
  award_prize: string | null;
  sort: number;
  published: Bool01;
  /** first publication; kept when unpublished and published again */
  published_at: IsoTime | null;
  created_at: IsoTime;
  updated_at: IsoTime;
  updated_by: string | null;
  /** the season of a programme page or an award (migration 0018); null for committee pages */
  programme_id: string | null;
}

export interface ContentLeadersTable {
  id: string;
  leader_group: 'leadership' | 'secretariat';
  name: string;
  title: string;
  photo_url: string | null;
  bio: string;
  sort: number;
  published: Bool01;
  created_at: IsoTime;
  updated_at: IsoTime;
  updated_by: string | null;
}

export interface ContentSubdivisionsTable {
  id: string;
  name: string;
  description: string;
  sort: number;
  published: Bool01;
  created_at: IsoTime;
  updated_at: IsoTime;
  updated_by: string | null;
}

export interface ContentMembersTable {
  id: string;
  name: string;
  subdivision_id: string | null;
  region: string;
  organization: string;
  title: string;
  photo_url: string | null;
  bio: string;
  /** publish consent per optional field */
  show_organization: Bool01;
  show_title: Bool01;
  show_photo: Bool01;
  show_bio: Bool01;
  sort: number;
  published: Bool01;
  created_at: IsoTime;
  updated_at: IsoTime;
  updated_by: string | null;
}

export interface ContentWebviewHostsTable {
  id: string;
  /** lower-case DNS name; subdomains are allowed too */
  host: string;
  note: string;
  created_at: IsoTime;
  updated_at: IsoTime;
  updated_by: string | null;
}

// ---- console access and administration (migration 0005) ----------------------------------------

export type MfaTotpStatus = 'pending' | 'active';

/** A reviewer's or admin's authenticator (one per account). */
export interface MfaTotpTable {
  user_id: string;
  /** base32 secret, AES-256-GCM with the data key (crypto/data-cipher.ts), bound to the user id */
  secret_enc: string;
  status: MfaTotpStatus;
  created_at: IsoTime;
  activated_at: IsoTime | null;
  /** the last 30 s step accepted; a code of that step or earlier is a replay */
  last_step: number | null;
}

export interface MfaRecoveryCodesTable {
  id: string;
  user_id: string;
  /** sha256 of the normalised code (80 random bits), hex */
  code_hash: string;
  created_at: IsoTime;
  used_at: IsoTime | null;
}

export type ConsoleVerifyMethod = 'totp' | 'recovery';

/** A session that passed the console's second factor; the console's own, shorter lifetimes. */
export interface ConsoleVerificationsTable {
  session_id: string;
  user_id: string;
  method: ConsoleVerifyMethod;
  verified_at: IsoTime;
  last_seen_at: IsoTime;
  /** absolute end: verified_at + the console's absolute lifetime */
  expires_at: IsoTime;
}

/** What the conflict-of-interest rule needs to know about a reviewer. */
export interface ReviewerProfilesTable {
  user_id: string;
  organization: string;
  updated_at: IsoTime;
  updated_by: string | null;
}

/** Weighted rubric criteria per application kind; retired ones stay for the scores given to them. */
export interface RubricCriteriaTable {
  id: string;
  kind: ApplicationKind;
  name: string;
  description: string;
  /** percent of the weighted total; the active criteria of a kind sum to 100 */
  weight: number;
  max_score: number;
  sort: number;
  active: Bool01;
  created_at: IsoTime;
  updated_at: IsoTime;
  updated_by: string | null;
  /** [{score, label}] the reviewer's guide (migration 0015) */
  anchors_json: string;
  /** the season the criterion belongs to; null only while no season exists (migration 0016) */
  programme_id: string | null;
}

/** A season's 评选设置 (blind_review, min_reviews, target_reviewers, quota), one JSON value per key (migration 0016). */
export interface ProgrammeSettingsTable {
  programme_id: string;
  key: string;
  value_json: string;
  updated_at: IsoTime;
  updated_by: string | null;
}

/** Console-wide settings that belong to no season, one JSON value per key. */
export interface ConsoleSettingsTable {
  key: string;
  value_json: string;
  updated_at: IsoTime;
  updated_by: string | null;
}

// ---- reviewing and decisions (migration 0006) ---------------------------------------------------

export type ReviewOutcomeValue = 'approve' | 'reject' | 'return';
export type AssignMethod = 'manual' | 'auto' | 'csv';

export interface ReviewAssignmentsTable {
  application_id: string;
  reviewer_id: string;
  method: AssignMethod;
  assigned_by: string | null;
  assigned_at: IsoTime;
}

/** A reviewer's declared conflict of interest: never assigned to that application again. */
export interface ReviewConflictsTable {
  application_id: string;
  reviewer_id: string;
  reason: string;
  declared_at: IsoTime;
}

export interface ReviewsTable {
  id: string;
  application_id: string;
  reviewer_id: string;
  /** {criterionId: score} */
  scores_json: string;
  /** weighted total 0..100 */
  total: number;
  recommendation: ReviewOutcomeValue;
  comment_to_applicant: string;
  private_note: string;
  submitted_at: IsoTime;
  updated_at: IsoTime;
  /** the kind's rubric version it was scored against (migration 0015) */
  rubric_version: number;
  /** 1: scored against an older rubric version; left out of every mean until submitted again */
  needs_rescore: Bool01;
}

/** A season's rubric version of a kind, bumped by 另存为新版本 (migrations 0015, 0016); no row = version 1. */
export interface RubricVersionsTable {
  programme_id: string;
  kind: ApplicationKind;
  version: number;
  created_at: IsoTime;
  created_by: string | null;
}

/** A decision an admin has staged and not yet released (one per application). */
export interface StagedDecisionsTable {
  application_id: string;
  decision: ReviewOutcomeValue;
  reason: string;
  staged_by: string;
  staged_at: IsoTime;
  /** the application's version once staged */
  app_version: number;
}

/** A reviewer's score sheet not yet submitted (migration 0014): read by its author only. */
export interface ReviewDraftsTable {
  application_id: string;
  reviewer_id: string;
  /** {criterionId: score}, the criteria scored so far */
  scores_json: string;
  recommendation: ReviewOutcomeValue | null;
  comment_to_applicant: string;
  private_note: string;
  updated_at: IsoTime;
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  application_id: string | null;
  title: string;
  body: string;
  created_at: IsoTime;
  read_at: IsoTime | null;
}

export type DeliveryChannelValue = 'wechat' | 'sms';
export type DeliveryStatusValue = 'sent' | 'failed' | 'skipped';

/** One outbound attempt (WeChat template message, SMS) for a notification. */
export interface NotificationDeliveriesTable {
  id: string;
  notification_id: string;
  application_id: string | null;
  channel: DeliveryChannelValue;
  status: DeliveryStatusValue;
  /** masked */
  recipient: string | null;
  detail: string | null;
  created_at: IsoTime;
}

export type OutboxStatusValue = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';

/**
 * One outbound copy (a channel) of a notification still to send or already settled: written in
 * the transaction that releases the decision, then claimed and sent by the outbox worker.
 */
export interface NotificationOutboxTable {
  id: string;
  notification_id: string;
  application_id: string | null;
  /** whom to address: the mobile and openid are read at send time, never stored here */
  user_id: string;
  channel: DeliveryChannelValue;
  /** the outbound message as JSON (title, application title, outcome, link) */
  payload: string;
  status: OutboxStatusValue;
  attempts: number;
  /** when the row is due: the retry time while pending, the lease's end while sending */
  next_attempt_at: IsoTime;
  /** the worker holding the row while sending; afterwards, the one that made the last attempt */
  claimed_by: string | null;
  /** the lease's end while sending */
  claimed_until: IsoTime | null;
  /** masked recipient of the last attempt */
  recipient: string | null;
  /** the last failure or skip reason (timeout, http:502, errcode:43004, no_openid …) */
  last_error: string | null;
  created_at: IsoTime;
  sent_at: IsoTime | null;
}

export type SmsPurposeValue = 'register' | 'resetPassword' | 'changePhone' | 'login' | 'closeAccount';

/** A verification code asked for (migration 0012): the mobile and the code only as HMACs. */
export interface SmsCodesTable {
  id: string;
  /** HMAC of the mobile under the server's key */
  mobile_key: string;
  purpose: SmsPurposeValue;
  /** HMAC of the row id and the code under the server's key */
  code_hash: string;
  created_at: IsoTime;
  expires_at: IsoTime;
  attempts: number;
  consumed_at: IsoTime | null;
}

export interface Database {
  users: UsersTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  wx_bindings: WxBindingsTable;
  wx_oauth_states: WxOauthStatesTable;
  audit_log: AuditLogTable;
  programmes: ProgrammesTable;
  themes: ThemesTable;
  applications: ApplicationsTable;
  files: FilesTable;
  content_articles: ContentArticlesTable;
  content_leaders: ContentLeadersTable;
  content_subdivisions: ContentSubdivisionsTable;
  content_members: ContentMembersTable;
  content_webview_hosts: ContentWebviewHostsTable;
  mfa_totp: MfaTotpTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  console_verifications: ConsoleVerificationsTable;
  reviewer_profiles: ReviewerProfilesTable;
  rubric_criteria: RubricCriteriaTable;
  console_settings: ConsoleSettingsTable;
  review_assignments: ReviewAssignmentsTable;
  review_conflicts: ReviewConflictsTable;
  reviews: ReviewsTable;
  staged_decisions: StagedDecisionsTable;
  notifications: NotificationsTable;
  notification_deliveries: NotificationDeliveriesTable;
  notification_outbox: NotificationOutboxTable;
  sms_codes: SmsCodesTable;
  review_drafts: ReviewDraftsTable;
  rubric_versions: RubricVersionsTable;
  programme_settings: ProgrammeSettingsTable;
}
