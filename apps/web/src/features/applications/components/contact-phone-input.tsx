import { ZContactPhone } from '@qgw/contracts';
import { maxLengthOf } from '../../../lib/schema-limits.js';
import { pickerStrings as t } from '../picker-strings.js';
import { TextInput } from './fields.js';

/** The contract's limit: longer than any valid phone, so the input never cuts one short. */
const maxLength = /* @__PURE__ */ (() => maxLengthOf(ZContactPhone))();

interface ContactPhoneInputProps {
  label: string;
  required?: boolean;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
}

/**
 * 联系电话: a mobile or a landline with its area code (contracts ZContactPhone). What does not fit
 * is refused with the contract's message on checking, never silently cut.
 */
export function ContactPhoneInput({ label, required, value, onChange, error }: ContactPhoneInputProps) {
  return (
    <TextInput
      label={label}
      required={required}
      type="tel"
      inputMode="tel"
      value={value}
      onChange={onChange}
      maxLength={maxLength}
      placeholder={t.contactPhonePlaceholder}
      hint={t.contactPhoneHint}
      autoComplete="tel"
      error={error}
    />
  );
}
