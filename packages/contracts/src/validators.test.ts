import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  birthDateOfIdNumber, idNumberCheckDigit, isValidIdNumber, isValidUscc, maskIdNumber, usccCheckChar,
} from './validators.js';

describe('resident ID number (GB 11643)', () => {
  it('accepts published valid numbers, X check digit included', () => {
    // the standard's worked example and a well-known sample with X
    expect(isValidIdNumber('11010519491231002X')).toBe(true);
    expect(isValidIdNumber('440524188001010014')).toBe(true);
    expect(isValidIdNumber('11010519491231002x')).toBe(true);
  });

  it('refuses a wrong check digit, an impossible date, wrong length', () => {
    expect(isValidIdNumber('110105194912310021')).toBe(false);
    expect(isValidIdNumber('110105194902300028')).toBe(false); // 30 February
    expect(isValidIdNumber('11010519491231002')).toBe(false);
  });

  it('detects every single-digit change', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 16 }), fc.integer({ min: 1, max: 9 }), (pos, delta) => {
        const id = '11010519491231002X';
        const changed = id.slice(0, pos) + ((Number(id[pos]) + delta) % 10) + id.slice(pos + 1);
        // a changed body with the old check digit is refused (MOD 11-2 catches every single substitution)
        expect(isValidIdNumber(changed)).toBe(false);
      }),
    );
  });

  it('accepts any valid date with its computed check digit', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1950-01-01'), max: new Date('2010-12-31'), noInvalidDate: true }), fc.integer({ min: 0, max: 999 }), (d, seq) => {
        const body = `110105${d.toISOString().slice(0, 10).replaceAll('-', '')}${String(seq).padStart(3, '0')}`;
        expect(isValidIdNumber(body + idNumberCheckDigit(body))).toBe(true);
      }),
    );
  });

  it('reads the birth date and masks the number', () => {
    expect(birthDateOfIdNumber('11010519491231002X')).toBe('1949-12-31');
    expect(maskIdNumber('11010519491231002X')).toBe('1101**********002X');
  });
});

describe('unified social credit code (GB 32100)', () => {
  it('accepts real published codes', () => {
    expect(isValidUscc('91350100M000100Y43')).toBe(true);
    expect(isValidUscc('91110000802100433B')).toBe(true);
  });

  it('refuses a wrong check character and forbidden letters', () => {
    expect(isValidUscc('91350100M000100Y44')).toBe(false);
    expect(isValidUscc('91350100M000100Y4I')).toBe(false);
    expect(isValidUscc('9135010')).toBe(false);
  });

  it('check character makes any well-formed body valid', () => {
    const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
    const body = fc.tuple(
      fc.constantFrom(...'9'.split('')), fc.constantFrom('1', '2', '3'),
      fc.array(fc.constantFrom(...'0123456789'.split('')), { minLength: 6, maxLength: 6 }),
      fc.array(fc.constantFrom(...chars.split('')), { minLength: 9, maxLength: 9 }),
    ).map(([a, b, region, rest]) => a + b + region.join('') + rest.join(''));
    fc.assert(fc.property(body, (b) => {
      expect(isValidUscc(b + usccCheckChar(b))).toBe(true);
    }));
  });
});
