import { type LimitNode, type OffsetNode, type OperationNode, SqliteQueryCompiler, ValueNode } from 'kysely';

/**
 * SQLite's compiler, with LIMIT and OFFSET written into the SQL as numbers instead of bound.
 *
 * SQLite's planner reads a bound LIMIT's value when it plans, and marks the statement to be planned
 * again whenever that parameter is bound anew: every run of a cached statement with `limit ?`
 * recompiled it (bench/sqlite-statements.ts: a one-row look-up about three times slower bound than
 * inlined). A whole number in LIMIT or OFFSET is no injection risk, and the texts stay few (the page
 * sizes the schemas allow), so the statement cache keeps one compiled statement per page size.
 *
 * Comparisons with constants in a partial index's predicate have the same effect (`status <> ?`
 * against `where status <> 'withdrawn'`); those are written with `sql.lit` where they are built.
 */
export class InlineLimitSqliteCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    this.append('limit ');
    this.visitNode(inlined(node.limit));
  }

  protected override visitOffset(node: OffsetNode): void {
    this.append('offset ');
    this.visitNode(inlined(node.offset));
  }
}

function inlined(node: OperationNode): OperationNode {
  if (!ValueNode.is(node) || node.immediate) return node;
  const { value } = node;
  const whole = (typeof value === 'number' && Number.isSafeInteger(value)) || typeof value === 'bigint';
  return whole ? ValueNode.createImmediate(value) : node;
}
