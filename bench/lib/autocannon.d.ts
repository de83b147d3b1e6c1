// the parts of autocannon's programmatic API the benchmarks use (the package ships no types)
declare module 'autocannon' {
  export interface Histogram {
    p50: number;
    p99: number;
    average: number;
    max: number;
  }
  export interface Result {
    requests: Histogram & { total: number; mean: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    duration: number;
  }
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
    pipelining?: number;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
