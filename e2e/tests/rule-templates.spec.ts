import type { Page } from '@playwright/test';
import {
  ACCOUNTS,
  apiAs,
  capture,
  chooseOption,
  closeNotifications,
  expect,
  MOBILE,
  signIn,
  test,
  useLanguage,
} from '../support/fixtures.ts';
import { mapReady, mapSettled, sidePanel } from '../support/map-canvas.ts';

/**
 * Rule templates (issue 9): an operator writes a rule on the demo air
 * station's temperature, applies it to the Sensores group, sends readings
 * through the demo queue's "send test message" as a device would, and sees
 * the incident the rule opened on its page and on the map.
 */

const run = Date.now().toString(36);
const STATION = 'Estação ambiental dos Aliados';
const PARAMETER = 'Temperatura (°C)';

type TApi = Awaited<ReturnType<typeof apiAs>>;

async function ok<T>(response: Awaited<ReturnType<TApi['post']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as T;
}

const startingWith = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** A Mantine select: open it by its label, then click the option. */
function pick(page: Page, scope: ReturnType<Page['getByRole']> | Page, label: string, option: string, typed?: string) {
  return chooseOption(page, scope.getByRole('combobox', { name: startingWith(label) }), option, typed);
}

/** Publishes a reading of the demo station through the demo queue's broker, as the station itself would. */
async function sendReading(api: TApi, queueId: number, value: number) {
  const payload = JSON.stringify({
    readerId: 'porto-aliados-temperatura',
    value,
    timestamp: new Date().toISOString(),
  });
  await ok(await api.post(`/api/iot-queues/${queueId}/test-message`, { payload }));
}

test.describe('rule templates', () => {
  test('create a rule, apply it to a group, trigger it and see the incident on the map', async ({ page, request }) => {
    const api = await apiAs(request, ACCOUNTS.admin);
    const category = await ok<{ id: number; name: string }>(
      await api.post('/api/event-categories', {
        name: `Calor extremo ${run}`,
        categoryType: 'GENERIC',
        allowPublic: true,
      }),
    );
    const queues = await ok<{ content: { id: number; name: string }[] }>(
      await api.get('/api/iot-queues/search?universalSearch=Sensores'),
    );
    const queue = queues.content[0];
    expect(queue, 'the demo MQTT queue').toBeTruthy();

    await signIn(page, ACCOUNTS.admin, '/rule-template');
    await expect(page.getByRole('heading', { name: 'Modelos de regras', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Nova regra' }).first().click();
    await expect(page).toHaveURL(/\/rule-template\/create$/);

    // The form says what is missing before anything is sent.
    await page.getByRole('button', { name: 'Criar regra' }).click();
    await expect(page.getByText('Indique o nome').first()).toBeVisible();

    const name = `Calor nos Aliados ${run}`;
    await page.getByRole('textbox', { name: startingWith('Nome') }).fill(name);
    await page.getByRole('textbox', { name: startingWith('Parâmetro IoT') }).fill(PARAMETER);
    const condition = page.getByRole('region', { name: 'Condição', exact: true });
    await pick(page, condition, 'Comparação', '> maior que');
    await condition.getByRole('textbox', { name: startingWith('Limite') }).fill('35');
    await pick(page, condition, 'Manter durante', 'Leituras seguidas');
    await condition.getByRole('textbox', { name: startingWith('Número de leituras') }).fill('2');
    const clear = page.getByRole('region', { name: 'Condição de fim' });
    await pick(page, clear, 'Comparação', '≤ menor ou igual a');
    await clear.getByRole('textbox', { name: startingWith('Limite') }).fill('30');
    await clear.getByRole('textbox', { name: startingWith('Número de leituras') }).fill('1');
    const action = page.getByRole('region', { name: 'Ação' });
    await pick(page, action, 'Categoria da ocorrência', category.name);
    await pick(page, action, 'Prioridade', 'Alta');
    await action.getByRole('switch', { name: 'Ocorrência pública' }).check();
    await action
      .getByRole('textbox', { name: startingWith('Título da ocorrência') })
      .fill('Calor extremo em {{system}}: {{value}} °C');
    await capture(page, 'rule-template-form-pt-PT');
    await page.getByRole('button', { name: 'Criar regra' }).click();
    await expect(page).toHaveURL(/\/rule-template\/\d+$/);
    const ruleId = Number(page.url().split('/').pop());
    await closeNotifications(page);

    // The systems picker offers only those with the rule's IoT parameter: of the demo's, the station alone.
    const systems = page.getByRole('region', { name: 'Sistemas a que se aplica' });
    const picker = systems.getByRole('combobox', { name: startingWith('Aplicar a sistemas') });
    await picker.click();
    await expect(page.getByRole('option', { name: STATION, exact: true })).toBeVisible();
    await expect(page.getByRole('option')).toHaveCount(1);
    await capture(page, 'rule-template-apply-picker-pt-PT');
    await page.keyboard.press('Escape');

    // Applied to every system of the Sensores group that has the parameter.
    await pick(page, systems, 'Aplicar a um grupo inteiro', 'Sensores', 'Sensores');
    await systems.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page.getByText('Regra aplicada a 1 sistema')).toBeVisible();
    // Now it watches the station, the picker has nothing left to offer, and says why.
    await picker.click();
    await expect(
      page.getByText(`Nenhum outro sistema tem o parâmetro IoT «${PARAMETER}» ligado a um leitor.`),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    const row = systems.getByRole('row', { name: new RegExp(STATION) });
    await expect(row.getByText('Em vigia')).toBeVisible();
    await closeNotifications(page);

    // Two readings above 35 °C, sent as the station would: the rule opens one incident.
    await sendReading(api, queue.id, 36.5);
    await sendReading(api, queue.id, 37.2);
    await expect
      .poll(
        async () => {
          const page = await ok<{ content: { openEvent: { id: number } | null }[] }>(
            await api.get(`/api/rule-templates/${ruleId}/systems`),
          );
          return page.content[0]?.openEvent?.id ?? null;
        },
        { timeout: 20_000 },
      )
      .not.toBeNull();
    await page.reload();
    await expect(row.getByText('Ocorrência aberta', { exact: true })).toBeVisible();
    const eventLink = row.getByRole('link', { name: /Calor extremo em Estação ambiental dos Aliados: 37,2 °C/ });
    await expect(eventLink).toBeVisible();

    // The test action replays the readings: it would have opened the incident at the second one.
    const testPanel = page.getByRole('region', { name: 'Testar com as últimas leituras' });
    await pick(page, testPanel, 'Sistema', STATION, 'Aliados');
    await testPanel.getByRole('button', { name: 'Testar com as últimas leituras' }).click();
    const result = page.getByTestId('rule-test-result');
    await expect(result.getByText('Abre a ocorrência')).toBeVisible();
    await capture(page, 'rule-template-applied-pt-PT');

    // The incident's page names the rule and the readings that raised it.
    await eventLink.click();
    await expect(page).toHaveURL(/\/events\/\d+$/);
    const eventId = Number(page.url().split('/').pop());
    const origin = page.getByRole('region', { name: 'Aberta por uma regra' });
    await expect(origin.getByRole('link', { name })).toBeVisible();
    await expect(origin.getByRole('cell', { name: '37,2' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: startingWith('Descrição') })).toHaveValue(
      /chegou a 37,2 \(limite 35\)/,
    );
    await capture(page, 'rule-template-event-origin-pt-PT');

    // On the public map, at the station.
    await page.goto(`/?occurrence=${eventId}`);
    await mapReady(page);
    await expect(
      sidePanel(page).getByRole('heading', { name: /Calor extremo em Estação ambiental dos Aliados/, level: 2 }),
    ).toBeVisible();
    await mapSettled(page);
    await capture(page, 'rule-template-incident-map-pt-PT');

    // While the incident is open the rule cannot be deleted: the list says why.
    await page.goto('/rule-template');
    await page.getByRole('button', { name: `Eliminar ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect(
      page.getByText(`A regra «${name}» tem 1 ocorrência aberta que ainda resolveria e não pode ser eliminada`),
    ).toBeVisible();
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    await capture(page, 'rule-template-delete-refused-pt-PT');
    await closeNotifications(page);

    // A reading at 29 °C meets the clear condition: the incident is resolved.
    await sendReading(api, queue.id, 29);
    await expect
      .poll(async () => (await ok<{ status: string }>(await api.get(`/api/events/${eventId}`))).status, {
        timeout: 20_000,
      })
      .toBe('RESOLVED');
  });

  test('the list and the form speak English and fit a phone', async ({ page }) => {
    await useLanguage(page, 'en-US');
    await signIn(page, ACCOUNTS.admin, '/rule-template');
    await expect(page.getByRole('heading', { name: 'Rule templates', level: 1 })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'IoT parameter' })).toBeVisible();
    await capture(page, 'rule-templates-list-en-US');
    await page.setViewportSize(MOBILE);
    await expect(page.getByRole('link', { name: /^Calor nos Aliados/ }).first()).toBeVisible();
    await capture(page, 'rule-templates-list-mobile-en-US');
    await page.setViewportSize({ width: 1280, height: 720 });
    await page
      .getByRole('link', { name: /^Calor nos Aliados/ })
      .first()
      .click();
    await expect(page.getByRole('region', { name: 'Clear condition' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Systems it applies to' }).getByText(STATION)).toBeVisible();
    await capture(page, 'rule-template-form-en-US');
    await page.setViewportSize(MOBILE);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Condition', exact: true })).toBeVisible();
    await capture(page, 'rule-template-form-mobile-en-US');
  });
});
