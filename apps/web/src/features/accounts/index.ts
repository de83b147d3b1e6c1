/**
 * What other features use of accounts: the signed-in account's profile (the console's role checks),
 * and the login flow's hooks and challenge for the console's own login page, so that its rules
 * (validation, the challenge, a closing account's offer, where to go next) live here once.
 */
export { useUserInfo } from './hooks/use-profile.js';
export { preloadAccountCalls, useLogin, useLogout } from './hooks/use-auth.js';
export { useLoginBySms } from './hooks/use-sms-auth.js';
export { type LoginMode, useLoginForm } from './hooks/use-login-form.js';
export { useSmsCode } from './hooks/use-sms-code.js';
export { ChallengePrompt, useChallenge } from './components/challenge-prompt.js';
