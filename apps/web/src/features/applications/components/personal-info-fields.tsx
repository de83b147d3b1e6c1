import {
  birthDateOfIdNumber,
  educationOptions,
  genderLabels,
  isValidIdNumber,
  politicalOptions,
  ZGender,
  ZPersonalInfo,
  type RankUserForm,
} from '@qgw/contracts';
import { fixedLengths, maxLengthOf } from '../../../lib/schema-limits.js';
import type { FieldErrors } from '../form-check.js';
import { DateInput, RadioInput, SelectInput, TextInput } from './fields.js';

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
  region: maxLengthOf(ZPersonalInfo.shape.region),
  email: maxLengthOf(ZPersonalInfo.shape.email),
}))();

const today = () => new Date().toISOString().slice(0, 10);

/** What a valid ID number says about birth date and gender (the 17th digit: odd male, even female). */
export function factsOfIdNumber(id: string): Pick<PersonalInfoValue, 'birthDate' | 'gender'> | null {
  const clean = id.trim().toUpperCase();
  if (!isValidIdNumber(clean)) return null;
  return { birthDate: birthDateOfIdNumber(clean), gender: Number(clean[16]) % 2 === 1 ? 'male' : 'female' };
}

export interface PersonalInfoFieldsProps {
  value: PersonalInfoValue;
  onChange(patch: PersonalInfoValue): void;
  errors?: FieldErrors;
  /** hide fields a form does not ask for */
  omit?: readonly (keyof PersonalInfoValue)[];
}

/**
 * The personal information fields, each labelled. Typing a valid ID number fills in the birth date
 * and gender it carries when those are still empty.
 */
export function PersonalInfoFields({ value, onChange, errors = {}, omit = [] }: PersonalInfoFieldsProps) {
  const show = (k: keyof PersonalInfoValue) => !omit.includes(k);
  const l = personalInfoLabels;
  const onId = (idNumber: string) => {
    const facts = factsOfIdNumber(idNumber);
    const patch: PersonalInfoValue = { idNumber };
    if (facts && !value.birthDate) patch.birthDate = facts.birthDate;
    if (facts && !value.gender) patch.gender = facts.gender;
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
          error={errors.idNumber}
        />
      )}
      {show('gender') && (
        <RadioInput label={l.gender} required value={value.gender ?? ''} onChange={(g) => onChange({ gender: g as 'male' | 'female' })} options={genderOptions} error={errors.gender} />
      )}
      {show('birthDate') && (
        <DateInput label={l.birthDate} required value={value.birthDate ?? ''} onChange={(birthDate) => onChange({ birthDate })} min="1940-01-01" max={today()} error={errors.birthDate} />
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
        <TextInput label={l.region} required value={value.region ?? ''} onChange={(region) => onChange({ region })} maxLength={maxLength.region} placeholder="如：广东省广州市天河区" error={errors.region} />
      )}
      {show('contactMobile') && (
        <TextInput
          label={l.contactMobile}
          required
          type="tel"
          inputMode="tel"
          value={value.contactMobile ?? ''}
          onChange={(contactMobile) => onChange({ contactMobile })}
          maxLength={fixedLengths.mobile}
          placeholder="11位手机号"
          autoComplete="tel"
          error={errors.contactMobile}
        />
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
