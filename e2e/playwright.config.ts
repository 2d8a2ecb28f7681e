import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { BROWSER, findChromium } from '../scripts/chromium.mjs';

const jsonReport = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // Generous for a machine whose cores are shared (npm run test:loaded): a test waits for what a person
  // waits for, and on a busy machine that takes longer; a test that passes never waits for these. At 120 s,
  // tests of a dozen screens ran out of time under a load average of 9 while every step went on succeeding;
  // only the few that do far more than that set a budget of their own.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  // Each worker starts a platform of its own (support/worker-platform.ts: server, database, mailbox, broker),
  // so the files run side by side without racing on the configuration; the tests of one file run in order.
  // One more than the cores, up to four: a test waits on its server as much as its browser draws. On 2 cores,
  // two workers kept them 72 % busy (the whole suite in 11.2 min) and three 96 % (10.1 min).
  workers: Number(process.env.E2E_WORKERS || Math.min(4, availableParallelism() + 1)),
  fullyParallel: false,
  // Nothing is retried, in CI either: a test that passes only on its second try waits for time, not for what a
  // person waits for, and must fail the run (issue 20; `npm run test:loaded` checks the suite on busy cores).
  retries: 0,
  reporter: jsonReport ? [['list'], ['json', { outputFile: jsonReport }]] : [['list']],
  use: {
    locale: 'pt-PT',
    timezoneId: 'Europe/Lisbon',
    // A failed test keeps its trace: each step with the page's DOM as it was (snapshots), its network and the
    // server's log. Not the screencast: recording every frame the browser paints took a third of the browser
    // tests' CPU (help and console-home: 60 s of CPU with it, 40 s without, 33 s with no trace at all), on a
    // machine whose two cores the suite keeps busy. The failure's own screenshot is still attached.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      // As `npm test` chooses it; when that finds none, the launch fails naming the path it tried.
      executablePath: process.env.CHROMIUM_PATH || findChromium() || BROWSER,
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
