// `npm test`: every check the project has, the browser tests included, then one summary.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BROWSER, findChromium, HEADLESS_SHELL } from './chromium.mjs';
import { buildWebAsync, ensureInstalled, run, runProject, runProjectAsync } from './lib.mjs';

/** Installs the headless shell when we can, or says exactly what is missing. */
function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  if (!process.env.CHROMIUM_PATH && isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Installing Chromium for the browser tests (apt-get install chromium-headless-shell)…');
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  }
  console.error(
    `Chromium was not found at ${process.env.CHROMIUM_PATH ?? `${HEADLESS_SHELL} or ${BROWSER}`}. Install it ` +
      '(Debian/Ubuntu: `sudo apt-get install chromium-headless-shell`, or `chromium`), ' +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
  return null;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

ensureInstalled();
const reports = mkdtempSync(path.join(tmpdir(), 'mip-test-'));
const steps = [];
let passed = 0;
let failed = 0;

function step(name, action) {
  const started = Date.now();
  console.log(`\n━━ ${name}`);
  const status = action();
  steps.push({ name, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) });
  return status === 0;
}

/** Steps that need nothing of each other, run side by side (two cores: the type checks are single-threaded). */
async function stepsTogether(entries) {
  const started = Date.now();
  console.log(`\n━━ ${entries.map(([name]) => name).join(', ')} (side by side)`);
  const statuses = await Promise.all(
    entries.map(async ([name, action]) => {
      const status = await action();
      steps.push({ name, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) });
      return status;
    }),
  );
  return statuses.map((status) => status === 0);
}

step('Lint (Biome)', () => runProject(['node_modules/@biomejs/biome/bin/biome', 'check', '.']));
// The web app is built before the Vitest run (which the build does not need, nor it the build) so that it
// overlaps the type checks instead of following the tests alone.
const [, , built] = await stepsTogether([
  [
    'Type-check (server, shared, e2e, bench)',
    () => runProjectAsync(['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json']),
  ],
  ['Type-check (web)', () => runProjectAsync(['node_modules/typescript/bin/tsc', '-p', 'apps/web/tsconfig.json'])],
  ['Build the web app', () => buildWebAsync()],
]);

const vitestReport = path.join(reports, 'vitest.json');
step('Unit and integration tests (Vitest)', () =>
  runProject([
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ]),
);
const vitest = readJson(vitestReport);
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed +=
    (vitest.numFailedTests ?? 0) +
    (vitest.numFailedTestSuites && !vitest.numFailedTests ? vitest.numFailedTestSuites : 0);
} else failed += 1;

const chromium = built ? ensureChromium() : null;
if (chromium) {
  const playwrightReport = path.join(reports, 'playwright.json');
  step('Browser tests (Playwright, Chromium)', () =>
    runProject(['node_modules/@playwright/test/cli.js', 'test', '--config', 'e2e/playwright.config.ts'], {
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport, CHROMIUM_PATH: chromium },
    }),
  );
  const playwright = readJson(playwrightReport);
  if (playwright?.stats) {
    passed += playwright.stats.expected + playwright.stats.flaky;
    failed += playwright.stats.unexpected;
  } else failed += 1;
} else {
  steps.push({ name: 'Browser tests (Playwright, Chromium)', ok: false, seconds: 0 });
  failed += 1;
}

console.log('\n━━ Summary');
for (const { name, ok, seconds } of steps) console.log(`${ok ? '✓' : '✗'} ${name} (${seconds} s)`);
const allOk = steps.every((s) => s.ok) && failed === 0;
console.log(allOk ? '\nEverything passed.' : '\nSomething failed: see the step marked ✗ above.');
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(allOk ? 0 : 1);
