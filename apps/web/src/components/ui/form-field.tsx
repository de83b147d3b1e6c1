import { useId, type ReactNode } from 'react';
import { Input } from './input.js';
import './ui.css';

interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'password' | 'tel';
  placeholder?: string;
  autoComplete?: string;
  maxLength?: number;
  inputMode?: 'text' | 'numeric' | 'tel';
  /** a line under the control, e.g. a limit */
  hint?: ReactNode;
}

/** One labelled input: the <label> is bound to the control, so it is announced and clickable. */
export function TextField({ label, value, onChange, type = 'text', placeholder, autoComplete, maxLength, inputMode, hint }: TextFieldProps) {
  const id = useId();
  return (
    <div className="qgw-field">
      <label className="qgw-field-label" htmlFor={id}>
        {label}
      </label>
      <div className="qgw-field-control">
        <Input
          id={id}
          type={type}
          value={value}
          onChange={onChange}
          placeholder={placeholder}
          autoComplete={autoComplete}
          maxLength={maxLength}
          inputMode={inputMode}
          clearable={type !== 'password'}
        />
      </div>
      {hint && <div className="qgw-field-hint">{hint}</div>}
    </div>
  );
}

/** A white card that groups fields. */
export function FieldGroup({ children }: { children: ReactNode }) {
  return <div className="qgw-field-group">{children}</div>;
}
