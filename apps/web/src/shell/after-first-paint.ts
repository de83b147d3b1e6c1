/**
 * Runs `then` once the page's first contentful paint has been presented, so that the app's chunks
 * are requested only after the prerendered screen is on the glass (decision 0017). A frame being
 * drawn is not enough: the paint reaches the screen some milliseconds later, and until it does the
 * HTML should keep the connection and the CPU to itself. Free of imports: it runs in the entry.
 *
 * Browsers without paint timing wait for the next frame instead; `capMs` bounds the wait whatever
 * happens (a page that never paints, such as one opened in a background tab, still starts).
 */
export function afterFirstPaint(win: Window & typeof globalThis, then: () => void, capMs: number): void {
  const paintTiming = typeof win.PerformanceObserver === 'function' && (win.PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
  const painted = (list: { getEntriesByName(name: string): unknown[] }) => list.getEntriesByName('first-contentful-paint').length > 0;
  const observer = paintTiming ? new win.PerformanceObserver((list) => painted(list) && run()) : undefined;
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    win.clearTimeout(cap);
    // a task of its own: the paint entry's callback may be inside the frame's work
    win.setTimeout(then, 0);
  };
  const cap = win.setTimeout(run, capMs);
  if (!observer) win.requestAnimationFrame(run);
  else if (win.performance.getEntriesByName('first-contentful-paint', 'paint').length > 0) run();
  else observer.observe({ type: 'paint', buffered: true });
}
