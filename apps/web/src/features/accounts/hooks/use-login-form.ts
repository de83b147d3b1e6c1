import { useEffect, useState, type FormEvent } from 'react';
import { useChallenge } from '../components/challenge-prompt.js';
import { preloadAccountCalls, useLogin, type LoginOptions } from './use-auth.js';
import { useLoginBySms } from './use-sms-auth.js';
import { useSmsCode } from './use-sms-code.js';

export type LoginMode = 'password' | 'sms';

/**
 * A login form's state and its one submission, by password or by a texted code: the app's 登录 and
 * the console's desk login differ in their looks and where they go next, not in these rules.
 */
export function useLoginForm(options: Omit<LoginOptions, 'onChallenge'> & { initialMobile?: string }) {
  const { initialMobile = '', ...go } = options;
  const [mode, setMode] = useState<LoginMode>('password');
  const [mobile, setMobile] = useState(initialMobile);
  const [password, setPassword] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const { challenge, ask } = useChallenge();
  const login = useLogin({ ...go, onChallenge: ask });
  const loginBySms = useLoginBySms({ ...go, onChallenge: ask });
  const sms = useSmsCode('login', { onChallenge: ask });
  const pending = login.isPending || loginBySms.isPending;
  // what the submission needs comes while the person types
  useEffect(preloadAccountCalls, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    if (mode === 'password') login.mutate({ mobile: mobile || undefined, password: password || undefined });
    else loginBySms.mutate({ mobile: mobile || undefined, smsCode: smsCode || undefined });
  };

  return { mode, setMode, mobile, setMobile, password, setPassword, smsCode, setSmsCode, challenge, sms, pending, submit };
}
