import { useMutation, useQuery } from '@tanstack/react-query';
import {
  appConstants,
  ZUpdatePasswordRequest,
  ZUpdatePhoneRequest,
  ZUpdateProfileRequest,
  type UserProfile,
} from '@qgw/contracts';
import { call, validate } from '../../../lib/request.js';
import { navigateBack } from '../../../lib/navigation.js';
import { showLoading, showToast, toastError, ShownError } from '../../../lib/toast.js';
import { queryClient } from '../../../lib/query-client.js';
import { isLoggedIn, useSession } from '../../../stores/session.js';
import { accountOps, uploadAvatar } from '../api/operations.js';
import { accountStrings as t } from '../strings.js';
import { saveMobile, saveProfile, saveRotatedToken } from '../session.js';

export const userInfoKey = ['account', 'userInfo'] as const;

/**
 * The signed-in user's own profile (avatar, openid, masked mobile). `quiet`: a refused session does
 * not interrupt a form being filled in; the form's own call handles it when the user acts.
 */
export function useUserInfo({ quiet = false }: { quiet?: boolean } = {}) {
  const loggedIn = useSession(isLoggedIn);
  return useQuery({
    queryKey: userInfoKey,
    queryFn: () => call(accountOps.getUserInfo, {}, quiet ? { onUnauthorized: 'throw' } : undefined),
    enabled: loggedIn,
  });
}

const rememberProfile = (profile: UserProfile) => {
  const { id, mobile, mobileMasked, nickname, avatar, openid, roles, new_user, createdAt } = profile;
  queryClient.setQueryData(userInfoKey, { id, mobile, mobileMasked, nickname, avatar, openid, roles, new_user, createdAt });
};

/** Profile: nickname and avatar; loading "更改中"; one level back on success. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: async (form: { nickname: string; file: File | null }) => {
      const { nickname } = validate(ZUpdateProfileRequest, { nickname: form.nickname.trim() || undefined });
      showLoading(t.changing);
      const avatar = form.file ? (await uploadAvatar(form.file)).url : undefined;
      return call(accountOps.updateProfile, avatar === undefined ? { nickname } : { nickname, avatar });
    },
    onSuccess: (profile) => {
      saveProfile(profile);
      rememberProfile(profile);
      showToast(t.saveSuccess);
      navigateBack(1);
    },
    onError: toastError,
  });
}

/** Password change: every other session ends; this one continues on the token handed back. */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: async (form: { oldPassword: string; newPassword: string; confirm: string }) => {
      const input = validate(ZUpdatePasswordRequest, {
        oldPassword: form.oldPassword || undefined,
        newPassword: form.newPassword || undefined,
      });
      if (form.newPassword !== form.confirm) {
        showToast(t.passwordMismatch);
        throw new ShownError(t.passwordMismatch);
      }
      showLoading(t.changing);
      return call(accountOps.updatePSD, input);
    },
    onSuccess: ({ token }) => {
      saveRotatedToken(token);
      showToast(t.passwordChanged);
      window.setTimeout(() => navigateBack(1), appConstants.backAfterPasswordChangeMs);
    },
    onError: toastError,
  });
}

/** Phone change: needs the password and a code texted to the new mobile; the token rotates like a password change. */
export function useUpdatePhone() {
  return useMutation({
    mutationFn: async (form: { newMobile: string; smsCode: string; password: string }) => {
      const input = validate(ZUpdatePhoneRequest, {
        newMobile: form.newMobile || undefined,
        smsCode: form.smsCode || undefined,
        password: form.password || undefined,
      });
      showLoading(t.changing);
      return call(accountOps.updatePhone, input);
    },
    onSuccess: (answer) => {
      saveRotatedToken(answer.token);
      saveMobile(answer.mobile);
      rememberProfile(answer);
      showToast(t.phoneChanged);
      navigateBack(1);
    },
    onError: toastError,
  });
}
