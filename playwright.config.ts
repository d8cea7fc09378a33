import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from './scripts/lib/chromium.mjs';

// The journeys run against a storefront that scripts/e2e.mjs builds, seeds and starts (on its
// own state dir and a free port), so E2E_BASE_URL is set for them; Chromium is Debian's.
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // One worker: every journey signs in as the same demo shopper (one cart, sign-out revokes).
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: process.env.CI === 'true',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright-report.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8787',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_FLAGS },
  },
});
