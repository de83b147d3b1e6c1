/**
 * Who may enter the programme's person entries (创新榜 rank-user and the 2024 person entry): young
 * people, by age. The range is the programme's own (set in the console's 评选设置, default below);
 * the age is counted in whole years from the birth date an ID number carries, on the day the
 * programme closes, in Beijing time — the same answer on the applicant's phone and on the server,
 * whatever their time zones.
 */
import { birthDateOfIdNumber, isValidIdNumber } from './validators.js';

export const ageLimits = {
  /** a new programme's range */
  defaultMin: 18,
  defaultMax: 40,
  /** what an admin may set */
  floor: 0,
  ceiling: 120,
} as const;

export interface AgeRange {
  minAge: number;
  maxAge: number;
  /** the day the age is counted on (YYYY-MM-DD, Beijing): the programme's closing day */
  onDate: string;
}

/** Whole years from a birth date to a day, both YYYY-MM-DD: a birthday counts from its day on. */
export function ageOn(birthDate: string, onDate: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = onDate.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * The age an ID number gives on the range's day when it is outside the range; null when it is
 * inside, or when the number is not a valid one (its own check says so).
 */
export function ageOutsideRange(idNumber: string, range: AgeRange): number | null {
  const id = idNumber.trim().toUpperCase();
  if (!isValidIdNumber(id)) return null;
  const age = ageOn(birthDateOfIdNumber(id), range.onDate);
  return age < range.minAge || age > range.maxAge ? age : null;
}
