import { constants, PerformanceObserver } from 'node:perf_hooks';
import { describe, expect, test } from 'vitest';
import { collectingEvery } from './young-garbage.js';

/** The young-generation collections V8 reports while `run` runs. */
async function minorCollectionsDuring(run: () => void): Promise<number> {
  let minor = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) minor += 1;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  run();
  // gc entries are delivered after the collection, on a later turn
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  return minor;
}

describe('collectingEvery', () => {
  test('collects the young generation once per `every` bytes of body, not per chunk', async () => {
    const seen = collectingEvery(1024);
    const chunk = Buffer.alloc(256);
    const collections = await minorCollectionsDuring(() => {
      for (let i = 0; i < 16; i++) seen(chunk); // 4 KB in 256-byte pieces: 4 collections
    });
    expect(collections).toBeGreaterThanOrEqual(4);
    expect(collections).toBeLessThan(16);
  });

  test('leaves no global gc behind', () => {
    collectingEvery(1)(Buffer.alloc(1));
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});
