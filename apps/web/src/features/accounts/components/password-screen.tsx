import { useState, type FormEvent } from 'react';
import { Button } from 'antd-mobile';
import { limits } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { AuthGate } from '../../../components/ui/auth-gate.js';
import { FieldGroup, TextField } from '../../../components/ui/form-field.js';
import { codePointsInputMax } from '../../../lib/schema-limits.js';
import { useUpdatePassword } from '../hooks/use-profile.js';
import { accountStrings as t } from '../strings.js';
import './accounts.css';

function PasswordForm() {
  const [form, setForm] = useState({ oldPassword: '', newPassword: '', confirm: '' });
  const change = useUpdatePassword();
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!change.isPending) change.mutate(form);
  };
  const max = codePointsInputMax(limits.password.max);
  return (
    <form className="qgw-settings-form" onSubmit={submit} noValidate>
      <FieldGroup>
        <TextField label={t.currentPassword} type="password" value={form.oldPassword} onChange={set('oldPassword')} autoComplete="current-password" maxLength={max} placeholder={t.passwordPlaceholder} />
        <TextField label={t.newPassword} type="password" value={form.newPassword} onChange={set('newPassword')} autoComplete="new-password" maxLength={max} placeholder={t.newPasswordPlaceholder} />
        <TextField label={t.confirmNewPassword} type="password" value={form.confirm} onChange={set('confirm')} autoComplete="new-password" maxLength={max} placeholder={t.confirmPlaceholder} />
      </FieldGroup>
      <p className="qgw-settings-hint">{t.passwordHint}</p>
      <Button className="qgw-primary-button qgw-settings-submit" type="submit" color="primary" block disabled={change.isPending}>
        {t.confirmChange}
      </Button>
    </form>
  );
}

export function PasswordScreen() {
  return (
    <PageLayout title={t.passwordTitle}>
      <AuthGate>
        <PasswordForm />
      </AuthGate>
    </PageLayout>
  );
}
