import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from 'antd-mobile';
import { accountRoutes, routes } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { FieldGroup } from '../../../components/ui/form-field.js';
import { buildPath } from '../../../lib/navigation.js';
import { preloadAccountCalls, useLogin } from '../hooks/use-auth.js';
import { useLoginBySms } from '../hooks/use-sms-auth.js';
import { useSmsCode } from '../hooks/use-sms-code.js';
import { accountStrings as t } from '../strings.js';
import { MobileField, PasswordField } from './account-fields.js';
import { AuthHeader } from './auth-header.js';
import { ChallengePrompt, useChallenge } from './challenge-prompt.js';
import { SmsCodeField } from './sms-code-field.js';
import './accounts.css';

type Mode = 'password' | 'sms';

/**
 * 登录: by password (docs/requirements.md#login) or, on the 验证码登录 tab, by a code texted to the
 * mobile. The mobile typed is kept across the tabs, and comes filled in from 忘记密码 (`?mobile=`).
 */
export function LoginScreen() {
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>('password');
  const [mobile, setMobile] = useState(() => params.get('mobile') ?? '');
  const [password, setPassword] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const { challenge, ask } = useChallenge();
  // the page that sent the person here, to return to once signed in
  const back = params.get('redirect');
  const login = useLogin({ onChallenge: ask, returnTo: back });
  const loginBySms = useLoginBySms({ onChallenge: ask, returnTo: back });
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

  const tab = (which: Mode, label: string) => (
    <button
      type="button"
      role="tab"
      id={`qgw-login-tab-${which}`}
      aria-selected={mode === which}
      aria-controls="qgw-login-panel"
      className="qgw-login-tab"
      onClick={() => setMode(which)}
    >
      {label}
    </button>
  );

  return (
    <PageLayout title={t.loginTitle} tone="white">
      <form className="qgw-auth-form" onSubmit={submit} noValidate>
        <AuthHeader heading={t.loginHeading} subheading={t.loginSubheading} />
        <div className="qgw-login-tabs" role="tablist" aria-label={t.loginTabs}>
          {tab('password', t.loginByPassword)}
          {tab('sms', t.loginBySms)}
        </div>
        <div id="qgw-login-panel" role="tabpanel" aria-labelledby={`qgw-login-tab-${mode}`}>
          <FieldGroup>
            <MobileField value={mobile} onChange={setMobile} />
            {mode === 'password' ? (
              <PasswordField label={t.password} role="current" value={password} onChange={setPassword} />
            ) : (
              <SmsCodeField
                value={smsCode}
                onChange={setSmsCode}
                onSend={() => void sms.send(mobile)}
                secondsLeft={sms.secondsLeft}
                sending={sms.sending}
              />
            )}
          </FieldGroup>
          {mode === 'sms' && <p className="qgw-auth-note">{t.loginBySmsHint}</p>}
        </div>
        <ChallengePrompt challenge={challenge} />
        <Button className="qgw-primary-button qgw-auth-submit" type="submit" color="primary" block disabled={pending}>
          {t.loginButton}
        </Button>
        <div className="qgw-auth-switch qgw-auth-links">
          <Link to={routes.login.register}>{t.toRegister}</Link>
          <Link to={buildPath(accountRoutes.forgotPassword, { mobile: mobile || undefined })}>{t.toForgot}</Link>
        </div>
      </form>
    </PageLayout>
  );
}
