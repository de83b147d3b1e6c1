import { useState, type FormEvent } from 'react';
import { Button } from 'antd-mobile';
import { limits, maskMobile } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { AuthGate } from '../../../components/ui/auth-gate.js';
import { FieldGroup, TextField } from '../../../components/ui/form-field.js';
import { useSession } from '../../../stores/session.js';
import { codePointsInputMax, fixedLengths } from '../../../lib/schema-limits.js';
import { useUpdatePhone } from '../hooks/use-profile.js';
import { useSmsCode } from '../hooks/use-sms-code.js';
import { accountStrings as t } from '../strings.js';
import { ChallengePrompt, useChallenge } from './challenge-prompt.js';
import { SmsCodeField } from './sms-code-field.js';
import './accounts.css';

function PhoneForm() {
  const current = useSession((s) => s.mobile);
  const [form, setForm] = useState({ newMobile: '', smsCode: '', password: '' });
  const change = useUpdatePhone();
  // the code goes to the new mobile: it proves the number is the caller's
  const { challenge, ask } = useChallenge();
  const sms = useSmsCode('changePhone', { onChallenge: ask });
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!change.isPending) change.mutate(form);
  };
  return (
    <form className="qgw-settings-form" onSubmit={submit} noValidate>
      {current && <p className="qgw-settings-current">{t.phoneCurrent(maskMobile(current))}</p>}
      <FieldGroup>
        <TextField label={t.newMobile} type="tel" inputMode="numeric" value={form.newMobile} onChange={set('newMobile')} maxLength={fixedLengths.mobile} placeholder={t.mobilePlaceholder} autoComplete="tel" />
        <SmsCodeField value={form.smsCode} onChange={set('smsCode')} onSend={() => void sms.send(form.newMobile)} secondsLeft={sms.secondsLeft} sending={sms.sending} />
        <TextField label={t.currentPassword} type="password" value={form.password} onChange={set('password')} maxLength={codePointsInputMax(limits.password.max)} placeholder={t.passwordPlaceholder} autoComplete="current-password" />
      </FieldGroup>
      <ChallengePrompt challenge={challenge} />
      <p className="qgw-settings-hint">{t.phoneHint}</p>
      <Button className="qgw-primary-button qgw-settings-submit" type="submit" color="primary" block disabled={change.isPending}>
        {t.confirmChange}
      </Button>
    </form>
  );
}

export function PhoneScreen() {
  return (
    <PageLayout title={t.phoneTitle}>
      <AuthGate>
        <PhoneForm />
      </AuthGate>
    </PageLayout>
  );
}
