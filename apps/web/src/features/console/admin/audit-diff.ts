/** One changed field of an audit entry, values as readable text. */
export interface DiffRow {
  field: string;
  before: string | null;
  after: string | null;
}

function show(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Before/after as a field-by-field list of what changed. Objects are compared key by key (keys only
 * on one side count as added or removed); anything else is one row under the field "".
 */
export function auditDiff(before: unknown, after: unknown): DiffRow[] {
  if (isRecord(before) || isRecord(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return keys.flatMap((k) => {
      const x = show(b[k]);
      const y = show(a[k]);
      if (x === y) return [];
      return [{ field: k, before: k in b ? x : null, after: k in a ? y : null }];
    });
  }
  const x = show(before);
  const y = show(after);
  return x === y ? [] : [{ field: '', before: before == null ? null : x, after: after == null ? null : y }];
}
