import type { Locator, Page, Route } from '@playwright/test';
import {
  ACCOUNTS,
  apiAs,
  capture,
  chooseFromList,
  chooseLanguage,
  expect,
  MOBILE,
  pauseClock,
  signIn,
  test,
} from '../support/fixtures.ts';

/**
 * Spec 000 §8: what the console says when a call fails — 'Something Went Wrong!'
 * with the server's message, "not found" for a 404 only, "no connection" after a
 * network failure — and where its messages appear (001 §2: the bottom message area).
 */

const SEARCH = '**/api/event-categories/search**';
const SERVER_MESSAGE = 'A base de dados está em manutenção até às 14h';

/** A 500 in the platform's shape, as its error handler sends one. */
const failWith500 = (route: Route) =>
  route.fulfill({
    status: 500,
    json: { code: 'INTERNAL_ERROR', message: SERVER_MESSAGE, correlationId: 'ref-4f2a' },
  });

async function firstCategoryId(page: Page): Promise<number> {
  const admin = await apiAs(page.request, ACCOUNTS.admin);
  const response = await admin.get('/api/event-categories/search?itemsPerPage=1&sortProperty=name&sortDirection=ASC');
  return (await response.json()).content[0].id as number;
}

test.describe('a failed call says so (spec 000 §8)', () => {
  test('a map home whose configuration cannot be read says so over its early frame, and retry opens the map', async ({
    page,
  }) => {
    let failing = true;
    await page.route('**/api/configuration/public/list', (route) => (failing ? route.abort() : route.continue()));
    await page.goto('/');
    // The page's own frame (drawn before the app) gives way to the message: it must not hide it.
    await expect(page.getByRole('heading', { name: 'Algo correu mal!' })).toBeVisible();
    await expect(page.getByText('Não foi possível contactar o servidor.', { exact: false })).toBeVisible();
    await expect(page.locator('#app-shell')).toHaveCount(0);

    failing = false;
    await page.getByRole('button', { name: 'Tentar de novo' }).click();
    await expect(page.getByRole('region', { name: 'Mapa de mobilidade' })).toBeVisible();
  });

  test('a list whose call fails shows the server’s message instead of an empty table, and retry loads it', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.admin);
    await page.route(SEARCH, failWith500);
    await page.goto('/event-category');
    const failure = page.getByRole('alert').filter({ hasText: 'Algo correu mal!' });
    await expect(failure.getByRole('heading', { name: 'Algo correu mal!' })).toBeVisible();
    await expect(failure).toContainText(`Mensagem do servidor: «${SERVER_MESSAGE}»`);
    await expect(failure).toContainText('Referência do erro: ref-4f2a');
    await expect(page.getByText('Não há categorias de ocorrências com estes filtros.')).toHaveCount(0);
    await capture(page, 'list-failed-pt-PT');

    await page.unroute(SEARCH);
    await failure.getByRole('button', { name: 'Tentar de novo' }).click();
    const table = page.getByRole('table', { name: 'Categorias de ocorrências' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(failure).toHaveCount(0);
  });

  test('a list that cannot reach the server says there is no connection, and retry loads it once it is back', async ({
    page,
  }) => {
    await page.setViewportSize(MOBILE);
    await signIn(page, ACCOUNTS.admin);
    await page.route(SEARCH, (route) => route.abort('internetdisconnected'));
    await page.goto('/event-category');
    // The client tries four times in about two seconds before it gives up.
    const failure = page.getByRole('alert').filter({ hasText: 'Sem ligação ao servidor' });
    await expect(failure).toContainText(
      'Não foi possível contactar o servidor. Verifique a sua ligação e tente de novo.',
    );
    await capture(page, 'list-offline-phone-pt-PT');

    await page.unroute(SEARCH);
    await failure.getByRole('button', { name: 'Tentar de novo' }).click();
    // On a phone the list's rows are cards.
    await expect(
      page.getByRole('list', { name: 'Categorias de ocorrências' }).getByRole('listitem').first(),
    ).toBeVisible();
    await expect(failure).toHaveCount(0);
  });

  test('a record that fails to load is not said to be missing; a 404 still is', async ({ page }) => {
    const id = await firstCategoryId(page);
    await signIn(page, ACCOUNTS.admin);
    const record = `**/api/event-categories/${id}`;
    await page.route(record, failWith500);
    await page.goto(`/event-category/${id}`);
    const failure = page.getByRole('alert').filter({ hasText: 'Algo correu mal!' });
    await expect(failure).toContainText(`Mensagem do servidor: «${SERVER_MESSAGE}»`);
    await expect(page.getByText('Esta categoria não existe ou foi eliminada.')).toHaveCount(0);
    await capture(page, 'record-failed-pt-PT');

    await page.unroute(record);
    await failure.getByRole('button', { name: 'Tentar de novo' }).click();
    await expect(page.getByRole('button', { name: 'Guardar' })).toBeVisible();

    await page.goto('/event-category/99999999');
    await expect(page.getByText('Esta categoria não existe ou foi eliminada.')).toBeVisible();
    await expect(page.getByText('Algo correu mal!')).toHaveCount(0);
  });

  test('a save that fails shows the server’s message; the success that follows replaces it', async ({ page }) => {
    const id = await firstCategoryId(page);
    await signIn(page, ACCOUNTS.admin, `/event-category/${id}`);
    const save = page.getByRole('button', { name: 'Guardar' });
    await expect(save).toBeVisible();
    const record = `**/api/event-categories/${id}`;
    await page.route(record, (route) => (route.request().method() === 'PUT' ? failWith500(route) : route.fallback()));
    await save.click();
    const messages = page.locator('.mantine-Notification-root');
    const error = messages.filter({ hasText: 'Algo correu mal!' });
    await expect(error).toContainText(`Mensagem do servidor: «${SERVER_MESSAGE}»`);
    await expect(error).toContainText('Ocorreu um erro inesperado. Tente de novo dentro de momentos.');
    // The bottom message area (spec 001 §2): the message sits in the lower part of the window.
    const box = await error.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.y > viewport.height / 2).toBe(true);

    await page.unroute(record);
    await save.click();
    await expect(messages.filter({ hasText: 'atualizada com sucesso' })).toBeVisible();
    await expect(error).toHaveCount(0);
  });
});

test.describe('the bottom message area (spec 001 §2)', () => {
  test('a success replaces only the error it answers: another form’s error stays', async ({ page }) => {
    // Errors close by themselves after 5 s: the page's clock runs only when the test says, however busy the machine.
    await page.clock.install();
    await signIn(page, ACCOUNTS.readOnly, '/personal');
    const name = page.getByRole('textbox', { name: /^Nome/ });
    await expect(name).toHaveValue(ACCOUNTS.readOnly.name);
    await pauseClock(page);
    /** Lets the page's time run, a tenth of a second at a time, until `shown` is on screen. */
    const runUntilShown = (shown: Locator) =>
      expect
        .poll(async () => {
          await page.clock.runFor(100);
          return shown.count();
        })
        .toBe(1);

    const messages = page.locator('.mantine-Notification-root');
    const passwordDown = 'O serviço de palavras-passe está em manutenção';
    await page.route('**/api/users/me', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, json: { code: 'INTERNAL_ERROR', message: SERVER_MESSAGE } })
        : route.fallback(),
    );
    await page.route('**/api/auth/password', (route) =>
      route.fulfill({ status: 500, json: { code: 'INTERNAL_ERROR', message: passwordDown } }),
    );
    await name.fill(`${ACCOUNTS.readOnly.name} `);
    await page.getByRole('button', { name: 'Guardar alterações' }).click();
    const profileError = messages.filter({ hasText: SERVER_MESSAGE });
    await runUntilShown(profileError);
    await page.getByLabel(/^Palavra-passe atual/).fill(ACCOUNTS.readOnly.password);
    await page.getByLabel(/^Nova palavra-passe/).fill('Outra-Palavra-2025!');
    await page.getByLabel(/^Confirmar nova palavra-passe/).fill('Outra-Palavra-2025!');
    await page.getByRole('button', { name: 'Alterar palavra-passe' }).click();
    const passwordError = messages.filter({ hasText: passwordDown });
    await runUntilShown(passwordError);

    // The profile is saved at last: its error goes, the password's stays.
    await page.unroute('**/api/users/me');
    await page.getByRole('button', { name: 'Guardar alterações' }).click();
    await runUntilShown(messages.filter({ hasText: 'Os seus dados foram guardados.' }));
    await page.clock.runFor(1000);
    await expect(profileError).toHaveCount(0);
    await expect(passwordError).toBeVisible();
    // The check and the shot wait on timers of their own: the page's time runs again.
    await page.clock.resume();
    await capture(page, 'message-area-unrelated-error-stays-pt-PT');
  });

  test('a message never lies over a dialog: the dialog’s close button stays clickable', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await page.route('**/api/auth/impersonate', failWith500);
    await chooseFromList(
      page,
      () => page.getByTestId('user-menu').click(),
      page.getByRole('menuitem', { name: 'Personificar utilizador' }),
    );
    const dialog = page.getByRole('dialog', { name: 'Selecione um utilizador para personificar' });
    await dialog
      .getByRole('button', { name: /^Atuar como / })
      .first()
      .click();
    const message = page.locator('.mantine-Notification-root').filter({ hasText: 'Erro' });
    await expect(message).toBeVisible();
    const messageBox = await message.boundingBox();
    const dialogBox = await page.locator('.mantine-Modal-content').boundingBox();
    expect(messageBox && dialogBox && messageBox.y >= dialogBox.y + dialogBox.height).toBe(true);
    await capture(page, 'message-below-dialog-pt-PT');
    // Playwright refuses a click on a button something else lies over.
    await dialog.getByRole('button', { name: 'Fechar janela' }).click({ timeout: 3000 });
    await expect(dialog).toHaveCount(0);
  });
});

test.describe('the application’s stylesheet (spec 000 §7)', () => {
  test('the console takes its colour from the stylesheet the server answers', async ({ page }) => {
    await page.route('**/api/configuration/public/app-style', (route) =>
      route.fulfill({ contentType: 'text/css', body: ':root { --app-primary-color: #7b1fa2; }' }),
    );
    await page.goto('/auth');
    const signInButton = page.getByRole('button', { name: 'Entrar' });
    await expect(signInButton).toHaveCSS('background-color', 'rgb(123, 31, 162)');
  });

  test('a colour saved in the configuration reaches the open console through a fresh stylesheet', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin, '/event-category');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    const add = page.getByRole('link', { name: 'Nova categoria' });
    await expect(add).toHaveCSS('background-color', 'rgb(10, 108, 116)');
    try {
      // Within the same page (no reload): the console asks for the new stylesheet once the configuration changes.
      await menu.getByRole('link', { name: 'Configuração' }).click();
      await page.getByLabel(/^Cor principal/).fill('#7b1fa2');
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByText('As definições foram guardadas.')).toBeVisible();
      await menu.getByRole('link', { name: 'Categorias de ocorrências' }).click();
      await expect(add).toHaveCSS('background-color', 'rgb(123, 31, 162)');
    } finally {
      const admin = await apiAs(page.request, ACCOUNTS.admin);
      await admin.put('/api/configuration/', { pairs: [{ name: 'app.defaultColor', value: '"#0a6c74"' }] });
    }
  });
});

test.describe('in English', () => {
  test('a failed list and a failed save speak English', async ({ page }) => {
    const id = await firstCategoryId(page);
    await signIn(page, ACCOUNTS.admin);
    await chooseLanguage(page, 'English');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await page.route(SEARCH, failWith500);
    await page.goto('/event-category');
    const failure = page.getByRole('alert').filter({ hasText: 'Something Went Wrong!' });
    await expect(failure).toContainText(`The server said: “${SERVER_MESSAGE}”`);
    await capture(page, 'list-failed-en-US');
    await page.setViewportSize(MOBILE);
    await capture(page, 'list-failed-phone-en-US');

    await page.goto(`/event-category/${id}`);
    await page.route(`**/api/event-categories/${id}`, (route) =>
      route.request().method() === 'PUT' ? failWith500(route) : route.fallback(),
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Something Went Wrong!' })).toContainText(
      'Error reference: ref-4f2a',
    );
    await capture(page, 'save-failed-phone-en-US');
  });
});
