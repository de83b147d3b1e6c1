import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runPeriodically } from './periodic.js';

beforeEach(() => void vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }));
afterEach(() => void vi.useRealTimers());

/** A run that finishes when the test says so. */
function controlled() {
  const finishers: Array<() => void> = [];
  let runs = 0;
  let active = 0;
  let mostAtOnce = 0;
  const run = () => {
    runs++;
    active++;
    mostAtOnce = Math.max(mostAtOnce, active);
    return new Promise<void>((resolve) =>
      finishers.push(() => {
        active--;
        resolve();
      }),
    );
  };
  return {
    run,
    finishAll: async () => {
      finishers.splice(0).forEach((f) => f());
      await new Promise((resolve) => setImmediate(resolve));
    },
    get runs() {
      return runs;
    },
    get mostAtOnce() {
      return mostAtOnce;
    },
  };
}

describe('runPeriodically', () => {
  it('runs once when the app is ready, then every interval, never two runs at once', async () => {
    const app = Fastify();
    const task = controlled();
    runPeriodically(app, { everyMs: 1000, run: task.run, onError: () => undefined });
    expect(task.runs).toBe(0);
    await app.ready();
    expect(task.runs).toBe(1);
    // still running: the ticks in between are skipped
    vi.advanceTimersByTime(3000);
    expect(task.runs).toBe(1);
    await task.finishAll();
    vi.advanceTimersByTime(1000);
    expect(task.runs).toBe(2);
    await task.finishAll();
    vi.advanceTimersByTime(1000);
    expect(task.runs).toBe(3);
    expect(task.mostAtOnce).toBe(1);
    await task.finishAll();
    await app.close();
  });

  it('reports a failed run and goes on with the next', async () => {
    const app = Fastify();
    const errors: unknown[] = [];
    let runs = 0;
    runPeriodically(app, {
      everyMs: 1000,
      run: async () => {
        runs++;
        if (runs === 1) throw new Error('disk full');
      },
      onError: (err) => errors.push(err),
    });
    await app.ready();
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toBe(2);
    expect(errors).toHaveLength(1);
    await app.close();
  });

  it('stops on close, after the run in progress has finished', async () => {
    const app = Fastify();
    const task = controlled();
    runPeriodically(app, { everyMs: 1000, run: task.run, onError: () => undefined });
    await app.ready();
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    await task.finishAll();
    await closing;
    expect(closed).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(task.runs).toBe(1);
  });

  it('a run that never settles holds the close for the grace period only, and is reported', async () => {
    const app = Fastify();
    const errors: unknown[] = [];
    runPeriodically(app, { everyMs: 1000, run: () => new Promise(() => undefined), onError: (err) => errors.push(err), closeGraceMs: 3000 });
    await app.ready();
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await new Promise((resolve) => setImmediate(resolve));
    vi.advanceTimersByTime(2999);
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    vi.advanceTimersByTime(1);
    await closing;
    expect(closed).toBe(true);
    expect(String(errors[0])).toContain('abandoned');
  });
});
