import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from 'antd-mobile';
import { limits, routes } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { FieldGroup, TextField } from '../../../components/ui/form-field.js';
import { preloadAccountCalls, useLogin } from '../hooks/use-auth.js';
import { accountStrings as t } from '../strings.js';
import { AuthHeader } from './auth-header.js';
import './accounts.css';

/** The proof-of-work widget: loaded only when the server asks for a challenge. */
const ChallengeWidget = lazy(() => import('./challenge-widget.js'));

export function LoginScreen() {
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  /** the server's request for a challenge; each one shows a fresh widget */
  const [challenge, setChallenge] = useState<{ round: number; message: string } | null>(null);
  const login = useLogin({ onChallenge: (message) => setChallenge((c) => ({ round: (c?.round ?? 0) + 1, message })) });
  // what the submission needs comes while the person types
  useEffect(preloadAccountCalls, []);

  const send = (altcha?: string) => login.mutate({ mobile: mobile || undefined, password: password || undefined, ...(altcha ? { altcha } : {}) });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (login.isPending) return;
    send();
  };

  return (
    <PageLayout title={t.loginTitle} tone="white">
      <form className="qgw-auth-form" onSubmit={submit} noValidate>
        <AuthHeader heading={t.loginHeading} subheading={t.loginSubheading} />
        <FieldGroup>
          <TextField
            label={t.mobile}
            type="tel"
            inputMode="numeric"
            value={mobile}
            onChange={setMobile}
            placeholder={t.mobilePlaceholder}
            autoComplete="username"
            maxLength={11}
          />
          <TextField
            label={t.password}
            type="password"
            value={password}
            onChange={setPassword}
            placeholder={t.passwordPlaceholder}
            autoComplete="current-password"
            maxLength={limits.password.max * 2}
          />
        </FieldGroup>
        {challenge && (
          <section className="qgw-auth-challenge" aria-label={t.challengeTitle}>
            <p className="qgw-auth-challenge-hint" role="status">
              {challenge.message}
            </p>
            <Suspense fallback={<p className="qgw-auth-challenge-hint">{t.challengeLoading}</p>}>
              {/* solved: the login goes again with the solution, as the person sent it */}
              <ChallengeWidget key={challenge.round} onSolved={(altcha) => send(altcha)} />
            </Suspense>
          </section>
        )}
        <Button className="qgw-primary-button qgw-auth-submit" type="submit" color="primary" block disabled={login.isPending}>
          {t.loginButton}
        </Button>
        <div className="qgw-auth-switch">
          <Link to={routes.login.register}>{t.toRegister}</Link>
        </div>
      </form>
    </PageLayout>
  );
}
