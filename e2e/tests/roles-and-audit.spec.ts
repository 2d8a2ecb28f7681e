import { ACCOUNTS, capture, expect, MOBILE, signIn, test } from '../support/fixtures.ts';

test.describe('roles and the audit log', () => {
  test('a role made of chosen permissions is created, and the audit log shows who did it and what changed', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/role/create');
    await page.getByLabel(/^Nome/).fill('Fiscalização de obras');
    await page.getByRole('checkbox', { name: 'READ_USER' }).check();
    await page.getByRole('checkbox', { name: 'READ_OWN_ENTITY' }).check();
    await expect(page.getByText('Ver utilizadores e os seus dados')).toBeVisible();
    await capture(page, 'role-create-pt-PT');
    await page.getByRole('button', { name: 'Criar perfil' }).click();
    await expect(page.getByText('Perfil «Fiscalização de obras» criado.')).toBeVisible();

    await page.goto('/audit');
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByRole('combobox', { name: 'Tipo de registo' }).click();
    await page.getByRole('option', { name: 'Perfil', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: 'Criação' }).first();
    await expect(row).toContainText('Administrador da Plataforma');
    await capture(page, 'audit-roles-pt-PT');
    await row.getByRole('button', { name: /Ver detalhes/ }).click();
    const details = page.getByRole('dialog', { name: 'Detalhes do registo' });
    await expect(details).toContainText('Fiscalização de obras');
    await expect(details).toContainText('READ_USER');
    await capture(page, 'audit-details-pt-PT');
  });

  test('the audit log on a phone, in English', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await signIn(page, ACCOUNTS.admin);
    await page.getByRole('button', { name: 'Idioma' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.goto('/audit');
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    await capture(page, 'audit-mobile-en-US');
  });
});
