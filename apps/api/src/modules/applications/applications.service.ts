import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  type ApplicationKind,
  applicantTransitions,
  Code,
  editableStatuses,
  type ProgrammePhase,
  resubmitPhases,
  type SubmitResponse,
  submitPhases,
} from '@qgw/contracts';
import { type Clock, isoAt } from '../../clock.js';
import { isUniqueViolation } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import type { AuthContext } from '../accounts/accounts.module.js';
import type { AuditRepository } from '../audit/audit.module.js';
import { type ProgrammeRow, type ProgrammeService } from '../programme/programme.module.js';
import { type ApplicationRow, applicationsRepository as repo } from './applications.repository.js';
import { applicationStrings as s } from './applications.strings.js';
import { assertChoices, type ChoicesPort } from './choices.js';
import type { FilesPort } from './files-port.js';
import type { IdNumberCipher } from './id-number-cipher.js';
import { fileIdsOf, type FormData, type KindSpec, kindSpecs } from './kinds.js';
import { contentColumns, recordTransition, transitionEntry } from './records.js';
import { filesFellShort, submissionRepository as submissions } from './submission.repository.js';
import type { ViewDeps } from './views.js';
import { newRowId } from '../../db/row-id.js';

export interface ApplicationsDeps {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditRepository;
  cipher: IdNumberCipher;
  files: FilesPort;
  programme: ProgrammeService;
  log: FastifyBaseLogger;
  choices: ChoicesPort;
}


/** What closing an account withdraws: everything not yet decided and not a draft. */
const closingWithdraws = ['submitted', 'under_review', 'returned'] as const;

export const notFound = () => new AppError(Code.NOT_FOUND, s.notFound);
export const conflict = () => new AppError(Code.CONFLICT, s.versionConflict);

/** The application, if it is this user's and of this kind; anything else reads as not found. */
export async function ownedOfKind(db: Kysely<Database>, id: string, userId: string, kind: ApplicationKind): Promise<ApplicationRow> {
  const row = await repo.findOwned(db, id, userId);
  if (!row || row.kind !== kind) throw notFound();
  return row;
}

/**
 * The applicant's side of the lifecycle (docs/requirements.md#lifecycle,
 * docs/decisions/0004-applications-lifecycle.md):
 * submit (possibly promoting a draft), update while draft or returned, withdraw before a decision
 * (reading them back is my-applications.service.ts). Status, score and reviewer never come from a
 * request: the schemas drop such fields and nothing here reads them. Every transition is audited in
 * the same transaction as the change.
 */
export class ApplicationsService {
  readonly view: ViewDeps;

  constructor(private readonly d: ApplicationsDeps) {
    this.view = { cipher: d.cipher, files: d.files, log: d.log };
  }

  private now() {
    return isoAt(this.d.clock());
  }

  /** The current programme for programme kinds (after checking its phase), null for membership. */
  private async programmeFor(spec: KindSpec, phases: readonly ProgrammePhase[]): Promise<ProgrammeRow | null> {
    if (!spec.inProgramme) return null;
    const { programme, phase } = await this.d.programme.requireCurrent();
    this.d.programme.assertPhase(phase, phases);
    return programme;
  }

  /** A person entry's applicant must be in the programme's age range (by the ID number). */
  private checkAge(spec: KindSpec, programme: ProgrammeRow | null, data: FormData) {
    if (spec.ageChecked && programme) this.d.programme.assertAgeEligible(programme, data.idNumber);
  }

  /** A work's theme must be one of its programme's. (Files are checked as they are attached, in the transaction.) */
  private async checkTheme(spec: KindSpec, programmeId: string | null, data: FormData) {
    if (spec.kind === 'work' && programmeId && typeof data.themeId === 'string') {
      await this.d.programme.assertActiveTheme(programmeId, data.themeId);
    }
  }

  /**
   * Submits a complete form. With `draftId` (or, for kinds held once per programme, when a draft
   * exists) the draft becomes the submission; otherwise a new application is created. Two
   * concurrent submissions of one draft: the guarded UPDATE lets exactly one through. Two
   * concurrent first submissions: the partial unique index lets exactly one through.
   *
   * For kinds held once, the first attempt inserts without looking for a live application first:
   * the unique index refuses the insert when there is one, and only then a second attempt looks it
   * up, to promote a draft or to refuse. A first submission (the usual case) so runs one statement
   * fewer (docs/decisions/0015-fewer-statements-per-submission.md).
   */
  async submit(auth: AuthContext, kind: ApplicationKind, body: FormData & { draftId?: string }): Promise<SubmitResponse> {
    const spec = kindSpecs[kind];
    const { draftId, ...data } = body;
    const userId = auth.user.id;
    const programme = await this.programmeFor(spec, submitPhases);
    const programmeId = programme?.id ?? null;
    this.checkAge(spec, programme, data);
    await this.checkTheme(spec, programmeId, data);
    await assertChoices(spec, data, this.d.choices);
    const now = this.now();
    const submitted = { actorId: userId, action: 'application.submit' };
    const attempt = (lookForLive: boolean) =>
      this.d.db.transaction().execute(async (trx) => {
        let target: ApplicationRow | undefined;
        if (draftId) {
          target = await ownedOfKind(trx, draftId, userId, kind);
          if (target.programme_id !== programmeId) throw notFound();
          if (target.status !== 'draft') throw new AppError(Code.APPLICATION_STATE, s.alreadySubmitted);
        } else if (lookForLive) {
          target = await repo.latestLive(trx, userId, kind, programmeId);
          if (target && target.status !== 'draft') throw new AppError(Code.ALREADY_APPLIED, s.alreadyApplied);
        }
        const id = target?.id ?? newRowId();
        const content = contentColumns(spec, this.d.cipher, id, data);
        let version: number;
        if (target) {
          const v = await repo.guardedUpdate(
            trx,
            { id, userId, from: ['draft'], version: target.version },
            { ...content, status: 'submitted', reason: null, submitted_at: now, updated_at: now },
          );
          if (v === null) throw conflict();
          version = v;
        } else {
          version = 1;
          const row: ApplicationRow = {
            id,
            kind,
            user_id: userId,
            programme_id: programmeId,
            status: 'submitted',
            version,
            ...content,
            reason: null,
            submitted_at: now,
            decided_at: null,
            created_at: now,
            updated_at: now,
          };
          await repo.insert(trx, row);
        }
        await this.d.files.attachOwnedFiles(trx, userId, fileIdsOf(spec, data), id);
        await recordTransition(this.d.audit, trx, {
          ...submitted,
          applicationId: id,
          before: target ? { status: 'draft', version: target.version } : null,
          after: { status: 'submitted', version },
        });
        return { id, status: 'submitted' as const, version };
      });
    try {
      try {
        if (!draftId) {
          const written = await this.submitInOneStatement(spec, kind, userId, programmeId, data, now);
          if (written) return written;
        }
        return await attempt(false);
      } catch (err) {
        if (draftId || spec.several || !isUniqueViolation(err)) throw err;
      }
      // this user has a live application of the kind: promote it if it is a draft, refuse otherwise
      return await attempt(true);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(Code.ALREADY_APPLIED, s.alreadyApplied);
      throw err;
    }
  }

  /**
   * PostgreSQL, a new application: the row, its files and its audit entry in one statement with no
   * transaction around it (decisions 0026 and 0028); undefined where that does not apply (SQLite, a
   * malformed file id), for the transaction's path. A unique violation is thrown as the INSERT's
   * would be; files that fell short are refused with the files module's error, and nothing is written.
   */
  private async submitInOneStatement(
    spec: KindSpec, kind: ApplicationKind, userId: string, programmeId: string | null, data: FormData, now: string,
  ): Promise<SubmitResponse | undefined> {
    const links = this.d.files.fileLinks(fileIdsOf(spec, data));
    if (!links || !submissions.writesInOneStatement(this.d.db)) return undefined;
    const id = newRowId();
    const row: ApplicationRow = {
      id, kind, user_id: userId, programme_id: programmeId, status: 'submitted', version: 1,
      ...contentColumns(spec, this.d.cipher, id, data),
      reason: null, submitted_at: now, decided_at: null, created_at: now, updated_at: now,
    };
    const audit = this.d.audit.rowOf(transitionEntry({
      actorId: userId, action: 'application.submit', applicationId: id, before: null, after: { status: 'submitted', version: 1 },
    }));
    try {
      await submissions.insertLinkedAudited(this.d.db, row, links, audit);
    } catch (err) {
      // every file counted as missing: the check says which of them it was not told
      if (filesFellShort(err)) this.d.files.assertAllLinked(links, { image: -1, video: -1 });
      throw err;
    }
    return { id, status: 'submitted', version: 1 };
  }

  /** Replaces the content of a draft or returned application and submits it, at the version the client read. */
  async update(
    auth: AuthContext,
    kind: ApplicationKind,
    body: FormData & { id: string; version: number },
  ): Promise<SubmitResponse> {
    const spec = kindSpecs[kind];
    const { id, version: expected, ...data } = body;
    const userId = auth.user.id;
    const row = await ownedOfKind(this.d.db, id, userId, kind);
    if (!editableStatuses.includes(row.status)) throw new AppError(Code.APPLICATION_STATE, s.notEditable);
    if (row.version !== expected) throw conflict();
    if (row.programme_id) {
      const { programme, phase } = await this.d.programme.requireById(row.programme_id);
      this.d.programme.assertPhase(phase, row.status === 'returned' ? resubmitPhases : submitPhases);
      this.checkAge(spec, programme, data);
    }
    await this.checkTheme(spec, row.programme_id, data);
    await assertChoices(spec, data, this.d.choices);
    const now = this.now();
    return this.d.db.transaction().execute(async (trx) => {
      const version = await repo.guardedUpdate(
        trx,
        { id, userId, from: editableStatuses, version: expected },
        { ...contentColumns(spec, this.d.cipher, id, data), status: 'submitted', reason: null, submitted_at: now, updated_at: now },
      );
      if (version === null) throw conflict();
      await this.d.files.attachOwnedFiles(trx, userId, fileIdsOf(spec, data), id);
      await recordTransition(this.d.audit, trx, {
        actorId: userId,
        action: row.status === 'returned' ? 'application.resubmit' : 'application.submit',
        applicationId: id,
        before: { status: row.status, version: row.version },
        after: { status: 'submitted', version },
      });
      return { id, status: 'submitted' as const, version };
    });
  }

  /** Withdraws with a reason, from draft, submitted or under review; decided applications stay as they are. */
  async withdraw(auth: AuthContext, input: { id: string; reason: string }): Promise<SubmitResponse> {
    const userId = auth.user.id;
    const row = await repo.findOwned(this.d.db, input.id, userId);
    if (!row) throw notFound();
    if (!applicantTransitions[row.status].includes('withdrawn')) throw new AppError(Code.APPLICATION_STATE, s.notWithdrawable);
    const now = this.now();
    return this.d.db.transaction().execute(async (trx) => {
      const version = await this.withdrawRow(trx, row, userId, input.reason, now);
      return { id: row.id, status: 'withdrawn' as const, version };
    });
  }

  /**
   * One withdrawal inside the caller's transaction: the guarded update (CONFLICT if the row moved
   * on), its staged decision dropped, the transition audited. Answers the new version.
   */
  private async withdrawRow(
    trx: Kysely<Database>,
    row: Pick<ApplicationRow, 'id' | 'status' | 'version'>,
    userId: string,
    reason: string,
    now: string,
  ): Promise<number> {
    const version = await repo.guardedUpdate(
      trx,
      { id: row.id, userId, from: [row.status], version: row.version },
      { status: 'withdrawn', updated_at: now },
    );
    if (version === null) throw conflict();
    const stagedDropped = await repo.dropStagedDecision(trx, row.id);
    await recordTransition(this.d.audit, trx, {
      actorId: userId,
      action: 'application.withdraw',
      applicationId: row.id,
      before: { status: row.status, version: row.version },
      after: { status: 'withdrawn', version, ...(stagedDropped ? { stagedDecisionDropped: true } : {}) },
      note: reason,
    });
    return version;
  }

  /**
   * Closing an account (account-rights.service.ts): every application still waiting for a decision
   * (submitted, under review, returned for changes) is withdrawn, inside the caller's transaction,
   * exactly as the applicant's own withdrawal does it (guarded update, staged decision dropped, the
   * transition audited), so that reviewers and admins see an ordinary withdrawal. Drafts stay until
   * the erasure; decided applications are left as they are. Answers the ids withdrawn.
   */
  async withdrawAllPending(trx: Kysely<Database>, userId: string, reason: string): Promise<string[]> {
    const pending = await repo.ofUserIn(trx, userId, closingWithdraws);
    const now = this.now();
    const withdrawn: string[] = [];
    for (const row of pending) {
      await this.withdrawRow(trx, row, userId, reason, now);
      withdrawn.push(row.id);
    }
    return withdrawn;
  }
}
