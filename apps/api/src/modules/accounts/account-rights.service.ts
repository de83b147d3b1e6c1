import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  accountClosingPolicy,
  beijingCompactDate,
  Code,
  type CloseAccountRequest,
  type CloseAccountResponse,
  type MyDataExport,
} from '@qgw/contracts';
import { type Clock, isoAt } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { httpStrings } from '../../plugins/http.strings.js';
import type { AuditRepository } from '../audit/audit.module.js';
import type { FileStorage } from '../files/files.module.js';
import { removeQuietly } from '../files/files.module.js';
import type { IdNumberCipher } from '../applications/applications.module.js';
import type { ApplicationsService } from '../applications/applications.module.js';
import type { SmsCodeService } from '../sms/sms.module.js';
import type { AccountsService } from './accounts.service.js';
import { accountsRepository as users } from './accounts.repository.js';
import { accountRightsRepository as repo } from './account-rights.repository.js';
import { accountStrings as s } from './accounts.strings.js';
import type { AvatarStore } from './avatars.js';
import type { AuthContext, SessionService } from './sessions.js';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** How often closed accounts past their grace period are looked for. */
export const ERASURE_SWEEP_EVERY_MS = 60 * 60 * 1000;
/** Form fields a decided application keeps after its applicant's erasure: what statistics need, nothing personal. */
const KEPT_FORM_FIELDS = ['themeId', 'category'] as const;

export interface AccountRightsDeps {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditRepository;
  sessions: Pick<SessionService, 'revokeAll'>;
  accounts: Pick<AccountsService, 'confirmPassword'>;
  smsCodes: Pick<SmsCodeService, 'consume'>;
  applications: Pick<ApplicationsService, 'withdrawAllPending'>;
  cipher: IdNumberCipher;
  storage: FileStorage;
  avatars: AvatarStore;
  log: FastifyBaseLogger;
}

const isLastAdmin = (admins: readonly string[], userId: string) => admins.length === 1 && admins[0] === userId;

export interface ExportFile {
  filename: string;
  body: string;
}

/**
 * Personal-data rights (docs/security.md "Data export and account closing"): a copy of everything
 * the platform holds about the signed-in person, closing the account (pending applications
 * withdrawn, sessions ended, signing in refused at once), and the erasure of a closed account's
 * personal data once its grace period has run out. Cancelling a closing is a login
 * (LoginService.cancelCloseAccount).
 */
export class AccountRightsService {
  constructor(private readonly d: AccountRightsDeps) {}

  private async loadUser(auth: AuthContext) {
    const user = await users.findById(this.d.db, auth.user.id);
    if (!user) throw new AppError(Code.UNAUTHORIZED, httpStrings.unauthorized, 401);
    return user;
  }

  /** GET /v1/exportMyData: the owner's own data, the mobile and ID numbers in full. */
  async exportMyData(auth: AuthContext): Promise<ExportFile> {
    const { db } = this.d;
    const user = await this.loadUser(auth);
    const [roles, bindings, apps, files, notifications, logins, sessions] = await Promise.all([
      users.rolesOf(db, user.id),
      repo.bindingsOf(db, user.id),
      repo.applicationsOf(db, user.id),
      repo.filesOf(db, user.id),
      repo.notificationsOf(db, user.id),
      repo.loginsOf(db, user.id, 1000),
      repo.sessionsOf(db, user.id),
    ]);
    const now = this.d.clock();
    const doc: MyDataExport = {
      format: 'qgw-my-data',
      version: 1,
      exportedAt: isoAt(now),
      profile: {
        id: user.id,
        mobile: user.mobile,
        nickname: user.nickname,
        avatar: user.avatar,
        createdAt: user.created_at,
        updatedAt: user.updated_at,
        wechatOpenids: bindings.map((b) => ({ appid: b.appid, openid: b.openid, boundAt: b.created_at })),
      },
      roles,
      applications: apps.map((a) => {
        const data = JSON.parse(a.data_json) as Record<string, unknown>;
        if (a.id_number_enc) {
          try {
            data.idNumber = this.d.cipher.decrypt(a.id_number_enc, a.id);
          } catch (err) {
            this.d.log.error({ applicationId: a.id, err: { message: (err as Error).message } }, 'ID number could not be decrypted for an export');
          }
        }
        return {
          id: a.id,
          kind: a.kind,
          status: a.status,
          title: a.title,
          programmeId: a.programme_id,
          data,
          reason: a.reason,
          submittedAt: a.submitted_at,
          decidedAt: a.decided_at,
          createdAt: a.created_at,
          updatedAt: a.updated_at,
        };
      }),
      files: files.map((f) => ({
        id: f.id,
        kind: f.kind,
        purpose: f.purpose,
        mime: f.mime,
        size: Number(f.size),
        uploadedAt: f.completed_at ?? f.created_at,
        applicationId: f.application_id,
      })),
      notifications: notifications.map((n) => ({
        id: n.id,
        applicationId: n.application_id,
        title: n.title,
        body: n.body,
        createdAt: n.created_at,
        readAt: n.read_at,
      })),
      loginHistory: logins.map((l) => ({ at: l.created_at, method: l.after_json?.includes('"sms"') ? ('sms' as const) : ('password' as const) })),
      sessions: sessions.map((x) => ({ createdAt: x.created_at, lastUsedAt: x.last_used_at, expiresAt: x.expires_at, endedAt: x.revoked_at })),
    };
    await this.d.audit.record({ actorId: user.id, action: 'user.export_data', entity: 'user', entityId: user.id });
    return { filename: s.exportFilename(beijingCompactDate(now)), body: JSON.stringify(doc, null, 2) };
  }

  /**
   * POST /v1/closeAccount: confirmed with the password (wrong guesses count towards the account's
   * lock, as for a password change) or a `closeAccount` code sent to the account's mobile. In one
   * transaction: pending applications withdrawn, every session ended, the account closed with its
   * erasure date, audited. The last active admin cannot close their account.
   */
  async closeAccount(auth: AuthContext, input: CloseAccountRequest): Promise<CloseAccountResponse> {
    const user = await this.loadUser(auth);
    // said before the password or code is asked for (and checked again, rows held, below)
    if (isLastAdmin(await repo.activeAdminIds(this.d.db), user.id)) throw new AppError(Code.SELF_CHANGE_REFUSED, s.lastAdmin);
    if (input.password !== undefined) await this.d.accounts.confirmPassword(user, input.password);
    else if (input.smsCode !== undefined) await this.d.smsCodes.consume(user.mobile, 'closeAccount', input.smsCode);
    const now = this.d.clock();
    const closedAt = isoAt(now);
    const eraseAfter = isoAt(now + accountClosingPolicy.graceDays * DAY_MS);
    return this.d.db.transaction().execute(async (trx) => {
      const admins = await repo.holdActiveAdmins(trx);
      if (isLastAdmin(admins, user.id)) throw new AppError(Code.SELF_CHANGE_REFUSED, s.lastAdmin);
      if (!(await repo.close(trx, user.id, closedAt, eraseAfter))) throw new AppError(Code.UNAUTHORIZED, httpStrings.unauthorized, 401);
      const withdrawn = await this.d.applications.withdrawAllPending(trx, user.id, s.closeWithdrawReason);
      const revoked = await this.d.sessions.revokeAll(user.id, trx);
      await this.d.audit.record(
        {
          actorId: user.id,
          action: 'user.close',
          entity: 'user',
          entityId: user.id,
          before: { status: user.status },
          after: { status: 'disabled', closedAt, eraseAfter, sessionsRevoked: revoked, applicationsWithdrawn: withdrawn },
        },
        trx,
      );
      return { closedAt, eraseAfter, withdrawn: withdrawn.length };
    });
  }

  /**
   * Erases every closed account whose grace period has run out (the periodic sweep; tests run it
   * once). Idempotent: an erased account is never picked again, and running it twice changes nothing.
   * Answers how many accounts were erased.
   */
  async eraseDue(): Promise<number> {
    const now = isoAt(this.d.clock());
    let erased = 0;
    for (const id of await repo.dueForErasure(this.d.db, now)) {
      if (await this.erase(id, now)) erased++;
    }
    return erased;
  }

  /**
   * One account: drafts, uploads (rows and bytes), avatar, notifications, sessions, WeChat bindings,
   * second factor, roles, reviewer profile and review drafts go; applications that were submitted keep a row with
   * the personal fields stripped (kind, programme, theme, status, dates, reviews and decision stay
   * for the committee's statistics and audit); the account row stays with a tombstone mobile so that
   * the mobile may register again and the audit trail's ids still resolve.
   */
  private async erase(userId: string, now: string): Promise<boolean> {
    const done = await this.d.db.transaction().execute(async (trx) => {
      const user = await repo.holdDue(trx, userId, now);
      if (!user) return null;
      const files = await repo.filesOf(trx, userId);
      await repo.deleteFiles(trx, userId);
      const drafts = await repo.deleteDrafts(trx, userId);
      const kept = await repo.applicationsOf(trx, userId);
      for (const a of kept) {
        const data = JSON.parse(a.data_json) as Record<string, unknown>;
        const stripped = Object.fromEntries(KEPT_FORM_FIELDS.filter((k) => data[k] !== undefined).map((k) => [k, data[k]]));
        await repo.anonymiseApplication(trx, a.id, JSON.stringify(stripped), s.erasedTitle);
      }
      const notifications = await repo.deleteNotifications(trx, userId);
      await repo.deleteAccountData(trx, userId);
      await repo.tombstone(trx, userId, s.erasedNickname, now);
      await this.d.audit.record(
        {
          actorId: null,
          action: 'user.erase',
          entity: 'user',
          entityId: userId,
          after: { files: files.length, drafts, applicationsAnonymised: kept.length, notifications },
        },
        trx,
      );
      return { avatar: user.avatar, files };
    });
    if (!done) return false;
    // the bytes go once the rows are gone: a failure leaves an orphan the upload sweep finds, never a row without its file
    for (const f of done.files) {
      try {
        const path = this.d.storage.pathOf(f.storage_key);
        await removeQuietly(path);
        if (f.status === 'uploading') await removeQuietly(`${path}.json`);
      } catch (err) {
        this.d.log.error({ err, fileId: f.id }, 'could not remove an erased account’s file');
      }
    }
    if (done.avatar) {
      const name = this.d.avatars.nameFromUrl(done.avatar);
      if (name) await this.d.avatars.remove(name);
    }
    return true;
  }
}
