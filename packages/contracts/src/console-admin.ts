import { z } from 'zod';
import { type Role, ZMobile, ZRole } from './accounts.js';
import { adminLimits, consoleRoles } from './console-access.js';
import { ZCursor, ZPageOf } from './content.js';
import { limits } from './limits.js';

/**
 * The console's administration of people and the audit log (admins, console-verified; refusals as
 * in console-access.ts): the user list and a user's page (roles, disabling, resetting the second
 * factor, a password-reset code, a reviewer's organisation), inviting reviewers and admins, and the
 * audit log. The second factor every console user passes, and the limits the admin screens share,
 * are in console-access.ts; a season's programme, themes and rubrics in console-programme.ts.
 */

const ZId = z.string().min(1).max(64);
const ZQueryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
/** An instant with its offset (2024-05-01T00:00:00+08:00 or …Z); answered as UTC ISO. */
const ZInstant = z.iso.datetime({ offset: true, error: '时间格式不正确' });

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
