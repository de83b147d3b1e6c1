import { z } from 'zod';
import { ZAltchaPayload } from './challenge.js';
import { ZLoginResponse, ZMobile, ZPresentedPassword, ZRole, ZSmsCode } from './accounts.js';
import { applicationKinds, applicationStatuses } from './lifecycle.js';

/**
 * Personal-data rights (PIPL arts. 45 and 47): a copy of one's data (GET /v1/exportMyData) and
 * closing the account (POST /v1/closeAccount), with a grace period during which signing in with the
 * password offers to cancel (POST /v1/cancelCloseAccount). docs/security.md "Data export and
 * account closing". The grace period is accountClosingPolicy (limits.ts: free of zod, so screens
 * show it without the validation library).
 */
/** GET /v1/exportMyData: no parameters; answers a JSON file (Content-Disposition: attachment), not the envelope. */
export const ZExportMyDataRequest = z.object({});

/** POST /v1/closeAccount: confirmed with the account's password or a `closeAccount` code sent to its mobile, one of the two. */
export const ZCloseAccountRequest = z
  .object({
    password: ZPresentedPassword.optional(),
    smsCode: ZSmsCode.optional(),
  })
  .refine((v) => (v.password === undefined) !== (v.smsCode === undefined), { error: '请输入登录密码或短信验证码（二选一）以确认注销' });
export type CloseAccountRequest = z.infer<typeof ZCloseAccountRequest>;
export const ZCloseAccountResponse = z.object({
  closedAt: z.string(),
  /** when the personal data is erased unless the closing is cancelled before */
  eraseAfter: z.string(),
  /** pending applications withdrawn by the closing */
  withdrawn: z.number().int(),
});
export type CloseAccountResponse = z.infer<typeof ZCloseAccountResponse>;

/** POST /v1/cancelCloseAccount: during the grace period, the mobile and password reopen the account; answers as /v1/login does. */
export const ZCancelCloseAccountRequest = z.object({
  mobile: ZMobile,
  password: ZPresentedPassword,
  /** a solved proof-of-work challenge, when the server asked for one (CHALLENGE_REQUIRED) */
  altcha: ZAltchaPayload.optional(),
});
export type CancelCloseAccountRequest = z.infer<typeof ZCancelCloseAccountRequest>;
export const ZCancelCloseAccountResponse = ZLoginResponse;

/** The exported file (format `qgw-my-data`, version 1). */
export const ZMyDataExport = z.object({
  format: z.literal('qgw-my-data'),
  version: z.literal(1),
  exportedAt: z.string(),
  profile: z.object({
    id: z.string(),
    /** in full: the file goes to its owner only */
    mobile: z.string(),
    nickname: z.string(),
    avatar: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    wechatOpenids: z.array(z.object({ appid: z.string(), openid: z.string(), boundAt: z.string() })),
  }),
  roles: z.array(ZRole),
  applications: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(applicationKinds),
      status: z.enum(applicationStatuses),
      title: z.string(),
      programmeId: z.string().nullable(),
      /** the form as submitted, the ID number in full */
      data: z.record(z.string(), z.unknown()),
      reason: z.string().nullable(),
      submittedAt: z.string().nullable(),
      decidedAt: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  files: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      purpose: z.string(),
      mime: z.string(),
      size: z.number(),
      uploadedAt: z.string(),
      applicationId: z.string().nullable(),
    }),
  ),
  notifications: z.array(
    z.object({
      id: z.string(),
      applicationId: z.string().nullable(),
      title: z.string(),
      body: z.string(),
      createdAt: z.string(),
      readAt: z.string().nullable(),
    }),
  ),
  /** sign-ins, newest first (at most the last 1,000) */
  loginHistory: z.array(z.object({ at: z.string(), method: z.enum(['password', 'sms']) })),
  /** the sessions the server still holds */
  sessions: z.array(
    z.object({ createdAt: z.string(), lastUsedAt: z.string(), expiresAt: z.string(), endedAt: z.string().nullable() }),
  ),
});
export type MyDataExport = z.infer<typeof ZMyDataExport>;
