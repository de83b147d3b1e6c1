import { z } from 'zod';
import { type Role, ZMobile, ZRole } from './accounts.js';
import { ZCursor, ZPageOf } from './content.js';
import { limits } from './limits.js';

/**
 * Console access and administration (docs/requirements.md#console-access): the second factor (TOTP)
 * reviewers and admins pass before any console endpoint answers, and the admin's people and audit-log
 * screens (a season's programme, themes and rubrics: console-programme.ts). Every console endpoint answers the usual envelope;
 * refusals:
 *   HTTP 401 code 4010 (UNAUTHORIZED)        no session / expired session → log in again
 *   HTTP 403 code 4030 (FORBIDDEN)           the account holds none of the route's roles
 *   HTTP 401 code 1401 (CONSOLE_MFA_REQUIRED) role held, but this session has not passed the TOTP step
 *                                            or its console verification expired → GET consoleMe, then
 *                                            enrol (mfaEnrolled false) or verify (mfaEnrolled true)
 */

// ---- policies --------------------------------------------------------------------------------------

export const consoleRoles = ['reviewer', 'admin'] as const satisfies readonly Role[];
export const ZConsoleRole = z.enum(consoleRoles);
export type ConsoleRole = z.infer<typeof ZConsoleRole>;

/**
 * How long a session stays console-verified after the TOTP step (docs/security.md): much shorter
 * than an applicant's session. The session itself lives on; only the console asks again.
 */
export const consolePolicy = {
  /** console verification dies after this long without a console request */
  idleMs: 30 * 60 * 1000,
  /** and this long after the TOTP step whatever its use */
  absoluteMs: 12 * 60 * 60 * 1000,
} as const;

/** RFC 6238 parameters every authenticator app supports; failures lock like a login. */
export const mfaPolicy = {
  issuer: '青工委服务平台',
  algorithm: 'SHA1',
  digits: 6,
  periodSeconds: 30,
  /** steps accepted either side of now (clock drift) */
  window: 1,
  recoveryCodes: 10,
  /** wrong codes (TOTP or recovery) per account before the second factor is locked */
  maxFailures: 5,
  lockMs: 5 * 60 * 1000,
} as const;

export const adminLimits = {
  page: { default: 20, max: 100 },
  search: { max: 30 },
  organization: { max: 100 },
  theme: { name: 30, description: 200 },
  rubric: { criteria: 20, name: 30, description: 200, maxScore: 100, anchors: 6, anchorLabel: 20 },
  programmeName: { max: 60 },
} as const;

const ZId = z.string().min(1).max(64);
const ZQueryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
/** An instant with its offset (2024-05-01T00:00:00+08:00 or …Z); answered as UTC ISO. */
const ZInstant = z.iso.datetime({ offset: true, error: '时间格式不正确' });

// ---- the caller: GET consoleMe --------------------------------------------------------------------

/** Any signed-in reviewer or admin, verified or not (the console's first call after login). */
export const ZConsoleMeRequest = z.object({});
export const ZConsoleMeResponse = z.object({
  user: z.object({
    id: z.string(),
    nickname: z.string(),
    /** 138****1234 */
    mobileMasked: z.string(),
    avatar: z.string().nullable(),
  }),
  roles: z.array(ZRole),
  /** an authenticator is set up (activated) */
  mfaEnrolled: z.boolean(),
  /** this session passed the TOTP step and it has not expired */
  mfaVerified: z.boolean(),
  /** when the console will ask for a code again (idle or absolute, whichever first); null when not verified */
  consoleExpiresAt: z.string().nullable(),
  /** unused recovery codes left; 0 when not enrolled */
  recoveryCodesLeft: z.number().int(),
});
export type ConsoleMeResponse = z.infer<typeof ZConsoleMeResponse>;

// ---- TOTP -----------------------------------------------------------------------------------------

export const ZTotpCode = z
  .string({ error: '请输入6位动态验证码' })
  .trim()
  .regex(/^\d{6}$/, { error: '请输入6位动态验证码' });

/** xxxx-xxxx-xxxx-xxxx (base32 letters and digits 2–7); case, spaces and dashes are ignored. */
export const ZRecoveryCode = z
  .string({ error: '请输入恢复码' })
  .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-7]{16}$/, { error: '恢复码格式不正确' }));

/**
 * POST consoleMfaEnroll (reviewer/admin, not yet enrolled): a new secret, pending until activated.
 * Calling again before activation replaces the pending secret. The secret is shown once: add it to
 * an authenticator app by scanning qrDataUrl (a PNG data URL) or typing `secret`.
 */
export const ZConsoleMfaEnrollRequest = z.object({});
export const ZConsoleMfaEnrollResponse = z.object({
  /** base32, no padding */
  secret: z.string(),
  /** otpauth://totp/…?secret=…&issuer=… */
  otpauthUrl: z.string(),
  qrDataUrl: z.string(),
});
export type ConsoleMfaEnrollResponse = z.infer<typeof ZConsoleMfaEnrollResponse>;

/**
 * POST consoleMfaActivate: the first code from the app proves it holds the secret. Answers the
 * recovery codes (shown once, stored hashed) and marks this session console-verified.
 */
export const ZConsoleMfaActivateRequest = z.object({ code: ZTotpCode });
export type ConsoleMfaActivateRequest = z.infer<typeof ZConsoleMfaActivateRequest>;
export const ZConsoleMfaActivateResponse = z.object({
  recoveryCodes: z.array(z.string()),
  consoleExpiresAt: z.string(),
});
export type ConsoleMfaActivateResponse = z.infer<typeof ZConsoleMfaActivateResponse>;

/**
 * POST consoleMfaVerify: a TOTP code, or one recovery code (each works once), marks this session
 * console-verified. A code already used (same 30 s step) is refused. Wrong codes count towards
 * mfaPolicy.maxFailures; then Code.MFA_LOCKED until the lock ends.
 */
export const ZConsoleMfaVerifyRequest = z
  .object({ code: ZTotpCode.optional(), recoveryCode: ZRecoveryCode.optional() })
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), { error: '请输入动态验证码或恢复码' });
export type ConsoleMfaVerifyRequest = z.input<typeof ZConsoleMfaVerifyRequest>;
export const ZConsoleMfaVerifyResponse = z.object({
  consoleExpiresAt: z.string(),
  recoveryCodesLeft: z.number().int(),
});
export type ConsoleMfaVerifyResponse = z.infer<typeof ZConsoleMfaVerifyResponse>;

// ---- people (admin) -------------------------------------------------------------------------------

export const userStatuses = ['active', 'disabled'] as const;
export const ZUserStatus = z.enum(userStatuses);
export type UserStatusValue = z.infer<typeof ZUserStatus>;
export const userStatusLabels = { active: '正常', disabled: '已停用' } as const;
export const roleLabels = { applicant: '申请人', reviewer: '评审', admin: '管理员' } as const satisfies Record<Role, string>;

export const ZConsoleUser = z.object({
  id: z.string(),
  nickname: z.string(),
  mobileMasked: z.string(),
  avatar: z.string().nullable(),
  roles: z.array(ZRole),
  status: ZUserStatus,
  mfaEnrolled: z.boolean(),
  /** the reviewer's organisation (conflicts of interest); null when none recorded */
  organization: z.string().nullable(),
  createdAt: z.string(),
});
export type ConsoleUser = z.infer<typeof ZConsoleUser>;

/**
 * GET consoleUsers: newest first, keyset pagination. `q`: part of the nickname, or digits of the
 * mobile (a full 11-digit mobile, or any run of its digits).
 */
export const ZConsoleUsersRequest = z.object({
  q: z.string().trim().max(adminLimits.search.max).optional(),
  role: ZRole.optional(),
  status: ZUserStatus.optional(),
  cursor: ZCursor.optional(),
  limit: ZQueryInt(1, adminLimits.page.max).optional(),
});
export type ConsoleUsersRequest = z.infer<typeof ZConsoleUsersRequest>;
export const ZConsoleUsersResponse = ZPageOf(ZConsoleUser);
export type ConsoleUsersResponse = z.infer<typeof ZConsoleUsersResponse>;

/** GET consoleUser: one user, as the list shows them. */
export const ZConsoleUserRequest = z.object({ userId: ZId });
export type ConsoleUserRequest = z.infer<typeof ZConsoleUserRequest>;
export const ZConsoleUserResponse = ZConsoleUser;

/** POST consoleUserRoles: replaces the user's roles. An admin cannot remove their own admin role. */
export const ZConsoleUserRolesRequest = z.object({
  userId: ZId,
  roles: z
    .array(ZRole)
    .min(1, { error: '至少保留一个角色' })
    .max(3)
    .refine((r) => new Set(r).size === r.length, { error: '角色重复' }),
});
export type ConsoleUserRolesRequest = z.infer<typeof ZConsoleUserRolesRequest>;
export const ZConsoleUserRolesResponse = ZConsoleUser;

/** POST consoleUserDisable: disabling ends every session of the user at once; not oneself. */
export const ZConsoleUserDisableRequest = z.object({ userId: ZId, disabled: z.boolean() });
export type ConsoleUserDisableRequest = z.infer<typeof ZConsoleUserDisableRequest>;
export const ZConsoleUserDisableResponse = z.object({
  user: ZConsoleUser,
  /** live sessions ended by this change */
  sessionsEnded: z.number().int(),
});
export type ConsoleUserDisableResponse = z.infer<typeof ZConsoleUserDisableResponse>;

/**
 * POST consoleUserResetMfa: forgets the user's authenticator and recovery codes and ends their
 * console verifications; they enrol again at their next console visit. Not oneself.
 */
export const ZConsoleUserResetMfaRequest = z.object({ userId: ZId });
export type ConsoleUserResetMfaRequest = z.infer<typeof ZConsoleUserResetMfaRequest>;
export const ZConsoleUserResetMfaResponse = ZConsoleUser;

/**
 * POST consoleUserSendResetCode: has a `resetPassword` verification code sent by SMS to the user's
 * own mobile, so that they can set a new password on the login screen (找回密码). The admin never
 * sees the code, nor sets or sees a password. The per-mobile limits of every code apply (one a
 * minute, a few a day: SMS_TOO_SOON, SMS_DAILY_LIMIT); a disabled account is refused
 * (ACCOUNT_DISABLED). Audited `user.send_reset_code`, without the code.
 */
export const ZConsoleUserSendResetCodeRequest = z.object({ userId: ZId });
export type ConsoleUserSendResetCodeRequest = z.infer<typeof ZConsoleUserSendResetCodeRequest>;
export const ZConsoleUserSendResetCodeResponse = z.object({
  /** where the code went: 138****1234 */
  mobileMasked: z.string(),
  /** seconds before another code may be sent to this mobile */
  resendAfterSeconds: z.number().int(),
  /** seconds the code stays valid */
  expiresInSeconds: z.number().int(),
  /** what the console shows: 验证码已发送至 138****1234 */
  notice: z.string(),
});
export type ConsoleUserSendResetCodeResponse = z.infer<typeof ZConsoleUserSendResetCodeResponse>;

/**
 * POST consoleUserInvite: creates an active account for a mobile nobody has registered, holding
 * `roles` (reviewer and/or admin) and no usable password: the person sets one through 找回密码 with
 * a `resetPassword` code, which this call sends at once (when the SMS limits allow; `codeSent`
 * says whether it went). An invited admin enrols the second factor at the first console visit like
 * any admin. A mobile that already has an account is refused (MOBILE_TAKEN): its roles are set on
 * the user's page instead. Audited `user.invite` (and `user.send_reset_code` for the code).
 */
export const ZConsoleUserInviteRequest = z.object({
  mobile: ZMobile,
  roles: z
    .array(z.enum(consoleRoles, { error: '只能邀请评审或管理员' }), { error: '请选择角色（评审或管理员）' })
    .min(1, { error: '请至少选择一个角色' })
    .max(consoleRoles.length, { error: '角色重复' })
    .refine((r) => new Set(r).size === r.length, { error: '角色重复' }),
});
export type ConsoleUserInviteRequest = z.infer<typeof ZConsoleUserInviteRequest>;
export const ZConsoleUserInviteResponse = z.object({
  /** the new account (user.id is its id) */
  user: ZConsoleUser,
  /** whether the password-setting code went out in this call; if not, send it from the user's page later */
  codeSent: z.boolean(),
  /** what the console shows: 已向 138****0002 发送设置密码的验证码, or why it was not sent */
  notice: z.string(),
});
export type ConsoleUserInviteResponse = z.infer<typeof ZConsoleUserInviteResponse>;

/** POST consoleReviewerProfile: a reviewer's organisation; empty text clears it. */
export const ZConsoleReviewerProfileRequest = z.object({
  userId: ZId,
  organization: z
    .string()
    .trim()
    .max(adminLimits.organization.max, { error: `单位名称最多${adminLimits.organization.max}个字` }),
});
export type ConsoleReviewerProfileRequest = z.infer<typeof ZConsoleReviewerProfileRequest>;
export const ZConsoleReviewerProfileResponse = ZConsoleUser;

// ---- audit log (admin) ----------------------------------------------------------------------------

/** A calendar day in Beijing time (2024-05-01): the audit log's date range. */
const ZBeijingDate = z.iso.date({ error: '日期格式不正确' });

/**
 * GET consoleAudit: newest first, keyset pagination; from/to bound createdAt (from inclusive, to
 * exclusive). The screen filters by who by name (`actorName`: the start of the actor's nickname)
 * and by whole days in Beijing time (`fromDate`..`toDate`, both days included).
 */
export const ZConsoleAuditRequest = z.object({
  actorId: ZId.optional(),
  actorName: z.string().trim().min(1).max(limits.nickname.max, { error: `昵称最多${limits.nickname.max}个字` }).optional(),
  fromDate: ZBeijingDate.optional(),
  toDate: ZBeijingDate.optional(),
  action: z.string().trim().min(1).max(64).optional(),
  entity: z.string().trim().min(1).max(64).optional(),
  entityId: ZId.optional(),
  from: ZInstant.optional(),
  to: ZInstant.optional(),
  cursor: ZCursor.optional(),
  limit: ZQueryInt(1, adminLimits.page.max).optional(),
});
export type ConsoleAuditRequest = z.infer<typeof ZConsoleAuditRequest>;
export const ZConsoleAuditEntry = z.object({
  id: z.string(),
  /** null for the system (seed, scheduled work) */
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type ConsoleAuditEntry = z.infer<typeof ZConsoleAuditEntry>;
export const ZConsoleAuditResponse = ZPageOf(ZConsoleAuditEntry);
export type ConsoleAuditResponse = z.infer<typeof ZConsoleAuditResponse>;
