/**
 * Load from autocannon in this process, summarised the same way for every scenario, and the
 * turn-taking that makes a ratio trustworthy on a shared machine: the measured thing and its
 * ceiling run in alternating short rounds, so a neighbour's burst of work hits both alike.
 */
import autocannon, { type Options } from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** answers that were not 2xx, and connection errors or timeouts: a benchmark with any is not valid */
  failures: number;
  /** CPU time the measured process used per answered request (ms), when its pid was given */
  cpuMsPerRequest?: number;
}

export async function load(opts: Options, cpuMs?: () => number): Promise<LoadResult> {
  const cpu0 = cpuMs?.();
  const r = await autocannon(opts);
  const cpu = cpuMs && cpu0 !== undefined ? cpuMs() - cpu0 : undefined;
  return {
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    failures: r.non2xx + r.errors + r.timeouts,
    ...(cpu !== undefined && r.requests.total > 0 ? { cpuMsPerRequest: cpu / r.requests.total } : {}),
  };
}

/** Short runs for a smoke check (BENCH_QUICK=1), full ones otherwise. */
export const quick = process.env.BENCH_QUICK === '1';
/** Seconds per round and rounds per comparison. */
export const roundSeconds = quick ? 2 : 5;
export const rounds = quick ? 2 : 5;

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const median = (values: number[]): number => percentile(values, 50);

/**
 * `n` rounds of `ceiling` then `measured`, after one unmeasured warm-up of each (JIT, caches).
 * Answers every round; callers take the median of the per-round ratios.
 */
export async function alternate<C, M>(n: number, ceiling: () => Promise<C>, measured: () => Promise<M>): Promise<{ ceiling: C; measured: M }[]> {
  await ceiling();
  await measured();
  const out: { ceiling: C; measured: M }[] = [];
  for (let i = 0; i < n; i++) out.push({ ceiling: await ceiling(), measured: await measured() });
  return out;
}

/** The round whose `key` is the median: its numbers are reported together. */
export function medianBy<T>(list: T[], key: (t: T) => number): T {
  const sorted = [...list].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}
