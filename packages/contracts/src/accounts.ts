import { z } from 'zod';
import { ZAltchaPayload } from './challenge.js';
import { limits, smsPolicy } from './limits.js';

export const roles = ['applicant', 'reviewer', 'admin'] as const;
export const ZRole = z.enum(roles);
export type Role = z.infer<typeof ZRole>;

/** Length in code points, so that a password is never judged (or cut) by UTF-16 units. */
const codePoints = (s: string) => [...s].length;

export const ZMobile = z
  .string({ error: '请输入手机号' })
  .trim()
  .regex(limits.mobilePattern, { error: '请输入正确的11位手机号' });

/** A new password: 8–128 characters, any characters, no composition rules (common ones refused server-side). */
export const ZNewPassword = z
  .string({ error: '请输入密码' })
  .refine((s) => codePoints(s) >= limits.password.min, { error: `密码至少${limits.password.min}位` })
  .refine((s) => codePoints(s) <= limits.password.max, { error: `密码最多${limits.password.max}位` });

/** An existing password being presented: only bounded, never judged. */
export const ZPresentedPassword = z
  .string({ error: '请输入密码' })
  .min(1, { error: '请输入密码' })
  .refine((s) => codePoints(s) <= limits.password.max, { error: '密码错误' });

export const ZNickname = z
  .string()
  .trim()
  .min(1, { error: '昵称不能为空' })
  .refine((s) => codePoints(s) <= limits.nickname.max, { error: `昵称最多${limits.nickname.max}个字` });

/** POST /v1/login */
export const ZLoginRequest = z.object({
  mobile: ZMobile,
  password: ZPresentedPassword,
  /** a solved proof-of-work challenge, when the server asked for one (CHALLENGE_REQUIRED) */
  altcha: ZAltchaPayload.optional(),
});
export type LoginRequest = z.infer<typeof ZLoginRequest>;

/** Login answer message (docs/requirements.md#session-state: token, username = mobile, id, openid are read). */
export const ZLoginResponse = z.object({
  token: z.string(),
  username: z.string(),
  id: z.string(),
  openid: z.string().nullable(),
  nickname: z.string(),
  /** true until the account has finished its first application */
  new_user: z.boolean(),
  /** the seed's field name, kept; empty when there is nothing to say */
  erroMessage: z.string(),
  roles: z.array(ZRole),
});
export type LoginResponse = z.infer<typeof ZLoginResponse>;

/** What a verification code is for: each code proves the phone for its purpose only. */
export const smsPurposes = ['register', 'resetPassword', 'changePhone', 'login', 'closeAccount'] as const;
export const ZSmsPurpose = z.enum(smsPurposes, { error: '验证码用途无效' });
export type SmsPurpose = z.infer<typeof ZSmsPurpose>;

/** A verification code as the person types it: 6 digits (spaces around it are dropped). */
export const ZSmsCode = z
  .string({ error: '请输入验证码' })
  .trim()
  .min(1, { error: '请输入验证码' })
  .regex(new RegExp(`^\\d{${smsPolicy.codeLength}}$`), { error: `请输入${smsPolicy.codeLength}位数字验证码` });

/** POST /v1/registerUser */
export const ZRegisterRequest = z.object({
  mobile: ZMobile,
  /** a `register` code sent to `mobile` (POST /v1/sendSmsCode) */
  smsCode: ZSmsCode,
  password: ZNewPassword,
  nickname: ZNickname.optional(),
  /** consent to the privacy notice; registration is refused without it */
  agree: z.literal(true, { error: '请阅读并同意隐私政策' }),
});
export type RegisterRequest = z.infer<typeof ZRegisterRequest>;
export const ZRegisterResponse = z.string();

/** GET /v1/wxAuthorizeUrl: where to send the browser for WeChat web OAuth (snsapi_base). */
export const ZWxAuthorizeUrlRequest = z.object({});
export const ZWxAuthorizeUrlResponse = z.object({
  configured: z.boolean(),
  /** null when WeChat is not configured */
  url: z.string().nullable(),
});
export type WxAuthorizeUrlResponse = z.infer<typeof ZWxAuthorizeUrlResponse>;

/**
 * GET /v1/wxJsConfig: what `wx.config` needs to let a page set its share card inside WeChat. `url` is
 * the page's address without its `#` part, as WeChat signs it; the server signs only its own pages.
 */
export const ZWxJsConfigRequest = z.object({
  url: z.url({ protocol: /^https?$/ }).max(limits.wechat.pageUrlMax),
});
export type WxJsConfigRequest = z.infer<typeof ZWxJsConfigRequest>;
export const ZWxJsConfigResponse = z.object({
  configured: z.boolean(),
  /** the rest is null when WeChat is not configured or cannot be reached */
  appId: z.string().nullable(),
  timestamp: z.number().int().nullable(),
  nonceStr: z.string().nullable(),
  signature: z.string().nullable(),
});
export type WxJsConfigResponse = z.infer<typeof ZWxJsConfigResponse>;

/** GET /v1/bindWxUser: `code` and `state` from WeChat's redirect. */
export const ZBindWxUserRequest = z.object({
  code: z.string().min(1).max(limits.wechat.codeMax),
  state: z.string().min(1).max(limits.wechat.stateMax),
});
export type BindWxUserRequest = z.infer<typeof ZBindWxUserRequest>;
export const ZBindWxUserResponse = z.object({ openid: z.string() });
export type BindWxUserResponse = z.infer<typeof ZBindWxUserResponse>;

/** GET /v1/getUserInfo: the caller's own profile. */
export const ZGetUserInfoRequest = z.object({});
export const ZUserProfile = z.object({
  id: z.string(),
  mobile: z.string(),
  /** 138****1234 */
  mobileMasked: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  openid: z.string().nullable(),
  roles: z.array(ZRole),
  new_user: z.boolean(),
  createdAt: z.string(),
});
export type UserProfile = z.infer<typeof ZUserProfile>;
export const ZGetUserInfoResponse = ZUserProfile;

/** POST /v1/updateProfile */
export const ZUpdateProfileRequest = z
  .object({
    nickname: ZNickname.optional(),
    /** a URL returned by uploadAvatar, or null to remove */
    avatar: z.string().max(300).nullable().optional(),
  })
  .refine((v) => v.nickname !== undefined || v.avatar !== undefined, { error: '没有需要修改的内容' });
export type UpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;
export const ZUpdateProfileResponse = ZUserProfile;

/**
 * POST /v1/updatePassword: every session of the account ends, the caller's included; the caller gets
 * a fresh token (rotation), so the token used before the change is refused from then on.
 */
export const ZUpdatePasswordRequest = z.object({
  oldPassword: ZPresentedPassword,
  newPassword: ZNewPassword,
});
export type UpdatePasswordRequest = z.infer<typeof ZUpdatePasswordRequest>;
export const ZUpdatePasswordResponse = z.object({ token: z.string() });
export type UpdatePasswordResponse = z.infer<typeof ZUpdatePasswordResponse>;

/**
 * POST /v1/updatePhone: needs the password and a `changePhone` code sent to the new mobile; like a
 * password change, all sessions end and the caller gets a fresh token.
 */
export const ZUpdatePhoneRequest = z.object({ password: ZPresentedPassword, newMobile: ZMobile, smsCode: ZSmsCode });
export type UpdatePhoneRequest = z.infer<typeof ZUpdatePhoneRequest>;
export const ZUpdatePhoneResponse = ZUserProfile.extend({ token: z.string() });
export type UpdatePhoneResponse = z.infer<typeof ZUpdatePhoneResponse>;

/** POST /v1/logout: ends the calling session. */
export const ZLogoutRequest = z.object({});
export const ZLogoutResponse = z.string();

/** POST /v1/uploadAvatar (multipart, field `file`) */
export const ZUploadAvatarResponse = z.object({ url: z.string() });
export type UploadAvatarResponse = z.infer<typeof ZUploadAvatarResponse>;

/**
 * POST /v1/sendSmsCode: sends a code for `purpose` to `mobile`. The answer is the same whether or not
 * the mobile is registered (nothing is sent for a password reset or SMS login to an unknown mobile,
 * nor for registering or moving to a known one).
 */
export const ZSendSmsCodeRequest = z.object({
  mobile: ZMobile,
  purpose: ZSmsPurpose,
  /** a solved proof-of-work challenge, when the server asked for one (CHALLENGE_REQUIRED) */
  altcha: ZAltchaPayload.optional(),
});
export type SendSmsCodeRequest = z.infer<typeof ZSendSmsCodeRequest>;
export const ZSendSmsCodeResponse = z.object({
  /** seconds before another code may be asked for this mobile and purpose */
  resendAfterSeconds: z.number().int(),
  /** seconds the code stays valid */
  expiresInSeconds: z.number().int(),
});
export type SendSmsCodeResponse = z.infer<typeof ZSendSmsCodeResponse>;

/** POST /v1/resetPassword: a forgotten password replaced with a `resetPassword` code; every session of the account ends. */
export const ZResetPasswordRequest = z.object({
  mobile: ZMobile,
  smsCode: ZSmsCode,
  newPassword: ZNewPassword,
  /** a solved proof-of-work challenge, when the server asked for one (CHALLENGE_REQUIRED) */
  altcha: ZAltchaPayload.optional(),
});
export type ResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;
export const ZResetPasswordResponse = z.string();

/** POST /v1/loginBySms: a `login` code instead of the password; answers as /v1/login does. */
export const ZLoginBySmsRequest = z.object({
  mobile: ZMobile,
  smsCode: ZSmsCode,
  /** a solved proof-of-work challenge, when the server asked for one (CHALLENGE_REQUIRED) */
  altcha: ZAltchaPayload.optional(),
});
export type LoginBySmsRequest = z.infer<typeof ZLoginBySmsRequest>;
export const ZLoginBySmsResponse = ZLoginResponse;

/** GET /v1/dev/smsOutbox (never in production): the codes the development outbox holds for a mobile, newest first. */
export const ZDevSmsOutboxRequest = z.object({ mobile: ZMobile });
export const ZDevSmsOutboxEntry = z.object({
  purpose: ZSmsPurpose,
  code: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
});
export const ZDevSmsOutboxResponse = z.object({ codes: z.array(ZDevSmsOutboxEntry) });
export type DevSmsOutboxResponse = z.infer<typeof ZDevSmsOutboxResponse>;

/** 13812341234 → 138****1234 */
export const maskMobile = (mobile: string): string =>
  mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
