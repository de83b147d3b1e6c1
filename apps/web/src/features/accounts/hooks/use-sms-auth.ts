import { useMutation } from '@tanstack/react-query';
import { routes, type ZLoginBySmsRequest } from '@qgw/contracts';
import { call, validate, type FormInput } from '../../../lib/request.js';
import { redirectTo } from '../../../lib/navigation.js';
import { showLoading, showToast, ShownError } from '../../../lib/toast.js';
import { accountStrings as t } from '../strings.js';
import { challengeOrToast, finishLogin, type LoginOptions } from './use-auth.js';

const calls = () => import('./auth-calls.js');

/** 验证码登录: a `login` code instead of the password (POST /v1/loginBySms); then as a password login. */
export function useLoginBySms(options: LoginOptions = {}) {
  const mutation = useMutation({
    mutationFn: async (form: FormInput<typeof ZLoginBySmsRequest>) => {
      const { ZLoginBySmsRequest, accountOps } = await calls();
      const input = validate(ZLoginBySmsRequest, form);
      showLoading(t.loading);
      return call(accountOps.loginBySms, input);
    },
    onSuccess: (info) => finishLogin(info, options.returnTo, options),
    onError: (error, form): void => challengeOrToast(options, mutation.mutate)(error, form),
  });
  return mutation;
}

export interface ResetPasswordForm {
  mobile: string;
  smsCode: string;
  newPassword: string;
  confirm: string;
  altcha?: string;
}

/**
 * 忘记密码: a new password with a `resetPassword` code (POST /v1/resetPassword). Every session of the
 * account ends; the login page opens with the mobile filled in, for the new password.
 */
export function useResetPassword(options: LoginOptions = {}) {
  const mutation = useMutation({
    mutationFn: async (form: ResetPasswordForm) => {
      const { ZResetPasswordRequest, accountOps } = await calls();
      const input = validate(ZResetPasswordRequest, {
        mobile: form.mobile || undefined,
        smsCode: form.smsCode || undefined,
        newPassword: form.newPassword || undefined,
        ...(form.altcha ? { altcha: form.altcha } : {}),
      });
      if (form.newPassword !== form.confirm) {
        showToast(t.passwordMismatch);
        throw new ShownError(t.passwordMismatch);
      }
      showLoading(t.loading);
      return { message: await call(accountOps.resetPassword, input), mobile: input.mobile };
    },
    onSuccess: ({ message, mobile }) => {
      showToast(message);
      redirectTo(routes.login.index, { mobile });
    },
    onError: (error, form): void => challengeOrToast(options, mutation.mutate)(error, form),
  });
  return mutation;
}
