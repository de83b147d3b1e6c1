import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  idNumberCheckDigit,
  isValidIdNumber,
  isValidUscc,
  limits,
  usccCheckChar,
  ZConsoleReviewRequest,
  ZIdNumber,
  ZMemberForm,
  ZMobile,
  ZPersonalInfo,
  ZUscc,
} from '@qgw/contracts';
import { codePointsInputMax, fixedLengths, maxLengthOf } from './schema-limits.js';

describe('maxLengthOf', () => {
  it('reads a string schema’s maximum, the smallest when several are set', () => {
    expect(maxLengthOf(z.string().max(30))).toBe(30);
    expect(maxLengthOf(z.string().trim().min(2).max(30).max(40))).toBe(30);
    expect(maxLengthOf(z.string().max(12).refine(() => true))).toBe(12);
  });

  it('unwraps optional, nullable, default and pipe', () => {
    expect(maxLengthOf(z.string().max(5).optional())).toBe(5);
    expect(maxLengthOf(z.string().max(5).nullable().optional())).toBe(5);
    expect(maxLengthOf(z.string().max(5).default(''))).toBe(5);
    expect(maxLengthOf(z.string().pipe(z.string().trim().max(7)).optional())).toBe(7);
    expect(maxLengthOf(z.string().max(9).transform((s) => s.trim()))).toBe(9);
  });

  it('reads the contracts’ form fields as the screens use them', () => {
    expect(maxLengthOf(ZPersonalInfo.shape.name)).toBe(30);
    // optional
    expect(maxLengthOf(ZPersonalInfo.shape.email)).toBe(100);
    expect(maxLengthOf(ZMemberForm.shape.subdivision)).toBe(30);
    // free text with a default
    expect(maxLengthOf(ZConsoleReviewRequest.shape.commentToApplicant)).toBe(2000);
  });

  it('throws for a schema without a maximum', () => {
    expect(() => maxLengthOf(z.string())).toThrow(/no maximum length/);
    expect(() => maxLengthOf(z.number().max(3))).toThrow(/no maximum length/);
  });
});

describe('fixedLengths', () => {
  it('is the length of a valid mobile, no more', () => {
    expect(ZMobile.safeParse('1'.padEnd(fixedLengths.mobile, '3')).success).toBe(true);
    expect(limits.mobilePattern.test('1'.padEnd(fixedLengths.mobile + 1, '3'))).toBe(false);
    expect(limits.mobilePattern.test('1'.padEnd(fixedLengths.mobile - 1, '3'))).toBe(false);
  });

  it('is the length of a valid ID number, no more', () => {
    const body = '11010119900307123';
    const id = body + idNumberCheckDigit(body);
    expect(id).toHaveLength(fixedLengths.idNumber);
    expect(ZIdNumber.safeParse(id).success).toBe(true);
    expect(isValidIdNumber(`${id}0`)).toBe(false);
  });

  it('is the length of a valid unified social credit code, no more', () => {
    const body = '91350100M000100Y4';
    const code = body + usccCheckChar(body);
    expect(code).toHaveLength(fixedLengths.uscc);
    expect(ZUscc.safeParse(code).success).toBe(true);
    expect(isValidUscc(`${code}0`)).toBe(false);
  });
});

describe('codePointsInputMax', () => {
  it('holds the longest value the contract accepts, in UTF-16 units', () => {
    const longest = '😀'.repeat(limits.password.max);
    expect([...longest]).toHaveLength(limits.password.max);
    expect(longest.length).toBeLessThanOrEqual(codePointsInputMax(limits.password.max));
  });
});
