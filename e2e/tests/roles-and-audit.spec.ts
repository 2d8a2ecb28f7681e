import { ACCOUNTS, capture, chooseLanguage, chooseOption, expect, MOBILE, signIn, test } from '../support/fixtures.ts';

test.describe('roles and the audit log', () => {
  test('a role made of chosen permissions is created, and the audit log shows who did it and what changed', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.admin, '/role/create');
    await page.getByLabel(/^Nome/).fill('Fiscalização de obras');
    // Named in words under their area, each explained; the stored codes are not shown.
    const users = page.getByRole('group', { name: 'Utilizadores' });
    await users.getByRole('checkbox', { name: 'Consultar utilizadores' }).check();
    await expect(users.getByRole('checkbox', { name: 'Consultar utilizadores' })).toHaveAccessibleDescription(
      'Ver utilizadores e os seus dados',
    );
    await page
      .getByRole('group', { name: 'Entidades' })
      .getByRole('checkbox', { name: 'Consultar a própria entidade' })
      .check();
    await expect(page.getByText('READ_USER')).toHaveCount(0);
    await capture(page, 'role-create-pt-PT');
    await page.getByRole('button', { name: 'Criar perfil' }).click();
    await expect(page.getByText('Perfil «Fiscalização de obras» criado.')).toBeVisible();

    await page.goto('/audit');
    await page.getByRole('button', { name: 'Filtros' }).click();
    await chooseOption(page, page.getByRole('combobox', { name: 'Tipo de registo' }), 'Perfil');
    const row = page.getByRole('row').filter({ hasText: 'Criação' }).first();
    await expect(row).toContainText('Administrador da Plataforma');
    await capture(page, 'audit-roles-pt-PT');
    await row.getByRole('button', { name: /Ver detalhes/ }).click();
    const details = page.getByRole('dialog', { name: 'Detalhes do registo' });
    await expect(details).toContainText('Fiscalização de obras');
    await expect(details).toContainText('READ_USER');
    await capture(page, 'audit-details-pt-PT');
  });

  test('a refused save on a phone brings the first field in error back into view and focus', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await signIn(page, ACCOUNTS.admin, '/role/create');
    // The save button is far below the name, past every area's permissions.
    const save = page.getByRole('button', { name: 'Criar perfil' });
    await save.scrollIntoViewIfNeeded();
    const name = page.getByRole('textbox', { name: /^Nome/ });
    await expect(name).not.toBeInViewport();
    await save.click();
    await expect(page.getByText('Indique o nome')).toBeVisible();
    await expect(name).toBeFocused();
    await expect(name).toBeInViewport();
  });

  test('the role editor in English names permissions in words by area', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await chooseLanguage(page, 'English');
    await page.goto('/role/create');
    const events = page.getByRole('group', { name: 'Events' });
    await expect(events.getByRole('checkbox', { name: 'Edit events' })).toBeVisible();
    await expect(events.getByRole('checkbox', { name: 'Manage categories' })).toBeVisible();
    await expect(page.getByText('WRITE_EVENT')).toHaveCount(0);
    await capture(page, 'role-create-en-US');
  });

  test('the audit log on a phone, in English', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await signIn(page, ACCOUNTS.admin);
    await chooseLanguage(page, 'English');
    await page.goto('/audit');
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    await capture(page, 'audit-mobile-en-US');
  });
});
