import type { z } from 'zod';
import {
  type ApplicationKind,
  ZCompanyForm,
  ZMemberForm,
  ZPersonForm,
  ZRankUserForm,
  ZWorkForm,
} from '@qgw/contracts';
import { applicationStrings as s } from './applications.strings.js';

/** What differs between the kinds of application; everything else (lifecycle, storage) is shared. */

export type FileKind = 'image' | 'video';
export type FormData = Record<string, unknown>;

export interface KindSpec {
  kind: ApplicationKind;
  form: z.ZodObject;
  /** belongs to the current programme and obeys its submission window (membership does not) */
  inProgramme: boolean;
  /** a user may hold several live ones (works); otherwise one live per programme */
  several: boolean;
  /** a person entry: its ID number must put the person in the programme's age range */
  ageChecked: boolean;
  /** form fields that refer to uploaded files, and which kind of file each must be */
  fileFields: Record<string, FileKind>;
  /** the display columns, derived from the form so lists need not read data_json */
  title(d: FormData): string | undefined;
  applicantName(d: FormData): string | undefined;
  organization(d: FormData): string | undefined;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);

const personLike = {
  title: (d: FormData) => str(d.name),
  applicantName: (d: FormData) => str(d.name),
  organization: (d: FormData) => str(d.organization),
};

export const kindSpecs: Record<ApplicationKind, KindSpec> = {
  rank_user: {
    kind: 'rank_user',
    form: ZRankUserForm,
    inProgramme: true,
    several: false,
    ageChecked: true,
    fileFields: { photo: 'image', video: 'video' },
    ...personLike,
  },
  membership: {
    kind: 'membership',
    form: ZMemberForm,
    inProgramme: false,
    several: false,
    ageChecked: false,
    fileFields: { photo: 'image' },
    ...personLike,
  },
  person: {
    kind: 'person',
    form: ZPersonForm,
    inProgramme: true,
    several: false,
    ageChecked: true,
    fileFields: { photo: 'image' },
    ...personLike,
  },
  work: {
    kind: 'work',
    form: ZWorkForm,
    inProgramme: true,
    several: true,
    ageChecked: false,
    fileFields: { photos: 'image', video: 'video' },
    title: (d) => str(d.title),
    applicantName: (d) => {
      const first = Array.isArray(d.team) ? (d.team[0] as { name?: unknown } | undefined) : undefined;
      return str(first?.name);
    },
    organization: () => undefined,
  },
  company: {
    kind: 'company',
    form: ZCompanyForm,
    inProgramme: true,
    several: false,
    ageChecked: false,
    fileFields: { license: 'image' },
    title: (d) => str(d.companyName),
    applicantName: (d) => str(d.contactName),
    organization: (d) => str(d.companyName),
  },
};

export const titleOf = (spec: KindSpec, d: FormData): string => spec.title(d) ?? s.untitledDraft;

/** The file ids a form refers to, by the kind of file each field must hold. */
export function fileIdsOf(spec: KindSpec, d: FormData): Record<FileKind, string[]> {
  const out: Record<FileKind, string[]> = { image: [], video: [] };
  for (const [field, kind] of Object.entries(spec.fileFields)) {
    const v = d[field];
    if (typeof v === 'string') out[kind].push(v);
    else if (Array.isArray(v)) out[kind].push(...v.filter((x): x is string => typeof x === 'string'));
  }
  return out;
}

export const allFileIds = (spec: KindSpec, d: FormData): string[] => {
  const { image, video } = fileIdsOf(spec, d);
  return [...new Set([...image, ...video])];
};
