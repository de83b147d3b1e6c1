import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { Code } from '@qgw/contracts';
import { AppError } from '../../plugins/errors.js';
import { adminStrings as s } from './admin.strings.js';

/**
 * Keyset pagination over (created_at desc, id desc): a page ends at its last row's key and the next
 * starts strictly after it, so rows added meanwhile neither repeat nor vanish, and every page costs
 * one index range scan however deep. The cursor is opaque: base64url JSON of [tag, createdAt, id].
 */

export interface NewestFirstKey {
  createdAt: string;
  id: string;
}

export function encodeCursor(tag: string, key: NewestFirstKey): string {
  return Buffer.from(JSON.stringify([tag, key.createdAt, key.id]), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string, tag: string): NewestFirstKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || parsed[0] !== tag) throw invalid();
  const [, createdAt, id] = parsed as unknown[];
  if (typeof createdAt !== 'string' || typeof id !== 'string' || createdAt.length > 40 || id.length > 64) throw invalid();
  return { createdAt, id };
}

const invalid = () => new AppError(Code.BAD_REQUEST, s.cursorInvalid);

/** "(created_at, id) comes after the key" in newest-first order, written so both databases use the index. */
export function olderThan<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  createdAt: Expression<unknown>,
  id: Expression<unknown>,
  key: NewestFirstKey,
): Expression<SqlBool> {
  return eb.or([
    sql<SqlBool>`${createdAt} < ${key.createdAt}`,
    eb.and([sql<SqlBool>`${createdAt} = ${key.createdAt}`, sql<SqlBool>`${id} < ${key.id}`]),
  ]);
}

/** Splits a fetched page (limit + 1 rows) into the page and the next cursor. */
export function pageOf<R>(rows: R[], limit: number, tag: string, keyOf: (row: R) => NewestFirstKey) {
  const more = rows.length > limit;
  const items = more ? rows.slice(0, limit) : rows;
  const last = items[items.length - 1];
  return { items, nextCursor: more && last ? encodeCursor(tag, keyOf(last)) : null };
}

/** A LIKE pattern matching `q` anywhere, with the wildcards in `q` taken literally (escape \). */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
