import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import { isAlwaysLightPath, STAFF_HOME_PATH } from '../../apps/web/src/app/paths.ts';
import { STORAGE_KEYS } from '../../apps/web/src/app/storage-keys.ts';
import { ACCOUNTS, type TAccount } from './accounts.ts';
import { startWorkerPlatform, type TWorkerPlatform, workerPlatform } from './worker-platform.ts';

export const SCREENSHOTS = path.join(import.meta.dirname, '..', 'screenshots');
export const MOBILE = { width: 390, height: 844 };

/** How many frames in a row with nothing moving make a page settled. */
const QUIET_FRAMES = 3;
/**
 * A transition lasts a fraction of a second: one still running after this never ends. A spinner, waited for
 * only before a screenshot, may turn while a slow answer comes on a busy machine: it gets longer.
 */
const SETTLE_LIMIT_MS = 20_000;
const SPINNERS_LIMIT_MS = 90_000;

/**
 * Waits until what changes by itself has settled: menus, dialogs and colours still fading would be judged
 * mid-way. Settled means no animation running for a few frames in a row, not just now: a closing popover
 * starts its transition a frame after it is told to close, and leaves the page when a timer fires just after
 * the transition ends, and a single look can fall in either gap. A spinner turns for as long as it shows:
 * only animations that end are waited for, unless `evenEndless` (a screen shot for people: spinners gone too).
 */
async function settled(page: Page, { evenEndless = false } = {}) {
  const limitMs = evenEndless ? SPINNERS_LIMIT_MS : SETTLE_LIMIT_MS;
  const stillMoving = await page.evaluate(
    ({ frames, evenEndless, limitMs }) =>
      new Promise<string[]>((resolve) => {
        const started = performance.now();
        let quietFrames = 0;
        const moving = () =>
          document
            .getAnimations()
            .filter(
              (animation) =>
                animation.playState === 'running' &&
                (evenEndless || animation.effect?.getTiming().iterations !== Infinity),
            );
        const look = () => {
          const running = moving();
          quietFrames = running.length > 0 ? 0 : quietFrames + 1;
          if (quietFrames >= frames) resolve([]);
          // What never stops is named, so the failure says what moved rather than the test running out of time.
          else if (performance.now() - started > limitMs)
            resolve(
              running.map((animation) => {
                const target = (animation.effect as KeyframeEffect | null)?.target;
                const name =
                  (animation as CSSAnimation).animationName ?? (animation as CSSTransition).transitionProperty;
                return `${name ?? 'animation'} on ${target ? `${target.tagName.toLowerCase()}.${[...target.classList].join('.')}` : '?'}`;
              }),
            );
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
        // A page that draws no frame at all (hidden, or stuck) never looks: that is said too.
        setTimeout(() => resolve(['no frame drawn']), limitMs + 5_000);
      }),
    { frames: QUIET_FRAMES, evenEndless, limitMs },
  );
  expect(stillMoving, `still moving after ${limitMs / 1000} s`).toEqual([]);
}

/** The WCAG rules whose outcome depends on colours: all a change of colour scheme can break. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** axe-core's browser bundle, put into a page the first time it is judged. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A serious or critical finding, as the failure message names it. */
interface TFinding {
  id: string;
  help: string;
  nodes: { target: string; failureSummary: string }[];
}

/**
 * Fails on serious or critical axe findings in what the page shows now, named with the colour scheme;
 * `rules` limits the check to those (the other scheme's pass: names, roles and structure are the same).
 *
 * axe runs in the page itself, put there once per document: @axe-core/playwright re-injected it into
 * every frame and opened a blank page for each check, 5–10× the time of the check itself, and the screens
 * have no frames for it to walk into.
 */
async function expectNoSeriousViolations(page: Page, scheme: string, rules?: string[]) {
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // Either the rules asked, or every rule of WCAG 2.1 A and AA (axe runs one list or the other).
  const runOnly = rules
    ? { type: 'rule', values: rules }
    : { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] };
  const serious = await page.evaluate(async (runOnly): Promise<TFinding[]> => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run(document, {
      runOnly: runOnly as import('axe-core').RunOnly,
      resultTypes: ['violations'],
    });
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.join(' '), failureSummary: n.failureSummary ?? '' })),
      }));
  }, runOnly);
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target}: ${n.failureSummary}`).join(', ')})`),
    `serious or critical accessibility violations in the ${scheme} colour scheme`,
  ).toEqual([]);
}

/**
 * Switches the console's colour scheme as a choice made in another tab does
 * (Mantine's storage listener), so the page redraws in it without a reload;
 * `choice` null forgets the choice (the system's scheme applies again).
 * Returns the choice that was stored before.
 */
async function chooseColorScheme(page: Page, choice: string | null): Promise<string | null> {
  return page.evaluate(
    ({ key, choice }) => {
      const before = localStorage.getItem(key);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: choice ?? 'auto', storageArea: localStorage }));
      // Mantine stores the choice it is given: "no choice" is no key at all.
      if (choice === null) localStorage.removeItem(key);
      return before;
    },
    { key: STORAGE_KEYS.theme, choice },
  );
}

/**
 * The kind of screen the page shows, whatever its language and data: its address, phone or desktop
 * layout, the dialogs open and the outline of its headings (a card or panel opened adds its own).
 */
async function screenKind(page: Page): Promise<string> {
  const layout = (page.viewportSize()?.width ?? 1280) < 992 ? 'phone' : 'desktop';
  const shape = await page.evaluate(() => {
    const dialogs = document.querySelectorAll('[role="dialog"], [role="alertdialog"]').length;
    const headings = [...document.querySelectorAll('h1, h2, h3, h4')].map((h) => h.tagName).join('');
    return `${dialogs}:${headings}`;
  });
  return `${new URL(page.url()).pathname} ${layout} ${shape}`;
}

/**
 * The kinds of screen already judged in the other colour scheme by this worker: the same screen captured
 * again (another date, language or row) is painted with the same colours, and re-judging it took a
 * quarter of the browser tests' time.
 */
const judgedInOtherScheme = new Set<string>();

/**
 * Fails on serious or critical accessibility problems in what the page shows
 * now, once it has settled — in the colour scheme it is in, then (once per
 * kind of screen) the colour rules in the other one (contrast differs), after
 * which the user's choice is put back.
 */
export async function expectAccessible(page: Page, options: { everyTime?: boolean } = {}) {
  const html = page.locator('html');
  const shown = (await html.getAttribute('data-mantine-color-scheme')) ?? 'light';
  await expectNoSeriousViolations(page, shown);
  // Public dashboards are light whatever the visitor chose (spec 001 §2): there is no other scheme to judge.
  if (isAlwaysLightPath(new URL(page.url()).pathname)) return;
  const kind = await screenKind(page);
  if (judgedInOtherScheme.has(kind) && !options.everyTime) return;
  judgedInOtherScheme.add(kind);
  const other = shown === 'dark' ? 'light' : 'dark';
  const choice = await chooseColorScheme(page, other);
  try {
    await expect(html).toHaveAttribute('data-mantine-color-scheme', other);
    await expectNoSeriousViolations(page, other, COLOUR_RULES);
  } finally {
    await chooseColorScheme(page, choice);
  }
  await expect(html).toHaveAttribute('data-mantine-color-scheme', shown);
  await settled(page);
}

/** Screenshot kept for people to look at, after an accessibility check of the same screen. */
export async function capture(page: Page, name: string) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await settled(page, { evenEndless: true });
  await expectAccessible(page);
  // A full-page shot of a scrolled page paints the fixed header and menu halfway down it: shoot from the top,
  // unless a dropdown, menu or dialog is open (scrolling would close or move it).
  await page.evaluate(() => {
    if (!document.querySelector('[role="listbox"], [role="menu"], [role="dialog"]')) window.scrollTo(0, 0);
  });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * Stops the page's clock (installed by `page.clock.install()`): from then on its timers fire only when the
 * test runs the clock. `pauseAt` needs a time still ahead of the page's when the call reaches the page, and
 * on a loaded machine a call took over a second to get there (a second's margin failed with "Cannot
 * fast-forward to the past"): the clock jumps ten seconds, and what fell due meanwhile fires, as it would
 * for a person who waited that long.
 */
export async function pauseClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 10_000);
}

/**
 * Closes the notifications shown so far, so a capture judges the page and not
 * a toast half faded (or, over a modal, the dimmed page behind it).
 */
export async function closeNotifications(page: Page) {
  const close = page.getByRole('button', { name: /^(Fechar notificação|Close notification)$/ });
  // As a person does: close the first one left until none is. One may close by itself meanwhile, and a click
  // may miss a toast still sliding in on a busy machine (it then stayed, and the count never reached 0): each
  // round looks again rather than trusting the count it started with.
  // A closed toast slides out before it leaves the page, its button still there: each round waits for the one
  // it closed to go (a click on the leaving one waited out its whole timeout, 3.5 s a call).
  await expect(async () => {
    const shown = await close.count();
    if (shown > 0) {
      await close.first().click({ timeout: 2000 });
      await expect.poll(() => close.count(), { timeout: 5000 }).toBeLessThan(shown);
    }
    expect(await close.count()).toBe(0);
  }).toPass({ timeout: 30_000 });
}

/**
 * Opens a menu or a select's list with `open` and clicks its `entry` once the list has finished appearing, as
 * a person waits for a menu before choosing in it. An entry still sliding in fails Playwright's stability
 * check, and its retry scrolls the entry to the screen's bottom edge; when that scroll takes the menu's button
 * off the screen, Mantine hides the menu (`hideDetached`) and the entry never shows again. A click can also
 * find something else at the entry's place, when the page moves under an open menu (a preview drawn as its
 * data arrives) and the menu follows its button a frame later: Playwright then holds the click back and scrolls
 * to try again, with the same end. Either way the list is gone, and a person opens it again: so does this,
 * rather than wait for an entry that will not come back.
 */
export async function chooseFromList(page: Page, open: () => Promise<void>, entry: Locator) {
  await open();
  let isRetry = false;
  await expect(async () => {
    if (isRetry && !(await entry.isVisible())) await open();
    isRetry = true;
    await expect(entry).toBeVisible();
    await settled(page);
    await entry.click({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

/** Changes the language with the header's language menu (its button says "Idioma" or "Language"). */
export async function chooseLanguage(page: Page, language: string) {
  await chooseFromList(
    page,
    () => page.getByRole('button', { name: /^(Idioma|Language)$/ }).click(),
    page.getByRole('menuitem', { name: language }),
  );
}

/** Picks an option of a Mantine select, searchable or not: opens it (or types `typed` into it), then clicks the option. */
export async function chooseOption(page: Page, box: Locator, option: string, typed?: string) {
  const open = async () => {
    if (typed) await box.fill(typed);
    else await box.click();
    // A list searched on the server says it is searching (aria-busy) until the answer for the text comes and
    // the list changes: a person waits for the list to refresh before choosing in it.
    await expect(box).not.toHaveAttribute('aria-busy', 'true');
  };
  await chooseFromList(page, open, page.getByRole('option', { name: option, exact: true }));
}

/** Opens a console page as a person does on a desktop: unfold the side menu's group, then follow the link. */
export async function openFromMenu(page: Page, group: string, name: string) {
  const menu = page.getByRole('navigation', { name: /^(Menu principal|Main menu)$/ });
  const link = menu.getByRole('link', { name, exact: true });
  // The menu may still be settling just after sign-in (a group re-folds as the session arrives): unfold the
  // group until its link shows, as a person clicks again.
  await expect(async () => {
    if (!(await link.isVisible())) await menu.getByRole('button', { name: group, exact: true }).click();
    await expect(link).toBeVisible({ timeout: 2000 });
  }).toPass();
  // …and waits for the group to finish unfolding, as a person's eye does: a click on a link still sliding
  // (the menu scrolled to it meanwhile) pressed the mouse on one entry and let go over another, which is no click.
  await settled(page);
  await link.click();
}

/** Signs in through the sign-in form, as a person does, and waits for the console home it leads to. */
export async function signInWithForm(page: Page, account: TAccount) {
  await page.goto('/auth');
  await page.getByLabel(/email/i).fill(account.email);
  await page
    .getByLabel(/palavra-passe|password/i)
    .first()
    .fill(account.password);
  await page.getByRole('button', { name: /^(entrar|sign in)$/i }).click();
  await expectConsoleShown(page);
}

/** The console's first opening after a platform starts (its demo feed still importing) is slow on a busy machine. */
async function expectConsoleShown(page: Page) {
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 60_000 });
}

/** The session the sign-in API answers (what the sign-in form receives); the test fails with the server's answer otherwise. */
async function logIn(
  request: APIRequestContext,
  account: TAccount,
): Promise<{ language: string; session: { token: string } }> {
  const response = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return response.json();
}

/**
 * Signs in with a session from the sign-in API, kept where the sign-in form keeps it (with the user's
 * language, as the form switches to it), then opens `path`: the console home, where the form leads, unless
 * the test goes on elsewhere. The form is tested in sign-in.spec.ts; typing it in every test cost a page
 * load and a form each, about a second a time.
 */
export async function signIn(page: Page, account: TAccount, path = STAFF_HOME_PATH) {
  const session = await logIn(page.request, account);
  // Storage belongs to the origin: any light page of it can write there before the app reads it.
  await page.goto('/api/health');
  await page.evaluate(
    ({ keys, session }) => {
      localStorage.setItem(keys.session, JSON.stringify({ session, impersonate: null, sessionExpired: false }));
      localStorage.setItem(keys.language, session.language);
    },
    { keys: STORAGE_KEYS, session },
  );
  await page.goto(path);
  if (path === STAFF_HOME_PATH) await expectConsoleShown(page);
}

/** The languages of the product's catalogs. */
export type TLanguage = 'pt-PT' | 'en-US';

/**
 * Every page `page` opens from now on starts in `language`, as for a person who chose it before: kept where
 * the language menu keeps it, and written again before each load (a choice made in the page does not last).
 */
export async function useLanguage(page: Page, language: TLanguage) {
  await page.addInitScript(({ key, language }) => localStorage.setItem(key, language), {
    key: STORAGE_KEYS.language,
    language,
  });
}

/** Keeps `language` as the chosen one, as the language menu does: the pages opened next start in it. */
export async function storeLanguage(page: Page, language: TLanguage) {
  await page.evaluate(({ key, language }) => localStorage.setItem(key, language), {
    key: STORAGE_KEYS.language,
    language,
  });
}

/** The token of the session the console keeps, as any script of the page could read it (undefined signed out). */
export async function sessionToken(page: Page): Promise<string | undefined> {
  return page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? '{}').session?.session?.token,
    STORAGE_KEYS.session,
  );
}

/** An API session for seeding through the real API, never through the DOM. */
export async function apiAs(request: APIRequestContext, account: TAccount) {
  const token = (await logIn(request, account)).session.token;
  const headers = { authorization: `Bearer ${token}` };
  return {
    /** For calls the helpers below do not make (a multipart upload). */
    headers,
    put: (url: string, data: unknown) => request.put(url, { data, headers }),
    post: (url: string, data: unknown) => request.post(url, { data, headers }),
    get: (url: string) => request.get(url, { headers }),
    delete: (url: string) => request.delete(url, { headers }),
  };
}

/**
 * Holds the page's requests to `url` at the server's door until the returned function is called, so a test can
 * see what a person sees while an answer is on its way (a spinner, a progress bar, a card half filled).
 */
export async function holdRequests(page: Page, url: Parameters<Page['route']>[0]): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** A top-level group of the demo platform, by name, as the public tree lists it; the test stops when it is missing. */
export async function demoGroup(request: APIRequestContext, name: string): Promise<{ id: number; name: string }> {
  const tree = (await (await request.get('/api/mobility-system-groups/tree')).json()) as { id: number; name: string }[];
  const group = tree.find((candidate) => candidate.name === name);
  if (!group) throw new Error(`the demo group ${name} is missing`);
  return group;
}

/**
 * Waits until the demo network (Metro do Porto), imported in the background on a platform's first start,
 * is live: its import succeeded. The group counts a few systems before that (the demo's own stops).
 */
export async function demoNetworkImported(request: APIRequestContext) {
  const api = await apiAs(request, ACCOUNTS.admin);
  await expect
    .poll(
      async () => {
        const history = await (await api.get('/api/gtfs/imports/search?status=SUCCEEDED')).json();
        return history.content.some((job: { group: { name: string } }) => job.group.name === 'Metro do Porto');
      },
      { timeout: 60_000, message: 'the demo network is imported on first start' },
    )
    .toBe(true);
}

/** A stop as the visitors' search answers it. */
export interface TPublicStop {
  id: number;
  name: string;
  systemType: string;
  parentId: number;
  latitude: number;
  longitude: number;
}

/** A stop of the demo network, by its name, once the network is live (as a visitor's search finds it). */
export async function demoStop(request: APIRequestContext, name: string): Promise<TPublicStop> {
  await demoNetworkImported(request);
  const response = await request.post('/api/mobility-system/public', {
    data: { universalSearch: name, parentId: [], onlyLayerSearch: true },
  });
  const found = ((await response.json()) as TPublicStop[]).find(
    (result) => result.name === name && result.systemType === 'STOP',
  );
  expect(found, `the demo network's stop ${name}`).toBeDefined();
  return found as TPublicStop;
}

/** An emailed file, its bytes in base64. */
export interface TMailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export async function readMails(
  request: APIRequestContext,
): Promise<{ to: string[]; subject: string; text: string; attachments: TMailAttachment[] }[]> {
  const response = await request.get(`http://127.0.0.1:${workerPlatform().mailHttpPort}/messages`);
  return response.json();
}

/**
 * Every worker runs on a platform of its own (support/worker-platform.ts), started before its first test:
 * `platform` says where, and pages and API requests go to it.
 */
export const test = base.extend<{ serverLogOnFailure: undefined }, { platform: TWorkerPlatform }>({
  platform: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern; it has none.
    async ({}, use, workerInfo) => {
      const { stop } = await startWorkerPlatform(workerInfo.parallelIndex);
      try {
        await use(workerPlatform());
      } finally {
        await stop();
      }
    },
    { scope: 'worker', auto: true, timeout: 300_000 },
  ],
  baseURL: async ({ platform }, use) => {
    await use(platform.baseUrl);
  },
  // What the server wrote while a test ran (warnings and errors), attached when the test fails: a page that
  // waits forever is told apart from a server that stopped answering.
  serverLogOnFailure: [
    async ({ platform }, use, testInfo) => {
      const from = existsSync(platform.serverLog) ? statSync(platform.serverLog).size : 0;
      await use(undefined);
      if (testInfo.status === testInfo.expectedStatus || !existsSync(platform.serverLog)) return;
      const written = readFileSync(platform.serverLog).subarray(from);
      if (written.length > 0) await testInfo.attach('server-log', { body: written, contentType: 'text/plain' });
    },
    { auto: true },
  ],
});
export { ACCOUNTS, expect };
