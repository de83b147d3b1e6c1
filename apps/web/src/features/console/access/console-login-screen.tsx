import { useId, type InputHTMLAttributes } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from 'antd-mobile';
import { accountRoutes, limits, routes, smsPolicy } from '@qgw/contracts';
import { buildPath, consoleReturnPath } from '../../../lib/navigation.js';
import { codePointsInputMax, fixedLengths } from '../../../lib/schema-limits.js';
import { ChallengePrompt, type LoginMode, useLoginForm } from '../../accounts/index.js';
import { consolePaths } from '../paths.js';
import { accessStrings as t } from './strings.js';
import '../components/console-form.css';
import './console-login.css';


function Field({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="qgw-cs-field">
      <label className="qgw-cs-label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="qgw-cs-input" {...input} />
    </div>
  );
}

/**
 * /console/login: the console's own login, sized for a desk. The same account and the same rules as
 * the app's login (the accounts feature's hooks: the contract's checks, the challenge, a closing
 * account's offer), by password or by a texted code; then the page the person came from (a console
 * page only, `?redirect=`), where the second factor is asked first when needed.
 */
export function ConsoleLoginScreen() {
  const [params] = useSearchParams();
  // where to go next: the console page that sent the person here, else the second factor's page
  const target = consoleReturnPath(params.get('redirect')) ?? consolePaths.signIn;
  const form = useLoginForm({ returnTo: target, skipBind: true });
  const { mode, setMode, mobile, setMobile, password, setPassword, smsCode, setSmsCode, challenge, sms, pending, submit } = form;

  const tab = (which: LoginMode, label: string) => (
    <button
      type="button"
      role="tab"
      id={`qgw-cl-tab-${which}`}
      aria-selected={mode === which}
      aria-controls="qgw-cl-panel"
      className="qgw-cl-tab"
      onClick={() => setMode(which)}
    >
      {label}
    </button>
  );

  return (
    <div className="qgw-cl">
      <main className="qgw-cl-card">
        <div className="qgw-cl-brand">
          <span className="qgw-cl-mark" aria-hidden="true">
            青
          </span>
          <span>{t.loginBrand}</span>
        </div>
        <h1 className="qgw-cl-title">{t.loginPageTitle}</h1>
        <p className="qgw-cl-intro">{t.loginIntro}</p>
        <form className="qgw-cs-form qgw-cl-form" onSubmit={submit} noValidate>
          <div className="qgw-cl-tabs" role="tablist" aria-label={t.loginTabs}>
            {tab('password', t.byPassword)}
            {tab('sms', t.bySms)}
          </div>
          <div id="qgw-cl-panel" className="qgw-cl-panel" role="tabpanel" aria-labelledby={`qgw-cl-tab-${mode}`}>
            <Field
              label={t.mobile}
              type="tel"
              inputMode="numeric"
              autoComplete="username"
              placeholder={t.mobilePlaceholder}
              maxLength={fixedLengths.mobile}
              value={mobile}
              onChange={(e) => setMobile(e.target.value)}
              autoFocus
            />
            {mode === 'password' ? (
              <Field
                key="password"
                label={t.password}
                type="password"
                autoComplete="current-password"
                placeholder={t.passwordPlaceholder}
                maxLength={codePointsInputMax(limits.password.max)}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            ) : (
              <div className="qgw-cl-sms">
                <Field
                  key="sms"
                  label={t.smsCode}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  placeholder={t.smsCodePlaceholder}
                  maxLength={smsPolicy.codeLength}
                  value={smsCode}
                  onChange={(e) => setSmsCode(e.target.value)}
                />
                <Button type="button" color="primary" fill="outline" onClick={() => void sms.send(mobile)} disabled={sms.sending || sms.secondsLeft > 0}>
                  {sms.secondsLeft > 0 ? t.smsResendIn(sms.secondsLeft) : t.smsSend}
                </Button>
              </div>
            )}
          </div>
          <ChallengePrompt challenge={challenge} />
          <Button type="submit" color="primary" block size="large" loading={pending} disabled={pending}>
            {t.login}
          </Button>
        </form>
        <div className="qgw-cl-links">
          <Link to={buildPath(accountRoutes.forgotPassword, { mobile: mobile || undefined })}>{t.forgot}</Link>
          <Link to={routes.home.index}>{t.toSite}</Link>
        </div>
      </main>
    </div>
  );
}
