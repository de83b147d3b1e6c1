import type { Kysely } from 'kysely';
import { type ApplicationKind, Code } from '@qgw/contracts';
import { type Clock, isoAt } from '../../clock.js';
import { isUniqueViolation } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import type { AuthContext } from '../accounts/accounts.module.js';
import type { AuditRepository } from '../audit/audit.module.js';
import type { ProgrammeService } from '../programme/programme.module.js';
import { type ApplicationRow, applicationsRepository as repo } from './applications.repository.js';
import { notFound } from './applications.service.js';
import { applicationStrings as s } from './applications.strings.js';
import type { FilesPort } from './files-port.js';
import type { IdNumberCipher } from './id-number-cipher.js';
import { type FormData, type KindSpec, kindSpecs } from './kinds.js';
import { contentColumns, recordTransition } from './records.js';
import { dataOf, idNumberOf, type ViewDeps } from './views.js';
import { newRowId } from '../../db/row-id.js';

/** A draft's stored form may not exceed this (JSON, UTF-8). */
export const MAX_DRAFT_BYTES = 64 * 1024;

export interface DraftsDeps {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditRepository;
  cipher: IdNumberCipher;
  files: FilesPort;
  programme: ProgrammeService;
  view: ViewDeps;
}

export interface SavedDraft {
  id: string;
  version: number;
  savedAt: string;
}

export interface DraftContent extends SavedDraft {
  data: FormData;
}

/**
 * Server-side drafts, saved while a form is filled so that it can be resumed on another device.
 * A save merges into the stored draft: each known field that is valid on its own is kept, a field
 * sent as null or with a value that is not (yet) valid is cleared, unknown fields are dropped.
 * Files must be the caller's own uploads and a work's theme one of the programme's, as on submit.
 * Saves are last-write-wins (no version check): only one person edits a draft.
 */
export class DraftsService {
  constructor(private readonly d: DraftsDeps) {}

  /** The value as it may be kept: file ids the caller does not own and unknown themes are left out. */
  private async usable(spec: KindSpec, userId: string, programmeId: string | null, field: string, value: unknown) {
    const refused = async (check: () => Promise<void>) => {
      try {
        await check();
        return false;
      } catch (err) {
        if (err instanceof AppError) return true;
        throw err;
      }
    };
    const fileKind = spec.fileFields[field];
    if (fileKind && typeof value === 'string') {
      return (await refused(() => this.d.files.assertOwnedFiles(this.d.db, userId, [value], fileKind))) ? undefined : value;
    }
    if (fileKind && Array.isArray(value)) {
      const kept: string[] = [];
      for (const id of value as string[]) {
        if (!(await refused(() => this.d.files.assertOwnedFiles(this.d.db, userId, [id], fileKind)))) kept.push(id);
      }
      return kept.length > 0 ? kept : undefined;
    }
    if (field === 'themeId' && programmeId && typeof value === 'string') {
      return (await refused(() => this.d.programme.assertActiveTheme(programmeId, value))) ? undefined : value;
    }
    return value;
  }

  private async merge(spec: KindSpec, userId: string, programmeId: string | null, previous: FormData, input: Record<string, unknown>) {
    const shape = spec.form.shape as Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }>;
    const out: FormData = { ...previous };
    for (const [field, raw] of Object.entries(input)) {
      if (!Object.hasOwn(shape, field)) continue;
      const parsed = raw === null ? undefined : shape[field]!.safeParse(raw);
      const value = parsed?.success ? await this.usable(spec, userId, programmeId, field, parsed.data) : undefined;
      if (value === undefined) delete out[field];
      else out[field] = value;
    }
    return out;
  }

  private async programmeIdFor(spec: KindSpec): Promise<string | null> {
    if (!spec.inProgramme) return null;
    return (await this.d.programme.requireCurrent()).programme.id;
  }

  private storedData(row: ApplicationRow): FormData {
    const data = dataOf(row);
    const idNumber = idNumberOf(this.d.view, row);
    if (idNumber !== undefined) data.idNumber = idNumber;
    return data;
  }

  async save(auth: AuthContext, input: { kind: ApplicationKind; id?: string; data: Record<string, unknown> }): Promise<SavedDraft> {
    const spec = kindSpecs[input.kind];
    const userId = auth.user.id;
    let existing: ApplicationRow | undefined;
    if (input.id) {
      existing = await repo.findOwned(this.d.db, input.id, userId);
      if (!existing || existing.kind !== input.kind) throw notFound();
      if (existing.status !== 'draft') throw new AppError(Code.APPLICATION_STATE, s.draftOnly);
    }
    const programmeId = existing ? existing.programme_id : await this.programmeIdFor(spec);
    if (!existing && !spec.several) {
      // one live application per kind and programme: a second "new" draft resumes the first
      const live = await repo.latestLive(this.d.db, userId, input.kind, programmeId);
      if (live && live.status !== 'draft') throw new AppError(Code.ALREADY_APPLIED, s.draftLiveExists);
      existing = live;
    }
    const data = await this.merge(spec, userId, programmeId, existing ? this.storedData(existing) : {}, input.data);
    if (Buffer.byteLength(JSON.stringify(data)) > MAX_DRAFT_BYTES) throw new AppError(Code.BAD_REQUEST, s.draftTooLarge);
    const now = isoAt(this.d.clock());

    if (existing) {
      const target = existing;
      const version = await repo.guardedUpdate(
        this.d.db,
        { id: target.id, userId, from: ['draft'] },
        { ...contentColumns(spec, this.d.cipher, target.id, data), updated_at: now },
      );
      if (version === null) throw new AppError(Code.APPLICATION_STATE, s.draftOnly);
      return { id: target.id, version, savedAt: now };
    }

    if (Object.keys(data).length === 0) throw new AppError(Code.BAD_REQUEST, s.draftEmpty);
    const id = newRowId();
    try {
      await this.d.db.transaction().execute(async (trx) => {
        await repo.insert(trx, {
          id,
          kind: input.kind,
          user_id: userId,
          programme_id: programmeId,
          status: 'draft',
          version: 1,
          ...contentColumns(spec, this.d.cipher, id, data),
          reason: null,
          submitted_at: null,
          decided_at: null,
          created_at: now,
          updated_at: now,
        });
        await recordTransition(this.d.audit, trx, {
          actorId: userId,
          action: 'application.create',
          applicationId: id,
          before: null,
          after: { status: 'draft', version: 1 },
        });
      });
    } catch (err) {
      // a concurrent first save of the same kind won
      if (isUniqueViolation(err)) throw new AppError(Code.CONFLICT, s.versionConflict);
      throw err;
    }
    return { id, version: 1, savedAt: now };
  }

  /** The draft to resume: the given one, or the user's latest of the kind (in the current programme). */
  async get(auth: AuthContext, input: { kind: ApplicationKind; id?: string }): Promise<DraftContent | null> {
    const spec = kindSpecs[input.kind];
    const userId = auth.user.id;
    let row: ApplicationRow | undefined;
    if (input.id) {
      row = await repo.findOwned(this.d.db, input.id, userId);
      if (!row || row.kind !== input.kind) throw notFound();
    } else {
      const current = spec.inProgramme ? await this.d.programme.current() : null;
      if (spec.inProgramme && !current) return null;
      row = await repo.latestDraft(this.d.db, userId, input.kind, current?.programme.id ?? null);
    }
    if (!row || row.status !== 'draft') return null;
    return { id: row.id, version: row.version, data: this.storedData(row), savedAt: row.updated_at };
  }
}
