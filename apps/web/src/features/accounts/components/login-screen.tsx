import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from 'antd-mobile';
import { limits, routes } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { FieldGroup, TextField } from '../../../components/ui/form-field.js';
import { preloadAccountCalls, useLogin } from '../hooks/use-auth.js';
import { accountStrings as t } from '../strings.js';
import { AuthHeader } from './auth-header.js';
import './accounts.css';

export function LoginScreen() {
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const login = useLogin();
  // what the submission needs comes while the person types
  useEffect(preloadAccountCalls, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (login.isPending) return;
    login.mutate({ mobile: mobile || undefined, password: password || undefined });
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
