import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import {
  ACCOUNTS,
  apiAs,
  capture,
  chooseLanguage,
  chooseOption,
  closeNotifications,
  expect,
  MOBILE,
  openFromMenu,
  signIn,
  test,
} from '../support/fixtures.ts';

const PHOTO = readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'estacao.png')).toString('base64');
const DATE_TIME = /\d{2}-\d{2}-\d{4} \d{2}:\d{2}/;

/**
 * A public category handled by the operator's department, and two reports a
 * visitor sends through the public API: one with a photo and no location,
 * one placed on the map.
 */
async function seedRequests(request: APIRequestContext, stamp: string) {
  const login = await request.post('/api/auth/login', {
    data: { email: ACCOUNTS.operator.email, password: ACCOUNTS.operator.password },
  });
  expect(login.ok(), await login.text()).toBeTruthy();
  const operator = (await login.json()) as { id: number; entity: { id: number; name: string } };

  const admin = await apiAs(request, ACCOUNTS.admin);
  const created = await admin.post('/api/event-categories', {
    name: `Buraco na via ${stamp}`,
    categoryType: 'GENERIC',
    allowPublic: true,
    allocatedToEntityId: operator.entity.id,
    reportAgentUserId: operator.id,
    allowGeometry: true,
    allowPhotoUpload: true,
    active: true,
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const category = (await created.json()) as { id: number; name: string };

  const report = async (body: Record<string, unknown>) => {
    const response = await request.post('/api/event-requests/', {
      data: {
        categoryId: category.id,
        participantName: 'Joana Moreira',
        participantEmail: 'joana.moreira@exemplo.pt',
        language: 'pt-PT',
        ...body,
      },
    });
    expect(response.ok(), await response.text()).toBeTruthy();
    return ((await response.json()) as { id: number }).id;
  };
  const toAccept = {
    title: `Buraco grande na Rua de Santa Catarina ${stamp}`,
    id: await report({
      title: `Buraco grande na Rua de Santa Catarina ${stamp}`,
      description: 'Um buraco com meio metro junto à passadeira, perigoso para quem passa de bicicleta.',
      images: [{ filename: 'buraco.png', contents: PHOTO }],
    }),
  };
  const toReject = {
    title: `Semáforo apagado na Avenida dos Aliados ${stamp}`,
    id: await report({
      title: `Semáforo apagado na Avenida dos Aliados ${stamp}`,
      description: 'O semáforo para peões está apagado desde manhã.',
      geometry: { type: 'Point', coordinates: [-8.6112, 41.1488] },
    }),
  };
  return { operator, category, toAccept, toReject };
}

test.describe('event requests', () => {
  test('staff accept one citizen report and reject another with a reason', async ({ page, request }) => {
    // Every capture checks the screen in both colour schemes.
    test.setTimeout(240_000);
    const stamp = Date.now().toString(36);
    const { operator, category, toAccept, toReject } = await seedRequests(request, stamp);

    // The list: both reports pending, found through the menu's Events group.
    await signIn(page, ACCOUNTS.operator);
    await openFromMenu(page, 'Ocorrências', 'Pedidos de ocorrência');
    await expect(page).toHaveURL(/\/event-request$/);
    await expect(page.getByTestId('filter-badges')).toContainText('Estado: Pendente');
    await page.getByLabel('Pesquisar por assunto, descrição ou participante').fill(stamp);
    const table = page.getByRole('table', { name: 'Pedidos de ocorrência' });
    const acceptRow = table.getByRole('row').filter({ hasText: toAccept.title });
    const rejectRow = table.getByRole('row').filter({ hasText: toReject.title });
    await expect(acceptRow).toContainText('Pendente');
    await expect(rejectRow).toContainText('Pendente');
    await expect(acceptRow).toContainText(category.name);
    await expect(acceptRow).toContainText('Joana Moreira');
    await expect(acceptRow).toContainText(operator.entity.name);
    await expect(acceptRow).toContainText(DATE_TIME);
    await capture(page, 'event-requests-pt-PT');

    // The filter panel: category and dates narrow the list, and say so in badges.
    await page.getByRole('button', { name: 'Filtros' }).click();
    await chooseOption(page, page.getByRole('combobox', { name: 'Categoria' }), category.name);
    await expect(page.getByTestId('filter-badges')).toContainText(`Categoria: ${category.name}`);
    await expect(table.getByRole('row')).toHaveCount(3);
    await page.getByRole('textbox', { name: 'Até' }).fill('01-01-2020');
    await page.getByRole('textbox', { name: 'Até' }).press('Tab');
    await expect(page.getByTestId('filter-badges')).toContainText('Data: até 01-01-2020');
    await expect(page.getByTestId('table-empty')).toBeVisible();
    await page.getByRole('button', { name: 'Remover o filtro Data' }).click();
    await expect(acceptRow).toBeVisible();

    // The report without a location: its details, the photo, who handles it.
    await acceptRow.getByRole('link', { name: toAccept.title }).click();
    await expect(page).toHaveURL(new RegExp(`/event-request/${toAccept.id}$`));
    await expect(page.getByRole('heading', { name: toAccept.title })).toBeVisible();
    await expect(page.getByTestId('request-participantEmail')).toContainText('joana.moreira@exemplo.pt');
    await expect(page.getByTestId('request-responsibleEntity')).toContainText(operator.entity.name);
    await expect(page.getByTestId('request-agent')).toContainText(ACCOUNTS.operator.name);
    await expect(page.getByText('O participante não indicou a localização.')).toBeVisible();
    await expect(page.getByTestId('document-photos').locator('img')).toHaveCount(1);
    await capture(page, 'event-request-pending-pt-PT');

    // Accepting it asks for the place the reporter left out.
    await page.getByRole('button', { name: 'Aceitar', exact: true }).click();
    const acceptDialog = page.getByRole('dialog', { name: 'Aceitar o pedido' });
    await chooseOption(page, acceptDialog.getByRole('combobox', { name: /^Prioridade/ }), 'Alta');
    await acceptDialog.getByRole('button', { name: 'Aceitar e criar a ocorrência' }).click();
    await expect(acceptDialog.getByText('Indique a localização no mapa')).toBeVisible();
    await closeNotifications(page);
    await capture(page, 'event-request-accept-pt-PT');
    const map = acceptDialog.getByTestId('geometry-map').locator('canvas');
    await expect(map).toBeVisible();
    await map.click({ position: { x: 200, y: 150 } });
    await expect(acceptDialog.getByLabel('Latitude')).not.toHaveValue('');
    await expect(acceptDialog.getByText('Indique a localização no mapa')).toHaveCount(0);
    await acceptDialog.getByRole('button', { name: 'Aceitar e criar a ocorrência' }).click();
    await expect(page.getByText('Pedido aceite').first()).toBeVisible();
    await expect(acceptDialog).toHaveCount(0);
    const closed = page.getByTestId('request-closed');
    await expect(closed).toContainText('Pedido aceite');
    await expect(closed).toContainText(`Por ${ACCOUNTS.operator.name} em`);
    await expect(closed).toContainText(DATE_TIME);
    const eventLink = page.getByTestId('request-event-link');
    await expect(eventLink).toContainText(toAccept.title);
    await expect(eventLink).toHaveAttribute('href', /\/events\/\d+$/);
    const eventId = Number((await eventLink.getAttribute('href'))?.split('/').pop());
    await expect(page.getByRole('button', { name: 'Aceitar', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Rejeitar', exact: true })).toHaveCount(0);
    await closeNotifications(page);
    await capture(page, 'event-request-accepted-pt-PT');

    // The event exists, linked back to its request, with the priority chosen.
    const staff = await apiAs(request, ACCOUNTS.operator);
    const event = await staff.get(`/api/events/${eventId}`);
    expect(event.ok(), await event.text()).toBeTruthy();
    expect(await event.json()).toMatchObject({ title: toAccept.title, priority: 'HIGH' });

    // The other is rejected: first without a reason, which the field refuses.
    await page.goto(`/event-request/${toReject.id}`);
    await expect(page.getByTestId('request-location-map').locator('canvas')).toBeVisible();
    await expect(page.getByTestId('request-coordinates')).toContainText('41.148800, -8.611200');
    await page.getByRole('button', { name: 'Rejeitar', exact: true }).click();
    const rejectDialog = page.getByRole('dialog', { name: 'Rejeitar o pedido' });
    await rejectDialog.getByRole('button', { name: 'Rejeitar o pedido' }).click();
    await expect(rejectDialog.getByText('Indique o motivo da rejeição')).toBeVisible();
    await expect(rejectDialog.getByRole('textbox', { name: /^Motivo/ })).toHaveAttribute('aria-invalid', 'true');
    // A pop-up form takes the user to its first field in error, as a page form does.
    await expect(rejectDialog.getByRole('textbox', { name: /^Motivo/ })).toBeFocused();
    await closeNotifications(page);
    await capture(page, 'event-request-reject-error-pt-PT');
    await rejectDialog
      .getByRole('textbox', { name: /^Motivo/ })
      .fill('O semáforo já foi reparado pela equipa de manutenção esta tarde.');
    await rejectDialog.getByRole('button', { name: 'Rejeitar o pedido' }).click();
    await expect(page.getByText('Pedido rejeitado').first()).toBeVisible();
    const rejected = page.getByTestId('request-closed');
    await expect(rejected).toContainText('Pedido rejeitado');
    await expect(rejected).toContainText(`Por ${ACCOUNTS.operator.name} em`);
    await expect(rejected).toContainText(DATE_TIME);
    await expect(page.getByTestId('request-reason')).toContainText('O semáforo já foi reparado');
    await expect(page.getByRole('button', { name: 'Rejeitar', exact: true })).toHaveCount(0);
    await closeNotifications(page);
    await capture(page, 'event-request-rejected-pt-PT');

    // Neither is pending any more; without the status filter both show, as handled.
    await page.goto('/event-request');
    await page.getByLabel('Pesquisar por assunto, descrição ou participante').fill(stamp);
    await expect(page.getByTestId('table-empty')).toBeVisible();
    await page.getByRole('button', { name: 'Remover o filtro Estado' }).click();
    await expect(acceptRow).toContainText('Aceite');
    await expect(rejectRow).toContainText('Rejeitado');

    // In English, and on a phone.
    await chooseLanguage(page, 'English');
    // The list keeps its search and filters (in the history entry) across the language change.
    await expect(page.getByLabel('Search by subject, description or reporter')).toHaveValue(stamp);
    const englishTable = page.getByRole('table', { name: 'Event requests' });
    await expect(englishTable.getByRole('row')).toHaveCount(3);
    await expect(englishTable.getByRole('row').filter({ hasText: toAccept.title })).toContainText('Accepted');
    await capture(page, 'event-requests-en-US');
    await page.goto(`/event-request/${toReject.id}`);
    await expect(page.getByTestId('request-closed')).toContainText('Request rejected');
    await expect(page.getByTestId('request-location-map').locator('canvas')).toBeVisible();
    // Tall enough for the whole page: a full-page capture that stretches the viewport catches the map mid-resize.
    await page.setViewportSize({ width: 1280, height: 1300 });
    await capture(page, 'event-request-rejected-en-US');
    await page.setViewportSize(MOBILE);
    await page.goto(`/event-request/${toAccept.id}`);
    await expect(page.getByTestId('request-closed')).toContainText('Request accepted');
    await capture(page, 'event-request-accepted-mobile-en-US');
    await page.goto('/event-request');
    await page.getByRole('button', { name: 'Remove the Status filter' }).click();
    await expect(page.getByRole('list', { name: 'Event requests' }).getByRole('listitem')).not.toHaveCount(0);
    await capture(page, 'event-requests-mobile-en-US');

    // A visitor finds the accepted report among the public incidents.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/logout');
    await expect(page).not.toHaveURL(/logout/);
    await page.goto('/incidents');
    await expect(page.getByText(toAccept.title)).toBeVisible();
    await expect(page.getByText(toReject.title)).toHaveCount(0);
  });
});
