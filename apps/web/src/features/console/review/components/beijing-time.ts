import { beijingMonthDayTime } from '@qgw/contracts';

/** 06-20 14:05 in Beijing time, whatever the viewer's own time zone (the committee works in it). */
export function beijingTime(iso: string | null | undefined): string {
  if (!iso) return '';
  return beijingMonthDayTime(iso) || iso;
}
