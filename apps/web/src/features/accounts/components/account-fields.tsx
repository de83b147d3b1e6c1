import { limits } from '@qgw/contracts';
import { TextField } from '../../../components/ui/form-field.js';
import { codePointsInputMax, fixedLengths } from '../../../lib/schema-limits.js';
import { accountStrings as t } from '../strings.js';

/**
 * The fields every account form spells the same way: the mobile (the account's user name to a
 * password manager) and a password typed as the account's own. Lengths come from the contracts;
 * twice the password's maximum is accepted while typing, so that an over-long one is refused with
 * the contract's message rather than silently cut.
 */

export function MobileField({ value, onChange, label = t.mobile }: { value: string; onChange(v: string): void; label?: string }) {
  return (
    <TextField
      label={label}
      type="tel"
      inputMode="numeric"
      value={value}
      onChange={onChange}
      placeholder={t.mobilePlaceholder}
      autoComplete="username"
      maxLength={fixedLengths.mobile}
    />
  );
}

type PasswordRole = 'current' | 'new' | 'confirm';

const placeholders: Record<PasswordRole, string> = {
  current: t.passwordPlaceholder,
  new: t.newPasswordPlaceholder,
  confirm: t.confirmPlaceholder,
};

export function PasswordField({ label, role, value, onChange }: { label: string; role: PasswordRole; value: string; onChange(v: string): void }) {
  return (
    <TextField
      label={label}
      type="password"
      value={value}
      onChange={onChange}
      placeholder={placeholders[role]}
      autoComplete={role === 'current' ? 'current-password' : 'new-password'}
      maxLength={codePointsInputMax(limits.password.max)}
    />
  );
}
