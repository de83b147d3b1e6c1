import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from 'antd-mobile';
import { routes } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { FieldGroup } from '../../../components/ui/form-field.js';
import { useResetPassword, type ResetPasswordForm } from '../hooks/use-sms-auth.js';
import { useSmsCode } from '../hooks/use-sms-code.js';
import { accountStrings as t } from '../strings.js';
import { MobileField, PasswordField } from './account-fields.js';
import { AuthHeader } from './auth-header.js';
import { ChallengePrompt, useChallenge } from './challenge-prompt.js';
import { SmsCodeField } from './sms-code-field.js';
import './accounts.css';

/**
 * 忘记密码 (reached from login, the mobile typed there filled in): a code texted to the mobile and a
 * new password. The answer is the same for a mobile with no account (no code is sent to it), so
 * the page never tells who is registered.
 */
export function ForgotPasswordScreen() {
  const [params] = useSearchParams();
  const [form, setForm] = useState<ResetPasswordForm>({ mobile: params.get('mobile') ?? '', smsCode: '', newPassword: '', confirm: '' });
  const { challenge, ask } = useChallenge();
  const reset = useResetPassword({ onChallenge: ask });
  const sms = useSmsCode('resetPassword', { onChallenge: ask });
  const set = (key: keyof ResetPasswordForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reset.isPending) reset.mutate(form);
  };

  return (
    <PageLayout title={t.forgotTitle} tone="white">
      <form className="qgw-auth-form" onSubmit={submit} noValidate>
        <AuthHeader heading={t.forgotHeading} subheading={t.forgotSubheading} />
        <FieldGroup>
          <MobileField value={form.mobile} onChange={set('mobile')} />
          <SmsCodeField
            value={form.smsCode}
            onChange={set('smsCode')}
            onSend={() => void sms.send(form.mobile)}
            secondsLeft={sms.secondsLeft}
            sending={sms.sending}
          />
          <PasswordField label={t.newPassword} role="new" value={form.newPassword} onChange={set('newPassword')} />
          <PasswordField label={t.confirmNewPassword} role="confirm" value={form.confirm} onChange={set('confirm')} />
        </FieldGroup>
        <ChallengePrompt challenge={challenge} />
        <Button className="qgw-primary-button qgw-auth-submit" type="submit" color="primary" block disabled={reset.isPending}>
          {t.resetButton}
        </Button>
        <div className="qgw-auth-switch">
          <Link to={routes.login.index} replace>
            {t.forgotToLogin}
          </Link>
        </div>
      </form>
    </PageLayout>
  );
}
