import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { ACCOUNTS, APP_PORT, MAIL_HTTP_PORT, MAIL_SMTP_PORT, MQTT_BROKER_PORT } from './support/accounts.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const NODE = path.join(ROOT, 'node_modules', '.bin', 'node');
const jsonReport = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;
// A fresh database for every run, so the demo data is known and nothing leaks between runs.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'mip-e2e-'));

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // Generous for a machine whose cores are shared (npm run test:loaded): a test waits for what a person
  // waits for, and on a busy machine that takes longer; a test that passes never waits for these.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // One server and one database: tests that change the configuration must not race each other.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  reporter: jsonReport ? [['list'], ['json', { outputFile: jsonReport }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    locale: 'pt-PT',
    timezoneId: 'Europe/Lisbon',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
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
  webServer: [
    {
      command: `${NODE} support/mail-catcher.ts`,
      cwd: import.meta.dirname,
      url: `http://127.0.0.1:${MAIL_HTTP_PORT}/messages`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      command: `${NODE} ${path.join(ROOT, 'apps/server/src/main.ts')}`,
      cwd: ROOT,
      url: `http://127.0.0.1:${APP_PORT}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(APP_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://127.0.0.1:${APP_PORT}`,
        ADMIN_EMAIL: ACCOUNTS.admin.email,
        ADMIN_PASSWORD: ACCOUNTS.admin.password,
        DEMO_PASSWORD: ACCOUNTS.operator.password,
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
        LOG_LEVEL: 'warn',
        MQTT_BROKER_PORT: String(MQTT_BROKER_PORT),
        // A group is drawn from tiles from 150 systems here (2,000 in the product): above the demo network, so
        // the other tests see it as GeoJSON, and within what map-tiled-group.spec.ts creates in seconds.
        MAP_TILES_MIN_SYSTEMS: '150',
      },
    },
  ],
});
