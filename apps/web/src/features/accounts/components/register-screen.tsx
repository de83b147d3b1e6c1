import { useState, type FormEvent, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { Button } from 'antd-mobile';
import { limits, routes } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { FieldGroup, TextField } from '../../../components/ui/form-field.js';
import { codePointsInputMax } from '../../../lib/schema-limits.js';
import { useRegister, type RegisterForm } from '../hooks/use-auth.js';
import { useSmsCode } from '../hooks/use-sms-code.js';
import { accountStrings as t } from '../strings.js';
import { MobileField, PasswordField } from './account-fields.js';
import { AuthHeader } from './auth-header.js';
import { PrivacyPopup } from './privacy-popup.js';
import { ChallengePrompt, useChallenge } from './challenge-prompt.js';
import { SmsCodeField } from './sms-code-field.js';
import './accounts.css';

export function RegisterScreen() {
  const [form, setForm] = useState<RegisterForm>({ mobile: '', smsCode: '', password: '', confirm: '', nickname: '', agree: false });
  const [privacyOpen, setPrivacyOpen] = useState(false);
  const register = useRegister();
  const { challenge, ask } = useChallenge();
  const sms = useSmsCode('register', { onChallenge: ask });
  const set = <K extends keyof RegisterForm>(key: K) => (value: RegisterForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!register.isPending) register.mutate(form);
  };

  const openPrivacy = (e: MouseEvent) => {
    // the link sits inside the consent label: reading the notice must not tick the box
    e.preventDefault();
    e.stopPropagation();
    setPrivacyOpen(true);
  };

  return (
    <PageLayout title={t.registerTitle} tone="white">
      <form className="qgw-auth-form" onSubmit={submit} noValidate>
        <AuthHeader heading={t.registerHeading} subheading={t.registerSubheading} />
        <FieldGroup>
          <MobileField value={form.mobile} onChange={set('mobile')} />
          <SmsCodeField
            value={form.smsCode}
            onChange={set('smsCode')}
            onSend={() => void sms.send(form.mobile)}
            secondsLeft={sms.secondsLeft}
            sending={sms.sending}
          />
          <PasswordField label={t.password} role="new" value={form.password} onChange={set('password')} />
          <PasswordField label={t.confirmPassword} role="confirm" value={form.confirm} onChange={set('confirm')} />
          <TextField
            label={t.nicknameOptional}
            value={form.nickname}
            onChange={set('nickname')}
            placeholder={t.nicknamePlaceholder}
            autoComplete="nickname"
            maxLength={codePointsInputMax(limits.nickname.max)}
          />
        </FieldGroup>
        <ChallengePrompt challenge={challenge} />
        <label className="qgw-consent">
          <input
            type="checkbox"
            className="qgw-checkbox"
            checked={form.agree}
            onChange={(e) => set('agree')(e.target.checked)}
          />
          <span>
            {t.agreePrefix}
            <a href="#privacy" className="qgw-consent-link" onClick={openPrivacy}>
              {t.privacyLink}
            </a>
          </span>
        </label>
        <Button className="qgw-primary-button qgw-auth-submit" type="submit" color="primary" block disabled={register.isPending}>
          {t.registerButton}
        </Button>
        <div className="qgw-auth-switch">
          <Link to={routes.login.index} replace>
            {t.toLogin}
          </Link>
        </div>
      </form>
      <PrivacyPopup visible={privacyOpen} onClose={() => setPrivacyOpen(false)} />
    </PageLayout>
  );
}
