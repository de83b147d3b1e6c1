import type { Kysely } from 'kysely';
import { Code } from '@qgw/contracts';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import type { AuthContext } from '../accounts/accounts.module.js';
import { isBlindReview } from '../admin/admin.module.js';
import { reviewStrings as s } from './review.strings.js';

/** Who is calling a console route, as the review rules see it: an admin sees everything. */
export interface ConsoleActor {
  id: string;
  nickname: string;
  isAdmin: boolean;
}

export const actorOf = (auth: AuthContext): ConsoleActor => ({
  id: auth.user.id,
  nickname: auth.user.nickname,
  isAdmin: auth.user.roles.includes('admin'),
});

/**
 * A reviewer asking about an application not assigned to them. HTTP 403 (a permission, not a
 * business outcome), with its own code so the console can say why.
 */
export const notAssigned = () => new AppError(Code.NOT_ASSIGNED, s.notAssigned, 403);
export const notFound = () => new AppError(Code.NOT_FOUND, s.notFound);

/**
 * Whether this caller is kept blind (the season's blind-review switch: the application's season, else
 * the current one; admins always see who applied).
 */
export async function blindFor(db: Kysely<Database>, actor: ConsoleActor, programmeId?: string | null): Promise<boolean> {
  return !actor.isAdmin && (await isBlindReview(db, programmeId));
}

/**
 * Organisation names compared for conflicts of interest: width, case and spacing do not make two
 * organisations different (全角/半角, "ABC Ltd" / "abc  ltd").
 */
export const normalizeOrganization = (name: string): string => name.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
