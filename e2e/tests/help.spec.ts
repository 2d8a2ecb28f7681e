import type { Page } from '@playwright/test';
import { ACCOUNTS, apiAs, capture, closeNotifications, expect, signIn, test } from '../support/fixtures.ts';

const PHONE = { width: 375, height: 812 };

/** The texts each language shows, as the spec words them (spec 001 §5, §8). */
const TEXTS = {
  'pt-PT': {
    help: 'Ajuda',
    mapTitle: 'O mapa',
    usersTitle: 'Utilizadores',
    noArticle: 'Esta página ainda não tem um artigo de ajuda.',
    create: 'Criar artigo para esta página',
    title: 'Título',
    category: 'Categoria',
    contents: 'Conteúdo',
    save: 'Guardar',
    edit: 'Editar',
    delete: 'Eliminar',
    index: 'Índice da ajuda',
    bulletList: 'Lista com marcas',
    link: 'Inserir ligação',
    linkInput: 'Endereço da ligação',
    formErrorTitle: 'Foram encontrados erros',
    formErrorMessage: 'Por favor, verifique os campos assinalados com erros',
    missingTitle: 'Escreva o título do artigo',
    missingCategory: 'Escreva uma categoria',
    missingContents: 'Escreva o conteúdo do artigo de ajuda',
    saved: 'O conteúdo da ajuda foi atualizado com sucesso!',
    deleted: 'O artigo de ajuda foi eliminado com sucesso!',
    confirm: 'Esta página de ajuda será eliminada. Tem a certeza?',
    yes: 'Eliminar',
    article: { title: 'Procurar utilizadores', category: 'Gestão de utilizadores', intro: 'Para encontrar alguém:' },
    items: ['Escreva o nome na pesquisa', 'Consulte o guia'],
    edited: 'Procurar e filtrar utilizadores',
  },
  'en-US': {
    help: 'Help',
    mapTitle: 'The map',
    usersTitle: 'Users',
    noArticle: 'This page has no help article yet.',
    create: 'Create an article for this page',
    title: 'Title',
    category: 'Category',
    contents: 'Contents',
    save: 'Save',
    edit: 'Edit',
    delete: 'Delete',
    index: 'Help contents',
    bulletList: 'Bulleted list',
    link: 'Insert link',
    linkInput: 'Link address',
    formErrorTitle: 'Some Errors found',
    formErrorMessage: 'Please check the fields marked with errors',
    missingTitle: 'Please type the article title',
    missingCategory: 'Please type a category',
    missingContents: 'Please type the help article content',
    saved: 'Help content has been successfully updated!',
    deleted: 'Help article has been successfully deleted!',
    confirm: 'This help page will be deleted. Are you sure?',
    yes: 'Delete',
    article: { title: 'Finding users', category: 'User management', intro: 'To find someone:' },
    items: ['Type the name in the search', 'Read the guide'],
    edited: 'Finding and filtering users',
  },
} as const;

type TLanguage = keyof typeof TEXTS;

async function useLanguage(page: Page, language: TLanguage) {
  await page.addInitScript((value) => localStorage.setItem('mip.language', value), language);
}

async function openHelp(page: Page, language: TLanguage) {
  await page.getByRole('button', { name: TEXTS[language].help, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: TEXTS[language].help });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const language of ['pt-PT', 'en-US'] as const) {
  const text = TEXTS[language];

  test.describe(`help (${language})`, () => {
    test("a visitor on the map reads the map's article and cannot change it", async ({ page }) => {
      await useLanguage(page, language);
      await page.goto('/');
      const dialog = await openHelp(page, language);
      await expect(dialog.getByRole('heading', { name: text.mapTitle })).toBeVisible();
      await expect(dialog.getByTestId('help-contents').locator('table')).toBeVisible();
      await expect(dialog.getByRole('button', { name: text.edit })).toHaveCount(0);
      await capture(page, `help-map-visitor-${language}`);

      // The backdrop is static: a click beside the dialog leaves it open.
      await page.mouse.click(5, 5);
      await expect(dialog).toBeVisible();
    });

    test('staff create an article with a list and a link on the user list, edit it and delete it', async ({
      page,
      request,
    }) => {
      // The demo has an article for the user list: take it away so the page starts without one.
      const admin = await apiAs(request, ACCOUNTS.admin);
      await admin.delete(`/api/help/?language=${language}&url=${encodeURIComponent('/user')}`);

      await useLanguage(page, language);
      await signIn(page, ACCOUNTS.admin);
      await page.goto('/user');
      let dialog = await openHelp(page, language);
      await expect(dialog.getByText(text.noArticle)).toBeVisible();
      await expect(dialog.getByRole('button', { name: text.mapTitle })).toBeVisible();
      await capture(page, `help-index-${language}`);

      await dialog.getByRole('button', { name: text.create }).click();
      await dialog.getByRole('button', { name: text.save, exact: true }).click();
      await expect(dialog.getByText(text.missingTitle)).toBeVisible();
      await expect(dialog.getByText(text.missingCategory)).toBeVisible();
      await expect(dialog.getByText(text.missingContents)).toBeVisible();
      await expect(page.getByText(text.formErrorTitle)).toBeVisible();
      await expect(page.getByText(text.formErrorMessage)).toBeVisible();
      // Spec 001 §9: 400 ms after the toast the first field in error has the focus.
      await expect(dialog.getByRole('textbox', { name: text.title, exact: true })).toBeFocused();
      await closeNotifications(page);
      await capture(page, `help-form-errors-${language}`);

      await dialog.getByRole('textbox', { name: text.title, exact: true }).fill(text.article.title);
      await dialog.getByLabel(text.category).fill(text.article.category);
      const editor = dialog.getByRole('textbox', { name: text.contents });
      await editor.click();
      await page.keyboard.type(text.article.intro);
      await page.keyboard.press('Enter');
      await dialog.getByRole('button', { name: text.bulletList }).click();
      await page.keyboard.type(text.items[0]);
      await page.keyboard.press('Enter');
      await page.keyboard.type(text.items[1]);
      await page.keyboard.press('Shift+Home');
      await dialog.getByRole('button', { name: text.link, exact: true }).click();
      await page.getByLabel(text.linkInput).fill('https://example.org/guia');
      await page.getByLabel(text.linkInput).press('Enter');
      await expect(editor.locator('a[href="https://example.org/guia"]')).toHaveText(text.items[1]);
      await capture(page, `help-editor-${language}`);
      await dialog.getByRole('button', { name: text.save, exact: true }).click();

      await expect(page.getByText(text.saved)).toBeVisible();
      const contents = dialog.getByTestId('help-contents');
      await expect(dialog.getByRole('heading', { name: text.article.title })).toBeVisible();
      await expect(contents.getByRole('listitem')).toHaveText([text.items[0], text.items[1]]);
      await expect(contents.getByRole('link', { name: text.items[1] })).toHaveAttribute(
        'href',
        'https://example.org/guia',
      );
      await closeNotifications(page);
      await capture(page, `help-article-${language}`);

      await dialog.getByRole('button', { name: text.edit }).click();
      await expect(dialog.getByRole('textbox', { name: text.title, exact: true })).toHaveValue(text.article.title);
      await dialog.getByRole('textbox', { name: text.title, exact: true }).fill(text.edited);
      await dialog.getByRole('button', { name: text.save, exact: true }).click();
      await expect(page.getByText(text.saved)).toBeVisible();
      await expect(dialog.getByRole('heading', { name: text.edited })).toBeVisible();
      await expect(contents.getByRole('listitem')).toHaveCount(2);

      // Closed and opened again, the page now opens on its article.
      await closeNotifications(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      dialog = await openHelp(page, language);
      await expect(dialog.getByRole('heading', { name: text.edited })).toBeVisible();

      await dialog.getByRole('button', { name: text.delete }).click();
      const confirmation = page.getByRole('dialog').filter({ hasText: text.confirm });
      await expect(confirmation).toBeVisible();
      await capture(page, `help-delete-confirm-${language}`);
      await confirmation.getByRole('button', { name: text.yes }).click();
      await expect(page.getByText(text.deleted)).toBeVisible();
      await expect(dialog.getByText(text.noArticle)).toBeVisible();
      await expect(dialog.getByRole('button', { name: text.edited })).toHaveCount(0);
      await expect(dialog.getByRole('button', { name: text.create })).toBeVisible();
      const gone = await request.get(`/api/help/?language=${language}&url=${encodeURIComponent('/user')}`);
      expect(gone.status()).toBe(404);
    });
  });
}

test.describe('help on a phone', () => {
  test.use({ viewport: PHONE });

  test('the article and the editor fit the screen', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/import-gtfs');
    await page.getByRole('button', { name: 'Mais' }).click();
    const dialog = await openHelp(page, 'pt-PT');
    await expect(dialog.getByRole('heading', { name: 'Importar um ficheiro GTFS' })).toBeVisible();
    await capture(page, 'help-article-mobile-pt-PT');
    await dialog.getByRole('button', { name: 'Editar' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Conteúdo' })).toContainText('Nada muda até confirmar.');
    await capture(page, 'help-editor-mobile-pt-PT');
  });
});
