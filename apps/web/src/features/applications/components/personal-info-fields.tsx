import {
  type AgeRange,
  ageOutsideRange,
  beijingDate,
  educationOptions,
  factsOfIdNumber,
  genderLabels,
  idNumberFactsMessages,
  politicalOptions,
  ZGender,
  ZPersonalInfo,
  type RankUserForm,
} from '@qgw/contracts';
import { fixedLengths, maxLengthOf } from '../../../lib/schema-limits.js';
import type { FieldErrors } from '../form-check.js';
import { ageRangeStrings } from '../age-range/strings.js';
import { pickerStrings as t } from '../picker-strings.js';
import { ContactPhoneInput } from './contact-phone-input.js';
import { RadioInput, SelectInput, TextInput } from './fields.js';
import { DatePickerInput, RegionPickerInput } from './pickers.js';

/** The personal information every person-based form shares (contracts ZPersonalInfo). */
export type PersonalInfoValue = Partial<
  Pick<
    RankUserForm,
    | 'name'
    | 'gender'
    | 'birthDate'
    | 'idNumber'
    | 'politicalStatus'
    | 'education'
    | 'organization'
    | 'position'
    | 'region'
    | 'contactMobile'
    | 'email'
  >
>;

export const personalInfoKeys = [
  'name', 'gender', 'birthDate', 'idNumber', 'politicalStatus', 'education',
  'organization', 'position', 'region', 'contactMobile', 'email',
] as const satisfies readonly (keyof PersonalInfoValue)[];

/**
 * The fields in two groups, personal and work, as the 2024 person form asks them in its first two
 * steps and the membership form in its first two sections.
 */
export const basicKeys = ['name', 'idNumber', 'gender', 'birthDate', 'politicalStatus', 'education'] as const satisfies readonly (keyof PersonalInfoValue)[];
export const workInfoKeys = ['organization', 'position', 'region', 'contactMobile', 'email'] as const satisfies readonly (keyof PersonalInfoValue)[];

/** The labels of the fields, for forms and for read-only views. */
export const personalInfoLabels = {
  name: '姓名',
  gender: '性别',
  birthDate: '出生日期',
  idNumber: '身份证号码',
  politicalStatus: '政治面貌',
  education: '学历',
  organization: '工作单位',
  position: '职务',
  region: '所在地区',
  contactMobile: '联系电话',
  email: '电子邮箱',
} as const satisfies Record<keyof PersonalInfoValue, string>;

const genderOptions = /* @__PURE__ */ ZGender.options.map((value) => ({ value, label: genderLabels[value] }));

/** The fields' lengths, from the contract (ZPersonalInfo). */
const maxLength = /* @__PURE__ */ (() => ({
  name: maxLengthOf(ZPersonalInfo.shape.name),
  organization: maxLengthOf(ZPersonalInfo.shape.organization),
  position: maxLengthOf(ZPersonalInfo.shape.position),
  email: maxLengthOf(ZPersonalInfo.shape.email),
}))();

/** Today on the Beijing calendar, YYYY-MM-DD. */
const today = () => beijingDate(Date.now());
/** The birth dates the wheels offer: no one older than the oldest living members, no one born tomorrow. */
const BIRTH_DATE_MIN = '1940-01-01';
/** where the wheels start when nothing is chosen: a young worker's year of birth */
const birthDateStart = () => `${Number(today().slice(0, 4)) - 30}-01-01`;

/**
 * A birth date or gender the ID number contradicts (a gender changed after the number was typed, a
 * draft or an earlier application that held both apart), with the sentence the server refuses it
 * with — shown on the field as soon as it is so, whatever check ran last.
 */
export function idFactProblemsOf(value: PersonalInfoValue): Partial<Record<'birthDate' | 'gender', string>> {
  const facts = value.idNumber ? factsOfIdNumber(value.idNumber) : null;
  if (!facts) return {};
  const out: Partial<Record<'birthDate' | 'gender', string>> = {};
  if (value.birthDate && value.birthDate !== facts.birthDate) out.birthDate = idNumberFactsMessages.birthDate;
  if (value.gender && value.gender !== facts.gender) out.gender = idNumberFactsMessages.gender;
  return out;
}

/**
 * What to tell a person whose ID number puts them outside the programme's age range (null when it
 * does not, or when the number is not yet a valid one). The server refuses the same (AGE_INELIGIBLE).
 */
export function ageProblemOf(idNumber: string | undefined, range: AgeRange | undefined): string | null {
  if (!idNumber || !range) return null;
  const age = ageOutsideRange(idNumber, range);
  return age === null ? null : ageRangeStrings.ineligible(age, range.minAge, range.maxAge, range.onDate);
}

export interface PersonalInfoFieldsProps {
  value: PersonalInfoValue;
  onChange(patch: PersonalInfoValue): void;
  errors?: FieldErrors;
  /** hide fields a form does not ask for */
  omit?: readonly (keyof PersonalInfoValue)[];
  /** the programme's age range: the ID number is checked against it as soon as it is typed */
  ageRange?: AgeRange | undefined;
}

/**
 * The personal information fields, each labelled. A valid ID number gives the birth date (which then
 * follows it and cannot be chosen apart from it) and the gender: its 17th digit is authoritative, so
 * a gender carried over from an earlier application is replaced when the ID number says otherwise.
 */
export function PersonalInfoFields({ value, onChange, errors = {}, omit = [], ageRange }: PersonalInfoFieldsProps) {
  const show = (k: keyof PersonalInfoValue) => !omit.includes(k);
  const l = personalInfoLabels;
  const idFacts = value.idNumber ? factsOfIdNumber(value.idNumber) : null;
  const birthDateFromId = Boolean(idFacts && value.birthDate === idFacts.birthDate);
  const contradicted = idFactProblemsOf(value);
  const onId = (idNumber: string) => {
    const facts = factsOfIdNumber(idNumber);
    const patch: PersonalInfoValue = { idNumber };
    if (facts) patch.birthDate = facts.birthDate;
    if (facts) patch.gender = facts.gender;
    onChange(patch);
  };
  return (
    <>
      {show('name') && (
        <TextInput label={l.name} required value={value.name ?? ''} onChange={(name) => onChange({ name })} maxLength={maxLength.name} autoComplete="name" error={errors.name} />
      )}
      {show('idNumber') && (
        <TextInput
          label={l.idNumber}
          required
          value={value.idNumber ?? ''}
          onChange={onId}
          maxLength={fixedLengths.idNumber}
          placeholder="18位居民身份证号码"
          hint={ageRange ? ageRangeStrings.hint(ageRange.minAge, ageRange.maxAge, ageRange.onDate) : undefined}
          error={errors.idNumber ?? ageProblemOf(value.idNumber, ageRange) ?? undefined}
        />
      )}
      {show('gender') && (
        <RadioInput label={l.gender} required value={value.gender ?? ''} onChange={(g) => onChange({ gender: g as 'male' | 'female' })} options={genderOptions} error={errors.gender ?? contradicted.gender} />
      )}
      {show('birthDate') && (
        <DatePickerInput
          label={l.birthDate}
          required
          value={value.birthDate ?? ''}
          onChange={(birthDate) => onChange({ birthDate })}
          min={BIRTH_DATE_MIN}
          max={today()}
          start={birthDateStart()}
          title={t.birthDateTitle}
          locked={birthDateFromId}
          hint={birthDateFromId ? t.birthDateFromId : undefined}
          error={errors.birthDate ?? contradicted.birthDate}
        />
      )}
      {show('politicalStatus') && (
        <SelectInput
          label={l.politicalStatus}
          required
          value={value.politicalStatus ?? ''}
          onChange={(v) => onChange({ politicalStatus: v as PersonalInfoValue['politicalStatus'] })}
          options={politicalOptions}
          error={errors.politicalStatus}
        />
      )}
      {show('education') && (
        <SelectInput
          label={l.education}
          required
          value={value.education ?? ''}
          onChange={(v) => onChange({ education: v as PersonalInfoValue['education'] })}
          options={educationOptions}
          error={errors.education}
        />
      )}
      {show('organization') && (
        <TextInput label={l.organization} required value={value.organization ?? ''} onChange={(organization) => onChange({ organization })} maxLength={maxLength.organization} autoComplete="organization" error={errors.organization} />
      )}
      {show('position') && (
        <TextInput label={l.position} required value={value.position ?? ''} onChange={(position) => onChange({ position })} maxLength={maxLength.position} autoComplete="organization-title" error={errors.position} />
      )}
      {show('region') && (
        <RegionPickerInput label={l.region} required value={value.region ?? ''} onChange={(region) => onChange({ region })} error={errors.region} />
      )}
      {show('contactMobile') && (
        <ContactPhoneInput label={l.contactMobile} required value={value.contactMobile ?? ''} onChange={(contactMobile) => onChange({ contactMobile })} error={errors.contactMobile} />
      )}
      {show('email') && (
        <TextInput
          label={l.email}
          type="email"
          inputMode="email"
          value={value.email ?? ''}
          onChange={(email) => onChange({ email })}
          maxLength={maxLength.email}
          placeholder="选填"
          autoComplete="email"
          error={errors.email}
        />
      )}
    </>
  );
}
