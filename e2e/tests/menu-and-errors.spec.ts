import { ACCOUNTS, capture, chooseLanguage, expect, openFromMenu, signIn, test } from '../support/fixtures.ts';

test.describe('what each role sees', () => {
  test('the administrator has the settings group with the configuration', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('link', { name: 'Início' })).toBeVisible();
    await menu.getByRole('button', { name: 'Configurações' }).click();
    await expect(menu.getByRole('link', { name: 'Configuração' })).toBeVisible();
    await capture(page, 'home-admin-pt-PT');
  });

  test('a read-only user sees only the dashboards in settings and is refused the configuration screen', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.readOnly);
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('link', { name: 'Início' })).toBeVisible();
    // Dashboards sit in the settings group (spec 000 §2); reading them is all this role may do there.
    await menu.getByRole('button', { name: 'Configurações' }).click();
    await expect(menu.getByRole('link', { name: 'Dashboards' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Fontes de dados' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Configuração' })).toHaveCount(0);
    await page.goto('/configuration');
    await expect(page.getByRole('heading', { name: 'Não tem autorização!!' })).toBeVisible();
    await capture(page, 'forbidden-pt-PT');
    await page.getByRole('link', { name: 'Ir para a página inicial' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown address shows the not-found page with the way home', async ({ page }) => {
    await page.goto('/there-is-no-such-page');
    await expect(page.getByRole('heading', { name: 'Página não encontrada!' })).toBeVisible();
    await capture(page, 'not-found-pt-PT');
  });
});

test.describe('languages', () => {
  test('switching to English turns the console to English', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await chooseLanguage(page, 'English');
    await expect(page.getByRole('heading', { name: 'Hello, Administrador' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Home' })).toBeVisible();
    await openFromMenu(page, 'Settings', 'Configuration');
    await expect(page.getByRole('heading', { name: 'Platform settings' })).toBeVisible();
    await capture(page, 'configuration-en-US');
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found!' })).toBeVisible();
    await capture(page, 'not-found-en-US');
  });
});
