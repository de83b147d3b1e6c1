/** Shared pieces of the fuzz suites: generated request bodies and the answer every refusal must have. */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { z } from 'zod';

/** The field names of a request schema (also through a refinement, whose object sits in `def.in`). */
export const keysOf = (schema: z.ZodType): string[] => {
  const s = schema as unknown as { shape?: Record<string, unknown>; def?: { in?: { shape?: Record<string, unknown> } } };
  return Object.keys(s.shape ?? s.def?.in?.shape ?? {});
};

/**
 * Bodies built from a schema's own keys with hostile values, dictionaries that add prototype keys and
 * fields the caller must never set (`forbidden`), and arbitrary JSON.
 */
export const bodyFor = (keys: string[], value: fc.Arbitrary<unknown>, forbidden: readonly string[]) =>
  fc.oneof(
    fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] }),
    fc.dictionary(fc.constantFrom(...keys, '__proto__', 'constructor', ...forbidden), value, { maxKeys: 8 }),
    fc.jsonValue({ maxDepth: 3 }),
  );

/** A refused request: no 5xx, and the envelope with a failure code and a message. */
export function expectEnvelopeFailure(status: number, body: string): void {
  expect(status).toBeLessThan(500);
  const parsed = JSON.parse(body) as { success: unknown; code: unknown; message: unknown };
  expect(parsed.success).toBe(false);
  expect(typeof parsed.code).toBe('number');
  expect(typeof parsed.message).toBe('string');
}
