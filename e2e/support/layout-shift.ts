import type { Page } from '@playwright/test';

/**
 * The sum of the layout shifts since the page loaded that the person did not cause (the page's
 * cumulative layout shift, as Lighthouse counts it): the browser keeps the entries, so they are read
 * after the fact.
 */
export const layoutShift = (page: Page): Promise<number> =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[];
          resolve(entries.filter((e) => !e.hadRecentInput).reduce((sum, e) => sum + e.value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        // no shift at all: the observer has nothing to report
        setTimeout(() => resolve(0), 1000);
      }),
  );
