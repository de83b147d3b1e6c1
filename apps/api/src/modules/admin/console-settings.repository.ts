import type { Kysely } from 'kysely';
import { type ApplicationKind, applicationKinds, reviewLimits } from '@qgw/contracts';
import { isoAt } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { programmeRepository } from '../programme/programme.module.js';

/**
 * The 评选设置 are a season's (table programme_settings), one JSON value per key; a few console-wide
 * values (the rubric save lock) stay in console_settings. Read them through the typed helpers
 * below, which answer the default when nothing was ever set. Without a season id they read the
 * current season's (seasonless kinds such as membership follow the current season's settings).
 */

export const settingKeys = {
  /** boolean: reviewers see no applicant name, mobile or organisation (every kind) */
  blindReview: 'blind_review',
  /** {kind: n}: completed reviews an approve or reject needs before it may be staged */
  minReviews: 'min_reviews',
  /** {kind: n}: reviewers each application should have; fewer shows as a coverage warning */
  targetReviewers: 'target_reviewers',
  /** {kind: n}: places awarded, the ranking's cut line (0 = none) */
  quota: 'quota',
} as const;

/** The 评选设置 held per kind, each with its default from the contract's reviewLimits. */
export const perKindSettings = ['minReviews', 'targetReviewers', 'quota'] as const;
export type PerKindSetting = (typeof perKindSettings)[number];

/** The season a read or write is about: the one given, else the current one (null: there is none). */
export async function seasonOf(db: Kysely<Database>, programmeId?: string | null): Promise<string | null> {
  if (programmeId) return programmeId;
  return (await programmeRepository.current(db))?.id ?? null;
}

async function read<T>(db: Kysely<Database>, key: string, fallback: T, programmeId?: string | null): Promise<T> {
  const season = await seasonOf(db, programmeId);
  if (!season) return fallback;
  const row = await db
    .selectFrom('programme_settings')
    .select('value_json')
    .where('programme_id', '=', season)
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? (JSON.parse(row.value_json) as T) : fallback;
}

/** Sets a season's value (insert or replace); pass the transaction so it commits with its audit entry. */
export async function writeSeasonSetting(
  db: Kysely<Database>, programmeId: string, key: string, value: unknown, actorId: string | null, nowMs: number,
) {
  const row = { value_json: JSON.stringify(value), updated_at: isoAt(nowMs), updated_by: actorId };
  await db
    .insertInto('programme_settings')
    .values({ programme_id: programmeId, key, ...row })
    .onConflict((oc) => oc.columns(['programme_id', 'key']).doUpdateSet(row))
    .execute();
}

/** Every setting a season holds, to copy into the next one. */
export function seasonSettingRows(db: Kysely<Database>, programmeId: string) {
  return db.selectFrom('programme_settings').selectAll().where('programme_id', '=', programmeId).execute();
}

/** Sets a console-wide value (insert or replace); pass the transaction so it commits with its audit entry. */
export async function writeSetting(db: Kysely<Database>, key: string, value: unknown, actorId: string | null, nowMs: number) {
  const row = { value_json: JSON.stringify(value), updated_at: isoAt(nowMs), updated_by: actorId };
  await db
    .insertInto('console_settings')
    .values({ key, ...row })
    .onConflict((oc) => oc.column('key').doUpdateSet(row))
    .execute();
}

/** Blind review: when on, reviewers get no applicant name, mobile or organisation. Off unless set. */
export async function isBlindReview(db: Kysely<Database>, programmeId?: string | null): Promise<boolean> {
  return (await read<unknown>(db, settingKeys.blindReview, false, programmeId)) === true;
}

/** A per-kind setting, every kind present: unset or unreadable kinds take the contract's default. */
export async function perKindSetting(
  db: Kysely<Database>, setting: PerKindSetting, programmeId?: string | null,
): Promise<Record<ApplicationKind, number>> {
  const stored = await read<Partial<Record<string, unknown>>>(db, settingKeys[setting], {}, programmeId);
  const out = {} as Record<ApplicationKind, number>;
  for (const k of applicationKinds) {
    const v = stored[k];
    out[k] = typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : reviewLimits[setting].default;
  }
  return out;
}

/** Per kind, the completed reviews an approve or reject needs before staging; unset kinds take the default. */
export const minReviewsByKind = (db: Kysely<Database>, programmeId?: string | null) => perKindSetting(db, 'minReviews', programmeId);
/** Per kind, the reviewers each application should have (coverage). */
export const targetReviewersByKind = (db: Kysely<Database>, programmeId?: string | null) => perKindSetting(db, 'targetReviewers', programmeId);
/** Per kind, the places awarded: the ranking's cut line (0 = none). */
export const quotaByKind = (db: Kysely<Database>, programmeId?: string | null) => perKindSetting(db, 'quota', programmeId);
