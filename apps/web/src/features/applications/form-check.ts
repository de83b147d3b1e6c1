import type { z } from 'zod';
import { type ApplicationKind, Code, idNumberFactsMessages } from '@qgw/contracts';
import { ApiFailure } from '../../lib/request.js';
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

/** The birth date and gender problems among a form's: those the ID number contradicts (null when none). */
export function idFactErrorsOf(errors: FieldErrors): FieldErrors | null {
  const messages: Record<string, string> = idNumberFactsMessages;
  const found = Object.entries(errors).filter(([key, message]) => messages[key] === message);
  return found.length > 0 ? Object.fromEntries(found) : null;
}

/**
 * The field a server refusal names, for showing under that field: the server answers a field's
 * problem as BAD_REQUEST with the field's own sentence from the contracts (a birth date or gender
 * the ID number contradicts). Null for any other failure, which stays a toast.
 */
export function fieldErrorsOfRefusal(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiFailure) || error.code !== Code.BAD_REQUEST) return null;
  return idFactErrorsOf(Object.fromEntries(Object.keys(idNumberFactsMessages).map((key) => [key, error.message])));
}

/**
 * Field problems found on sending from a preview, handed over to the step that asks for those fields:
 * a step screen opens with its own, empty problems, so it starts from these instead.
 */
const handedOver = new Map<ApplicationKind, FieldErrors>();
export function handOverFieldErrors(kind: ApplicationKind, errors: FieldErrors): void {
  handedOver.set(kind, errors);
}
/** What was handed over to a kind's steps (a pure read: StrictMode may call a state initializer twice). */
export const handedOverFieldErrors = (kind: ApplicationKind): FieldErrors => handedOver.get(kind) ?? {};
/** Once a step shows them, they are its own. */
export function forgetHandedOverFieldErrors(kind: ApplicationKind): void {
  handedOver.delete(kind);
}
/** Another account's problems are not shown to the next one. */
export function forgetAllHandedOverFieldErrors(): void {
  handedOver.clear();
}
