import { useMemo, type ReactNode } from 'react';
import { CascadePicker, DatePicker, type CascadePickerOption } from 'antd-mobile';
import { type Region, regionPath, regionValue } from '@qgw/contracts';
import { pickerStrings as t } from '../picker-strings.js';

/** The bottom sheets of pickers.tsx, loaded when a picker is first opened. */

const pad = (n: number) => String(n).padStart(2, '0');
const toDate = (iso: string) => new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
const toIso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

const dateLabel = (type: string, n: number): ReactNode =>
  type === 'year' ? `${n}${t.dateColumn.year}` : type === 'month' ? `${n}${t.dateColumn.month}` : type === 'day' ? `${n}${t.dateColumn.day}` : n;

interface DateSheetProps {
  open: boolean;
  onClose(): void;
  title: string;
  /** YYYY-MM-DD, all three */
  min: string;
  max: string;
  value: string;
  onConfirm(value: string): void;
}

/** Year, month and day wheels labelled 年/月/日, between `min` and `max`. */
export function DateSheet({ open, onClose, title, min, max, value, onConfirm }: DateSheetProps) {
  return (
    <DatePicker
      visible={open}
      onClose={onClose}
      title={title}
      confirmText={t.pickerConfirm}
      cancelText={t.pickerCancel}
      precision="day"
      min={toDate(min)}
      max={toDate(max)}
      value={toDate(value)}
      renderLabel={dateLabel}
      onConfirm={(d) => onConfirm(toIso(d))}
      destroyOnClose
    />
  );
}

const toOptions = (regions: readonly Region[]): CascadePickerOption[] =>
  regions.map((r) => (r.children ? { label: r.name, value: r.name, children: toOptions(r.children) } : { label: r.name, value: r.name }));

interface RegionSheetProps {
  open: boolean;
  onClose(): void;
  /** null while the divisions load */
  regions: Region[] | null;
  value: string;
  onConfirm(value: string): void;
}

/** Province, city and district wheels; the stored value is the names written together. */
export function RegionSheet({ open, onClose, regions, value, onConfirm }: RegionSheetProps) {
  const options = useMemo(() => (regions ? toOptions(regions) : []), [regions]);
  return (
    <CascadePicker
      visible={open}
      onClose={onClose}
      title={t.regionTitle}
      confirmText={t.pickerConfirm}
      cancelText={t.pickerCancel}
      loading={!regions}
      loadingContent={t.regionLoading}
      options={options}
      value={(regions && value && regionPath(regions, value)) || []}
      onConfirm={(path) => {
        const names = path.filter((n): n is string => typeof n === 'string' && n !== '');
        if (names.length > 0) onConfirm(regionValue(names));
      }}
      destroyOnClose
    />
  );
}
