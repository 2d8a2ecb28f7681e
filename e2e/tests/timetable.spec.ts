import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  ACCOUNTS,
  apiAs,
  capture,
  chooseFromList,
  chooseLanguage,
  chooseOption,
  demoNetworkImported,
  expect,
  MOBILE,
  openFromMenu,
  signIn,
  test,
  useLanguage,
} from '../support/fixtures.ts';
import { openSystemFromSearch } from '../support/map-canvas.ts';

/** The GTFS reference sample kept with the server's tests (MIT, licence beside it). */
const GOOGLE_SAMPLE = path.join(
  import.meta.dirname,
  '..',
  '..',
  'apps',
  'server',
  'test',
  'fixtures',
  'gtfs',
  'google-sample.zip',
);

/** The first start imports Metro do Porto in the background: wait for it, then answer a system's id. */
async function metroSystemId(request: APIRequestContext, name: string, systemType: 'STOP' | 'ROUTE'): Promise<number> {
  await demoNetworkImported(request);
  const api = await apiAs(request, ACCOUNTS.admin);
  const found = await (
    await api.get(`/api/mobility-systems/search?universalSearch=${encodeURIComponent(name)}&systemType=${systemType}`)
  ).json();
  const system = found.content.find((item: { name: string }) => item.name === name);
  expect(system, `${systemType} ${name}`).toBeTruthy();
  return system.id;
}

/**
 * A day of the demo feed as it is on this server: the first start moves the
 * feed's dates forward by whole years (so that it has service today), which
 * keeps 25 April on the 25th but not a Monday on a Monday; `monday` moves the
 * day to the Monday of its week.
 */
async function demoDay(request: APIRequestContext, isoDay: string, { monday = false } = {}): Promise<string> {
  const api = await apiAs(request, ACCOUNTS.admin);
  const history = await (await api.get('/api/gtfs/imports/search?status=SUCCEEDED')).json();
  const demo = history.content.find((job: { group: { name: string } }) => job.group.name === 'Metro do Porto');
  const day = new Date(`${isoDay}T12:00:00Z`);
  day.setUTCFullYear(day.getUTCFullYear() + (demo?.serviceYearsMoved ?? 0));
  if (monday) day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

const passingsTable = (page: Page) => page.getByRole('table', { name: /Todas as passagens|All passings/ });

test.describe('timetables', () => {
  test('Trindade on a weekday and on the 25 April holiday, in both languages and on a phone', async ({
    page,
    request,
  }) => {
    const trindade = await metroSystemId(request, 'Trindade', 'STOP');
    const weekday = await demoDay(request, '2025-04-14', { monday: true });
    const holiday = await demoDay(request, '2025-04-25');
    await page.goto(`/timetable/${trindade}?date=${weekday}`);
    await expect(page.getByRole('heading', { name: 'Trindade', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Horário', level: 2 })).toBeVisible();
    // Each line is named with where it goes, so lines sharing a short name can be told apart.
    await expect(page.getByRole('combobox', { name: 'Linha' })).toHaveValue(/^A para .+ \/ para /);
    // Weekday services, in words ("dias úteis"), each wording once and never the feed's service ids.
    const services = page.getByRole('list', { name: 'Serviços neste dia' });
    await expect(services.getByText('Dias úteis')).toHaveCount(1);
    await expect(services.getByText(/^[A-Z]{1,2}(U|S|DF|exp)/)).toHaveCount(0);
    // The stop list of the line marks the stop the timetable is for.
    await expect(page.getByRole('list', { name: 'Paragens da linha' }).locator('[aria-current="location"]')).toHaveText(
      /Trindade/,
    );
    await expect(passingsTable(page)).toBeVisible();
    await expect(page.getByText(/\d+ passagens/)).toBeVisible();

    // Line D after midnight: its last runs are on the next day's clock, marked.
    await chooseFromList(
      page,
      () => page.getByRole('combobox', { name: 'Linha' }).click(),
      page.getByRole('option', { name: /^D para / }),
    );
    await expect(passingsTable(page).getByRole('rowheader').filter({ hasText: /^01/ })).toBeVisible();
    await expect(passingsTable(page).getByLabel('dia seguinte').first()).toBeVisible();
    await capture(page, 'timetable-stop-pt-PT');

    // The holiday: another set of services, chosen with the date picker.
    await page.getByRole('button', { name: 'Data' }).click();
    await page.getByRole('button', { name: new RegExp(`^25 abril ${holiday.slice(0, 4)}$`, 'i') }).click();
    await expect(services.getByText('Dom', { exact: true }).first()).toBeVisible();
    await expect(services.getByText('Dias úteis')).toHaveCount(0);
    await capture(page, 'timetable-stop-holiday-pt-PT');

    // A day without service: long after the feed's period, however far it was moved.
    await page.goto(`/timetable/${trindade}?date=2099-01-05`);
    await expect(page.getByText('Não há horário para esta data.')).toBeVisible();

    // English, and a phone's width.
    await useLanguage(page, 'en-US');
    await page.setViewportSize(MOBILE);
    await page.goto(`/timetable/${trindade}?date=${holiday}`);
    await expect(page.getByRole('heading', { name: 'Timetable', level: 2 })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Services on this day' }).getByText('Sun', { exact: true }),
    ).toBeVisible();
    await capture(page, 'timetable-stop-mobile-en-US');
  });

  test("a stop opens on what leaves next: every line's departures from now, with the lines as colour chips", async ({
    page,
    request,
  }) => {
    const trindade = await metroSystemId(request, 'Trindade', 'STOP');
    // The stop opens on the server's today, whose lines depend on the day: the express Bx runs on working days
    // only (a run that passed midnight into a Saturday found six lines). The six others run every day.
    const today = (await (await request.get(`/api/public-transport/schedule?stopId=${trindade}`)).json()) as {
      date: string;
      routes: { shortName: string }[];
    };
    const linesToday = [...new Set(today.routes.map((route) => route.shortName))];
    expect(linesToday).toEqual(expect.arrayContaining(['A', 'B', 'C', 'D', 'E', 'F']));
    // Ten in the morning of that day where the network runs: the board then has departures whatever the hour.
    await page.clock.setFixedTime(new Date(`${today.date}T10:00:00Z`));
    await page.goto(`/timetable/${trindade}`);
    const lines = page.getByRole('list', { name: 'Linhas nesta paragem' });
    await expect(lines.getByRole('listitem')).toHaveText(linesToday);
    const board = page.getByRole('table', { name: 'Próximas partidas' });
    await expect(board.getByRole('row')).toHaveCount(9);
    // Soonest first, counted in minutes from now; every departure has a line and a destination.
    const firstRow = board.getByRole('row').nth(1);
    await expect(firstRow.getByRole('cell').nth(2)).toHaveText(/^(agora|\d+ min)$/);
    await expect(firstRow.getByRole('cell').nth(1)).not.toBeEmpty();
    await capture(page, 'timetable-stop-departures-pt-PT');

    // The stop's card on the map opens on the same board, before the full day's grid.
    await page.goto('/');
    await openSystemFromSearch(page, 'Trindade', /^Trindade Metro do Porto · Paragem/);
    const card = page.getByRole('complementary', { name: 'Detalhes do elemento' });
    await expect(card.getByRole('table', { name: 'Próximas partidas' }).getByRole('row')).toHaveCount(9);
    await expect(card.getByRole('list', { name: 'Linhas nesta paragem' }).getByRole('listitem')).toHaveCount(
      linesToday.length,
    );

    await useLanguage(page, 'en-US');
    await page.setViewportSize(MOBILE);
    await page.goto(`/timetable/${trindade}`);
    await expect(page.getByRole('table', { name: 'Next departures' }).getByRole('row')).toHaveCount(9);
    await capture(page, 'timetable-stop-departures-mobile-en-US');
  });

  test('a route, with its stops and the direction switch', async ({ page, request }) => {
    const lineD = await metroSystemId(request, 'D', 'ROUTE');
    await page.goto(`/timetable/${lineD}?date=${await demoDay(request, '2025-04-14', { monday: true })}`);
    const stops = page.getByRole('list', { name: 'Paragens da linha' });
    await expect(stops.getByRole('listitem').first()).toBeVisible();
    const firstOutbound = (await stops.getByRole('listitem').first().textContent()) ?? '';
    const lastOutbound = (await stops.getByRole('listitem').last().textContent()) ?? '';
    const direction = page.getByRole('radiogroup', { name: 'Sentido' });
    await expect(direction.getByRole('radio')).toHaveCount(2);
    await capture(page, 'timetable-route-pt-PT');

    await direction.locator('label').nth(1).click();
    await expect(stops.getByRole('listitem').first()).not.toHaveText(firstOutbound);
    await expect(stops.getByRole('listitem').first()).toContainText(lastOutbound.trim());

    // Another stop of the line, picked from the list.
    await stops.getByRole('button', { name: 'Trindade' }).click();
    await expect(stops.locator('[aria-current="location"]')).toHaveText(/Trindade/);
    await expect(page.getByRole('combobox', { name: 'Paragem' })).toHaveValue('Trindade');
    await capture(page, 'timetable-route-opposite-pt-PT');
  });

  test('a system whose group has no timetable says so', async ({ page, request }) => {
    const api = await apiAs(request, ACCOUNTS.admin);
    const group = await (
      await api.post('/api/mobility-system-groups', {
        name: 'Rede sem horários',
        type: 'STATIC',
        layerType: 'DEFAULT_LAYERS',
      })
    ).json();
    const stop = await (
      await api.post('/api/mobility-systems', {
        name: 'Paragem sem horário',
        systemType: 'STOP',
        parentId: group.id,
        geometry: { type: 'Point', coordinates: [-8.61, 41.15] },
      })
    ).json();
    await page.goto(`/timetable/${stop.id}`);
    await expect(page.getByText('Horários ainda não disponíveis.')).toBeVisible();
    await capture(page, 'timetable-not-available-pt-PT');
  });
});

test.describe('GTFS import screen', () => {
  test('uploads the reference sample, reads the report, imports it and finds it in the history', async ({
    page,
    request,
  }) => {
    const api = await apiAs(request, ACCOUNTS.admin);
    const created = await api.post('/api/mobility-system-groups', {
      name: 'Demo Transit (e2e)',
      type: 'STATIC',
      layerType: 'DEFAULT_LAYERS',
    });
    expect(created.ok(), await created.text()).toBeTruthy();

    await signIn(page, ACCOUNTS.admin);
    await openFromMenu(page, 'Sistemas', 'Importar GTFS');
    await expect(page).toHaveURL(/\/import-gtfs/);

    // Nothing chosen: both fields say so.
    await page.getByRole('button', { name: 'Carregar e verificar' }).click();
    await expect(page.getByText('Escolha um grupo', { exact: true })).toBeVisible();

    await chooseOption(page, page.getByRole('combobox', { name: /^Grupo/ }), 'Demo Transit (e2e)', 'Demo Transit');
    await page.locator('input[type="file"]').setInputFiles(GOOGLE_SAMPLE);
    await page.getByRole('button', { name: 'Carregar e verificar' }).click();

    // The report: what the feed holds, what it adds to the group, and its warnings.
    const panel = page.getByRole('region', { name: /Importação de google-sample\.zip/ });
    await expect(page.getByText('A aguardar confirmação').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('table', { name: 'No ficheiro' })).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'No grupo' }).getByRole('row', { name: /Paragens 9 0 0/ }),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: 'Relatório de validação' })).toContainText(
      'O serviço deste ficheiro terminou',
    );
    await capture(page, 'gtfs-import-report-pt-PT');

    // Leaving and coming back finds the job where it was.
    await page.goto('/');
    await page.goto('/import-gtfs');
    await expect(page.getByText('A aguardar confirmação').first()).toBeVisible();

    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    await expect(panel.getByText('Importado', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/Importado: 9 paragens, 5 carreiras, 11 viagens/)).toBeVisible();
    const history = page.getByRole('table', { name: 'Importações de ficheiros GTFS' });
    await expect(
      history.getByRole('row', { name: /Demo Transit \(e2e\).*google-sample\.zip.*Importado/ }),
    ).toBeVisible();
    await capture(page, 'gtfs-import-done-pt-PT');

    // English, on a phone.
    await page.setViewportSize(MOBILE);
    await chooseLanguage(page, 'English');
    await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
    await capture(page, 'gtfs-import-mobile-en-US');
  });
});
