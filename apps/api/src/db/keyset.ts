import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { Code } from '@qgw/contracts';
import { AppError } from '../plugins/errors.js';

/**
 * Keyset pagination, shared by every paged list: a page ends at the sort key of its last row; the
 * next page starts strictly after it. Unlike offsets, rows added or removed meanwhile neither
 * repeat nor vanish from the scroll, and every page costs one index range scan however deep. The
 * cursor is opaque to clients: base64url JSON of [ordering tag, ...key values].
 */

const cursorInvalid = '分页参数无效，请刷新后重试';
const invalid = () => new AppError(Code.BAD_REQUEST, cursorInvalid);

export type KeyValue = string | number;

/** A timestamp as this server writes them (isoAt). */
export const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
/** A record id as this server makes them. */
export const RECORD_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function encodeCursor(tag: string, values: readonly KeyValue[]): string {
  return Buffer.from(JSON.stringify([tag, ...values]), 'utf8').toString('base64url');
}

/** The key values of a cursor made for `shape` (each 's' string or 'n' number); refuses anything else. */
export function decodeCursor(cursor: string, tag: string, shape: readonly ('s' | 'n')[]): KeyValue[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== shape.length + 1 || parsed[0] !== tag) throw invalid();
  const values = parsed.slice(1) as unknown[];
  values.forEach((v, i) => {
    const ok = shape[i] === 'n' ? Number.isSafeInteger(v) : typeof v === 'string' && v.length <= 200;
    if (!ok) throw invalid();
  });
  return values as KeyValue[];
}

/** A cursor of [timestamp, record id] — only what a service puts there; refuses anything else. */
export function decodeTimeIdCursor(cursor: string, tag: string): [string, string] {
  const [time, id] = decodeCursor(cursor, tag, ['s', 's']) as [string, string];
  if (!ISO_TIME.test(time) || !RECORD_ID.test(id)) throw invalid();
  return [time, id];
}

export interface KeyPart {
  expr: Expression<unknown>;
  desc?: boolean;
}

/**
 * "the row comes after `values` in this ordering": (k1 > v1) or (k1 = v1 and k2 > v2) or …,
 * with < for descending parts. Works for mixed directions, unlike a row-value comparison.
 */
export function after<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  parts: readonly KeyPart[],
  values: readonly KeyValue[],
): Expression<SqlBool> {
  const ors: Expression<SqlBool>[] = [];
  for (let i = 0; i < parts.length; i++) {
    const ands: Expression<SqlBool>[] = [];
    for (let j = 0; j < i; j++) ands.push(sql<SqlBool>`${parts[j]!.expr} = ${values[j]}`);
    const op = parts[i]!.desc ? sql.raw('<') : sql.raw('>');
    ands.push(sql<SqlBool>`${parts[i]!.expr} ${op} ${values[i]}`);
    ors.push(eb.and(ands));
  }
  return eb.or(ors);
}

/** Splits a fetched page (limit + 1 rows) into the page and the next cursor. */
export function pageOf<R>(rows: R[], limit: number, tag: string, keyOf: (row: R) => KeyValue[]) {
  const more = rows.length > limit;
  const items = more ? rows.slice(0, limit) : rows;
  const last = items[items.length - 1];
  return { items, nextCursor: more && last ? encodeCursor(tag, keyOf(last)) : null };
}

/** A LIKE pattern matching `q` anywhere, with the wildcards in `q` taken literally (escape \). */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A LIKE pattern matching text that starts with `q` (lower-cased), wildcards in `q` taken literally (escape \). */
export function prefixPattern(q: string): string {
  return `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// ---- newest first: (created_at desc, id desc), the console's lists ----

export interface NewestFirstKey {
  createdAt: string;
  id: string;
}

/** A newest-first cursor: [tag, createdAt, id]. */
export function decodeNewestFirst(cursor: string, tag: string): NewestFirstKey {
  const [createdAt, id] = decodeCursor(cursor, tag, ['s', 's']) as [string, string];
  if (createdAt.length > 40 || id.length > 64) throw invalid();
  return { createdAt, id };
}

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

/** pageOf for newest-first lists. */
export function newestFirstPage<R>(rows: R[], limit: number, tag: string, keyOf: (row: R) => NewestFirstKey) {
  return pageOf(rows, limit, tag, (r) => {
    const k = keyOf(r);
    return [k.createdAt, k.id];
  });
}
