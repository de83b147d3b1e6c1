import { useEffect, useId, useRef } from 'react';
import { mfaPolicy } from '@qgw/contracts';
import { accessStrings as t } from './strings.js';

/**
 * A recovery code is 16 base32 characters (ZRecoveryCode), which the contract checks after dropping
 * the spaces and dashes people type between its groups: the input leaves room for them
 * (xxxx-xxxx-xxxx-xxxx with a space or two more), so there is no contract number to read here.
 */
const RECOVERY_INPUT_MAX = 24;

/**
 * The second factor's input: focused on arrival (the person came here to type it), a number pad
 * and the phone's one-time-code suggestion for the authenticator's digits, and the one place its
 * error shows, tied to the input for screen readers.
 */
export function CodeField({ kind, value, onChange, error }: { kind: 'totp' | 'recovery'; value: string; onChange(v: string): void; error: string | null }) {
  const id = useId();
  const errorId = `${id}-error`;
  const totp = kind === 'totp';
  const input = useRef<HTMLInputElement>(null);
  // a refused code: back to the input, its text selected, to type the next one over it
  useEffect(() => {
    if (error) input.current?.select();
  }, [error]);
  return (
    <div className="qgw-cs-field">
      <label className="qgw-cs-label" htmlFor={id}>
        {totp ? t.code : t.recovery}
      </label>
      <input
        id={id}
        ref={input}
        className="qgw-cs-input qgw-ca-code"
        // a fresh input for each kind of code, each focused as it appears
        key={kind}
        autoFocus
        type="text"
        inputMode={totp ? 'numeric' : 'text'}
        autoComplete={totp ? 'one-time-code' : 'off'}
        autoCapitalize={totp ? undefined : 'characters'}
        spellCheck={false}
        pattern={totp ? '[0-9]*' : undefined}
        maxLength={totp ? mfaPolicy.digits : RECOVERY_INPUT_MAX}
        placeholder={totp ? t.codePlaceholder : t.recoveryPlaceholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="qgw-ca-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
