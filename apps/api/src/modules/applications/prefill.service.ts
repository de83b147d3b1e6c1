import type { Kysely } from 'kysely';
import { type ApplicationKind, type PrefillFields, type PrefillResponse, prefillFieldKeys } from '@qgw/contracts';
import type { Database } from '../../db/schema.js';
import type { AuthContext } from '../accounts/accounts.module.js';
import { type ApplicationRow, applicationsRepository as repo } from './applications.repository.js';
import { kindSpecs } from './kinds.js';
import { dataOf, idNumberOf, type ViewDeps } from './views.js';

/** The kinds whose form asks for the person's own details (ZPersonalInfo). */
const personalKinds: ReadonlySet<ApplicationKind> = new Set(['rank_user', 'membership', 'person']);

/**
 * What a new application may start from (getPrefill), read from the caller's own rows only: the
 * session's user id is the only user named, so nobody else's details can be reached through it.
 */
export class PrefillService {
  constructor(private readonly d: { db: Kysely<Database>; view: ViewDeps }) {}

  async prefill(auth: AuthContext, kind: ApplicationKind): Promise<PrefillResponse> {
    // newest first: a detail the person changed later wins over the one they gave before; a draft
    // is half-typed and not theirs to confirm yet, so only what they sent counts
    const rows = (await repo.listByUser(this.d.db, auth.user.id)).filter((r) => r.status !== 'draft');
    const fields: PrefillFields = {};
    for (const row of rows) {
      if (!personalKinds.has(row.kind)) continue;
      const data = this.answersOf(row);
      for (const key of prefillFieldKeys) {
        const v = data[key];
        if (fields[key] === undefined && typeof v === 'string' && v.trim() !== '') fields[key] = v;
      }
    }
    fields.contactMobile ??= auth.user.mobile;
    const last = rows.find((r) => r.kind === kind);
    return {
      fields,
      previous: last ? { id: last.id, status: last.status, submittedAt: last.submitted_at, data: this.reusableAnswersOf(last) } : null,
    };
  }

  /** A row's answers with its ID number in clear (the owner's own, for their own new form). */
  private answersOf(row: ApplicationRow): Record<string, unknown> {
    const data = dataOf(row);
    const idNumber = idNumberOf(this.d.view, row);
    if (idNumber !== undefined) data.idNumber = idNumber;
    return data;
  }

  /** The answers a new application can take over: uploads stay with the application they were sent with. */
  private reusableAnswersOf(row: ApplicationRow): Record<string, unknown> {
    const data = this.answersOf(row);
    for (const field of Object.keys(kindSpecs[row.kind].fileFields)) delete data[field];
    return data;
  }
}
