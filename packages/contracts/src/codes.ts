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

  // generic failures (answered with HTTP 200 unless HTTP itself says otherwise, see PRODUCT §3)
  BAD_REQUEST: 4000,
  UNAUTHORIZED: 4010,
  FORBIDDEN: 4030,
  NOT_FOUND: 4040,
  CONFLICT: 4090,
  PAYLOAD_TOO_LARGE: 4130,
  UNSUPPORTED_MEDIA_TYPE: 4150,
  RATE_LIMITED: 4290,
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

  // WeChat binding
  WECHAT_NOT_CONFIGURED: 1201,
  WECHAT_STATE_INVALID: 1202,
  WECHAT_CODE_INVALID: 1203,
  WECHAT_UNAVAILABLE: 1204,
  WECHAT_SNAPSHOT_USER: 1205,
  WECHAT_OPENID_TAKEN: 1206,
} as const;

export type CodeName = keyof typeof Code;
export type CodeValue = (typeof Code)[CodeName];

/** The look-up failure message the client recognises as "user does not exist" (spec §4). */
export const USER_NOT_FOUND_MESSAGE = '用户不存在';
