import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  beijingCompactDate, beijingDate, beijingDateTime, beijingHourMinute, beijingMonthDay, beijingMonthDayTime, beijingWallClock,
} from './beijing-time.js';

// what the time-zone database says Beijing's wall clock read at an instant
const byTimeZoneData = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});
const wallClock = (d: Date) => Object.fromEntries(byTimeZoneData.formatToParts(d).map((x) => [x.type, x.value])) as Record<string, string>;

const sinceChinaKeptNoSummerTime = fc.date({ min: new Date('1992-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true });

describe('Beijing time by arithmetic', () => {
  test('every format reads the wall clock the time-zone data gives, for any instant since 1992', () => {
    fc.assert(
      fc.property(sinceChinaKeptNoSummerTime, (d) => {
        const p = wallClock(d);
        const iso = d.toISOString();
        expect(beijingDateTime(iso)).toBe(`${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`);
        expect(beijingDate(iso)).toBe(`${p.year}-${p.month}-${p.day}`);
        expect(beijingDate(d.getTime())).toBe(`${p.year}-${p.month}-${p.day}`);
        expect(beijingCompactDate(d)).toBe(`${p.year}${p.month}${p.day}`);
        expect(beijingMonthDay(iso)).toBe(`${Number(p.month)}月${Number(p.day)}日`);
        expect(beijingHourMinute(iso)).toBe(`${p.hour}:${p.minute}`);
        expect(beijingMonthDayTime(iso)).toBe(`${p.month}-${p.day} ${p.hour}:${p.minute}`);
        expect(beijingMonthDayTime(iso, '/')).toBe(`${p.month}/${p.day} ${p.hour}:${p.minute}`);
        expect(beijingWallClock(iso).getUTCHours()).toBe(Number(p.hour));
      }),
      { numRuns: 2000 },
    );
  });

  test('crosses the day, month and year at Beijing midnight, not UTC midnight', () => {
    expect(beijingDateTime('2024-12-31T15:59:59Z')).toBe('2024-12-31 23:59:59');
    expect(beijingDateTime('2024-12-31T16:00:00Z')).toBe('2025-01-01 00:00:00');
    expect(beijingDateTime('2024-02-28T16:00:00.000Z')).toBe('2024-02-29 00:00:00');
    expect(beijingDate('2030-07-01T00:00:00+08:00')).toBe('2030-07-01');
    expect(beijingMonthDay('2025-06-19T16:00:00Z')).toBe('6月20日');
    expect(beijingCompactDate(Date.parse('2025-06-19T16:00:00Z'))).toBe('20250620');
  });

  test('what is not a time: the text back where a time is shown in full, nothing where it is shortened', () => {
    expect(beijingDateTime('not a time')).toBe('not a time');
    expect(beijingHourMinute('not a time')).toBe('');
    expect(beijingMonthDayTime('not a time')).toBe('');
  });
});
