import { useState, type FormEvent } from 'react';
import { Button } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import {
  adminLimits, ageLimits, applicationKinds, phaseLabels, programmePhases, reviewLimits, type ApplicationKind, type ConsoleProgramme, type ConsoleProgrammeUpdateRequest,
  type ProgrammePhase, ZConsoleProgrammeUpdateRequest,
} from '@qgw/contracts';
import { queryClient } from '../../../lib/query-client.js';
import { call } from '../../../lib/request.js';
import { showToast, toastError } from '../../../lib/toast.js';
import { CheckboxField, SelectField, TextInput } from '../components/console-ui.js';
import { reviewStrings } from '../review/strings.js';
import { accessAdminOps, adminKeys } from './api/operations.js';
import { adminStrings as t } from './strings.js';

const dateFields = ['opensAt', 'closesAt', 'reviewEndsAt', 'resultsAt'] as const;
type DateField = (typeof dateFields)[number];

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the value of a datetime-local input, in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value back to an instant with its offset (UTC ISO); null when empty or invalid. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The first problem of a date set, or null: opensAt < closesAt ≤ reviewEndsAt ≤ resultsAt. */
export function dateProblem(values: Record<DateField, string>): string | null {
  const times = dateFields.map((f) => fromLocalInput(values[f]));
  if (times.some((x) => x === null)) return t.dateMissing;
  const [o, c, r, p] = times.map((x) => Date.parse(x!)) as [number, number, number, number];
  return o < c && c <= r && r <= p ? null : t.dateOrder;
}

function DateInput({ label, value, onChange }: { label: string; value: string; onChange(v: string): void }) {
  const id = `programme-${label}`;
  return (
    <div className="qgw-cs-field">
      <label className="qgw-cs-label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="qgw-cs-input" type="datetime-local" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/** The per-kind 评选设置, each with its bounds read from the contract (`.min(…)`, `.max(…)`). */
const perKindFields = ['minReviews', 'targetReviewers', 'quota'] as const;
type PerKindField = (typeof perKindFields)[number];
type PerKindValues = Record<ApplicationKind, string>;
const boundsOf = (f: PerKindField) => {
  const v = ZConsoleProgrammeUpdateRequest.shape[f].unwrap().valueType;
  return { min: v.minValue ?? 0, max: v.maxValue ?? reviewLimits[f].max };
};

/** One per-kind setting: a number for every kind. */
function PerKindFieldset({ field, value, onChange }: { field: PerKindField; value: PerKindValues; onChange(kind: ApplicationKind, v: string): void }) {
  const { min, max } = boundsOf(field);
  return (
    <fieldset className="qgw-cs-fieldset">
      <legend className="qgw-cs-label">{t.perKind[field].label}</legend>
      <p className="qgw-cs-hint">{t.perKind[field].hint}</p>
      <div className="qgw-cs-number-grid">
        {applicationKinds.map((k) => (
          <label key={k} className="qgw-cs-number-field">
            <span>{reviewStrings.kinds[k]}</span>
            <input
              className="qgw-cs-input"
              type="number"
              inputMode="numeric"
              aria-label={`${reviewStrings.kinds[k]}：${t.perKind[field].label}`}
              min={min}
              max={max}
              step={1}
              value={value[k]}
              onChange={(e) => onChange(k, e.target.value)}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The per-kind numbers as typed, or the first problem with them. */
export function perKindProblem(field: PerKindField, values: PerKindValues): string | null {
  const { min, max } = boundsOf(field);
  for (const k of applicationKinds) {
    const n = Number(values[k]);
    if (values[k].trim() === '' || !Number.isInteger(n) || n < min || n > max) return t.perKindInvalid(reviewStrings.kinds[k], t.perKind[field].label, min, max);
  }
  return null;
}

/** The age range as typed, or its problem: whole years within the contract's bounds, min ≤ max. */
export function ageProblem(min: string, max: string): string | null {
  const [lo, hi] = [Number(min), Number(max)];
  const whole = (n: number, raw: string) => raw.trim() !== '' && Number.isInteger(n) && n >= ageLimits.floor && n <= ageLimits.ceiling;
  return whole(lo, min) && whole(hi, max) && lo <= hi ? null : t.ageInvalid(ageLimits.floor, ageLimits.ceiling);
}

/** The age range of person entries: two numbers side by side. */
function AgeRangeFieldset({ min, max, onMin, onMax }: { min: string; max: string; onMin(v: string): void; onMax(v: string): void }) {
  const input = (label: string, value: string, onChange: (v: string) => void) => (
    <label className="qgw-cs-number-field">
      <span>{label}</span>
      <input
        className="qgw-cs-input"
        type="number"
        inputMode="numeric"
        aria-label={label}
        min={ageLimits.floor}
        max={ageLimits.ceiling}
        step={1}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
  return (
    <fieldset className="qgw-cs-fieldset">
      <legend className="qgw-cs-label">{t.ageRange}</legend>
      <p className="qgw-cs-hint">{t.ageRangeHint}</p>
      <div className="qgw-cs-number-grid">
        {input(t.minAge, min, onMin)}
        {input(t.maxAge, max, onMax)}
      </div>
    </fieldset>
  );
}

/** The programme's name, dates, manual phase, age range and blind mode; only changed fields are sent. */
export function ProgrammeForm({ programme, season }: { programme: ConsoleProgramme; season: string }) {
  const [name, setName] = useState(programme.name);
  const [dates, setDates] = useState<Record<DateField, string>>(() => ({
    opensAt: toLocalInput(programme.opensAt),
    closesAt: toLocalInput(programme.closesAt),
    reviewEndsAt: toLocalInput(programme.reviewEndsAt),
    resultsAt: toLocalInput(programme.resultsAt),
  }));
  const [phase, setPhase] = useState<ProgrammePhase | ''>(programme.phaseOverride ?? '');
  const [blind, setBlind] = useState(programme.blindReview);
  const [minAge, setMinAge] = useState(String(programme.minAge));
  const [maxAge, setMaxAge] = useState(String(programme.maxAge));
  const [perKind, setPerKind] = useState<Record<PerKindField, PerKindValues>>(() => {
    const typed = (f: PerKindField) =>
      Object.fromEntries(applicationKinds.map((k) => [k, String(programme[f][k] ?? reviewLimits[f].default)])) as PerKindValues;
    return { minReviews: typed('minReviews'), targetReviewers: typed('targetReviewers'), quota: typed('quota') };
  });
  const problem =
    dateProblem(dates) ?? ageProblem(minAge, maxAge) ?? perKindFields.map((f) => perKindProblem(f, perKind[f])).find(Boolean) ?? null;
  const save = useMutation({
    // the season shown, named by its id: a save never lands on another season made current meanwhile
    mutationFn: (body: ConsoleProgrammeUpdateRequest) => call(accessAdminOps.programmeUpdate, { ...body, programmeId: programme.id }),
    onSuccess: (res) => {
      queryClient.setQueryData(adminKeys.programme(season), res);
      void queryClient.invalidateQueries({ queryKey: adminKeys.seasons });
      showToast(t.saved);
    },
    onError: toastError,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem) {
      showToast(problem);
      return;
    }
    const body: ConsoleProgrammeUpdateRequest = {};
    if (name.trim() !== programme.name) body.name = name.trim();
    for (const f of dateFields) {
      const iso = fromLocalInput(dates[f])!;
      if (Date.parse(iso) !== Date.parse(programme[f])) body[f] = iso;
    }
    if ((phase || null) !== programme.phaseOverride) body.phaseOverride = phase || null;
    if (blind !== programme.blindReview) body.blindReview = blind;
    if (Number(minAge) !== programme.minAge) body.minAge = Number(minAge);
    if (Number(maxAge) !== programme.maxAge) body.maxAge = Number(maxAge);
    for (const f of perKindFields) {
      const changed = applicationKinds.filter((k) => Number(perKind[f][k]) !== programme[f][k]);
      if (changed.length > 0) body[f] = Object.fromEntries(changed.map((k) => [k, Number(perKind[f][k])]));
    }
    if (Object.keys(body).length === 0) {
      showToast(t.noChanges);
      return;
    }
    save.mutate(body);
  };
  const setDate = (f: DateField) => (v: string) => setDates((d) => ({ ...d, [f]: v }));
  return (
    <form className="qgw-cs-card qgw-cs-form" onSubmit={submit} noValidate>
      <p className="qgw-cs-intro">{t.phaseNow(phaseLabels[programme.phase])}</p>
      <TextInput label={t.programmeName} value={name} onChange={setName} maxLength={adminLimits.programmeName.max} />
      <DateInput label={t.opensAt} value={dates.opensAt} onChange={setDate('opensAt')} />
      <DateInput label={t.closesAt} value={dates.closesAt} onChange={setDate('closesAt')} />
      <DateInput label={t.reviewEndsAt} value={dates.reviewEndsAt} onChange={setDate('reviewEndsAt')} />
      <DateInput label={t.resultsAt} value={dates.resultsAt} onChange={setDate('resultsAt')} />
      {problem && (
        <p className="qgw-ca-error" role="alert">
          {problem}
        </p>
      )}
      <SelectField<ProgrammePhase | ''>
        label={t.phaseOverride}
        value={phase}
        options={[{ value: '', label: t.phaseAuto }, ...programmePhases.map((p) => ({ value: p, label: phaseLabels[p] }))]}
        onChange={setPhase}
      />
      <AgeRangeFieldset min={minAge} max={maxAge} onMin={setMinAge} onMax={setMaxAge} />
      <CheckboxField label={t.blindReview} checked={blind} onChange={setBlind} hint={t.blindReviewHint} />
      {perKindFields.map((f) => (
        <PerKindFieldset key={f} field={f} value={perKind[f]} onChange={(k, v) => setPerKind((m) => ({ ...m, [f]: { ...m[f], [k]: v } }))} />
      ))}
      <Button type="submit" color="primary" loading={save.isPending} disabled={save.isPending}>
        {t.save}
      </Button>
    </form>
  );
}
