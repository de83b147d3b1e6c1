/**
 * One byte range of a `Range: bytes=…` header (RFC 9110 §14), enough for video players seeking.
 * Several ranges, another unit or a malformed value mean "send the whole file", which the RFC
 * allows; a range that starts beyond the end cannot be satisfied (416).
 */
export type RangeResult = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

const SPEC = /^bytes=(\d*)-(\d*)$/;

export function parseRange(header: string | undefined, size: number): RangeResult {
  if (!header) return { kind: 'whole' };
  const m = SPEC.exec(header.trim());
  if (!m) return { kind: 'whole' };
  const [, first = '', last = ''] = m;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    // suffix: the last N bytes
    const n = Number(last);
    if (n === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Number.MAX_SAFE_INTEGER : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end: Math.min(end, size - 1) };
}
