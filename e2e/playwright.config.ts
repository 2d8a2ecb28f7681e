import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const jsonReport = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;
/** Debian's Chromium headless shell when installed (lighter: no desktop browser around the page), as `npm test` chooses. */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // Generous for a machine whose cores are shared (npm run test:loaded): a test waits for what a person
  // waits for, and on a busy machine that takes longer; a test that passes never waits for these.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // Each worker starts a platform of its own (support/worker-platform.ts: server, database, mailbox, broker),
  // so the files run side by side without racing on the configuration; the tests of one file run in order.
  workers: Number(process.env.E2E_WORKERS || 1),
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  reporter: jsonReport ? [['list'], ['json', { outputFile: jsonReport }]] : [['list']],
  use: {
    locale: 'pt-PT',
    timezoneId: 'Europe/Lisbon',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
