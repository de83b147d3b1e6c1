import { z } from 'zod';
import { type Role, ZRole } from './accounts.js';

/**
 * Console access (docs/requirements.md#console-access): the second factor (TOTP) reviewers and
 * admins pass before any console endpoint answers, the console's policies and the limits its admin
 * screens share (the people and audit-log screens: console-admin.ts; a season's programme, themes
 * and rubrics: console-programme.ts). Every console endpoint answers the usual envelope;
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
