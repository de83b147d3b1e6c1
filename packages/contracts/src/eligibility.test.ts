import { describe, expect, it } from 'vitest';
import { beijingDate } from './beijing-time.js';
import { ageOn, ageOutsideRange } from './eligibility.js';
import { idNumberCheckDigit } from './validators.js';

const idBornOn = (ymd: string) => {
  const first17 = `110101${ymd.replaceAll('-', '')}123`;
  return `${first17}${idNumberCheckDigit(first17)}`;
};

describe('age eligibility', () => {
  it('counts whole years, a birthday counting from its own day (29 February from 1 March in other years)', () => {
    expect(ageOn('1990-06-15', '2030-06-14')).toBe(39);
    expect(ageOn('1990-06-15', '2030-06-15')).toBe(40);
    expect(ageOn('2000-02-29', '2018-02-28')).toBe(17);
    expect(ageOn('2000-02-29', '2018-03-01')).toBe(18);
  });

  it('takes the day in Beijing, whatever the instant is written in', () => {
    expect(beijingDate('2030-06-30T15:59:59.999Z')).toBe('2030-06-30');
    expect(beijingDate('2030-06-30T16:00:00.000Z')).toBe('2030-07-01');
    expect(beijingDate('2030-07-01T00:00:00+08:00')).toBe('2030-07-01');
  });

  it('answers the age only when the ID number puts its holder outside the range', () => {
    const range = { minAge: 18, maxAge: 40, onDate: '2026-06-30' };
    expect(ageOutsideRange(idBornOn('1980-05-04'), range)).toBe(46);
    expect(ageOutsideRange(idBornOn('1985-06-30'), range)).toBe(41);
    expect(ageOutsideRange(idBornOn('1985-07-01'), range)).toBeNull();
    expect(ageOutsideRange(idBornOn('2008-06-30'), range)).toBeNull();
    expect(ageOutsideRange(idBornOn('2008-07-01'), range)).toBe(17);
    // not a valid number: its own check speaks, not this one
    expect(ageOutsideRange('110101198005041230', range)).toBeNull();
    expect(ageOutsideRange('', range)).toBeNull();
  });
});
