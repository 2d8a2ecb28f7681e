import type { APIRequestContext, Page } from '@playwright/test';
import {
  ACCOUNTS,
  apiAs,
  capture,
  chooseFromList,
  chooseOption,
  closeNotifications,
  expect,
  MOBILE,
  openFromMenu,
  signIn,
  storeLanguage,
  test,
  useLanguage,
} from '../support/fixtures.ts';

/** The transport operator's own details as the demo data has them; put back after each test that changes them. */
const MARTA_AS_SEEDED = {
  name: ACCOUNTS.transport.name,
  language: 'pt-PT',
  timeZone: 'Europe/Lisbon',
  receiveNotifications: true,
};

async function restoreMarta(request: APIRequestContext) {
  const marta = await apiAs(request, ACCOUNTS.transport);
  const response = await marta.put('/api/users/me', MARTA_AS_SEEDED);
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** "DD-MM-YYYY HH:mm:ss" (spec 000 §9) as minutes since the epoch, to compare two renderings of one instant. */
function minutesOf(text: string): number {
  const [, day, month, year, hour, minute] = /(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2})/.exec(text) ?? [];
  return Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute)) / 60_000;
}

async function sessionValidityText(page: Page, label: RegExp) {
  const term = page.locator('dt').filter({ hasText: label });
  return (await term.locator('xpath=following-sibling::dd[1]').textContent()) ?? '';
}

test.describe('personal area', () => {
  test.afterEach(async ({ request }) => restoreMarta(request));

  test('a user switches to English and the Azores in the personal area, and the console follows at once', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.transport, '/personal');
    await expect(page.getByRole('heading', { name: 'Os seus dados' })).toBeVisible();
    await expect(page.getByLabel(/^Nome/)).toHaveValue(ACCOUNTS.transport.name);
    await capture(page, 'personal-pt-PT');
    const validityInLisbon = await sessionValidityText(page, /Sessão válida até/i);

    // The user form's own words for an empty name (spec 000 §5), before anything is sent.
    await page.getByLabel(/^Nome/).fill('');
    await page.getByRole('button', { name: 'Guardar alterações' }).click();
    await expect(page.getByText('Preencha o nome completo')).toBeVisible();
    await page.getByLabel(/^Nome/).fill(ACCOUNTS.transport.name);

    await chooseOption(page, page.getByRole('combobox', { name: /^Idioma/ }), 'English');
    await chooseFromList(
      page,
      () => page.getByRole('combobox', { name: /^Fuso horário/ }).fill('Azores'),
      page.getByRole('option', { name: /^Atlantic\/Azores \(UTC/ }),
    );
    await page.getByRole('switch', { name: /Receber notificações/ }).uncheck({ force: true });
    await page.getByRole('button', { name: 'Guardar alterações' }).click();

    // The whole console speaks English straight away: this page, the menu, the page title.
    await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
    await expect(page.getByText('Your details were saved.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    // And shows times in the Azores, an hour behind Lisbon all year round.
    const validityInAzores = await sessionValidityText(page, /Session valid until/i);
    expect(minutesOf(validityInLisbon) - minutesOf(validityInAzores)).toBe(60);
    await closeNotifications(page);
    await capture(page, 'personal-saved-en-US');

    // Kept by the server: a new sign-in (another browser) starts in English with the choices made.
    await page.evaluate(() => localStorage.clear());
    await signIn(page, ACCOUNTS.transport);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await page.goto('/personal');
    await expect(page.getByRole('combobox', { name: /^Time zone/ })).toHaveValue(/^Atlantic\/Azores/);
    await expect(page.getByRole('switch', { name: /Receive notifications/ })).not.toBeChecked();
  });

  test('while impersonating, the personal area explains why nothing of the other person can be changed', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.admin);
    await chooseFromList(
      page,
      () => page.getByTestId('user-menu').click(),
      page.getByRole('menuitem', { name: 'Personificar utilizador' }),
    );
    const modal = page.getByRole('dialog', { name: 'Selecione um utilizador para personificar' });
    await modal.getByLabel('Pesquisar por nome ou email').fill('Marta');
    await modal.getByRole('button', { name: `Atuar como ${ACCOUNTS.transport.name}` }).click();
    await expect(page.getByTestId('impersonation-banner')).toBeVisible();
    await page.goto('/personal');
    await expect(page.getByText('Está a ver a área pessoal de outra pessoa')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Guardar alterações' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Alterar palavra-passe' })).toHaveCount(0);
    await capture(page, 'personal-impersonating-pt-PT');
    await chooseFromList(
      page,
      () => page.getByTestId('user-menu').click(),
      page.getByRole('menuitem', { name: 'Sair da personificação' }),
    );
    await expect(page.getByTestId('impersonation-banner')).toHaveCount(0);
  });
});

test.describe('personal area on a phone, in English', () => {
  test.use({ viewport: MOBILE });

  test('the form fits the screen and reads in English', async ({ page }) => {
    await useLanguage(page, 'en-US');
    await signIn(page, ACCOUNTS.readOnly, '/personal');
    await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: /^Time zone/ })).toHaveValue(/^Europe\/Lisbon \(UTC\+0[01]:00\)$/);
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await capture(page, 'personal-mobile-en-US');
  });
});

/**
 * A visitor's report (through the public API) in a new category allocated to
 * the operator's department: what raises their EVENT_REQUEST_ASSIGNED notification.
 */
async function reportInOperatorsCategory(request: APIRequestContext) {
  const stamp = Date.now().toString(36);
  const login = await request.post('/api/auth/login', {
    data: { email: ACCOUNTS.operator.email, password: ACCOUNTS.operator.password },
  });
  const operator = (await login.json()) as { entity: { id: number; name: string } };
  const admin = await apiAs(request, ACCOUNTS.admin);
  const category = `Sinal caído ${stamp}`;
  const created = await admin.post('/api/event-categories', {
    name: category,
    categoryType: 'GENERIC',
    allowPublic: true,
    allocatedToEntityId: operator.entity.id,
    active: true,
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const title = `Sinal de STOP caído na Rua do Almada ${stamp}`;
  const reported = await request.post('/api/event-requests/', {
    data: {
      categoryId: ((await created.json()) as { id: number }).id,
      participantName: 'Tiago Lopes',
      participantEmail: 'tiago.lopes@exemplo.pt',
      title,
      description: 'O sinal de STOP do cruzamento caiu com o vento.',
    },
  });
  expect(reported.ok(), await reported.text()).toBeTruthy();
  return {
    title,
    category,
    entityName: operator.entity.name,
    requestId: ((await reported.json()) as { id: number }).id,
  };
}

test.describe('notifications', () => {
  test('a new public report in the operator’s category reaches their bell, the user menu and the list', async ({
    page,
    request,
  }) => {
    const { title, requestId, category, entityName } = await reportInOperatorsCategory(request);

    await signIn(page, ACCOUNTS.operator);
    const bell = page.getByRole('link', { name: /^Notificações: \d+ por ler$/ });
    await expect(bell).toBeVisible();
    await page.getByTestId('user-menu').click();
    const menuItem = page.getByRole('menuitem', { name: /^Notificações \d+$/ });
    await expect(menuItem.getByTestId('user-menu-unread')).toHaveText(/^\d+$/);
    await capture(page, 'notifications-user-menu-pt-PT');
    await menuItem.click();
    await expect(page).toHaveURL(/\/notifications$/);

    const notification = page.getByRole('article').filter({ hasText: title });
    await expect(notification).toContainText(`Nova ocorrência reportada: ${title}`);
    await expect(notification).toContainText(`Categoria «${category}», atribuída a ${entityName}`);
    await expect(notification).toContainText('Por ler');
    await capture(page, 'notifications-assigned-pt-PT');
    await notification.getByRole('button', { name: `Ver o pedido: Nova ocorrência reportada: ${title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/event-request/${requestId}$`));

    await page.goto('/notifications');
    await expect(page.getByRole('article').filter({ hasText: title })).not.toContainText('Por ler');
    await page.getByRole('button', { name: 'Marcar todas como lidas' }).click();
    await expect(page.getByRole('link', { name: 'Notificações', exact: true })).toBeVisible();
    await page.locator('label', { hasText: /^Por ler$/ }).click();
    await expect(page.getByText('Não tem notificações por ler.')).toBeVisible();
  });

  test.describe('on a phone, in English', () => {
    test.use({ viewport: MOBILE });

    test('the notifications list reads in English', async ({ page, request }) => {
      const { title } = await reportInOperatorsCategory(request);
      await useLanguage(page, 'en-US');
      await signIn(page, ACCOUNTS.operator, '/notifications');
      await expect(page.getByRole('article').filter({ hasText: `New occurrence reported: ${title}` })).toBeVisible();
      await expect(page.getByText(/allocated to/).first()).toBeVisible();
      await capture(page, 'notifications-assigned-mobile-en-US');
    });
  });
});

test.describe('about', () => {
  test('shows the version, every data set shipped and its licence, and the support contact', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByTestId('app-version')).toHaveText(/^Versão \d+\.\d+\.\d+/);
    await expect(page.getByRole('link', { name: 'suporte@mobilidade.example' })).toHaveAttribute(
      'href',
      'mailto:suporte@mobilidade.example',
    );
    const shipped = page.getByRole('table', { name: 'Dados incluídos no produto' });
    await expect(shipped.getByText('Rede do Metro do Porto (GTFS)')).toBeVisible();
    await expect(shipped.getByText('MIT (VOST Portugal, 2019)')).toBeVisible();
    await expect(shipped.getByRole('row')).toHaveCount(5);
    const tests = page.getByRole('table', { name: 'Dados usados nos testes' });
    await expect(tests.getByText('Trânsito Waze de Nova Iorque')).toBeVisible();
    await capture(page, 'about-pt-PT');
  });

  test.describe('on a phone, in English', () => {
    test.use({ viewport: MOBILE });

    test('reads in English and fits the screen', async ({ page }) => {
      await useLanguage(page, 'en-US');
      await page.goto('/about');
      await expect(page.getByTestId('app-version')).toHaveText(/^Version \d+\.\d+\.\d+/);
      await expect(page.getByText('Metro do Porto network (GTFS)')).toBeVisible();
      await expect(page.getByText('For help, write to')).toBeVisible();
      await capture(page, 'about-mobile-en-US');
    });
  });
});

test.describe('browser errors', () => {
  test('a screen that fails is reported, and an administrator reads the report under Settings', async ({ page }) => {
    // The about screen's code cannot be fetched (as after a deployment): the console reloads once, then gives up.
    await page.route(/\/assets\/AboutPage-[^/]+\.js$/, (route) => route.abort());
    const sent = page.waitForRequest(
      (candidate) => candidate.url().endsWith('/api/fe-debug/') && candidate.method() === 'POST',
    );
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'Algo correu mal!' })).toBeVisible();
    const report = (await sent).postDataJSON() as { error: { message: string }; location: { pathname: string } };
    expect(report.location.pathname).toBe('/about');
    expect((await (await sent).response())?.status()).toBe(201);
    await capture(page, 'route-error-pt-PT');
    await page.unroute(/\/assets\/AboutPage-[^/]+\.js$/);

    await signIn(page, ACCOUNTS.admin);
    await openFromMenu(page, 'Configurações', 'Erros do navegador');
    await expect(page).toHaveURL(/\/fe-debug$/);
    const row = page.getByRole('row').filter({ hasText: report.error.message }).filter({ hasText: '/about' }).first();
    await expect(row).toContainText('Visitante sem sessão');
    await capture(page, 'fe-debug-list-pt-PT');
    await row.getByRole('button', { name: /^Ver detalhes do erro/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Erro do navegador' });
    await expect(dialog).toContainText(report.error.message);
    await expect(dialog).toContainText('Largura da janela');
    await capture(page, 'fe-debug-details-pt-PT');

    // On a phone, in English, the list still names the error and its page.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await page.setViewportSize(MOBILE);
    await storeLanguage(page, 'en-US');
    await page.reload();
    // On a phone the rows are cards, each naming its fields.
    const card = page.getByTestId('list-card').filter({ hasText: report.error.message }).first();
    await expect(card).toContainText('Visitor without a session');
    await expect(card).toContainText('Times seen');
    await capture(page, 'fe-debug-list-mobile-en-US');
  });
});

test.describe('typed delete confirmation', () => {
  test('deleting a dashboard waits until its exact name is typed', async ({ page, request }) => {
    const name = `Painel a apagar ${Date.now().toString(36)}`;
    const admin = await apiAs(request, ACCOUNTS.admin);
    const created = await admin.post('/api/dashboards', {
      name,
      status: 'INACTIVE',
      isPublic: false,
      widgets: [{ name: 'Title', title: 'Resumo', size: { lg: 12, md: 12, sm: 12 } }],
    });
    expect(created.ok(), await created.text()).toBeTruthy();

    await signIn(page, ACCOUNTS.admin, '/dashboards');
    await page.getByRole('button', { name: `Eliminar ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Eliminar' });
    const yes = dialog.getByRole('button', { name: 'Eliminar' });
    await expect(yes).toBeDisabled();
    const typed = dialog.getByLabel(`Escreva «${name}» para confirmar`);
    await typed.fill(name.toUpperCase());
    await expect(yes).toBeDisabled();
    await typed.fill(name);
    await expect(yes).toBeEnabled();
    await capture(page, 'delete-typed-confirmation-pt-PT');
    await yes.click();
    await expect(page.getByText('Eliminado com sucesso')).toBeVisible();
    await expect(page.getByRole('button', { name: `Eliminar ${name}` })).toHaveCount(0);
  });
});
