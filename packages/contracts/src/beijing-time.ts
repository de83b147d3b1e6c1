/**
 * Times as the committee reads them: on Beijing's wall clock, whatever the viewer's or the server's
 * own time zone. Beijing is eight hours ahead of UTC all year (China has kept no summer time since
 * 1991), so the wall clock is that arithmetic, here once for the server and the web app alike.
 *
 * Why not Intl.DateTimeFormat with `timeZone: 'Asia/Shanghai'`: it says the same, but making one
 * loads the ICU time-zone and locale data. On the server that held ~6.5 MB of resident memory from
 * start (a formatter was built when its module loaded); on a slow phone it took ~22 ms of the main
 * thread in the task that starts the applicant's form. A property test checks every format here
 * against the time-zone data.
 */
export const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/**
 * The Beijing wall clock of an instant as a Date whose UTC fields read it (getUTCHours() is the hour
 * in Beijing); an invalid Date for what is not a time.
 */
export function beijingWallClock(instant: string | number | Date): Date {
  const ms = instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
  return new Date(ms + BEIJING_OFFSET_MS);
}

const two = (n: number) => String(n).padStart(2, '0');

/** The calendar day (YYYY-MM-DD) an instant falls on in Beijing. */
export function beijingDate(instant: string | number | Date): string {
  return beijingWallClock(instant).toISOString().slice(0, 10);
}

/** 20250620: the Beijing day of an instant, for file names. */
export function beijingCompactDate(instant: string | number | Date): string {
  return beijingDate(instant).replaceAll('-', '');
}

/**
 * 2024-05-02 16:00:00 on the Beijing wall clock, as times are shown and exported; what is not a
 * time is given back unchanged.
 */
export function beijingDateTime(iso: string): string {
  const b = beijingWallClock(iso);
  if (Number.isNaN(b.getTime())) return iso;
  return b.toISOString().slice(0, 19).replace('T', ' ');
}

/** 6月20日: a Beijing day as people say it. */
export function beijingMonthDay(instant: string | number | Date): string {
  const b = beijingWallClock(instant);
  return `${b.getUTCMonth() + 1}月${b.getUTCDate()}日`;
}

/** 14:05 on the Beijing wall clock; '' for what is not a time. */
export function beijingHourMinute(iso: string): string {
  const b = beijingWallClock(iso);
  if (Number.isNaN(b.getTime())) return '';
  return `${two(b.getUTCHours())}:${two(b.getUTCMinutes())}`;
}

/** 06-20 14:05 (or 06/20 14:05 with `separator` '/'): a Beijing time within the year; '' for what is not a time. */
export function beijingMonthDayTime(iso: string, separator: '-' | '/' = '-'): string {
  const b = beijingWallClock(iso);
  if (Number.isNaN(b.getTime())) return '';
  return `${two(b.getUTCMonth() + 1)}${separator}${two(b.getUTCDate())} ${two(b.getUTCHours())}:${two(b.getUTCMinutes())}`;
}
