import type { FastifyInstance } from 'fastify';

export interface PeriodicTask {
  /** how often it runs; the first run is when the app is ready */
  everyMs: number;
  run: () => Promise<void>;
  /** a failed run is reported here and the next one goes ahead as planned */
  onError: (err: unknown) => void;
}

/**
 * Housekeeping in the background of a running app: `run` once when the app is ready, then every
 * `everyMs`, never two runs of one task at once. The timer does not keep the process alive, and
 * closing the app stops it and waits for a run in progress, since the database closes after the
 * app.
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
    await running;
  });
}
