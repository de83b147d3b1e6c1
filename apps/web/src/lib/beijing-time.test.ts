import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { beijingTime } from './beijing-time.js';

// what the time-zone database says Beijing's wall clock read at an instant
const byTimeZoneData = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});
const reference = (d: Date) => {
  const p = Object.fromEntries(byTimeZoneData.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
};

describe('beijingTime', () => {
  test('shows the Beijing wall clock, as the time-zone data does, for any instant since 1992', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1992-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true }), (d) => {
        expect(beijingTime(d.toISOString())).toBe(reference(d));
      }),
      { numRuns: 2000 },
    );
  });

  test('crosses the day, month and year at Beijing midnight, not UTC midnight', () => {
    expect(beijingTime('2024-12-31T15:59:59Z')).toBe('2024-12-31 23:59:59');
    expect(beijingTime('2024-12-31T16:00:00Z')).toBe('2025-01-01 00:00:00');
    expect(beijingTime('2024-02-28T16:00:00.000Z')).toBe('2024-02-29 00:00:00');
  });

  test('gives back what is not a time unchanged', () => {
    expect(beijingTime('not a time')).toBe('not a time');
  });
});
