import type { Page } from '@playwright/test';
import { ACCOUNTS, apiAs, expect, signIn, test } from '../support/fixtures.ts';
import { mapReady } from '../support/map-canvas.ts';

/**
 * Issue 16: the app runs under its own Content-Security-Policy. Every screen
 * here is opened with the page reporting each violation of the policy (the
 * `securitypolicyviolation` event, and the console error Chromium writes for
 * it, also for workers); any one fails the test. A script injected into the
 * page is the control: it must be refused and reported.
 */

interface TViolationWatch {
  /** Violations seen so far, one line each. */
  seen: string[];
  /** Checks the watch works on this page: an inline script is refused and reported. */
  expectInjectedScriptRefused: () => Promise<void>;
}

async function watchPolicyViolations(page: Page): Promise<TViolationWatch> {
  const seen: string[] = [];
  await page.exposeBinding('__reportPolicyViolation', (_source, line: string) => void seen.push(line));
  await page.addInitScript(() => {
    const report = (window as unknown as { __reportPolicyViolation: (line: string) => void }).__reportPolicyViolation;
    document.addEventListener('securitypolicyviolation', (event) =>
      report(
        `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      ),
    );
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return {
    seen,
    expectInjectedScriptRefused: async () => {
      const hasRun = await page.evaluate(async () => {
        const script = document.createElement('script');
        script.textContent = 'window.__injected = true';
        document.body.append(script);
        await new Promise((resolve) => setTimeout(resolve, 100));
        return (window as unknown as { __injected?: boolean }).__injected === true;
      });
      expect(hasRun, 'an injected inline script ran').toBe(false);
      await expect.poll(() => seen.some((line) => line.startsWith('script-src'))).toBe(true);
      // The control's own reports only: the caller has checked the list was empty before.
      seen.length = 0;
    },
  };
}

test.describe('the Content-Security-Policy', () => {
  test('the public map, a console map, the dashboards, the help editor and the API docs run without a violation', async ({
    page,
    request,
  }) => {
    const watch = await watchPolicyViolations(page);

    // The public map: MapLibre's worker, the server's style, the product's icons and layers.
    const home = await page.goto('/');
    expect(home?.headers()['content-security-policy']).toContain("script-src 'self'");
    await mapReady(page);
    await page.waitForLoadState('networkidle');
    expect(watch.seen, 'public map').toEqual([]);
    await watch.expectInjectedScriptRefused();

    // The help modal a visitor reads on the map: rich text with images.
    await page.getByRole('button', { name: 'Ajuda', exact: true }).click();
    const help = page.getByRole('dialog', { name: 'Ajuda' });
    await expect(help.getByTestId('help-contents')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(watch.seen, 'help article').toEqual([]);

    // A console screen with a map: the incident form's location editor.
    await signIn(page, ACCOUNTS.admin, '/events/create');
    await expect(page.locator('canvas.maplibregl-canvas').first()).toBeVisible();
    await page.waitForFunction(() => !document.querySelector('.maplibregl-map')?.classList.contains('loading'));
    await page.waitForLoadState('networkidle');
    expect(watch.seen, 'incident form map').toEqual([]);

    // The dashboards list, and the demo dashboard's charts (Recharts draws with inline styles).
    await page.goto('/dashboards');
    await expect(page.getByRole('link', { name: 'Ocorrências e transportes' }).first()).toBeVisible();
    const admin = await apiAs(request, ACCOUNTS.admin);
    const found = (await (
      await admin.get('/api/dashboards/search?universalSearch=Ocorr%C3%AAncias%20e%20transportes')
    ).json()) as { content: { id: number; name: string }[] };
    const demo = found.content.find((item) => item.name === 'Ocorrências e transportes');
    expect(demo, 'the demo dashboard').toBeTruthy();
    await page.goto(`/dashboard/${demo?.id}`);
    await expect(page.getByRole('heading', { name: 'Ocorrências por categoria' })).toBeVisible();
    await expect(page.locator('.recharts-wrapper').first()).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    expect(watch.seen, 'dashboards').toEqual([]);

    // The help editor (tiptap), opened and left without saving.
    await page.getByRole('button', { name: 'Ajuda', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajuda' });
    const edit = dialog.getByRole('button', { name: /^(Editar|Criar artigo para esta página)$/ }).first();
    await edit.click();
    const editor = dialog.locator('.ProseMirror');
    await expect(editor).toBeVisible({ timeout: 30_000 });
    await editor.click();
    await page.keyboard.type('Política de segurança');
    await expect(editor).toContainText('Política de segurança');
    expect(watch.seen, 'help editor').toEqual([]);

    // The API documentation (Swagger UI) under the same policy.
    await page.goto('/api/docs');
    // The first call builds the OpenAPI document of every route: slow on a busy machine.
    await expect(page.getByRole('heading', { name: /Mobility and incident platform API/ })).toBeVisible({
      timeout: 30_000,
    });
    await page.waitForLoadState('networkidle');
    expect(watch.seen, 'API docs').toEqual([]);
  });
});
