import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  ACCOUNTS,
  apiAs,
  capture,
  closeNotifications,
  expect,
  expectAccessible,
  holdRequests,
  MOBILE,
  SCREENSHOTS,
  signIn,
  test,
  useLanguage,
} from '../support/fixtures.ts';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures');
/** 160×120, one colour. */
const SCREENSHOT_PNG = path.join(FIXTURES, 'estacao.png');
/** A PDF named like a picture. */
const FAKE_PNG = path.join(FIXTURES, 'fotografia-falsa.png');

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
    linkInNewTab: 'Abrir a ligação num novo separador',
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
    image: {
      insertImage: 'Inserir imagem',
      invalidType: 'O ficheiro fotografia-falsa.png é de um tipo inválido!',
      uploading: /A enviar a imagem… \d+%/,
      uploaded: 'Imagem enviada (160 × 120 píxeis).',
      insert: 'Inserir',
      alt: 'Descrição da imagem',
      altMissing: 'Descreva a imagem para quem não a pode ver',
      article: { title: 'Camadas do mapa', category: 'Mapa', intro: 'A lista de camadas:' },
      description: 'Lista de camadas com três linhas',
      pastedDescription: 'Ícone da estação',
    },
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
    linkInNewTab: 'Open the link in a new tab',
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
    image: {
      insertImage: 'Insert image',
      invalidType: 'The filename fotografia-falsa.png is from an invalid type!',
      uploading: /Uploading the image… \d+%/,
      uploaded: 'Image uploaded (160 × 120 pixels).',
      insert: 'Insert',
      alt: 'Image description',
      altMissing: 'Describe the image for those who cannot see it',
      article: { title: 'Map layers', category: 'Map', intro: 'The list of layers:' },
      description: 'List of layers with three rows',
      pastedDescription: 'Station icon',
    },
  },
} as const;

type TLanguage = keyof typeof TEXTS;

/** Pastes a picture into the focused editor as a screenshot tool leaves it on the clipboard: a file, no text. */
async function pasteImage(page: Page, file: string) {
  const bytes = [...readFileSync(file)];
  await page.locator('.ProseMirror').evaluate((editor, data) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(data)], 'captura.png', { type: 'image/png' }));
    editor.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, bytes);
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
      await signIn(page, ACCOUNTS.admin, '/user');
      let dialog = await openHelp(page, language);
      await expect(dialog.getByText(text.noArticle)).toBeVisible();
      await expect(dialog.getByRole('button', { name: text.mapTitle, exact: true })).toBeVisible();
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
      // Every control of the link's box has a name a screen reader says, the new-tab choice among them.
      await page.getByRole('checkbox', { name: text.linkInNewTab }).check();
      await capture(page, `help-link-${language}`);
      await page.getByLabel(text.linkInput).press('Enter');
      await expect(editor.locator('a[href="https://example.org/guia"]')).toHaveText(text.items[1]);
      await expect(editor.locator('a[href="https://example.org/guia"]')).toHaveAttribute('target', '_blank');
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

    test('staff put a picture from their computer in an article, described, and pasted ones too', async ({
      page,
      request,
    }) => {
      const image = text.image;
      const admin = await apiAs(request, ACCOUNTS.admin);
      await admin.delete(`/api/help/?language=${language}&url=${encodeURIComponent('/layers')}`);

      await useLanguage(page, language);
      await signIn(page, ACCOUNTS.admin, '/layers');
      const dialog = await openHelp(page, language);
      await dialog.getByRole('button', { name: text.create }).click();
      await dialog.getByRole('textbox', { name: text.title, exact: true }).fill(image.article.title);
      await dialog.getByLabel(text.category).fill(image.article.category);
      const editor = dialog.getByRole('textbox', { name: text.contents });
      await editor.click();
      await page.keyboard.type(image.article.intro);
      await page.keyboard.press('Enter');

      await dialog.getByRole('button', { name: image.insertImage }).click();
      // The picker opens over the editor, outside the dialog's box.
      const picker = page.locator('.mantine-Popover-dropdown');
      const fileInput = picker.locator('input[type=file]');
      // The bytes decide: a PDF named .png is refused before it is sent.
      await fileInput.setInputFiles(FAKE_PNG);
      await expect(picker.getByText(image.invalidType)).toBeVisible();

      // The upload is held at the server's door so its progress can be seen.
      const release = await holdRequests(page, '**/api/help/images');
      await fileInput.setInputFiles(SCREENSHOT_PNG);
      await expect(page.getByRole('progressbar', { name: image.uploading })).toBeAttached();
      await expect(page.getByText(image.uploading)).toBeVisible();
      // The Insert button's spinner turns for as long as the upload is held: shot as it is, without capture's wait.
      await expectAccessible(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, `help-image-uploading-${language}.png`) });
      release();
      await expect(picker.getByText(image.uploaded)).toBeVisible();
      await page.unroute('**/api/help/images');

      // A picture needs its description.
      await picker.getByRole('button', { name: image.insert, exact: true }).click();
      await expect(picker.getByText(image.altMissing)).toBeVisible();
      await picker.getByLabel(image.alt).fill(image.description);
      await capture(page, `help-image-upload-${language}`);
      await picker.getByRole('button', { name: image.insert, exact: true }).click();
      const inserted = editor.locator(`img[alt="${image.description}"]`);
      await expect(inserted).toHaveAttribute('src', /^\/api\/help\/images\/[0-9a-f-]{36}$/);

      // A screenshot pasted into the text is uploaded too, and asks for its description.
      await editor.click();
      await page.keyboard.press('End');
      await pasteImage(page, SCREENSHOT_PNG);
      await expect(picker.getByText(image.uploaded)).toBeVisible();
      await picker.getByLabel(image.alt).fill(image.pastedDescription);
      await picker.getByLabel(image.alt).press('Enter');
      await expect(editor.locator('img')).toHaveCount(2);

      await dialog.getByRole('button', { name: text.save, exact: true }).click();
      await expect(page.getByText(text.saved)).toBeVisible();
      const contents = dialog.getByTestId('help-contents');
      for (const description of [image.description, image.pastedDescription]) {
        const shown = contents.getByRole('img', { name: description });
        await expect(shown).toBeVisible();
        // Loaded from the server, as a visitor's browser would.
        await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
      }
      await closeNotifications(page);
      await capture(page, `help-article-image-${language}`);

      const src = await contents.getByRole('img', { name: image.description }).getAttribute('src');
      const served = await request.get(src ?? '');
      expect(served.headers()['content-type']).toBe('image/png');
      expect(served.headers()['cache-control']).toContain('max-age=31536000');
    });
  });
}

test.describe('help on a phone', () => {
  test.use({ viewport: MOBILE });

  test('the article and the editor fit the screen', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin, '/import-gtfs');
    await page.getByRole('button', { name: 'Mais' }).click();
    const dialog = await openHelp(page, 'pt-PT');
    await expect(dialog.getByRole('heading', { name: 'Importar um ficheiro GTFS' })).toBeVisible();
    await capture(page, 'help-article-mobile-pt-PT');
    await dialog.getByRole('button', { name: 'Editar' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Conteúdo' })).toContainText('Nada muda até confirmar.');
    await capture(page, 'help-editor-mobile-pt-PT');
    await dialog.getByRole('button', { name: 'Inserir imagem' }).click();
    const picker = page.locator('.mantine-Popover-dropdown');
    await expect(picker.getByText('Arraste um ficheiro para aqui ou clique para o escolher')).toBeVisible();
    await capture(page, 'help-image-mobile-pt-PT');
  });
});
