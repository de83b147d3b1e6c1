import type { Kysely } from 'kysely';
import { type ApplicationKind, applicationKinds, reviewLimits } from '@qgw/contracts';
import { isoAt } from '../../clock.js';
import type { Database } from '../../db/schema.js';

/**
 * Console-wide settings, one JSON value per key. Read them through the typed helpers below, which
 * answer the default when nothing was ever set.
 */

export const settingKeys = {
  /** boolean: reviewers see no applicant name, mobile or organisation (every kind) */
  blindReview: 'blind_review',
  /** {kind: n}: completed reviews an approve or reject needs before it may be staged */
  minReviews: 'min_reviews',
} as const;

async function read<T>(db: Kysely<Database>, key: string, fallback: T): Promise<T> {
  const row = await db.selectFrom('console_settings').select('value_json').where('key', '=', key).executeTakeFirst();
  return row ? (JSON.parse(row.value_json) as T) : fallback;
}

/** Sets a value (insert or replace); pass the transaction so it commits with its audit entry. */
export async function writeSetting(db: Kysely<Database>, key: string, value: unknown, actorId: string | null, nowMs: number) {
  const row = { value_json: JSON.stringify(value), updated_at: isoAt(nowMs), updated_by: actorId };
  await db
    .insertInto('console_settings')
    .values({ key, ...row })
    .onConflict((oc) => oc.column('key').doUpdateSet(row))
    .execute();
}

/** Blind review: when on, reviewers get no applicant name, mobile or organisation. Off unless set. */
export async function isBlindReview(db: Kysely<Database>): Promise<boolean> {
  return (await read<unknown>(db, settingKeys.blindReview, false)) === true;
}

/** Per kind, the completed reviews an approve or reject needs before staging; unset kinds take the default. */
export async function minReviewsByKind(db: Kysely<Database>): Promise<Record<ApplicationKind, number>> {
  const stored = await read<Partial<Record<string, unknown>>>(db, settingKeys.minReviews, {});
  const out = {} as Record<ApplicationKind, number>;
  for (const k of applicationKinds) {
    const v = stored[k];
    out[k] = typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : reviewLimits.minReviews.default;
  }
  return out;
}
