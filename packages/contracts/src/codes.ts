/**
 * Stable result codes carried in every API answer's `code` field.
 * 0 / 9000 / 9001 / 9002 are the seed's look-up codes; 1001 is the client's status after a submit.
 * The rest are this project's own and never change meaning once shipped.
 */
export const Code = {
  OK: 0,
  /** latest rank-user application rejected or returned: failure, message = reason */
  APPLY_REJECTED: 9000,
  /** no rank-user application yet */
  NO_APPLICATION: 9001,
  /** latest rank-user application submitted / under review */
  UNDER_REVIEW: 9002,
  /** status value the client sets after a submit or an update */
  STATUS_SUBMITTED: 1001,

  // generic failures (answered with HTTP 200 unless HTTP itself says otherwise, see docs/requirements.md#http-status)
  BAD_REQUEST: 4000,
  UNAUTHORIZED: 4010,
  FORBIDDEN: 4030,
  NOT_FOUND: 4040,
  CONFLICT: 4090,
  PAYLOAD_TOO_LARGE: 4130,
  UNSUPPORTED_MEDIA_TYPE: 4150,
  RATE_LIMITED: 4290,
  /**
   * a proof-of-work challenge must be solved first (HTTP 428): the address is sending far more than
   * usual, or the account has had many wrong passwords; fetch one from GET /v1/altcha/challenge and
   * send the solution as `altcha` (body field or `X-Altcha` header). Also the answer to a solution
   * that is forged, expired or already used.
   */
  CHALLENGE_REQUIRED: 4280,
  INTERNAL: 5000,
  UNAVAILABLE: 5030,

  // accounts
  INVALID_CREDENTIALS: 1101,
  MOBILE_TAKEN: 1102,
  USER_NOT_FOUND: 1103,
  WEAK_PASSWORD: 1104,
  ACCOUNT_LOCKED: 1105,
  ACCOUNT_DISABLED: 1106,
  WRONG_PASSWORD: 1107,
  /**
   * the password is right but the account was closed and is in its grace period: no session; the
   * message names the day its data is erased, and POST /v1/cancelCloseAccount reopens it
   */
  ACCOUNT_CLOSING: 1108,

  // WeChat binding
  WECHAT_NOT_CONFIGURED: 1201,
  WECHAT_STATE_INVALID: 1202,
  WECHAT_CODE_INVALID: 1203,
  WECHAT_UNAVAILABLE: 1204,
  WECHAT_SNAPSHOT_USER: 1205,
  WECHAT_OPENID_TAKEN: 1206,

  // applications
  /** the application's state does not allow this (e.g. editing after submission, withdrawing a decision) */
  APPLICATION_STATE: 1301,
  /** the programme is not accepting submissions now */
  PROGRAMME_CLOSED: 1302,
  /** a live application of this kind already exists */
  ALREADY_APPLIED: 1303,
  /** the ID number's holder is outside the programme's age range on its closing day (the message names the range) */
  AGE_INELIGIBLE: 1304,

  // review console: access (second factor) and administration
  /** the role is held but this session has not passed the console's TOTP step, or it expired (HTTP 401) */
  CONSOLE_MFA_REQUIRED: 1401,
  /** an authenticator is already set up: verify with it, or ask an admin to reset it */
  MFA_ALREADY_ENROLLED: 1402,
  /** no authenticator set up (or none pending activation) */
  MFA_NOT_ENROLLED: 1403,
  /** wrong, expired or already used TOTP code or recovery code */
  MFA_CODE_INVALID: 1404,
  /** too many wrong codes: the second factor is locked for a while */
  MFA_LOCKED: 1405,
  /** an admin cannot do this to their own account (remove own admin role, disable self, reset own MFA) */
  SELF_CHANGE_REFUSED: 1406,

  // review console: reviewing and decisions
  /** the reviewer belongs to the applicant's organisation, or declared a conflict of interest */
  CONFLICT_OF_INTEREST: 1501,
  /** the application is not assigned to the calling reviewer */
  NOT_ASSIGNED: 1502,
  /** the scores do not match the kind's rubric */
  SCORES_INVALID: 1503,
  /** no decision is staged for the application */
  NOT_STAGED: 1504,
  /** blind review: reviewers may not see who applied */
  BLIND_REVIEW: 1505,
  /** the kind has no rubric criteria configured */
  RUBRIC_MISSING: 1506,
  /** an assignment CSV that cannot be read */
  CSV_INVALID: 1507,
  /** nothing stored for that field */
  NOTHING_TO_REVEAL: 1508,
  /** a full ID number is shown to admins only (audited); reviewers see it masked (HTTP 403) */
  REVEAL_ADMIN_ONLY: 1509,
  /** an approve or reject staged with fewer completed reviews than the kind's minimum and no `override` reason */
  REVIEWS_TOO_FEW: 1510,
  /** the kind has reviews: its criteria, weights and maximum scores may no longer change (names and descriptions may) */
  RUBRIC_LOCKED: 1511,
  /** the reviewer was reminded less than an hour ago (reminderPolicy): one reminder per reviewer per hour */
  REMIND_TOO_SOON: 1512,
  /** the current season is in its review phase: switching seasons needs a reason */
  SEASON_IN_REVIEW: 1513,
  /** a season for that year already exists */
  SEASON_EXISTS: 1514,

  // SMS verification codes (accounts for a real public)
  /** the code is wrong, expired, used, dead after too many tries, or was never sent to that mobile */
  SMS_CODE_INVALID: 1601,
  /** a code for this mobile and purpose was sent less than a minute ago */
  SMS_TOO_SOON: 1602,
  /** this mobile has had its codes for the day */
  SMS_DAILY_LIMIT: 1603,
  /** no SMS provider is configured or it cannot be reached */
  SMS_UNAVAILABLE: 1604,
} as const;

export type CodeName = keyof typeof Code;
export type CodeValue = (typeof Code)[CodeName];

/** The look-up failure message the client recognises as "user does not exist" (docs/requirements.md#codes). */
export const USER_NOT_FOUND_MESSAGE = '用户不存在';
