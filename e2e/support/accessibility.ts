/**
 * An axe-core scan of what the page shows now (WCAG 2.1 A and AA rules), failed on any serious or
 * critical violation. axe's source is evaluated through the DevTools protocol, which the app's
 * Content-Security-Policy does not govern (a script tag or eval in the page would be blocked).
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect } from './test.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

export interface SeriousViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: unknown[][];
}

/** The serious and critical violations of what the page shows now; `include`: CSS selectors of the parts to scan, the whole page by default. */
export async function seriousViolations(page: Page, include?: readonly string[]): Promise<SeriousViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (parts) => {
    const w = window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } };
    const context = parts ? { include: parts.map((p) => [p]) } : document;
    const result = await w.axe.run(context, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target) }));
  }, include ? [...include] : null);
}

/** `include`: CSS selectors of the parts to scan (a journey's own screen parts); the whole page by default. */
export async function expectAccessible(page: Page, what: string, include?: readonly string[]): Promise<void> {
  expect(await seriousViolations(page, include), `accessibility of ${what}`).toEqual([]);
}
