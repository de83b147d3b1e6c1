import { useId, type ReactNode } from 'react';
import { Button, Dialog, Skeleton } from 'antd-mobile';
import { DownOutline, UpOutline } from 'antd-mobile-icons';
import { consoleStrings as t } from '../strings.js';
import { ErrorBlock } from '../../../components/ui/error-block.js';
import './console.css';
import './console-list.css';
import './console-form.css';

export function ConsolePage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="qgw-cs-page">
      <header className="qgw-cs-page-head">
        <h1 className="qgw-cs-page-title">{title}</h1>
        {actions && <div className="qgw-cs-page-actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

export function ConsoleLoading({ rows = 4 }: { rows?: number }) {
  return (
    <div className="qgw-cs-card" role="status" aria-label={t.loading}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton.Paragraph key={i} lineCount={1} animated />
      ))}
    </div>
  );
}

export function ConsoleError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  return (
    <div className="qgw-cs-card qgw-cs-state" role="alert">
      <ErrorBlock status="disconnected" title={t.loadFailed} description={error instanceof Error ? error.message : ''} />
      <Button color="primary" fill="outline" onClick={onRetry}>
        {t.retry}
      </Button>
    </div>
  );
}

export function ConsoleEmpty({ text }: { text: string }) {
  return (
    <div className="qgw-cs-card qgw-cs-state">
      <ErrorBlock status="empty" title={text} description="" />
    </div>
  );
}

/** Published or not, switched in place; its name says what it switches. */
export function PublishSwitch({ name, checked, pending, onChange }: { name: string; checked: boolean; pending?: boolean; onChange(next: boolean): void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={t.publishToggle(name)}
      disabled={pending}
      className={checked ? 'qgw-cs-switch qgw-cs-switch-on' : 'qgw-cs-switch'}
      onClick={() => onChange(!checked)}
    >
      <span className="qgw-cs-switch-knob" aria-hidden="true" />
      <span className="qgw-cs-switch-text">{checked ? t.published : t.unpublished}</span>
    </button>
  );
}

export function OrderButtons({ name, first, last, disabled, onMove }: { name: string; first: boolean; last: boolean; disabled?: boolean; onMove(delta: -1 | 1): void }) {
  return (
    <span className="qgw-cs-order">
      <button type="button" className="qgw-cs-icon-button" aria-label={t.moveUp(name)} disabled={first || disabled} onClick={() => onMove(-1)}>
        <UpOutline aria-hidden="true" />
      </button>
      <button type="button" className="qgw-cs-icon-button" aria-label={t.moveDown(name)} disabled={last || disabled} onClick={() => onMove(1)}>
        <DownOutline aria-hidden="true" />
      </button>
    </span>
  );
}

/** Asks first; only a confirmed delete is sent. */
export function DeleteButton({ name, onConfirm, disabled }: { name: string; onConfirm(): void; disabled?: boolean }) {
  const ask = async () => {
    const ok = await Dialog.confirm({ content: t.deleteConfirm(name), confirmText: t.confirmDelete, cancelText: t.cancel });
    if (ok) onConfirm();
  };
  return (
    <button type="button" className="qgw-cs-text-button qgw-cs-danger" aria-label={t.deleteName(name)} disabled={disabled} onClick={() => void ask()}>
      {t.delete}
    </button>
  );
}

/** The ids in their new order after moving one item up or down. */
export function moved<T extends { id: string }>(items: readonly T[], index: number, delta: -1 | 1): string[] {
  const ids = items.map((i) => i.id);
  const target = index + delta;
  if (target < 0 || target >= ids.length) return ids;
  [ids[index], ids[target]] = [ids[target]!, ids[index]!];
  return ids;
}

// ---- form fields: a visible label bound to every control ----------------------------------------

interface FieldShell {
  label: string;
  hint?: ReactNode;
  children(id: string): ReactNode;
}

function Field({ label, hint, children }: FieldShell) {
  const id = useId();
  return (
    <div className="qgw-cs-field">
      <label className="qgw-cs-label" htmlFor={id}>
        {label}
      </label>
      {children(id)}
      {hint && <div className="qgw-cs-hint">{hint}</div>}
    </div>
  );
}

export function TextInput({
  label,
  value,
  onChange,
  hint,
  placeholder,
  type = 'text',
  maxLength,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  hint?: ReactNode;
  placeholder?: string;
  type?: 'text' | 'number' | 'url' | 'search';
  maxLength?: number;
}) {
  return (
    <Field label={label} hint={hint}>
      {(id) => (
        <input id={id} className="qgw-cs-input" type={type} value={value} placeholder={placeholder} maxLength={maxLength} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}

export function TextArea({ label, value, onChange, hint, rows = 4, maxLength, code = false }: { label: string; value: string; onChange(v: string): void; hint?: ReactNode; rows?: number; maxLength?: number; code?: boolean }) {
  return (
    <Field label={label} hint={hint}>
      {(id) => (
        <textarea
          id={id}
          className={code ? 'qgw-cs-input qgw-cs-textarea qgw-cs-code' : 'qgw-cs-input qgw-cs-textarea'}
          rows={rows}
          value={value}
          maxLength={maxLength}
          spellCheck={!code}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

export function SelectField<V extends string>({ label, value, options, onChange }: { label: string; value: V; options: readonly { value: V; label: string }[]; onChange(v: V): void }) {
  return (
    <Field label={label}>
      {(id) => (
        <select id={id} className="qgw-cs-input qgw-cs-select" value={value} onChange={(e) => onChange(e.target.value as V)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function CheckboxField({ label, checked, onChange, hint }: { label: string; checked: boolean; onChange(v: boolean): void; hint?: string }) {
  const id = useId();
  return (
    <div className="qgw-cs-check">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
      {hint && <span className="qgw-cs-hint">{hint}</span>}
    </div>
  );
}

/** A file picker whose visible label is the button. */
export function FileButton({ label, accept, pending, onFile }: { label: string; accept?: string; pending?: boolean; onFile(file: File): void }) {
  const id = useId();
  return (
    <span className={pending ? 'qgw-cs-file qgw-cs-file-pending' : 'qgw-cs-file'}>
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={pending}
        className="qgw-visually-hidden"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
      <label htmlFor={id} className="qgw-cs-file-label">
        {pending ? t.uploading : label}
      </label>
    </span>
  );
}

export function FormActions({ saving, onCancel }: { saving: boolean; onCancel(): void }) {
  return (
    <div className="qgw-cs-form-actions">
      <Button type="submit" color="primary" loading={saving} disabled={saving}>
        {t.save}
      </Button>
      <Button type="button" onClick={onCancel}>
        {t.cancel}
      </Button>
    </div>
  );
}
