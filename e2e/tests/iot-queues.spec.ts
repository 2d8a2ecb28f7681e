import type { Page } from '@playwright/test';
import {
  ACCOUNTS,
  apiAs,
  capture,
  closeNotifications,
  demoGroup,
  expect,
  MOBILE,
  signIn,
  storeLanguage,
  test,
} from '../support/fixtures.ts';

const unique = () => Date.now().toString(36);

/** Opens a system's card from the map's search box. */
async function openSystemCard(page: Page, name: string, searchLabel: RegExp) {
  await page.goto('/');
  await page.getByRole('textbox', { name: searchLabel }).fill(name);
  await page
    .getByRole('list', { name: /Resultados da pesquisa|Search results/ })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .first()
    .click();
}

/**
 * Spec 000 §2 /iot-queue (MANAGE_MESSAGE_QUEUES): staff connect the platform
 * to a broker, watch it connect, send a test message through it, and the
 * reading shows on the system card of the map. The broker is the e2e
 * worker's platform's own, so no other run's messages reach it.
 */
test.describe('IoT message queues', () => {
  test('create a queue, see it connected, send a test message, see the value on the system card', async ({
    page,
    request,
    platform,
  }) => {
    const admin = await apiAs(request, ACCOUNTS.admin);
    const sensors = await demoGroup(request, 'Sensores');
    const run = unique();
    const readerId = `e2e-humidade-${run}`;
    const systemName = `Estação da Boavista ${run}`;
    const created = await admin.post('/api/mobility-systems', {
      name: systemName,
      systemType: 'OTHER',
      parentId: sensors.id,
      geometry: { type: 'Point', coordinates: [-8.6291, 41.1579] },
      parameters: [{ name: 'Humidade relativa (%)', type: 'IOT', readerId }],
    });
    expect(created.ok(), await created.text()).toBeTruthy();

    await signIn(page, ACCOUNTS.admin, '/iot-queue');
    await expect(page.getByRole('heading', { name: 'Filas de mensagens' })).toBeVisible();
    // The demo queue reads the server's own broker.
    await expect(page.getByRole('row', { name: /Sensores da cidade \(MQTT\)/ }).getByText('Ligada')).toBeVisible({
      timeout: 20_000,
    });
    await page.getByRole('link', { name: 'Nova fila' }).click();

    const queueName = `Sensores da Boavista ${run}`;
    await page.getByLabel(/^Nome/).fill(queueName);
    await page.getByLabel('Endereço do broker').fill(`mqtt://127.0.0.1:${platform.mqttBrokerPort}`);
    await page.getByLabel('Tópico').fill(`boavista/${run}/#`);
    await capture(page, 'iot-queue-form-pt-PT');
    await page.getByRole('button', { name: 'Criar fila' }).click();

    await expect(page).toHaveURL(/\/iot-queue\/\d+$/);
    const status = page.getByRole('region', { name: 'Estado em direto' });
    await expect(status.getByText('Ligada')).toBeVisible({ timeout: 20_000 });
    await expect(status.getByText('Última mensagem: nenhuma')).toBeVisible();

    await status.getByRole('button', { name: 'Enviar mensagem de teste' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enviar uma mensagem de teste' });
    await dialog.getByLabel('Identificador do leitor').fill(readerId);
    await dialog.getByLabel('Valor').fill('63.5');
    await expect(dialog.getByLabel('Mensagem')).toHaveValue(new RegExp(`"readerId": "${readerId}"[\\s\\S]*63\\.5`));
    await capture(page, 'iot-queue-test-message-pt-PT');
    await dialog.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(page.getByText('Mensagem publicada no broker.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // The consumer took it: the status says when, and nothing was rejected.
    await expect(status.getByText(/Última mensagem: \d{2}-\d{2}-\d{4}/)).toBeVisible({ timeout: 15_000 });
    await expect(status.getByText('0 mensagens rejeitadas')).toBeVisible();
    await closeNotifications(page);
    await capture(page, 'iot-queue-connected-pt-PT');

    await openSystemCard(page, systemName, /Pesquisar paragens/);
    const reading = page.getByTestId('iot-reading');
    await expect(reading.getByText('Humidade relativa (%)')).toBeVisible();
    await expect(reading.getByTestId('iot-live-value')).toHaveText('63,5');
    await capture(page, 'iot-system-card-pt-PT');

    await storeLanguage(page, 'en-US');
    await page.goto('/iot-queue');
    await expect(page.getByRole('heading', { name: 'Message queues' })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(queueName) });
    await expect(row.getByText('Connected')).toBeVisible();
    await expect(row.getByText(/Last message: \d{2}-\d{2}-\d{4}/)).toBeVisible();
    await capture(page, 'iot-queue-list-en-US');
    await openSystemCard(page, systemName, /Search stops/);
    await expect(page.getByTestId('iot-live-value')).toHaveText('63.5');
    await capture(page, 'iot-system-card-en-US');

    await page.setViewportSize(MOBILE);
    await storeLanguage(page, 'pt-PT');
    await page.goto('/iot-queue');
    await expect(page.getByRole('listitem').filter({ hasText: queueName }).getByText('Ligada')).toBeVisible();
    await capture(page, 'iot-queue-list-mobile');
    await page.getByRole('link', { name: queueName, exact: true }).click();
    await expect(page.getByRole('region', { name: 'Estado em direto' }).getByText('Ligada')).toBeVisible();
    await capture(page, 'iot-queue-detail-mobile');
    await openSystemCard(page, systemName, /Pesquisar paragens/);
    await expect(page.getByTestId('iot-live-value')).toHaveText('63,5');
    await capture(page, 'iot-system-card-mobile');
  });
});
