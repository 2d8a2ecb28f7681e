import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ACCOUNTS, capture, expect, MOBILE, signIn, test, useLanguage } from '../support/fixtures.ts';

/**
 * Issue 19: every console form on a 390 px phone — nothing off the screen's side, and a refused save brings
 * the first field in error into view with the focus on it.
 */

const FEATURES = path.join(import.meta.dirname, '..', '..', 'apps', 'web', 'src', 'features');

/**
 * The console's "new record" forms, read from the route table itself (each feature's routes.ts): a route
 * whose title is a "…Create" page. A form added later is tested without touching this file.
 */
function createFormPaths(): string[] {
  const paths: string[] = [];
  for (const feature of readdirSync(FEATURES)) {
    let source: string;
    try {
      source = readFileSync(path.join(FEATURES, feature, 'routes.ts'), 'utf8');
    } catch {
      continue;
    }
    for (const match of source.matchAll(/path: '([^']+)',\s*titleKey: 'pages\.\w+Create'/g)) paths.push(match[1]);
  }
  return paths.sort();
}

const FORMS = createFormPaths();

test('the route table names the console forms', () => {
  // Users, entities, roles, events, categories, systems, groups, layers, queues, rules, reports, dashboards, apps…
  expect(FORMS.length).toBeGreaterThanOrEqual(15);
  expect(FORMS).toContain('/user/create');
});

for (const language of ['pt-PT', 'en-US'] as const) {
  test(`every console form fits a phone and a refused save shows its first error (${language})`, async ({ page }) => {
    // One pass over every form, each with its accessibility check.
    test.setTimeout(60_000 + FORMS.length * 15_000);
    await page.setViewportSize(MOBILE);
    await useLanguage(page, language);
    await signIn(page, ACCOUNTS.admin);
    // The record's own submit button ("Criar utilizador", "Guardar"…): the last one of the page's content.
    const save = page.locator('#content button[type="submit"]').last();
    for (const form of FORMS) {
      await test.step(form, async () => {
        await page.goto(form);
        await expect(save).toBeVisible();
        const overflow = await page.evaluate(() => {
          const root = document.scrollingElement as HTMLElement;
          return root.scrollWidth - root.clientWidth;
        });
        expect(overflow, `${form} scrolls sideways`).toBeLessThanOrEqual(0);
        await capture(page, `form${form.replace(/\//g, '-')}-mobile-${language}`);

        await save.click();
        const firstError = page.locator('[aria-invalid="true"]').first();
        await expect(firstError, `${form} marks a field in error`).toBeVisible();
        // The notice, then the scroll and the focus (after the spec's 400 ms): wait for them as a person would.
        await expect
          .poll(() =>
            page.evaluate(() => {
              const active = document.activeElement;
              const invalid = document.querySelector('[aria-invalid="true"]');
              if (!active || !invalid) return false;
              const box = invalid.getBoundingClientRect();
              const isOnScreen = box.bottom > 0 && box.top < window.innerHeight;
              return isOnScreen && (active === invalid || invalid.contains(active) || active.contains(invalid));
            }),
          )
          .toBe(true);
      });
    }
  });
}
