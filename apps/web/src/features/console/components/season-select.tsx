import { useQuery } from '@tanstack/react-query';
import type { ConsoleSeason } from '@qgw/contracts';
import { call } from '../../../lib/request.js';
import { accessAdminOps, adminKeys } from '../admin/api/operations.js';
import { consoleStrings as s } from '../strings.js';
import { SelectField } from './console-ui.js';

/**
 * The 届次 a console screen shows, as its address carries it (`?season=`): '' is the current
 * season (so a plain link follows the season that is current when it is opened), a season's id an
 * earlier or a prepared one, and the screens that list membership (which belongs to no season) may
 * offer 'all' (every season, membership included) or 'membership'.
 */
export type SeasonChoice = string;
export const ALL_SEASONS = 'all';
export const MEMBERSHIP_ONLY = 'membership';

/** The seasons (admins only: pass false for a reviewer, who has no season choice). */
export function useConsoleSeasons(enabled = true) {
  return useQuery({ queryKey: adminKeys.seasons, queryFn: () => call(accessAdminOps.seasons, {}), enabled });
}

/** A choice from the address, as the server is asked: the season's id, or undefined for every season. */
export function seasonIdOf(choice: SeasonChoice, seasons: readonly ConsoleSeason[] | undefined): string | undefined {
  if (choice === ALL_SEASONS || choice === MEMBERSHIP_ONLY) return undefined;
  if (choice) return choice;
  return seasons?.find((x) => x.current)?.id;
}

/** A season's name in a console screen: its year, the current one marked. */
export function seasonLabel(choice: SeasonChoice, seasons: readonly ConsoleSeason[] | undefined): string {
  const x = choice ? seasons?.find((y) => y.id === choice) : seasons?.find((y) => y.current);
  if (!x) return choice ? s.season.label : s.season.currentPlain;
  return x.current ? s.season.current(x.year) : s.season.option(x.year);
}

export function SeasonSelect({
  value,
  onChange,
  extra = [],
  label = s.season.label,
}: {
  value: SeasonChoice;
  label?: string;
  onChange(v: SeasonChoice): void;
  /** further choices after the seasons (every season, membership) */
  extra?: readonly (typeof ALL_SEASONS | typeof MEMBERSHIP_ONLY)[];
}) {
  const seasons = useConsoleSeasons();
  const options = [
    ...(seasons.data?.items ?? []).map((x) => ({ value: x.current ? '' : x.id, label: x.current ? s.season.current(x.year) : s.season.option(x.year) })),
    ...extra.map((v) => ({ value: v, label: v === ALL_SEASONS ? s.season.all : s.season.membership })),
  ];
  // before the seasons arrive the current season stands alone, so the choice in the address still shows
  if (!options.some((o) => o.value === value)) options.unshift({ value, label: value ? s.season.label : s.season.currentPlain });
  return <SelectField label={label} value={value} options={options} onChange={onChange} />;
}
