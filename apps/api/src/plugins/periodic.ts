import type { FastifyInstance } from 'fastify';

export interface PeriodicTask {
  /** how often it runs; the first run is when the app is ready */
  everyMs: number;
  run: () => Promise<void>;
  /** a failed run is reported here and the next one goes ahead as planned */
  onError: (err: unknown) => void;
  /** how long closing waits for a run in progress (default PERIODIC_CLOSE_GRACE_MS) */
  closeGraceMs?: number;
}

/**
 * How long closing the app waits for a housekeeping run in progress. A run stuck on a database that
 * has gone away (a connection still being opened when the pool closed never settles) must not hold
 * a shutdown for ever; past this the app closes and the run is abandoned, reported through onError.
 */
export const PERIODIC_CLOSE_GRACE_MS = 5_000;

/**
 * Housekeeping in the background of a running app: `run` once when the app is ready, then every
 * `everyMs`, never two runs of one task at once. The timer does not keep the process alive, and
 * closing the app stops it and waits for a run in progress (at most `closeGraceMs`), since the
 * database closes after the app.
 */
export function runPeriodically(app: FastifyInstance, task: PeriodicTask): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= task
      .run()
      .catch(task.onError)
      .finally(() => (running = undefined));
  };
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, task.everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    if (!running) return;
    let grace: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<'gave up'>((resolve) => {
      grace = setTimeout(() => resolve('gave up'), task.closeGraceMs ?? PERIODIC_CLOSE_GRACE_MS);
      grace.unref();
    });
    const outcome = await Promise.race([running.then(() => 'done' as const), gaveUp]);
    clearTimeout(grace);
    if (outcome === 'gave up') task.onError(new Error('a housekeeping run was still going when the app closed; abandoned'));
  });
}

export interface Sweep {
  everyMs: number;
  /** removes what is due; answers how many it removed */
  sweep: () => Promise<number>;
  /** the log field the count goes in, e.g. `sessions` */
  counted: string;
  /** the message of a sweep that removed something */
  swept: string;
  /** the message of a failed sweep */
  failed: string;
}

/** A housekeeping sweep (runPeriodically) that logs what it removed, when anything, and its failures. */
export function sweepPeriodically(app: FastifyInstance, s: Sweep): void {
  runPeriodically(app, {
    everyMs: s.everyMs,
    run: async () => {
      const removed = await s.sweep();
      if (removed > 0) app.log.info({ [s.counted]: removed }, s.swept);
    },
    onError: (err) => app.log.warn({ err }, s.failed),
  });
}
