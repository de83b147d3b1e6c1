/** Fails a test file whose apps logged personal data or credentials (support/log-scan.ts). */
import { afterAll, expect } from 'vitest';
import { logScan } from './log-scan.js';

afterAll(() => {
  expect(logScan.findings.slice(0, 10), `${logScan.findings.length} log lines with personal data or credentials`).toEqual([]);
});
