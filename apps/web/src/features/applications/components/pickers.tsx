import { lazy, Suspense, useId, useState } from 'react';
import { isAcceptedRegion, loadRegions, type Region } from '@qgw/contracts';
import { pickerStrings as t } from '../picker-strings.js';
import { type BaseProps, describedBy, FieldShell } from './fields.js';
import './applications.css';

/**
 * Fields chosen in a bottom sheet of wheels, as Chinese apps ask for a date or a place: a button
 * showing the choice (its name is the label and the choice), opening antd-mobile's picker. The
 * sheets (picker-sheets.tsx) load when first opened: every form route lists the chunks it needs in
 * the app's first script, which has a size budget.
 */
const DateSheet = lazy(() => import('./picker-sheets.js').then((m) => ({ default: m.DateSheet })));
const RegionSheet = lazy(() => import('./picker-sheets.js').then((m) => ({ default: m.RegionSheet })));
function PickerTrigger({
  id,
  shown,
  placeholder,
  onOpen,
  disabled,
  field,
}: {
  id: string;
  shown: string;
  placeholder: string;
  onOpen(): void;
  disabled?: boolean;
  field: BaseProps;
}) {
  return (
    <div className="qgw-app-select">
      <button
        type="button"
        className={shown ? 'qgw-app-picker' : 'qgw-app-picker qgw-app-picker-empty'}
        aria-labelledby={`${id}-label ${id}-value`}
        aria-describedby={describedBy(id, field)}
        aria-invalid={field.error ? true : undefined}
        aria-haspopup="dialog"
        aria-disabled={disabled || undefined}
        onClick={() => {
          if (!disabled) onOpen();
        }}
      >
        <span id={`${id}-value`}>{shown || placeholder}</span>
      </button>
    </div>
  );
}

interface DatePickerInputProps extends BaseProps {
  /** YYYY-MM-DD (the contract's format), or '' */
  value: string;
  onChange(value: string): void;
  /** YYYY-MM-DD */
  min: string;
  max: string;
  /** where the wheels start when nothing is chosen yet */
  start: string;
  title: string;
  /** the value is given by another field: shown, not chosen */
  locked?: boolean;
}

/** A date shown as 1990年03月07日, chosen on year/month/day wheels, kept as YYYY-MM-DD. */
export function DatePickerInput(props: DatePickerInputProps) {
  const id = useId();
  // the sheet stays mounted once opened, so that it slides in and out
  const [open, setOpen] = useState<boolean | null>(null);
  const { value, onChange, min, max, start, title, locked } = props;
  return (
    <FieldShell id={id} {...props} labelFor={false}>
      <PickerTrigger
        id={id}
        field={props}
        shown={value ? t.dateShown(value) : ''}
        placeholder={t.datePlaceholder(props.label)}
        onOpen={() => setOpen(true)}
        disabled={locked}
      />
      {open !== null && (
        <Suspense fallback={null}>
          <DateSheet open={open} onClose={() => setOpen(false)} title={title} min={min} max={max} value={value || start} onConfirm={onChange} />
        </Suspense>
      )}
    </FieldShell>
  );
}

interface RegionPickerInputProps extends BaseProps {
  /** the levels' names written together (广东省广州市天河区), or '' */
  value: string;
  onChange(value: string): void;
}

/**
 * 所在地区: province, city and district on three wheels. The divisions (about 40 KB) are fetched
 * when the picker first opens (or the field is touched), never with the form.
 */
export function RegionPickerInput(props: RegionPickerInputProps) {
  const id = useId();
  const [open, setOpen] = useState<boolean | null>(null);
  const [regions, setRegions] = useState<Region[] | null>(null);
  const [failed, setFailed] = useState(false);
  const { value, onChange } = props;
  const load = () => {
    if (regions) return;
    setFailed(false);
    loadRegions().then(
      (tree) => setRegions(tree),
      () => {
        setFailed(true);
        setOpen(false);
      },
    );
  };
  const unknown = regions && value && !isAcceptedRegion(regions, value);
  const hint = failed ? t.regionLoadFailed : unknown ? t.regionNotInList(value) : props.hint;
  return (
    <FieldShell id={id} {...props} hint={hint} labelFor={false}>
      <div onPointerEnter={load} onFocus={load}>
        <PickerTrigger
          id={id}
          field={{ ...props, hint }}
          shown={value}
          placeholder={t.regionPlaceholder}
          onOpen={() => {
            load();
            setOpen(true);
          }}
        />
      </div>
      {open !== null && (
        <Suspense fallback={null}>
          <RegionSheet open={open} onClose={() => setOpen(false)} regions={regions} value={value} onConfirm={onChange} />
        </Suspense>
      )}
    </FieldShell>
  );
}
