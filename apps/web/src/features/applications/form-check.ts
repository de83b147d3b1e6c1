import type { z } from 'zod';
import { commonStrings } from '../../lib/strings.js';

export type FieldErrors = Record<string, string>;

export type FormCheck<T> = { ok: true; data: T; errors: FieldErrors } | { ok: false; errors: FieldErrors; first: string };

/**
 * Checks a form against the contract's schema (the same one the server uses). Every field's first
 * problem is kept for the field itself; the first of all is what the toast says.
 */
export function checkForm<S extends z.ZodType>(
  schema: S,
  data: unknown,
  /** what to say when a field is missing altogether, where the schema has no sentence for it (uploads) */
  missing: Partial<Record<string, string>> = {},
): FormCheck<z.output<S>> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return { ok: true, data: parsed.data, errors: {} };
  const errors: FieldErrors = {};
  let first: string | undefined;
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    const absent = issue.code === 'invalid_type' && issue.path.length === 1 && (data as Record<string, unknown> | null)?.[key] === undefined;
    const message = (absent ? missing[key] : undefined) ?? issue.message ?? commonStrings.invalidInput;
    first ??= message;
    if (!(key in errors)) errors[key] = message;
  }
  return { ok: false, errors, first: first ?? commonStrings.invalidInput };
}

/** Drops empty strings, so that a blank optional field counts as not given rather than as invalid. */
export function withoutBlanks<T extends Record<string, unknown>>(data: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    if (v === '' || v === undefined || v === null) continue;
    out[k] = v;
  }
  return out as Partial<T>;
}
