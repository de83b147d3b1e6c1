import { defineConfig } from '@playwright/test';
import { urls } from './e2e/support/stack-env.js';

const onCi = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // a run on its own ports keeps its own artefacts, so two runs side by side do not delete each other's
  outputDir: process.env.E2E_PORT ? `test-results/port-${process.env.E2E_PORT}` : 'test-results',
  // a 2-core machine: one browser at a time; the server's per-IP login limit also favours a serial run
  workers: 1,
  fullyParallel: false,
  forbidOnly: onCi,
  retries: onCi ? 1 : 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: urls.app,
    browserName: 'chromium',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  projects: [{ name: 'chromium-mobile' }],
  webServer: {
    command: 'node --import tsx e2e/support/start-stack.ts',
    url: `${urls.app}/healthz`,
    reuseExistingServer: false,
    // the web build runs here when its output is missing
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
