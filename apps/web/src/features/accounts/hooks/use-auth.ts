import { useMutation } from '@tanstack/react-query';
import { appConstants, routes, type LoginRequest, type LoginResponse, type ZLoginRequest } from '@qgw/contracts';
import { call, isChallengeRequired, validate, type FormInput } from '../../../lib/request.js';
import { currentPath, historyDepth, navigateBack, redirectTo, returnTo, safeReturnPath, switchTab } from '../../../lib/navigation.js';
import { hideToast, showLoading, showToast, toastError, ShownError } from '../../../lib/toast.js';
import { accountStrings as t } from '../strings.js';
import { forgetEverything, forgetSession, saveLogin } from '../session.js';
import { offerCancelClosing } from './closing-offer.js';

const calls = () => import('./auth-calls.js');

/** Fetches the account calls ahead of the first submission (a login screen calls it once drawn). */
export function preloadAccountCalls(): void {
  // only a head start: a failure here is met again, and reported, by the submission itself
  calls().catch(() => undefined);
}

export interface LoginOptions {
  /**
   * The server asked for a proof-of-work challenge first (HTTP 428 CHALLENGE_REQUIRED), with its
   * message: the screen shows the challenge, and `retry` sends the same form again with the solution
   * as `altcha`. Without it the message is a toast.
   */
  onChallenge?: (message: string, retry: (altcha: string) => void) => void;
  /** where to go once signed in (the login page's `redirect`): checked by safeReturnPath */
  returnTo?: string | null;
  /**
   * Straight on to `returnTo`, never through the WeChat bind page: the console's login at a desk,
   * where there is no WeChat to bind (binding stays on 我的).
   */
  skipBind?: boolean;
}

/** The login flow (docs/requirements.md#login): what a signed-in answer leads to, by password or by code. */
export function finishLogin(info: LoginResponse, back?: string | null, options: Pick<LoginOptions, 'skipBind'> = {}): void {
  saveLogin(info);
  const returnPath = safeReturnPath(back);
  if (!info.openid && !options.skipBind) {
    hideToast();
    // `from=login`: the bind page moves straight on when WeChat is not configured (nothing to bind)
    redirectTo(routes.login.bind, { mobile: info.username, token: info.token, redirect: returnPath ?? undefined, from: 'login' });
    return;
  }
  // the page the person was on when they were asked to sign in (a form, the console)
  if (returnPath) {
    returnTo(returnPath);
    showToast(t.loginSuccess);
    return;
  }
  // was there an in-app page before the login page? then return to it after the toast
  const pageBefore = historyDepth() > 0;
  try {
    redirectTo(routes.home.index);
  } catch {
    switchTab(routes.home.index);
  }
  showToast(t.loginSuccess);
  window.setTimeout(() => {
    if (pageBefore && currentPath() === routes.home.index) navigateBack(1);
  }, appConstants.backAfterLoginMs);
}

/** A refusal: a challenge to show (with the form to send again once solved), or a toast. */
export function challengeOrToast<F extends object>(options: LoginOptions, resend: (form: F) => void) {
  return (error: unknown, form: F) => {
    if (options.onChallenge && isChallengeRequired(error)) {
      hideToast();
      options.onChallenge(error.message, (altcha) => resend({ ...form, altcha }));
      return;
    }
    toastError(error);
  };
}

/** The login flow (docs/requirements.md#login). */
export function useLogin(options: LoginOptions = {}) {
  const mutation = useMutation({
    mutationFn: async (form: FormInput<typeof ZLoginRequest>) => {
      const { ZLoginRequest, accountOps } = await calls();
      const input: LoginRequest = validate(ZLoginRequest, form);
      showLoading(t.loading);
      return call(accountOps.login, input);
    },
    onSuccess: (info) => finishLogin(info, options.returnTo, options),
    onError: (error, form): void => {
      // the right password for an account closed in its grace period: offer to cancel the closing
      if (offerCancelClosing(error, form)) return;
      challengeOrToast(options, mutation.mutate)(error, form);
    },
  });
  return mutation;
}

export interface RegisterForm {
  mobile: string;
  /** the `register` code texted to the mobile */
  smsCode: string;
  password: string;
  confirm: string;
  nickname: string;
  agree: boolean;
}

/**
 * The register flow (docs/requirements.md#register): on success all local storage is cleared and
 * the welcome page opens.
 */
export function useRegister() {
  return useMutation({
    mutationFn: async (form: RegisterForm) => {
      const { ZRegisterRequest, accountOps } = await calls();
      const base = {
        mobile: form.mobile || undefined,
        smsCode: form.smsCode || undefined,
        password: form.password || undefined,
        nickname: form.nickname.trim() || undefined,
      };
      validate(ZRegisterRequest.omit({ agree: true }), base);
      if (form.password !== form.confirm) {
        showToast(t.passwordMismatch);
        throw new ShownError(t.passwordMismatch);
      }
      if (!form.agree) {
        showToast(t.agreeRequired);
        throw new ShownError(t.agreeRequired);
      }
      showLoading(t.loading);
      return call(accountOps.register, { ...base, agree: true });
    },
    onSuccess: () => {
      showToast(t.registerSuccess);
      forgetEverything();
      redirectTo(routes.welcome.index);
    },
    onError: toastError,
  });
}

/** Ends this session on the server (a dead one needs no ending) and forgets it here. */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      showLoading(t.loading);
      const { accountOps } = await calls();
      try {
        await call(accountOps.logout, {}, { onUnauthorized: 'throw' });
      } catch {
        // the session is forgotten here whatever the server said: a user who asks to leave, leaves
      }
    },
    onSuccess: () => {
      forgetSession();
      showToast(t.logoutDone);
    },
  });
}
