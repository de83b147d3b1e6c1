import { z } from 'zod';
import { maskMobile } from './accounts.js';

/**
 * 联系电话 on the application forms. Its own module, apart from the account schemas: a schema built
 * at the top of a module stays in every bundle that imports the module, and the first screens
 * (login) import those.
 */

/**
 * A contact phone (contactPhoneLimits) as others see it: a mobile as maskMobile masks it; a
 * landline keeps its area code, extension and last 4 digits (010-****5678, 0755-***4567-12).
 */
export function maskPhone(phone: string): string {
  const landline = /^(0\d{2,3})-(\d+)(-\d+)?$/.exec(phone);
  if (!landline) return maskMobile(phone);
  const [, area, number = '', extension = ''] = landline;
  return `${area}-${'*'.repeat(Math.max(0, number.length - 4))}${number.slice(-4)}${extension}`;
}

/**
 * A form's contact phone (联系电话): a mobile, or a landline with its area code — 3 digits with an
 * 8-digit number (010-12345678), 4 digits with 7 or 8 (0755-1234567) — and perhaps an extension
 * (010-12345678-123). Apart from `limits` so that screens without a form do not carry it.
 */
export const contactPhoneLimits = {
  pattern: /^(?:1[3-9]\d{9}|(?:0\d{2}-\d{8}|0\d{3}-\d{7,8})(?:-\d{1,6})?)$/,
  /** the longest valid value, 0755-12345678-123456 */
  max: 20,
} as const;

/** A form's contact phone: a mobile or a landline with its area code (contactPhoneLimits). */
export const ZContactPhone = z
  .string({ error: '请填写联系电话' })
  .trim()
  .min(1, { error: '请填写联系电话' })
  .max(contactPhoneLimits.max, { error: `联系电话最多${contactPhoneLimits.max}位` })
  .regex(contactPhoneLimits.pattern, { error: '请填写11位手机号，或带区号的固定电话（如 010-12345678）' });
