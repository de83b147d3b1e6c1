import type { Kysely } from 'kysely';
import type { ApplicationStatus } from '@qgw/contracts';
import type { Database } from '../../db/schema.js';
import type { AuditEntry, AuditRepository } from '../audit/audit.module.js';
import type { IdNumberCipher } from './id-number-cipher.js';
import { type FormData, type KindSpec, titleOf } from './kinds.js';

/** How a form becomes columns, and how a transition is written to the audit trail. Shared by submit and drafts. */

export function contentColumns(spec: KindSpec, cipher: IdNumberCipher, applicationId: string, data: FormData) {
  const { idNumber, ...rest } = data;
  return {
    data_json: JSON.stringify(rest),
    id_number_enc: typeof idNumber === 'string' ? cipher.encrypt(idNumber, applicationId) : null,
    title: titleOf(spec, rest),
    applicant_name: spec.applicantName(rest) ?? null,
    organization: spec.organization(rest) ?? null,
    theme_id: typeof rest.themeId === 'string' ? rest.themeId : null,
  };
}

export interface StateAt {
  status: ApplicationStatus;
  version: number;
}

/**
 * One lifecycle transition in the append-only audit log (entity 'application'): who (actor), when
 * (created_at), before and after. The after state carries the version so that the timeline orders
 * transitions made within one millisecond, and the note (a reason) where there is one. No form
 * content and no personal data.
 */
export async function recordTransition(audit: AuditRepository, trx: Kysely<Database>, t: Transition): Promise<void> {
  await audit.record(transitionEntry(t), trx);
}

export interface Transition {
  actorId: string;
  action: string;
  applicationId: string;
  before: StateAt | null;
  after: StateAt;
  note?: string | null;
}

/** The audit entry of a transition (recordTransition writes it; a submission's one statement too). */
export function transitionEntry(t: Transition): AuditEntry {
  return {
    actorId: t.actorId,
    action: t.action,
    entity: 'application',
    entityId: t.applicationId,
    before: t.before,
    after: { ...t.after, note: t.note ?? null },
  };
}
