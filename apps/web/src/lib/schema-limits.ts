/**
 * Form field limits read from the contracts instead of being typed again (limits live once, in
 * packages/contracts). Nothing here imports zod at run time: `maxLengthOf` only reads a schema the
 * caller already holds, so a screen that shows no schema pays nothing for this file.
 */

/** The part of a zod 4 schema `maxLengthOf` reads: ZodString's `maxLength` and wrappers' `def`. */
interface Inspectable {
  maxLength?: number | null;
  def: { type: string; innerType?: Inspectable; in?: Inspectable; out?: Inspectable };
}

/** Wrappers whose value is the wrapped schema's (optional, nullable, default, …). */
const wrappers = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

function findMaxLength(schema: Inspectable | undefined): number | null {
  if (!schema) return null;
  if (typeof schema.maxLength === 'number') return schema.maxLength;
  const { def } = schema;
  if (wrappers.has(def.type)) return findMaxLength(def.innerType);
  // a pipe's limit is usually on its output (`ZFreeText().pipe(z.string().max(n))`)
  if (def.type === 'pipe') return findMaxLength(def.out) ?? findMaxLength(def.in);
  return null;
}

/**
 * The maximum length (`.max(n)`) of a string schema, through optional, nullable, default and pipe
 * wrappers: `maxLength={maxLengthOf(ZMemberForm.shape.reason)}`. Throws when the schema has none, so
 * that a field never silently loses its limit when a contract changes shape.
 */
export function maxLengthOf(schema: object): number {
  const max = findMaxLength(schema as Inspectable);
  if (max === null) throw new Error('maxLengthOf: the schema has no maximum length');
  return max;
}

/**
 * Lengths the contracts express only as a pattern or a check digit, not as a number: an input may
 * hold no more characters than a valid value has. Tied to the contracts by schema-limits.test.ts.
 */
export const fixedLengths = {
  /** limits.mobilePattern: 1, then 10 digits */
  mobile: 11,
  /** ZIdNumber / isValidIdNumber: GB 11643, 17 digits and a check character */
  idNumber: 18,
  /** ZUscc / isValidUscc: GB 32100, 18 characters */
  uscc: 18,
} as const;

/**
 * The `maxLength` of an input whose contract counts code points (passwords, nicknames): twice the
 * contract's maximum. The browser counts UTF-16 units, two for a code point outside the BMP (an
 * emoji), and a longer value typed in is refused with the contract's message, which names the
 * limit, rather than silently cut.
 */
export const codePointsInputMax = (max: number): number => max * 2;
