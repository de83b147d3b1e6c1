import { type ApplicationKind, applicationKinds, maskIdNumber, maskPhone } from '@qgw/contracts';
import { kindLabels } from './review.strings.js';

/**
 * What the console shows of personal data. Masked by default (ID number, mobiles); in blind review
 * a reviewer gets none of the fields that say who applied or where they work.
 */

type FormData = Record<string, unknown>;

/**
 * Form fields that identify the applicant or their organisation, removed in blind review. `license`
 * is the business licence's file id: the file itself is withheld, and its id would open it.
 */
const IDENTIFYING_FIELDS = [
  'name', 'idNumber', 'birthDate', 'contactMobile', 'email', 'organization', 'position', 'region',
  'companyName', 'uscc', 'legalRepresentative', 'contactName', 'address', 'license',
] as const;

/** Kinds whose title is the applicant's or the company's name. */
const NAMED_TITLES: readonly ApplicationKind[] = ['rank_user', 'membership', 'person', 'company'];
/** Kinds whose title names neither a person nor a company (works). */
export const NEUTRAL_TITLE_KINDS: readonly ApplicationKind[] = applicationKinds.filter((k) => !NAMED_TITLES.includes(k));

export function maskedData(data: FormData, idNumber: string | undefined, blind: boolean): FormData {
  const out: FormData = { ...data };
  if (idNumber !== undefined) out.idNumber = maskIdNumber(idNumber);
  if (typeof out.contactMobile === 'string') out.contactMobile = maskPhone(out.contactMobile);
  if (!blind) return out;
  for (const f of IDENTIFYING_FIELDS) delete out[f];
  // a works team: keep who does what, not who they are
  if (Array.isArray(out.team)) {
    out.team = out.team.map((m) => ({ role: typeof (m as { role?: unknown }).role === 'string' ? (m as { role: string }).role : '' }));
  }
  return out;
}

/** The title a blind reviewer sees: a neutral label instead of a person's or company's name. */
export function shownTitle(kind: ApplicationKind, title: string, id: string, blind: boolean): string {
  if (!blind || !NAMED_TITLES.includes(kind)) return title;
  return `${kindLabels[kind]} ${id.slice(0, 8).toUpperCase()}`;
}
