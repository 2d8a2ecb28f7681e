import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, apiAs, capture, chooseLanguage, expect, MOBILE, signIn, test } from '../support/fixtures.ts';

/**
 * The operator's work, seeded through the API: a citizen report waiting in a
 * category their department handles, and a critical event of their own
 * (not public, so the public map's tests never meet it).
 */
async function seedWork(request: APIRequestContext, stamp: string) {
  const login = await request.post('/api/auth/login', {
    data: { email: ACCOUNTS.operator.email, password: ACCOUNTS.operator.password },
  });
  expect(login.ok(), await login.text()).toBeTruthy();
  const me = (await login.json()) as { entity: { id: number } };
  const operator = await apiAs(request, ACCOUNTS.operator);

  const admin = await apiAs(request, ACCOUNTS.admin);
  const category = await admin.post('/api/event-categories', {
    name: `Passeio danificado ${stamp}`,
    categoryType: 'GENERIC',
    allowPublic: true,
    allocatedToEntityId: me.entity.id,
    allowGeometry: true,
    active: true,
  });
  expect(category.ok(), await category.text()).toBeTruthy();
  const categoryId = ((await category.json()) as { id: number }).id;

  const requestTitle = `Passeio levantado na Rua do Almada ${stamp}`;
  const reported = await request.post('/api/event-requests/', {
    data: {
      categoryId,
      participantName: 'Joana Moreira',
      participantEmail: 'joana.moreira@exemplo.pt',
      language: 'pt-PT',
      title: requestTitle,
      description: 'As pedras do passeio estão levantadas junto ao n.º 120.',
      geometry: { type: 'Point', coordinates: [-8.6125, 41.1508] },
    },
  });
  expect(reported.ok(), await reported.text()).toBeTruthy();

  const eventTitle = `Árvore caída na Rua de Cedofeita ${stamp}`;
  const created = await operator.post('/api/events', {
    title: eventTitle,
    categoryId,
    priority: 'CRITICAL',
    isPublic: false,
    fromTimestamp: new Date(Date.now() - 3_600_000).toISOString(),
    geojson: {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [-8.6155, 41.1555] } }],
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  return { requestTitle, eventTitle };
}

const card = (page: Page, title: string | RegExp) => page.getByRole('region', { name: title });

test.describe('the console home', () => {
  test('the operator finds their waiting reports and open events on their home, and each link opens them', async ({
    page,
    request,
  }) => {
    const stamp = Date.now().toString(36);
    const { requestTitle, eventTitle } = await seedWork(request, stamp);

    await signIn(page, ACCOUNTS.operator);
    await expect(page).toHaveURL(/\/console$/);
    const requests = card(page, 'Pedidos à espera');
    const events = card(page, 'Ocorrências abertas');
    await expect(requests.getByRole('link', { name: requestTitle })).toBeVisible();
    // The critical event leads the list, and the tally counts it.
    const firstEvent = events
      .getByRole('listitem')
      .filter({ has: page.getByRole('link') })
      .first();
    await expect(firstEvent).toContainText(eventTitle);
    await expect(firstEvent).toContainText('Crítica');
    await expect(events.getByRole('list', { name: 'Ocorrências abertas por prioridade' })).toContainText(
      /Crítica: \d+/,
    );
    // The operator also imports GTFS and generates reports: those cards are there too.
    await expect(card(page, 'Importações GTFS')).toBeVisible();
    await expect(card(page, 'Relatórios prontos')).toBeVisible();
    await capture(page, 'home-work-operator-pt-PT');

    // A record opens on its page.
    await requests.getByRole('link', { name: requestTitle }).click();
    await expect(page).toHaveURL(/\/event-request\/\d+$/);
    await expect(page.getByText(requestTitle).first()).toBeVisible();
    await page.goBack();

    // "See all" opens the list on the same filter: the waiting reports…
    await requests.getByRole('link', { name: /^Ver (o pedido à espera|os \d+ pedidos à espera)/ }).click();
    await expect(page).toHaveURL(/\/event-request$/);
    await expect(page.getByTestId('filter-badges')).toContainText('Estado: Pendente');
    await expect(page.getByRole('table').getByRole('link', { name: requestTitle, exact: true })).toBeVisible();
    await page.goBack();

    // …and the open events, the highest priority first.
    await events.getByRole('link', { name: /^Ver (a ocorrência aberta|as \d+ ocorrências abertas)/ }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByTestId('filter-badges')).toContainText('Aberta');
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.nth(1)).toContainText('Crítica');
    await expect(page.getByRole('table').getByRole('link', { name: eventTitle, exact: true })).toBeVisible();
    await page.goBack();
    await events.getByRole('link', { name: eventTitle }).click();
    await expect(page).toHaveURL(/\/events\/\d+$/);

    // On a phone, then in English.
    await page.setViewportSize(MOBILE);
    await page.goto('/console');
    await expect(card(page, 'Pedidos à espera').getByRole('link', { name: requestTitle })).toBeVisible();
    await capture(page, 'home-work-operator-mobile-pt-PT');
    await chooseLanguage(page, 'English');
    await expect(page.getByRole('heading', { name: 'Your work' })).toBeVisible();
    await expect(card(page, 'Reports waiting').getByRole('link', { name: requestTitle })).toBeVisible();
    await expect(card(page, 'Open events')).toContainText('Critical');
    await capture(page, 'home-work-operator-mobile-en-US');
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(card(page, 'Open events').getByRole('link', { name: eventTitle })).toBeVisible();
    await capture(page, 'home-work-operator-en-US');
  });

  test('a user who handles no events sees only their reports card, which says what would appear there', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.readOnly);
    await expect(page.getByRole('heading', { name: 'O seu trabalho' })).toBeVisible();
    const reports = card(page, 'Relatórios prontos');
    await expect(reports).toContainText('Nenhum relatório pronto.');
    await expect(reports.getByRole('link', { name: 'Ver os meus relatórios' })).toHaveAttribute('href', '/reports');
    await expect(card(page, 'Pedidos à espera')).toHaveCount(0);
    await expect(card(page, 'Ocorrências abertas')).toHaveCount(0);
    // The shortcuts are described screens, not a copy of the menu.
    const shortcuts = card(page, 'Atalhos');
    await expect(shortcuts.getByRole('link', { name: /Dashboards/ })).toContainText('Indicadores da plataforma');
    await expect(shortcuts.getByRole('link', { name: /Sobre/ })).toHaveCount(0);
    await capture(page, 'home-work-read-only-pt-PT');
  });
});
