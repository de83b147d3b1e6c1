import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { type ApplicationSummary, editableStatuses, maskIdNumber } from '@qgw/contracts';
import type { Database } from '../../db/schema.js';
import { type ApplicationRow, applicationsRepository as repo } from './applications.repository.js';
import type { FilesPort } from './files-port.js';
import type { IdNumberCipher } from './id-number-cipher.js';
import { allFileIds, type FormData, kindSpecs } from './kinds.js';

/** How an application is shown: summaries for lists (no personal data), full views for one record. */

export interface ApplicationView {
  id: string;
  kind: ApplicationRow['kind'];
  status: ApplicationRow['status'];
  version: number;
  data: FormData;
  reason: string | null;
  submittedAt: string | null;
  decidedAt: string | null;
  createdAt: string;
  updatedAt: string;
  timeline: Array<{ status: ApplicationRow['status']; at: string; note: string | null }>;
  fileUrls: Record<string, string>;
}

export interface ViewDeps {
  cipher: IdNumberCipher;
  files: FilesPort;
  log: FastifyBaseLogger;
}

/** The years of the seasons, by programme id (a small table, read whole). */
export type SeasonYears = ReadonlyMap<string, number>;

export const toSummary = (row: ApplicationRow, years?: SeasonYears): ApplicationSummary => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  title: row.title,
  reason: row.reason,
  submittedAt: row.submitted_at,
  updatedAt: row.updated_at,
  ...(years ? { seasonYear: row.programme_id ? (years.get(row.programme_id) ?? null) : null } : {}),
});

export const dataOf = (row: ApplicationRow): FormData => JSON.parse(row.data_json) as FormData;

/** The stored ID number in clear, or undefined when there is none or it cannot be read. */
export function idNumberOf(deps: ViewDeps, row: ApplicationRow): string | undefined {
  if (!row.id_number_enc) return undefined;
  try {
    return deps.cipher.decrypt(row.id_number_enc, row.id);
  } catch (err) {
    // a changed or wrong DATA_ENCRYPTION_KEY: say so without quoting anything
    deps.log.error({ applicationId: row.id, err: { message: (err as Error).message } }, 'ID number could not be decrypted');
    return undefined;
  }
}

/**
 * One application as `viewerId` sees it. The ID number is shown in full only to its owner and only
 * while the application can still be edited; everyone else, and every later state, gets it masked.
 */
export async function toView(
  db: Kysely<Database>,
  deps: ViewDeps,
  row: ApplicationRow,
  viewerId: string,
): Promise<ApplicationView> {
  const data = dataOf(row);
  const idNumber = idNumberOf(deps, row);
  if (idNumber !== undefined) {
    const inFull = viewerId === row.user_id && editableStatuses.includes(row.status);
    data.idNumber = inFull ? idNumber : maskIdNumber(idNumber);
  }
  const timeline = (await repo.transitions(db, row.id)).map((t) => ({ status: t.status, at: t.at, note: t.note }));
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    version: row.version,
    data,
    reason: row.reason,
    submittedAt: row.submitted_at,
    decidedAt: row.decided_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    timeline,
    fileUrls: deps.files.signFileUrls(allFileIds(kindSpecs[row.kind], data), viewerId),
  };
}
