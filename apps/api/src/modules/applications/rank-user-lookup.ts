import type { Kysely } from 'kysely';
import { type ApplicationSummary, Code, type CodeValue, type GetRankUserRequest, lookupCodeOfStatus } from '@qgw/contracts';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { accountsRepository } from '../accounts/accounts.module.js';
import type { AuthContext } from '../accounts/accounts.module.js';
import { holdsConsoleRole } from '../console-access/console-access.module.js';
import { type ApplicationRow, applicationsRepository as repo } from './applications.repository.js';
import type { MyApplicationsService } from './my-applications.service.js';
import { applicationStrings as s } from './applications.strings.js';
import { toSummary, toView } from './views.js';

export interface LookupAnswer {
  code: CodeValue;
  message: unknown;
}

/**
 * The review console's rules for a reviewer or admin looking up someone else (review/others-lookup.ts,
 * wired in app.ts), so that this module stays free of the console's.
 */
export interface OthersLookupRules {
  /** Before anything is read: refuses a session that has not passed the console's second factor. */
  assertVerified(auth: AuthContext): Promise<void>;
  /**
   * Throws unless the caller may see this application (null: the mobile has none, or is not
   * registered), and records the look-up. Nobody kept blind gets past it.
   */
  admit(auth: AuthContext, row: ApplicationRow | null, registered: boolean): Promise<void>;
  /** The form data as the console shows it (personal data masked). */
  shownData(data: Record<string, unknown>): Record<string, unknown>;
}

/**
 * getRankUserInfo (docs/requirements.md#rank-user-lookup, docs/requirements.md#lookup-codes).
 * type=check answers with the code the client routes by:
 *   none / only a draft      → success 9001 (null, or the draft's summary)
 *   submitted / under review → success 9002 (the summary)
 *   approved                 → success 0 {rankUser, postList}
 *   rejected / returned      → failure 9000, message = the reviewer's reason
 * type=info answers {rankUser} with the latest application or null. Applicants may only look up
 * their own mobile (checked before anything is read, so the answer reveals nothing about other
 * mobiles); reviewers and admins may look up others under the review console's rules
 * (OthersLookupRules): past the second factor, reviewers only what is assigned to them, personal
 * data as the console shows it, drafts never, and each look-up audited.
 */
export class RankUserLookup {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly applications: Pick<MyApplicationsService, 'allOf' | 'view'>,
    private readonly others: OthersLookupRules,
  ) {}

  async lookup(auth: AuthContext, q: GetRankUserRequest): Promise<LookupAnswer> {
    if (q.mobile === auth.user.mobile) return this.own(auth, q.type);
    if (!holdsConsoleRole(auth)) throw new AppError(Code.FORBIDDEN, s.lookupForbidden);
    return this.someoneElse(auth, q);
  }

  private async own(auth: AuthContext, type: GetRankUserRequest['type']): Promise<LookupAnswer> {
    const userId = auth.user.id;
    const row = await repo.latestLive(this.db, userId, 'rank_user');
    const view = () => toView(this.db, this.applications.view, row!, userId);
    if (type === 'info') return { code: Code.OK, message: { rankUser: row ? await view() : null } };
    if (!row) return { code: Code.NO_APPLICATION, message: null };
    return this.answerByStatus(row, toSummary(row), async () => ({ rankUser: await view(), postList: await this.applications.allOf(userId) }));
  }

  private async someoneElse(auth: AuthContext, q: GetRankUserRequest): Promise<LookupAnswer> {
    await this.others.assertVerified(auth);
    const user = await accountsRepository.findByMobile(this.db, q.mobile);
    const live = user ? await repo.latestLive(this.db, user.id, 'rank_user') : undefined;
    // someone else's draft is theirs alone: it reads as no application
    const row = live && live.status !== 'draft' ? live : null;
    await this.others.admit(auth, row, Boolean(user));
    if (!row) return q.type === 'info' ? { code: Code.OK, message: { rankUser: null } } : { code: Code.NO_APPLICATION, message: null };
    const summary = toSummary(row);
    const view = async () => {
      const v = await toView(this.db, this.applications.view, row, auth.user.id);
      return { ...v, data: this.others.shownData(v.data) };
    };
    if (q.type === 'info') return { code: Code.OK, message: { rankUser: await view() } };
    // the console's view of this one application; the applicant's other entries are not the caller's to list
    return this.answerByStatus(row, summary, async () => ({ rankUser: await view(), postList: [summary] }));
  }

  /** The answer for the application's look-up code (contracts' lookupCodeOfStatus, the one map). */
  private async answerByStatus(row: ApplicationRow, summary: ApplicationSummary, approved: () => Promise<unknown>): Promise<LookupAnswer> {
    const code = lookupCodeOfStatus(row.status);
    switch (code) {
      case Code.OK:
        return { code, message: await approved() };
      case Code.APPLY_REJECTED:
        throw new AppError(code, row.reason?.trim() || s.rejectedNoReason);
      case Code.UNDER_REVIEW:
        return { code, message: summary };
      default:
        // a draft answers with its summary; withdrawn rows are never the latest live one
        return { code, message: row.status === 'draft' ? summary : null };
    }
  }
}
