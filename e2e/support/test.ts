/**
 * The suite's `test`: Playwright's, plus a guard that fails a journey when the page threw an
 * uncaught error or the browser blocked something under the server's Content-Security-Policy —
 * both are broken pages even when the screen happens to look right.
 */
import { test as base, expect } from '@playwright/test';

export const test = base.extend<{ pageHealth: void }>({
  pageHealth: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) problems.push(`CSP: ${msg.text()}`);
      });
      await use();
      expect(problems, 'the page ran without uncaught errors or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
