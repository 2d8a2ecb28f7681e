import { ACCOUNTS, capture, chooseLanguage, chooseOption, expect, MOBILE, signIn, test } from '../support/fixtures.ts';

test.describe('entities', () => {
  test('a NIF with a wrong check digit is refused on its field; the corrected one creates the entity', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.admin, '/entity/create');
    await page.getByLabel(/^Nome/).fill('Junta de Freguesia de Paranhos');
    // 501306098: nine digits, but the check digit should be 9.
    await page.getByLabel(/^NIF/).fill('501306098');
    await chooseOption(page, page.getByRole('combobox', { name: 'Tipo de entidade' }), 'Município');
    await page.getByRole('button', { name: 'Criar entidade' }).click();
    await expect(page.getByText('NIF inválido: deve ter 9 algarismos e um dígito de controlo correto')).toBeVisible();
    await expect(page).toHaveURL(/\/entity\/create$/);
    await capture(page, 'entity-create-invalid-nif-pt-PT');

    await page.getByLabel(/^NIF/).fill('501306099');
    await page.getByRole('button', { name: 'Criar entidade' }).click();
    await expect(page.getByText('Entidade «Junta de Freguesia de Paranhos» criada.')).toBeVisible();
    await expect(page).toHaveURL(/\/entity\/\d+$/);
    await expect(page.getByLabel(/^NIF/)).toHaveValue('501306099');

    // The new entity is found without its accents, as people type on a phone.
    await page.goto('/entity');
    await page.getByLabel('Pesquisar entidades').fill('junta de freguesia de paranhos');
    await expect(page.getByRole('link', { name: 'Junta de Freguesia de Paranhos', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: '501306099' })).toBeVisible();
    await capture(page, 'entities-search-pt-PT');
  });

  test('an entity shows its sub-entities and its users', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin, '/entity');
    await page.getByLabel('Pesquisar entidades').fill('camara municipal do porto');
    // The list is replaced when the debounced search answers: click in the settled one.
    await expect(page.getByText('1 registo', { exact: true })).toBeVisible();
    await page
      .getByRole('link', { name: 'Câmara Municipal do Porto', exact: true })
      // Its sub-entities name it too, as their parent.
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Subentidades' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Polícia Municipal do Porto', exact: true })).toBeVisible();
    await capture(page, 'entity-detail-pt-PT');
  });

  test('my entity, on a phone, in English', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await signIn(page, ACCOUNTS.operator);
    await chooseLanguage(page, 'English');
    await page.goto('/myEntity');
    await expect(page.getByRole('heading', { name: 'My entity' })).toBeVisible();
    await capture(page, 'my-entity-mobile-en-US');
  });
});
