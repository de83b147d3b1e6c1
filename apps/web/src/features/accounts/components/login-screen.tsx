import { Link, useSearchParams } from 'react-router';
import { Button } from 'antd-mobile';
import { accountRoutes, routes } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { FieldGroup } from '../../../components/ui/form-field.js';
import { buildPath } from '../../../lib/navigation.js';
import { type LoginMode, useLoginForm } from '../hooks/use-login-form.js';
import { accountStrings as t } from '../strings.js';
import { MobileField, PasswordField } from './account-fields.js';
import { AuthHeader } from './auth-header.js';
import { ChallengePrompt } from './challenge-prompt.js';
import { SmsCodeField } from './sms-code-field.js';
import './accounts.css';


/**
 * 登录: by password (docs/requirements.md#login) or, on the 验证码登录 tab, by a code texted to the
 * mobile. The mobile typed is kept across the tabs, and comes filled in from 忘记密码 (`?mobile=`).
 */
export function LoginScreen() {
  const [params] = useSearchParams();
  // the page that sent the person here, to return to once signed in
  const form = useLoginForm({ returnTo: params.get('redirect'), initialMobile: params.get('mobile') ?? '' });
  const { mode, setMode, mobile, setMobile, password, setPassword, smsCode, setSmsCode, challenge, sms, pending, submit } = form;

  const tab = (which: LoginMode, label: string) => (
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
