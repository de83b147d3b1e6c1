/** Load from autocannon in this process, summarised the same way for every scenario. */
import autocannon, { type Options } from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** answers that were not 2xx, and connection errors or timeouts: a benchmark with any is not valid */
  failures: number;
}

export async function load(opts: Options): Promise<LoadResult> {
  const r = await autocannon(opts);
  return {
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    failures: r.non2xx + r.errors + r.timeouts,
  };
}

/** Short runs for a smoke check (BENCH_QUICK=1), full ones otherwise. */
export const quick = process.env.BENCH_QUICK === '1';
export const seconds = (full: number): number => (quick ? Math.max(2, Math.round(full / 5)) : full);

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
