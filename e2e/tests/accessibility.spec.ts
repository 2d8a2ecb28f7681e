import type { Page } from '@playwright/test';
import {
  ACCOUNTS,
  apiAs,
  capture,
  chooseLanguage,
  closeNotifications,
  expect,
  expectAccessible,
  signIn,
  test,
} from '../support/fixtures.ts';

/** The first Tab of a freshly loaded screen lands on the skip link; Enter takes the focus to the content. */
async function expectSkipLinkToContent(page: Page, name: string) {
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The address stays the screen's own.
  expect(new URL(page.url()).hash).toBe('');
  // The next Tab goes on inside the content, past the header and the menu.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('main').locator(':focus')).toHaveCount(1);
}

test.describe('accessibility', () => {
  test('the check itself fails on text that does not read, in the scheme shown and in the other one', async ({
    page,
  }) => {
    await page.goto('/incidents');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, { everyTime: true });

    // Grey on grey in the scheme shown (light: the browser's default).
    await page.evaluate(() => {
      const probe = document.createElement('p');
      probe.id = 'faint-probe';
      probe.textContent = 'Texto que não se lê';
      probe.style.cssText = 'color: #999; background: #aaa';
      document.querySelector('main')?.append(probe);
    });
    await expect(expectAccessible(page, { everyTime: true })).rejects.toThrow(
      /color-contrast[\s\S]*faint-probe[\s\S]*light colour scheme|light colour scheme[\s\S]*color-contrast/,
    );

    // Readable in light, dark grey on the dark page in dark: only the other scheme's pass sees it.
    await page.evaluate(() => {
      const probe = document.getElementById('faint-probe') as HTMLElement;
      probe.style.cssText = '';
      const style = document.createElement('style');
      style.textContent = '[data-mantine-color-scheme="dark"] #faint-probe { color: #333 }';
      document.head.append(style);
    });
    await expect(expectAccessible(page, { everyTime: true })).rejects.toThrow(/dark colour scheme/);
    // The visitor's scheme is put back even when the other one failed.
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  });

  test('one Tab from page load reaches the skip link, and Enter moves to the content (map and console)', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Mapa de mobilidade' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Saltar para o conteúdo' })).toBeFocused();
    await capture(page, 'skip-link-map-pt-PT');
    await page.reload();
    await expect(page.getByRole('region', { name: 'Mapa de mobilidade' })).toBeVisible();
    await expectSkipLinkToContent(page, 'Saltar para o conteúdo');

    await signIn(page, ACCOUNTS.admin);
    await chooseLanguage(page, 'English');
    await page.goto('/events');
    await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
    await expectSkipLinkToContent(page, 'Skip to content');
  });

  test('a visitor who asks their system for less motion gets menus and dialogs that appear without moving', async ({
    page,
  }) => {
    /** How long the open menu's appearing lasts, as the browser will play it. */
    const menuTransition = async () => {
      await page.getByRole('button', { name: 'Idioma' }).click();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      const duration = await menu.evaluate((element) => getComputedStyle(element).transitionDuration);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      return duration;
    };
    await page.goto('/incidents');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await menuTransition()).not.toBe('0s');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await menuTransition()).toBe('0s');
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`lists, badges and links read at AA in ${scheme} mode`, async ({ page, request }) => {
      const admin = await apiAs(request, ACCOUNTS.admin);
      const category = await admin.post('/api/event-categories', {
        name: `Contraste ${scheme}`,
        categoryType: 'GENERIC',
      });
      expect(category.ok(), await category.text()).toBeTruthy();
      const categoryId = (await category.json()).id as number;
      // One event of every priority, so every priority badge is on the list.
      const ids: number[] = [];
      for (const priority of ['LOW', 'NORMAL', 'HIGH', 'CRITICAL']) {
        const created = await admin.post('/api/events', {
          title: `Contraste ${scheme} ${priority}`,
          categoryId,
          priority,
          fromTimestamp: new Date(Date.now() - 3_600_000).toISOString(),
          geojson: {
            type: 'FeatureCollection',
            features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [-8.61, 41.15] } }],
          },
        });
        expect(created.ok(), await created.text()).toBeTruthy();
        ids.push((await created.json()).id);
      }
      for (const isPublic of [true, false]) {
        const comment = await admin.post(`/api/events/${ids[0]}/comments`, { message: 'No local', isPublic });
        expect(comment.ok(), await comment.text()).toBeTruthy();
      }

      await page.emulateMedia({ colorScheme: scheme });
      await signIn(page, ACCOUNTS.admin);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);

      await page.goto('/events');
      await page.getByLabel('Pesquisar ocorrências pelo título ou descrição').fill(`Contraste ${scheme}`);
      await expect(page.getByRole('link', { name: `Contraste ${scheme} NORMAL`, exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: `Contraste ${scheme} CRITICAL`, exact: true })).toBeVisible();
      await capture(page, `events-${scheme}-pt-PT`);

      await page.goto(`/events/${ids[0]}`);
      await expect(page.getByTestId('event-comment')).toHaveCount(2);
      await capture(page, `event-detail-${scheme}-pt-PT`);

      await page.goto('/role/create');
      await page.getByRole('button', { name: 'Criar perfil' }).click();
      await expect(page.getByText('Indique o nome')).toBeVisible();
      await closeNotifications(page);
      await capture(page, `role-create-${scheme}-pt-PT`);

      for (const path of ['/user', '/role', '/entity']) {
        await page.goto(path);
        await expect(page.getByRole('table')).toBeVisible();
        await expect(page.getByRole('table').getByRole('link').first()).toBeVisible();
        await capture(page, `list-${path.slice(1)}-${scheme}-pt-PT`);
      }
    });
  }
});
