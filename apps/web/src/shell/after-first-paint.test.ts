import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { afterFirstPaint } from './after-first-paint.js';

type Observed = (list: { getEntriesByName(name: string): unknown[] }) => void;

/** A window with timers from the test clock and, unless `paintTiming` is false, paint timing. */
function fakeWindow({ paintTiming = true, painted = false } = {}) {
  const observers: { callback: Observed; disconnected: boolean }[] = [];
  const frames: (() => void)[] = [];
  class FakeObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'mark'] : ['mark'];
    entry: { callback: Observed; disconnected: boolean };
    constructor(callback: Observed) {
      this.entry = { callback, disconnected: false };
      observers.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  const win = {
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    PerformanceObserver: FakeObserver,
    performance: { getEntriesByName: (name: string) => (painted && name === 'first-contentful-paint' ? [{ name }] : []) },
  } as unknown as Window & typeof globalThis;
  const paint = (name = 'first-contentful-paint') =>
    observers.filter((o) => !o.disconnected).forEach((o) => o.callback({ getEntriesByName: (n) => (n === name ? [{ name }] : []) }));
  return { win, observers, frames, paint };
}

describe('the app waits for the first paint before it is fetched', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('starts in a task of its own once the first contentful paint is reported, and only once', () => {
    const { win, observers, paint } = fakeWindow();
    const then = vi.fn();
    afterFirstPaint(win, then, 500);
    vi.advanceTimersByTime(100);
    paint('first-paint');
    vi.advanceTimersByTime(1);
    expect(then).not.toHaveBeenCalled();
    paint();
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(then).toHaveBeenCalledTimes(1);
    expect(observers[0]!.disconnected).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(then).toHaveBeenCalledTimes(1);
  });

  test('a paint already reported starts it at once', () => {
    const { win } = fakeWindow({ painted: true });
    const then = vi.fn();
    afterFirstPaint(win, then, 500);
    vi.advanceTimersByTime(0);
    expect(then).toHaveBeenCalledTimes(1);
  });

  test('no paint within the cap: starts anyway, and a late paint does not start it again', () => {
    const { win, paint } = fakeWindow();
    const then = vi.fn();
    afterFirstPaint(win, then, 500);
    vi.advanceTimersByTime(499);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    // the cap's own task queues the start as a task of its own
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledTimes(1);
    paint();
    vi.advanceTimersByTime(10);
    expect(then).toHaveBeenCalledTimes(1);
  });

  test('without paint timing it waits for the next frame', () => {
    const { win, frames, observers } = fakeWindow({ paintTiming: false });
    const then = vi.fn();
    afterFirstPaint(win, then, 500);
    expect(observers).toHaveLength(0);
    vi.advanceTimersByTime(10);
    expect(then).not.toHaveBeenCalled();
    frames.shift()!();
    vi.advanceTimersByTime(0);
    expect(then).toHaveBeenCalledTimes(1);
  });
});
