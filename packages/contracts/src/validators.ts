/**
 * Check-digit validators shared by the browser and the server.
 * - Resident ID number: GB 11643-1999 (18 characters, ISO 7064 MOD 11-2 check digit, X = 10).
 * - Unified social credit code: GB 32100-2015 (18 characters, MOD 31 check character).
 */

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

export function isValidIdNumber(raw: string): boolean {
  const id = raw.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1800 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK[sum % 11] === id[17];
}

/** The check character for the first 17 digits of an ID number (used to build valid test data). */
export function idNumberCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK[sum % 11]!;
}

/** Birth date (YYYY-MM-DD) carried by a valid ID number. */
export const birthDateOfIdNumber = (id: string): string => `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;

/**
 * What a valid ID number says about its holder: the birth date (digits 7–14) and the gender (the
 * 17th digit: odd male, even female). Null when the number is not a valid one.
 */
export function factsOfIdNumber(raw: string): { birthDate: string; gender: 'male' | 'female' } | null {
  const id = raw.trim().toUpperCase();
  if (!isValidIdNumber(id)) return null;
  return { birthDate: birthDateOfIdNumber(id), gender: Number(id[16]) % 2 === 1 ? 'male' : 'female' };
}

/** 110101199003071234 → 1101**********1234 */
export const maskIdNumber = (id: string): string =>
  id.length >= 8 ? `${id.slice(0, 4)}${'*'.repeat(id.length - 8)}${id.slice(-4)}` : '*'.repeat(id.length);

// GB 32100: the alphabet excludes I, O, S, V, Z
const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

export function usccCheckChar(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = USCC_CHARS.indexOf(first17[i]!);
    if (v < 0) return null;
    sum += v * USCC_WEIGHTS[i]!;
  }
  return USCC_CHARS[(31 - (sum % 31)) % 31]!;
}

export function isValidUscc(raw: string): boolean {
  const code = raw.trim().toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false;
  return usccCheckChar(code.slice(0, 17)) === code[17];
}
