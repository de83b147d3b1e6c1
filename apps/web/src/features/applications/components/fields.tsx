import { useEffect, useId, useRef, type CSSProperties, type ReactNode } from 'react';
import { TextArea, type InputRef, type TextAreaRef } from 'antd-mobile';
import { Input } from '../../../components/ui/input.js';
import { applicationStrings as t } from '../strings.js';
import './applications.css';

export interface BaseProps {
  label: string;
  /** a red star after the label; the schema decides what is really required */
  required?: boolean;
  /** a line under the control (a limit, an example) */
  hint?: ReactNode;
  /** the field's problem after a check, shown under it in red */
  error?: string | undefined;
}

export function FieldShell({
  id,
  label,
  required,
  hint,
  error,
  children,
  labelFor = true,
}: BaseProps & { id: string; children: ReactNode; labelFor?: boolean }) {
  const labelContent = label;
  return (
    <div className={error ? 'qgw-app-field qgw-app-field-invalid' : 'qgw-app-field'}>
      {labelFor ? (
        <label className={required ? 'qgw-app-field-label qgw-app-required' : 'qgw-app-field-label'} htmlFor={id}>
          {labelContent}
        </label>
      ) : (
        <span className={required ? 'qgw-app-field-label qgw-app-required' : 'qgw-app-field-label'} id={`${id}-label`}>
          {labelContent}
        </span>
      )}
      <div className="qgw-app-field-control">{children}</div>
      {hint && !error && (
        <div className="qgw-app-field-hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
      {error && (
        <div className="qgw-app-field-error" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}

export const describedBy = (id: string, p: BaseProps) => (p.error ? `${id}-error` : p.hint ? `${id}-hint` : undefined);

/**
 * antd-mobile hands aria-* props other than aria-label to its wrapper, not to the <input> or
 * <textarea>: a screen reader on the field heard neither that it is invalid nor its message. They
 * are set on the native element instead.
 */
function useNativeAria<R extends { nativeElement: HTMLElement | null }>(invalid: boolean, described: string | undefined) {
  const ref = useRef<R>(null);
  useEffect(() => {
    const el = ref.current?.nativeElement;
    if (!el) return;
    if (invalid) el.setAttribute('aria-invalid', 'true');
    else el.removeAttribute('aria-invalid');
    if (described) el.setAttribute('aria-describedby', described);
    else el.removeAttribute('aria-describedby');
  }, [invalid, described]);
  return ref;
}

interface TextInputProps extends BaseProps {
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  maxLength?: number;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
  type?: 'text' | 'tel' | 'email';
  autoComplete?: string;
  readOnly?: boolean;
}

/** A one-line text field with a bound label. */
export function TextInput(props: TextInputProps) {
  const id = useId();
  const { label, value, onChange, placeholder, maxLength, inputMode, type = 'text', autoComplete, readOnly } = props;
  const ref = useNativeAria<InputRef>(Boolean(props.error), describedBy(id, props));
  return (
    <FieldShell id={id} {...props}>
      <Input
        ref={ref}
        id={id}
        type={type}
        value={value}
        onChange={onChange}
        placeholder={placeholder ?? t.inputPlaceholder(label)}
        maxLength={maxLength}
        inputMode={inputMode}
        autoComplete={autoComplete}
        readOnly={readOnly}
        clearable={!readOnly}
      />
    </FieldShell>
  );
}

interface TextAreaInputProps extends BaseProps {
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  maxLength: number;
  rows?: number;
}

/**
 * Whether the browser grows a text field with its content by itself (CSS `field-sizing`). Then the
 * field is sized by CSS alone: antd-mobile's own sizing measures the field as the form mounts, which
 * makes the browser lay out the whole page inside that task (~16 ms of a slow phone's main thread for
 * the membership form) instead of in the frame it draws afterwards.
 */
const growsByItself = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/** A multi-line text field with a character count against the schema's maximum; it grows with its text to three times its rows. */
export function TextAreaInput(props: TextAreaInputProps) {
  const id = useId();
  const { label, value, onChange, placeholder, maxLength, rows = 5 } = props;
  const ref = useNativeAria<TextAreaRef>(Boolean(props.error), describedBy(id, props));
  return (
    <FieldShell id={id} {...props}>
      <TextArea
        ref={ref}
        id={id}
        value={value}
        onChange={onChange}
        placeholder={placeholder ?? t.inputPlaceholder(label)}
        maxLength={maxLength}
        rows={rows}
        {...(growsByItself
          ? { className: 'qgw-app-textarea-grows', style: { '--qgw-rows': rows } as CSSProperties }
          : { autoSize: { minRows: rows, maxRows: rows * 3 } })}
        showCount={(n, max) => <span className="qgw-app-count">{t.charCount(n, max ?? maxLength)}</span>}
      />
    </FieldShell>
  );
}

export type Option = { value: string; label: string };
const toOptions = (options: readonly (string | Option)[]): Option[] =>
  options.map((o) => (typeof o === 'string' ? { value: o, label: o } : o));

interface SelectInputProps extends BaseProps {
  value: string;
  onChange(value: string): void;
  options: readonly (string | Option)[];
  placeholder?: string;
  /** an optional field: the first entry (value '') can be chosen, to choose nothing */
  emptyOption?: string;
}

/** A choice from a list: the phone's own picker (native select), which every mobile browser does well. */
export function SelectInput(props: SelectInputProps) {
  const id = useId();
  const { value, onChange, options, placeholder = t.selectPlaceholder, emptyOption } = props;
  return (
    <FieldShell id={id} {...props}>
      <div className="qgw-app-select">
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          // '暂不选择' of an optional field is a choice, shown as one; only a placeholder is greyed
          className={value || emptyOption !== undefined ? undefined : 'qgw-app-empty'}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy(id, props)}
        >
          <option value="" disabled={emptyOption === undefined}>
            {emptyOption ?? placeholder}
          </option>
          {toOptions(options).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </FieldShell>
  );
}

interface DateInputProps extends BaseProps {
  value: string;
  onChange(value: string): void;
  /** YYYY-MM-DD */
  min?: string;
  max?: string;
}

/** A date as YYYY-MM-DD (the contract's format), through the phone's date picker. */
export function DateInput(props: DateInputProps) {
  const id = useId();
  const { value, onChange, min, max } = props;
  return (
    <FieldShell id={id} {...props}>
      <div className="qgw-app-select">
        <input
          id={id}
          type="date"
          value={value}
          min={min}
          max={max}
          onChange={(e) => onChange(e.target.value)}
          className={value ? undefined : 'qgw-app-empty'}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy(id, props)}
        />
      </div>
    </FieldShell>
  );
}

interface RadioInputProps extends BaseProps {
  value: string;
  onChange(value: string): void;
  options: readonly (string | Option)[];
}

/** One of a few choices, all visible at once (e.g. gender); each choice is its own labelled radio. */
export function RadioInput(props: RadioInputProps) {
  const id = useId();
  const { value, onChange, options } = props;
  return (
    <FieldShell id={id} {...props} labelFor={false}>
      <div
        className="qgw-app-radios"
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, props)}
      >
        {toOptions(options).map((o) => (
          <label key={o.value} className={o.value === value ? 'qgw-app-radio qgw-app-radio-on' : 'qgw-app-radio'}>
            <input
              type="radio"
              name={id}
              value={o.value}
              checked={o.value === value}
              onChange={() => onChange(o.value)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </FieldShell>
  );
}

/** A white card of fields with an optional heading. */
export function FormSection({ title, children, extra }: { title?: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <section className="qgw-app-section">
      {(title || extra) && (
        <div className="qgw-app-section-head">
          {title && <h2 className="qgw-app-section-title">{title}</h2>}
          {extra}
        </div>
      )}
      <div className="qgw-app-section-body">{children}</div>
    </section>
  );
}

/** A read-only row of a detail or preview page. */
export function InfoRow({ label, value, multiline }: { label: string; value: ReactNode; multiline?: boolean }) {
  const empty = value === undefined || value === null || value === '';
  return (
    <div className={multiline ? 'qgw-app-row qgw-app-row-multi' : 'qgw-app-row'}>
      <dt className="qgw-app-row-label">{label}</dt>
      <dd className={empty ? 'qgw-app-row-value qgw-app-row-empty' : 'qgw-app-row-value'}>{empty ? t.notProvided : value}</dd>
    </div>
  );
}

/** A list of read-only rows. */
export function InfoList({ children }: { children: ReactNode }) {
  return <dl className="qgw-app-rows">{children}</dl>;
}
