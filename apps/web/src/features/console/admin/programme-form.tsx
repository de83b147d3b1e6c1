import { useState, type FormEvent } from 'react';
import { Button } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import {
  adminLimits, applicationKinds, phaseLabels, programmePhases, reviewLimits, type ApplicationKind, type ConsoleProgramme, type ConsoleProgrammeUpdateRequest,
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

/** The least a kind's minimum may be, from the contract (its `.min(…)`); the most is reviewLimits.minReviews.max. */
const minReviewsFloor = ZConsoleProgrammeUpdateRequest.shape.minReviews.unwrap().valueType.minValue ?? 0;

/** Per kind, the completed reviews an approve or reject needs before it may be staged. */
function MinReviewsFields({ value, onChange }: { value: Record<ApplicationKind, string>; onChange(kind: ApplicationKind, v: string): void }) {
  return (
    <fieldset className="qgw-cs-fieldset">
      <legend className="qgw-cs-label">{t.minReviews}</legend>
      <p className="qgw-cs-hint">{t.minReviewsHint}</p>
      <div className="qgw-cs-number-grid">
        {applicationKinds.map((k) => (
          <label key={k} className="qgw-cs-number-field">
            <span>{reviewStrings.kinds[k]}</span>
            <input
              className="qgw-cs-input"
              type="number"
              inputMode="numeric"
              min={minReviewsFloor}
              max={reviewLimits.minReviews.max}
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

/** The minimums as typed, or the first problem with them. */
export function minReviewsProblem(values: Record<ApplicationKind, string>): string | null {
  for (const k of applicationKinds) {
    const n = Number(values[k]);
    if (values[k].trim() === '' || !Number.isInteger(n) || n < 0 || n > reviewLimits.minReviews.max) return t.minReviewsInvalid(reviewStrings.kinds[k]);
  }
  return null;
}

/** The programme's name, dates, manual phase and blind mode; only changed fields are sent. */
export function ProgrammeForm({ programme }: { programme: ConsoleProgramme }) {
  const [name, setName] = useState(programme.name);
  const [dates, setDates] = useState<Record<DateField, string>>(() => ({
    opensAt: toLocalInput(programme.opensAt),
    closesAt: toLocalInput(programme.closesAt),
    reviewEndsAt: toLocalInput(programme.reviewEndsAt),
    resultsAt: toLocalInput(programme.resultsAt),
  }));
  const [phase, setPhase] = useState<ProgrammePhase | ''>(programme.phaseOverride ?? '');
  const [blind, setBlind] = useState(programme.blindReview);
  const [minReviews, setMinReviews] = useState<Record<ApplicationKind, string>>(
    () => Object.fromEntries(applicationKinds.map((k) => [k, String(programme.minReviews[k] ?? reviewLimits.minReviews.default)])) as Record<ApplicationKind, string>,
  );
  const problem = dateProblem(dates) ?? minReviewsProblem(minReviews);
  const save = useMutation({
    mutationFn: (body: ConsoleProgrammeUpdateRequest) => call(accessAdminOps.programmeUpdate, body),
    onSuccess: (res) => {
      queryClient.setQueryData(adminKeys.programme, res);
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
    const changedMinimums = applicationKinds.filter((k) => Number(minReviews[k]) !== programme.minReviews[k]);
    if (changedMinimums.length > 0) body.minReviews = Object.fromEntries(changedMinimums.map((k) => [k, Number(minReviews[k])]));
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
      <CheckboxField label={t.blindReview} checked={blind} onChange={setBlind} hint={t.blindReviewHint} />
      <MinReviewsFields value={minReviews} onChange={(k, v) => setMinReviews((m) => ({ ...m, [k]: v }))} />
      <Button type="submit" color="primary" loading={save.isPending} disabled={save.isPending}>
        {t.save}
      </Button>
    </form>
  );
}
