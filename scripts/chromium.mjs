// Which Chromium the browser tests drive: one place for `npm test` (scripts/test.mjs) and Playwright's
// own configuration (e2e/playwright.config.ts), so a run started either way uses the same browser.
import { existsSync } from 'node:fs';

/** Debian's headless shell: Chromium's old headless mode, without the desktop browser around the page. */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** Debian's Chromium browser. */
export const BROWSER = '/usr/bin/chromium';

/**
 * CHROMIUM_PATH when set (null when nothing is there), else the headless shell when installed (about a
 * tenth less time for the same tests), else the browser; null when neither is installed.
 */
export function findChromium() {
  if (process.env.CHROMIUM_PATH) return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : null;
  return [HEADLESS_SHELL, BROWSER].find((candidate) => existsSync(candidate)) ?? null;
}
