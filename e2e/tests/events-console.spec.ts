import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
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

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures');

/** A day as the date input takes it (DD-MM-YYYY), in Lisbon, `offset` days from today. */
function lisbonDay(offset: number): string {
  const day = new Date(Date.now() + offset * 86_400_000);
  return day.toLocaleDateString('en-GB', { timeZone: 'Europe/Lisbon' }).replaceAll('/', '-');
}

/**
 * An HH:mm time typed as a person does: a click in its hours (which selects
 * them), then the digits ("1435"); the minutes follow by themselves.
 * Not pressSequentially, which puts the caret before the hours instead.
 */
async function typeTime(page: Page, hoursField: string, digits: string) {
  await page.getByRole('spinbutton', { name: hoursField, exact: true }).click();
  await page.keyboard.type(digits);
}

/** HH:mm in Lisbon at an instant. */
function lisbonTime(instant: number): string {
  return new Date(instant).toLocaleTimeString('en-GB', {
    timeZone: 'Europe/Lisbon',
    hour: '2-digit',
    minute: '2-digit',
  });
}

function choose(page: Page, field: RegExp, option: string, typed?: string) {
  return chooseOption(page, page.getByRole('combobox', { name: field }), option, typed);
}

/** A generic category and two events in it, through the API. */
async function seedEvents(request: APIRequestContext, prefix: string) {
  const admin = await apiAs(request, ACCOUNTS.admin);
  const category = await admin.post('/api/event-categories', { name: `${prefix} genérica`, categoryType: 'GENERIC' });
  expect(category.ok(), await category.text()).toBeTruthy();
  const categoryId = (await category.json()).id as number;
  const ids: number[] = [];
  for (const [index, title] of [`${prefix} árvore caída`, `${prefix} semáforo avariado`].entries()) {
    const created = await admin.post('/api/events', {
      title,
      categoryId,
      priority: index === 0 ? 'CRITICAL' : 'LOW',
      fromTimestamp: new Date(Date.now() - 3_600_000).toISOString(),
      geojson: {
        type: 'FeatureCollection',
        features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [-8.61 + index / 100, 41.15] } }],
      },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    ids.push((await created.json()).id);
  }
  return { admin, categoryId, ids };
}

test.describe('events console', () => {
  test('a traffic category is created; an event is drawn as a line with a direction and lives through its lifecycle', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, ACCOUNTS.admin);

    // The category, with every setting a closure needs.
    await openFromMenu(page, 'Configurações', 'Categorias de ocorrências');
    await expect(page).toHaveURL(/\/event-category$/);
    await page.getByRole('link', { name: 'Nova categoria' }).first().click();
    await page.getByRole('button', { name: 'Criar categoria' }).click();
    await expect(page.getByText('Indique o nome')).toBeVisible();
    await page.getByLabel(/^Nome/).fill('Cortes de estrada');
    await choose(page, /^Tipo de categoria/, 'Corte de trânsito');
    await page.locator('input[type="file"][accept*="svg"]').setInputFiles(path.join(FIXTURES, 'icone-autocarro.svg'));
    await expect(page.getByText('Ícone escolhido')).toBeVisible();
    await choose(page, /^Atribuída à entidade/, 'Direção Municipal de Mobilidade e Transportes', 'Mobilidade');
    await choose(page, /^Agente dos pedidos/, 'Ana Ferreira', 'Ana');
    await page.getByRole('switch', { name: 'Permitir ao público' }).check();
    await expect(page.getByRole('checkbox', { name: 'Aberta' })).toBeDisabled();
    await page.getByRole('checkbox', { name: 'Pendente' }).uncheck();
    await choose(page, /^Estado quando o destino responde/, 'Em curso');
    await page.getByRole('button', { name: 'Criar categoria' }).click();
    await expect(page.getByText('Categoria Cortes de estrada criada com sucesso')).toBeVisible();
    await expect(page).toHaveURL(/\/event-category\/\d+$/);
    await expect(page.getByRole('combobox', { name: /^Agente dos pedidos/ })).toHaveValue('Ana Ferreira');
    await closeNotifications(page);
    await capture(page, 'event-category-pt-PT');
    await page.goto('/event-category');
    await expect(page.getByRole('link', { name: 'Cortes de estrada', exact: true })).toBeVisible();
    await capture(page, 'event-categories-pt-PT');

    // The event: the form's own checks first, then the closure's direction and sub-type.
    await openFromMenu(page, 'Ocorrências', 'Ocorrências');
    await expect(page).toHaveURL(/\/events$/);
    await page.getByRole('link', { name: 'Nova ocorrência' }).first().click();
    await expect(page).toHaveURL(/\/events\/create$/);
    // A new event starts today (now); the rest is asked for, and the first field missing gets the focus.
    await expect(page.getByLabel(/^Data de início/)).toHaveValue(lisbonDay(0));
    await page.getByRole('button', { name: 'Criar ocorrência' }).click();
    await expect(page.getByText('Indique o título')).toBeVisible();
    await expect(page.getByText('Deve indicar uma categoria de ocorrência')).toBeVisible();
    await expect(page.getByText('Indique a localização no mapa')).toBeVisible();
    await expect(page.getByLabel(/^Título/)).toBeFocused();

    await page.getByLabel(/^Título/).fill('Corte da Rua de Santa Catarina');
    await choose(page, /^Categoria/, 'Cortes de estrada');
    await choose(page, /^Prioridade/, 'Alta');
    await page.getByLabel(/^Data de início/).fill(lisbonDay(-1));
    await typeTime(page, 'Hora de início (horas)', '0800');
    await page.getByRole('button', { name: 'Linha', exact: true }).click();
    const map = page.getByTestId('geometry-map').locator('canvas');
    await expect(map).toBeVisible();
    for (const [x, y] of [
      [150, 120],
      [260, 200],
      [380, 240],
    ]) {
      await map.click({ position: { x, y } });
    }
    await expect(page.getByTestId('geometry-vertices')).toHaveText('3 pontos na linha');
    await page.getByRole('switch', { name: 'Mostrar o sentido' }).check();
    await expect(page.getByTestId('direction-arrow')).toHaveCount(2);
    await page.getByRole('button', { name: 'Criar ocorrência' }).click();
    await expect(page.getByText('Indique o sentido afetado')).toBeVisible();
    await expect(page.getByText('Indique o subtipo da ocorrência')).toBeVisible();
    // Both appeared above, out of sight of the map just drawn on: the first is brought back into view and focus.
    const direction = page.getByRole('combobox', { name: /^Sentido/ });
    await expect(direction).toBeFocused();
    await expect(direction).toBeInViewport();
    await closeNotifications(page);
    await capture(page, 'event-form-pt-PT');

    await choose(page, /^Sentido/, 'Um sentido');
    await choose(page, /^Subtipo/, 'Via cortada por obras');
    await page.getByRole('button', { name: 'Criar ocorrência' }).click();
    await expect(page.getByText('Ocorrência Corte da Rua de Santa Catarina criada com sucesso')).toBeVisible();
    await expect(page).toHaveURL(/\/events\/\d+$/);
    const eventId = Number(page.url().split('/').pop());

    const admin = await apiAs(request, ACCOUNTS.admin);
    const saved = await (await admin.get(`/api/events/${eventId}`)).json();
    expect(saved.geojson.features).toHaveLength(1);
    expect(saved.geojson.features[0].geometry.type).toBe('LineString');
    expect(saved.geojson.features[0].geometry.coordinates).toHaveLength(3);
    expect(saved.geojson.features[0].properties.showDirections).toBe(true);
    expect(saved).toMatchObject({ direction: 'ONE_DIRECTION', subType: 'ROAD_CLOSED_CONSTRUCTION', priority: 'HIGH' });
    expect(saved.entity.name).toBe('Direção Municipal de Mobilidade e Transportes');

    // The lifecycle: in progress, resolved, then reopened with a note (PENDING is not one of the category's).
    const statusBar = page.getByTestId('event-status-bar');
    await expect(statusBar.getByText('Aberta', { exact: true })).toBeVisible();
    await expect(statusBar.getByRole('button', { name: 'Passar a Pendente' })).toHaveCount(0);
    await statusBar.getByRole('button', { name: 'Passar a Em curso' }).click();
    await expect(page.getByText('Estado alterado para Em curso')).toBeVisible();
    await expect(statusBar.getByText('Em curso', { exact: true })).toBeVisible();
    await statusBar.getByRole('button', { name: 'Passar a Resolvida' }).click();
    await expect(page.getByText('Estado alterado para Resolvida')).toBeVisible();
    await statusBar.getByRole('button', { name: 'Reabrir' }).click();
    const reopen = page.getByRole('dialog', { name: 'Reabrir a ocorrência' });
    await reopen.getByRole('button', { name: 'Reabrir' }).click();
    await expect(reopen.getByText('Escreva uma mensagem')).toBeVisible();
    await reopen.getByLabel(/^Motivo/).fill('O corte foi prolongado até ao fim de semana');
    await reopen.getByRole('button', { name: 'Reabrir' }).click();
    await expect(page.getByText('Estado alterado para Aberta')).toBeVisible();
    await expect(reopen).toHaveCount(0);

    // A public comment, then a transfer with a note.
    await page.getByLabel('Novo comentário').fill('Equipa da Polícia Municipal no local.');
    await page.getByRole('switch', { name: 'Comentário público' }).check();
    await page.getByRole('button', { name: 'Comentar' }).click();
    await expect(page.getByText('Comentário adicionado com sucesso')).toBeVisible();
    await expect(page.getByTestId('event-comment').getByText('Equipa da Polícia Municipal no local.')).toBeVisible();

    await statusBar.getByRole('button', { name: 'Transferir' }).click();
    const transfer = page.getByRole('dialog', { name: 'Transferir para outra entidade' });
    await transfer.getByRole('button', { name: 'Transferir' }).click();
    await expect(transfer.getByText('Escolha a entidade')).toBeVisible();
    // The refused pop-up puts the focus back on the field to fix, as a page form does.
    await expect(transfer.getByRole('combobox', { name: /^Nova entidade responsável/ })).toBeFocused();
    await choose(page, /^Nova entidade responsável/, 'Metro do Porto, S.A.', 'Metro');
    await transfer.getByLabel(/^Nota/).fill('Afeta a estação do Bolhão');
    await transfer.getByRole('button', { name: 'Transferir' }).click();
    await expect(page.getByText('Ocorrência transferida para Metro do Porto, S.A. com sucesso')).toBeVisible();
    await expect(statusBar.getByText('Responsável: Metro do Porto, S.A.')).toBeVisible();

    const timeline = page.getByTestId('event-timeline');
    await expect(timeline.getByText('Ocorrência criada')).toBeVisible();
    await expect(timeline.getByText('Estado: Aberta → Em curso')).toBeVisible();
    await expect(timeline.getByText('Estado: Resolvida → Aberta')).toBeVisible();
    await expect(timeline.getByText('O corte foi prolongado até ao fim de semana')).toBeVisible();
    await expect(
      timeline.getByText('Transferida de Direção Municipal de Mobilidade e Transportes para Metro do Porto, S.A.'),
    ).toBeVisible();
    await expect(timeline.getByText('Comentário público')).toBeVisible();
    await closeNotifications(page);
    await capture(page, 'event-detail-pt-PT');

    // Opened on its own, as from an incident card on the map, the event still shows all of it.
    const card = await page.context().newPage();
    await card.goto(`/events/${eventId}`);
    await expect(card.getByLabel(/^Título/)).toHaveValue('Corte da Rua de Santa Catarina');
    await expect(card.getByTestId('direction-arrow')).toHaveCount(2);
    await card.close();
  });

  test('the list filters, exports CSV and transfers several events at once', async ({ page, request }) => {
    const { ids } = await seedEvents(request, 'Lista');
    await signIn(page, ACCOUNTS.admin, '/events');
    await page.getByLabel('Pesquisar ocorrências pelo título ou descrição').fill('Lista');
    await expect(page.getByRole('link', { name: 'Lista árvore caída', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Lista semáforo avariado', exact: true })).toBeVisible();

    // Priority filter, with its badge; cleared by the badge.
    await page.getByRole('button', { name: 'Filtros' }).click();
    await chooseOption(page, page.getByTestId('filter-panel').getByLabel('Prioridade', { exact: true }), 'Crítica');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('link', { name: 'Lista semáforo avariado', exact: true })).toHaveCount(0);
    await expect(page.getByTestId('filter-badges').getByText('Prioridade: Crítica')).toBeVisible();

    // The CSV carries what the list shows.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).first().click();
    const csv = readFileSync((await (await downloading).path()) as string, 'utf8');
    expect(csv).toContain('Lista árvore caída');
    expect(csv).not.toContain('Lista semáforo avariado');

    await page.getByRole('button', { name: 'Remover o filtro Prioridade' }).click();
    await expect(page.getByRole('link', { name: 'Lista semáforo avariado', exact: true })).toBeVisible();

    // Both chosen and handed to the police in one go.
    await page.getByRole('checkbox', { name: 'Selecionar Lista árvore caída' }).check();
    await page.getByRole('checkbox', { name: 'Selecionar Lista semáforo avariado' }).check();
    await expect(page.getByTestId('event-selection')).toContainText('2 ocorrências selecionadas');
    await closeNotifications(page);
    await capture(page, 'events-pt-PT');
    await page.getByTestId('event-selection').getByRole('button', { name: 'Transferir' }).click();
    await choose(page, /^Nova entidade responsável/, 'Polícia Municipal do Porto', 'Polícia');
    await page.getByRole('dialog').getByRole('button', { name: 'Transferir' }).click();
    await expect(
      page.getByText('2 ocorrências transferidas para Polícia Municipal do Porto com sucesso'),
    ).toBeVisible();
    await expect(page.getByTestId('event-selection')).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: 'Polícia Municipal do Porto' })).toHaveCount(2);

    const admin = await apiAs(request, ACCOUNTS.admin);
    for (const id of ids) {
      const timeline = await (await admin.get(`/api/events/${id}/timeline`)).json();
      expect(timeline.at(-1)).toMatchObject({ kind: 'TRANSFER', toEntity: { name: 'Polícia Municipal do Porto' } });
    }
  });

  test('in English, and on a phone', async ({ page, request }) => {
    const { ids } = await seedEvents(request, 'Phone');
    // The operator's menu: the Events group holds events and their requests; categories are a setting.
    await signIn(page, ACCOUNTS.operator);
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('button', { name: 'Ocorrências' }).click();
    await expect(menu.getByRole('link', { name: 'Ocorrências', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Pedidos de ocorrência' })).toBeVisible();
    await menu.getByRole('button', { name: 'Configurações' }).click();
    await expect(menu.getByRole('link', { name: 'Categorias de ocorrências' })).toBeVisible();
    await page.goto('/logout');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);

    await signIn(page, ACCOUNTS.admin);
    await chooseLanguage(page, 'English');

    await page.goto('/events/create');
    await page.getByRole('button', { name: 'Create event' }).click();
    await expect(page.getByText('Enter the title')).toBeVisible();
    await expect(page.getByText('Set the location on the map')).toBeVisible();
    await closeNotifications(page);
    await capture(page, 'event-form-en-US');

    await page.goto(`/events/${ids[0]}`);
    await expect(page.getByRole('button', { name: 'Move to In progress' })).toBeVisible();
    await capture(page, 'event-detail-en-US');

    await page.goto('/event-category');
    await expect(page.getByRole('link', { name: 'Phone genérica', exact: true })).toBeVisible();
    await capture(page, 'event-categories-en-US');

    await page.setViewportSize(MOBILE);
    await page.goto('/events');
    await page.getByLabel('Search events by title or description').fill('Phone');
    await expect(page.getByRole('link', { name: 'Phone árvore caída', exact: true })).toBeVisible();
    await capture(page, 'events-mobile-en-US');
    await page.goto(`/events/${ids[1]}`);
    await expect(page.getByTestId('event-status-bar')).toBeVisible();
    await capture(page, 'event-detail-mobile-en-US');
  });

  test('a date and time typed in the form are saved to the minute and shown back (pt-PT)', async ({
    page,
    request,
  }) => {
    await expectTypedTimesKept(page, request, PT_FORM, {
      // Winter: Lisbon is on UTC.
      from: { date: '15-01-2025', time: '1435', saved: '2025-01-15T14:35:00.000Z' },
      to: { date: '16-01-2025', time: '0905', saved: '2025-01-16T09:05:00.000Z' },
    });
  });

  test.describe('in a browser set to English', () => {
    test.use({ locale: 'en-US' });

    test('a date and time typed in the form are saved to the minute and shown back (en-US)', async ({
      page,
      request,
    }) => {
      await expectTypedTimesKept(page, request, EN_FORM, {
        // Summer: Lisbon is an hour ahead of UTC; a browser that reads times as AM/PM must not matter.
        from: { date: '10-07-2025', time: '1805', saved: '2025-07-10T17:05:00.000Z' },
        to: { date: '10-07-2025', time: '2230', saved: '2025-07-10T21:30:00.000Z' },
      });
    });
  });
});

/** What the event form's checks below read, in each language. */
interface TFormTexts {
  language: string;
  title: RegExp;
  category: RegExp;
  fromDate: RegExp;
  toDate: RegExp;
  fromHours: string;
  fromMinutes: string;
  toHours: string;
  toMinutes: string;
  point: string;
  create: string;
  created: string;
  missingToTime: string;
}

const PT_FORM: TFormTexts = {
  language: 'Português',
  title: /^Título/,
  category: /^Categoria/,
  fromDate: /^Data de início/,
  toDate: /^Data de fim/,
  fromHours: 'Hora de início (horas)',
  fromMinutes: 'Hora de início (minutos)',
  toHours: 'Hora de fim (horas)',
  toMinutes: 'Hora de fim (minutos)',
  point: 'Ponto',
  create: 'Criar ocorrência',
  created: 'criada com sucesso',
  missingToTime: 'Indique a hora de fim (hh:mm)',
};

const EN_FORM: TFormTexts = {
  language: 'English',
  title: /^Title/,
  category: /^Category/,
  fromDate: /^Start date/,
  toDate: /^End date/,
  fromHours: 'Start time (hours)',
  fromMinutes: 'Start time (minutes)',
  toHours: 'End time (hours)',
  toMinutes: 'End time (minutes)',
  point: 'Point',
  create: 'Create event',
  created: 'successfully created',
  missingToTime: 'Enter the end time (hh:mm)',
};

/**
 * Issue 19.4: the start time was not prefilled, and a typed time was saved as
 * midnight. Types both ends of an event as a person does, reads the instants
 * back through the API, and sees the form show them again.
 */
async function expectTypedTimesKept(
  page: Page,
  request: APIRequestContext,
  texts: TFormTexts,
  times: Record<'from' | 'to', { date: string; time: string; saved: string }>,
) {
  const admin = await apiAs(request, ACCOUNTS.admin);
  const categoryName = `Horas ${texts.language}`;
  const category = await admin.post('/api/event-categories', { name: categoryName, categoryType: 'GENERIC' });
  expect(category.ok(), await category.text()).toBeTruthy();

  await signIn(page, ACCOUNTS.admin);
  await chooseLanguage(page, texts.language);
  await page.goto('/events/create');

  // A new event starts now, where the user is.
  const opened = Date.now();
  await expect(page.getByLabel(texts.fromDate)).toHaveValue(lisbonDay(0));
  const fromHours = page.getByRole('spinbutton', { name: texts.fromHours, exact: true });
  const fromMinutes = page.getByRole('spinbutton', { name: texts.fromMinutes, exact: true });
  await expect(fromMinutes).toHaveValue(/^\d{2}$/);
  const prefilled = `${await fromHours.inputValue()}:${await fromMinutes.inputValue()}`;
  expect([lisbonTime(opened - 60_000), lisbonTime(opened), lisbonTime(Date.now())]).toContain(prefilled);

  await page.getByLabel(texts.title).fill(`Horas certas ${texts.language}`);
  await choose(page, texts.category, categoryName, 'Horas');
  const fromDate = page.getByLabel(texts.fromDate);
  await fromDate.fill('');
  await fromDate.pressSequentially(times.from.date.replaceAll('-', ''));
  await typeTime(page, texts.fromHours, times.from.time);
  await expect(fromHours).toHaveValue(times.from.time.slice(0, 2));
  await expect(fromMinutes).toHaveValue(times.from.time.slice(2));

  // An end day alone shows the end of that day; emptied, the time is asked for instead of guessed.
  await page.getByLabel(texts.toDate).pressSequentially(times.to.date.replaceAll('-', ''));
  const toHours = page.getByRole('spinbutton', { name: texts.toHours, exact: true });
  const toMinutes = page.getByRole('spinbutton', { name: texts.toMinutes, exact: true });
  await expect(toHours).toHaveValue('23');
  await expect(toMinutes).toHaveValue('59');
  await toHours.press('Backspace');
  await expect(toHours).toHaveValue('');

  await page.getByRole('button', { name: texts.point, exact: true }).click();
  const map = page.getByTestId('geometry-map').locator('canvas');
  await expect(map).toBeVisible();
  await map.click({ position: { x: 200, y: 150 } });
  await page.getByRole('button', { name: texts.create }).click();
  await expect(page.getByText(texts.missingToTime)).toBeVisible();
  await expect(toHours).toBeFocused();
  await expect(toHours).toBeInViewport();
  await typeTime(page, texts.toHours, times.to.time);
  await page.getByRole('button', { name: texts.create }).click();
  await expect(page.getByText(texts.created)).toBeVisible();
  await expect(page).toHaveURL(/\/events\/\d+$/);

  const saved = await (await admin.get(`/api/events/${page.url().split('/').pop()}`)).json();
  expect(saved).toMatchObject({ fromTimestamp: times.from.saved, toTimestamp: times.to.saved });

  // Shown back as saved, after a reload too.
  await page.reload();
  await expect(page.getByLabel(texts.fromDate)).toHaveValue(times.from.date);
  await expect(fromHours).toHaveValue(times.from.time.slice(0, 2));
  await expect(fromMinutes).toHaveValue(times.from.time.slice(2));
  await expect(page.getByLabel(texts.toDate)).toHaveValue(times.to.date);
  await expect(toHours).toHaveValue(times.to.time.slice(0, 2));
  await expect(toMinutes).toHaveValue(times.to.time.slice(2));
  await closeNotifications(page);
  await capture(page, `event-times-${texts === PT_FORM ? 'pt-PT' : 'en-US'}`);
}
