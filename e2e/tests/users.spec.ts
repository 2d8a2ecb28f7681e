import {
  ACCOUNTS,
  apiAs,
  capture,
  chooseFromList,
  chooseLanguage,
  chooseOption,
  expect,
  MOBILE,
  signIn,
  test,
} from '../support/fixtures.ts';

test.describe('the user list', () => {
  test('keeps its filters and page when the user comes back with the browser', async ({ page, request }) => {
    const admin = await apiAs(request, ACCOUNTS.admin);
    const mine = await (await admin.get('/api/auth/session')).json();
    const roles = await (
      await admin.get(`/api/roles/search-for-user?userEntityId=${mine.entity.id}&universalSearch=Consulta`)
    ).json();
    // Enough people of one family for two pages of the list.
    for (let i = 1; i <= 24; i++) {
      const response = await admin.post('/api/users', {
        name: `Teresa Lobo ${String(i).padStart(2, '0')}`,
        email: `teresa.lobo.${i}@cm-porto.example`,
        entityId: mine.entity.id,
        roleId: roles.content[0].id,
        language: 'pt-PT',
        timeZone: 'Europe/Lisbon',
        receiveNotifications: false,
        status: 'ACTIVE',
      });
      expect(response.ok(), await response.text()).toBeTruthy();
    }

    await signIn(page, ACCOUNTS.admin, '/user');
    await page.getByLabel('Pesquisar utilizadores').fill('teresa lobo');
    await expect(page.getByText('24 registos')).toBeVisible();
    await page.getByRole('button', { name: 'Filtros' }).click();
    await chooseOption(page, page.getByRole('combobox', { name: 'Estado' }), 'Ativo');
    await expect(page.getByTestId('filter-badges')).toContainText('Estado: Ativo');
    await page.getByRole('button', { name: 'Página 2' }).click();
    await expect(page.getByRole('link', { name: 'Teresa Lobo 21', exact: true })).toBeVisible();
    await capture(page, 'users-filtered-page-2-pt-PT');

    await page.getByRole('link', { name: 'Teresa Lobo 21', exact: true }).click();
    await expect(page.getByLabel(/^Nome completo/)).toHaveValue('Teresa Lobo 21');
    await page.goBack();
    await expect(page.getByLabel('Pesquisar utilizadores')).toHaveValue('teresa lobo');
    await expect(page.getByTestId('filter-badges')).toContainText('Estado: Ativo');
    await expect(page.getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: 'Teresa Lobo 21', exact: true })).toBeVisible();
  });

  test('a search that finds nobody says so', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin, '/user');
    await page.getByLabel('Pesquisar utilizadores').fill('ninguém com este nome');
    await expect(page.getByTestId('table-empty')).toHaveText('Não foram encontrados utilizadores');
  });

  test('a role without READ_ENTITY sees no entity column or filter', async ({ page }) => {
    await signIn(page, ACCOUNTS.operator, '/user');
    await expect(page.getByRole('columnheader', { name: /Nome completo/ })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /Entidade/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Filtros' }).click();
    await expect(page.getByTestId('filter-panel').getByLabel('Entidade')).toHaveCount(0);
    await capture(page, 'users-operator-pt-PT');
  });
});

test.describe('creating a user', () => {
  test('shows each mistake on its field, then creates the user and sends the activation email', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin, '/user/create');
    await page.getByRole('button', { name: 'Criar utilizador' }).click();
    await expect(page.getByText('Preencha o nome completo')).toBeVisible();
    await expect(page.getByText('Indique o email')).toBeVisible();
    await expect(page.getByText('Escolha a entidade')).toBeVisible();
    await expect(page.getByText('Escolha o perfil')).toBeVisible();
    await expect(page.getByText('Verifique os campos assinalados')).toBeVisible();
    await capture(page, 'user-create-errors-pt-PT');

    await page.getByLabel(/^Nome completo/).fill('Inês Barbosa');
    await page.getByLabel(/^Email/).fill('operador@mobilidade.example');
    await chooseOption(page, page.getByRole('combobox', { name: 'Entidade' }), 'Polícia Municipal do Porto', 'Polícia');
    await chooseOption(page, page.getByRole('combobox', { name: 'Perfil' }), 'Consulta');
    await page.getByRole('button', { name: 'Criar utilizador' }).click();
    // The email belongs to someone else: the server says so on the field.
    await expect(page.getByText('Já existe uma conta com este email')).toBeVisible();

    await page.getByLabel(/^Email/).fill('ines.barbosa@cm-porto.example');
    await page.getByRole('button', { name: 'Criar utilizador' }).click();
    await expect(page.getByText(/Foi enviado um email de ativação para ines.barbosa@cm-porto.example/)).toBeVisible();
    await expect(page).toHaveURL(/\/user\/\d+$/);
    await expect(page.getByText(/ainda não ativou a conta/)).toBeVisible();
    await capture(page, 'user-created-pt-PT');
  });

  test('the user form reads well on a phone, in English', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await signIn(page, ACCOUNTS.admin);
    await chooseLanguage(page, 'English');
    await page.goto('/user/create');
    await page.getByRole('button', { name: 'Create user' }).click();
    await expect(page.getByText('Fill in the full name')).toBeVisible();
    await capture(page, 'user-create-errors-mobile-en-US');
  });
});

test.describe('impersonation', () => {
  test('an administrator acts as another user, sees the red banner, and comes back', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await chooseFromList(
      page,
      () => page.getByTestId('user-menu').click(),
      page.getByRole('menuitem', { name: 'Personificar utilizador' }),
    );
    const modal = page.getByRole('dialog', { name: 'Selecione um utilizador para personificar' });
    await expect(modal).toBeVisible();
    await modal.getByLabel('Pesquisar por nome ou email').fill('Rui');
    await expect(modal.getByRole('row')).toHaveCount(2); // header + Rui Carvalho
    await capture(page, 'impersonate-modal-pt-PT');
    await modal.getByRole('button', { name: 'Atuar como Rui Carvalho' }).click();

    const banner = page.getByTestId('impersonation-banner');
    await expect(banner).toContainText('Está a atuar como Rui Carvalho');
    await expect(page.getByRole('heading', { name: 'Olá, Rui' })).toBeVisible();
    // Rui's role has no users screen: the menu follows the borrowed identity.
    await expect(
      page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Utilizadores' }),
    ).toHaveCount(0);
    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('menuitem', { name: 'Sair da personificação' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Terminar sessão' })).toHaveCount(0);
    await capture(page, 'impersonating-pt-PT');
    await page.getByRole('menuitem', { name: 'Sair da personificação' }).click();

    await expect(banner).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Olá, Administrador' })).toBeVisible();
  });
});
