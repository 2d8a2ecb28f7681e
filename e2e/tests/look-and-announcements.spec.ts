import { ACCOUNTS, apiAs, capture, expect, pauseClock, signIn, test } from '../support/fixtures.ts';

test.describe('look and announcements', () => {
  test('dark mode can be toggled when allowed, and the toggle disappears when it is not', async ({ page, request }) => {
    const admin = await apiAs(request, ACCOUNTS.admin);
    await signIn(page, ACCOUNTS.operator);
    const toggle = page.getByTestId('theme-toggle');
    await expect(toggle).toBeVisible();
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await capture(page, 'home-operator-dark-pt-PT');
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');

    const response = await admin.put('/api/configuration/', { pairs: [{ name: 'app.allowDarkMode', value: 'false' }] });
    expect(response.ok()).toBeTruthy();
    try {
      await page.reload();
      await expect(page.getByTestId('user-menu')).toBeVisible();
      await expect(page.getByTestId('theme-toggle')).toHaveCount(0);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    } finally {
      await admin.put('/api/configuration/', { pairs: [{ name: 'app.allowDarkMode', value: 'true' }] });
    }
  });

  test('the general announcement shows to signed-in users and goes when cleared', async ({ page, request }) => {
    const admin = await apiAs(request, ACCOUNTS.admin);
    const text = 'Manutenção programada da plataforma no sábado, das 22h às 23h.';
    await admin.put('/api/informations/', { type: 'GENERAL_ANNOUNCEMENT', content: text });
    try {
      await page.goto('/');
      await expect(page.getByTestId('announcement')).toHaveCount(0);
      await signIn(page, ACCOUNTS.readOnly);
      await expect(page.getByTestId('announcement')).toContainText(text);
      await capture(page, 'announcement-pt-PT');
    } finally {
      await admin.put('/api/informations/', { type: 'GENERAL_ANNOUNCEMENT', content: '' });
    }
    await page.reload();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect(page.getByTestId('announcement')).toHaveCount(0);
  });

  test('the administrator changes the title and the console follows', async ({ page, request }) => {
    await signIn(page, ACCOUNTS.admin, '/configuration');
    const title = page.getByLabel(/^Título da aplicação/);
    await expect(title).toHaveValue('Plataforma de Mobilidade');
    try {
      await title.fill('Mobilidade Porto');
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByText('As definições foram guardadas.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Mobilidade Porto' })).toBeVisible();
      await expect(page).toHaveTitle(/Mobilidade Porto/);
      await capture(page, 'configuration-pt-PT');
    } finally {
      const admin = await apiAs(request, ACCOUNTS.admin);
      await admin.put('/api/configuration/', {
        pairs: [{ name: 'app.appTitle', value: '"Plataforma de Mobilidade"' }],
      });
    }
  });

  test('an invalid colour is refused on its field', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin, '/configuration');
    const colour = page.getByLabel(/^Cor principal/);
    await colour.fill('#12345');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Cor inválida: use hexadecimal (#abc, #aabbcc…) ou hsl()')).toBeVisible();
    await expect(page.getByText('Verifique os campos assinalados')).toBeVisible();
  });

  test('four notifications or more offer to close them all at once', async ({ page }) => {
    // The page's clock stands still while the notices pile up: none closes by itself (after 5 s) however
    // slowly a busy machine clicks.
    await page.clock.install();
    await signIn(page, ACCOUNTS.admin, '/configuration');
    await page.getByLabel(/^Cor principal/).fill('#12');
    await pauseClock(page);
    const save = page.getByRole('button', { name: 'Guardar' });
    for (let i = 0; i < 3; i++) await save.click();
    await expect(page.getByText('Verifique os campos assinalados')).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Fechar todas' })).toHaveCount(0);
    await save.click();
    await expect(page.getByText('Verifique os campos assinalados')).toHaveCount(4);
    // Time runs again for the notices to fade out as they close.
    await page.clock.resume();
    await page.getByRole('button', { name: 'Fechar todas' }).click();
    await expect(page.getByText('Verifique os campos assinalados')).toHaveCount(0);
  });

  test('a refused form takes the user to its first error, but not away from a field they have already gone to', async ({
    page,
  }) => {
    // The spec's 400 ms before the jump run when the test says so: a user quicker than that keeps their place.
    await page.clock.install();
    await signIn(page, ACCOUNTS.admin, '/layers/create');
    // Only once the form is on screen: a page still loading waits on timers (the data's, the delayed
    // loader's) that a paused clock would never run.
    const create = page.getByRole('button', { name: 'Criar camada' });
    await expect(create).toBeVisible();
    await pauseClock(page);
    await create.click();
    await expect(page.getByText('Indique o endereço')).toBeVisible();
    await page.getByLabel(/^Nome/).fill('Ortofotomapa DGT');
    const kind = page.getByRole('combobox', { name: /^Tipo de serviço/ });
    await kind.click();
    await expect(page.getByRole('option', { name: 'WMS' })).toBeVisible();
    await page.clock.runFor(1000);
    await expect(kind).toBeFocused();
    await page.getByRole('option', { name: 'WMS' }).click();
    await expect(kind).toHaveValue('WMS');

    // Left where the submit put them, they are taken to the first field in error.
    await create.click();
    await expect(page.getByText('Indique o endereço')).toBeVisible();
    await page.clock.runFor(1000);
    await expect(page.getByLabel(/^Endereço/)).toBeFocused();
  });

  test('a notification closes by itself after five seconds', async ({ page }) => {
    // The page's clock is the test's: five seconds pass when the test says so, however busy the machine is.
    await page.clock.install();
    await signIn(page, ACCOUNTS.admin, '/configuration');
    await page.getByLabel(/^Cor principal/).fill('#12');
    await pauseClock(page);
    await page.getByRole('button', { name: 'Guardar' }).click();
    const notice = page.getByText('Verifique os campos assinalados');
    await expect(notice).toBeVisible();
    await page.clock.runFor(4500);
    await expect(notice).toBeVisible();
    await page.clock.runFor(1500);
    await expect(notice).toHaveCount(0);
  });
});
