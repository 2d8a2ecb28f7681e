import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  ACCOUNTS,
  apiAs,
  capture,
  chooseFromList,
  chooseOption,
  demoStop,
  expect,
  MOBILE,
  signIn,
  storeLanguage,
  test,
  useLanguage,
} from '../support/fixtures.ts';
import {
  isColour,
  mapReady,
  mapSettled,
  mapView,
  networkPixels,
  openSystemFromSearch,
  pixelAt,
  project,
  sidePanel,
  type TLngLat,
} from '../support/map-canvas.ts';

/**
 * The incidents of the public map (issues 5 and 6): a visitor's report, current and future incidents
 * drawn in their colours, the incident card, the deep link and the public /incidents list.
 */

const PHOTO_WITH_GPS = path.join(import.meta.dirname, '..', 'fixtures', 'buraco-com-gps.jpg');
const CURRENT_COLOUR = [0xeb, 0x66, 0x09];
const FUTURE_COLOUR = [0xc9, 0x10, 0x10];
const HOUR = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const run = Date.now().toString(36);

type TApi = Awaited<ReturnType<typeof apiAs>>;

async function ok<T>(response: Awaited<ReturnType<TApi['post']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as T;
}

const reportDialog = (page: Page) =>
  page.getByRole('dialog', { name: /^(Reportar uma ocorrência|Report an occurrence)$/ });

const SVG_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M12 2 1 21h22z" fill="#eb6609"/>' +
  '<path d="M11 9h2v6h-2zm0 8h2v2h-2z" fill="#fff"/></svg>';

interface TSeeded {
  staff: TApi;
  categoryId: number;
  categoryName: string;
  current: { id: number; title: string; point: TLngLat };
  future: { id: number; title: string; point: TLngLat };
}

/**
 * A public category and two incidents made by an operator through the API, beside the map's opening
 * centre: a current one (a point, a road with its direction, a 100 m circle and an alternative path)
 * and a future one (a point and an area).
 */
async function seedIncidents(request: APIRequestContext): Promise<TSeeded> {
  const staff = await apiAs(request, ACCOUNTS.operator);
  const { centre } = await mapView(request);
  // The incidents name Trindade, a stop of the demo network, as affected.
  const system = await demoStop(request, 'Trindade');
  const categoryName = `Obras na via ${run}`;
  const category = await ok<{ id: number }>(
    await staff.post('/api/event-categories', {
      name: categoryName,
      icon: SVG_ICON,
      categoryType: 'GENERIC',
      allowPublic: true,
      allowGeometry: true,
      allowPhotoUpload: true,
      active: true,
    }),
  );
  const at = (dLng: number, dLat: number): TLngLat => [
    Number((centre[0] + dLng).toFixed(6)),
    Number((centre[1] + dLat).toFixed(6)),
  ];
  // All of it left of where the card opens (the right of the map), so the card does not hide it.
  const currentPoint = at(0.002, -0.004);
  const futurePoint = at(-0.004, -0.003);
  const currentTitle = `Obras na Rua de Santa Catarina ${run}`;
  const current = await ok<{ id: number }>(
    await staff.post('/api/events', {
      title: currentTitle,
      description: 'Faixa da direita cortada para obras na rede de águas.\nCirculação condicionada.',
      categoryId: category.id,
      fromTimestamp: iso(-HOUR),
      toTimestamp: iso(48 * HOUR),
      priority: 'HIGH',
      isPublic: true,
      affectedSystemIds: [system.id],
      geojson: {
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', geometry: { type: 'Point', coordinates: currentPoint }, properties: {} },
          {
            type: 'Feature',
            geometry: { type: 'LineString', coordinates: [at(-0.003, -0.006), at(0.0025, -0.01)] },
            properties: { showDirections: true, direction: 'ONE_DIRECTION' },
          },
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: at(0.0015, -0.014) },
            properties: { isCircle: true },
          },
          {
            type: 'Feature',
            geometry: {
              type: 'LineString',
              coordinates: [at(-0.003, -0.006), at(-0.0045, -0.0105), at(0.0025, -0.01)],
            },
            properties: { isAlternative: true },
          },
        ],
      },
    }),
  );
  const futureTitle = `Corrida de São João ${run}`;
  const future = await ok<{ id: number }>(
    await staff.post('/api/events', {
      title: futureTitle,
      description: 'Cortes de trânsito durante a corrida.',
      categoryId: category.id,
      isFuture: true,
      fromTimestamp: iso(72 * HOUR),
      toTimestamp: iso(80 * HOUR),
      priority: 'NORMAL',
      isPublic: true,
      geojson: {
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', geometry: { type: 'Point', coordinates: futurePoint }, properties: {} },
          {
            type: 'Feature',
            geometry: {
              type: 'Polygon',
              coordinates: [
                [at(-0.012, -0.002), at(-0.007, -0.002), at(-0.007, -0.006), at(-0.012, -0.006), at(-0.012, -0.002)],
              ],
            },
            properties: {},
          },
        ],
      },
    }),
  );
  return {
    staff,
    categoryId: category.id,
    categoryName,
    current: { id: current.id, title: currentTitle, point: currentPoint },
    future: { id: future.id, title: futureTitle, point: futurePoint },
  };
}

test.describe('incidents on the public map', () => {
  test.describe.configure({ mode: 'serial' });
  let seeded: TSeeded;
  // Its own API context: the incidents are removed after the last test, when the tests' ones are gone.
  let seeding: APIRequestContext;

  test.beforeAll(async ({ playwright, platform }) => {
    seeding = await playwright.request.newContext({ baseURL: platform.baseUrl });
    seeded = await seedIncidents(seeding);
  });

  test.afterAll(async () => {
    // Other tests count what the map draws: the incidents go with this file.
    for (const id of [seeded?.current.id, seeded?.future.id]) if (id) await seeded.staff.delete(`/api/events/${id}`);
    await seeding?.dispose();
  });

  test("the report form's map is no empty canvas: the network is drawn under it, lightly", async ({ page }) => {
    await page.goto('/');
    await mapReady(page);
    await page.getByRole('button', { name: 'Reportar ocorrência' }).click();
    // A category that takes a location brings the map.
    await chooseOption(page, reportDialog(page).getByRole('combobox', { name: 'Categoria' }), seeded.categoryName);
    const map = '[data-testid="report-location-map"]';
    await expect(page.locator(`${map} canvas.maplibregl-canvas`)).toBeVisible();
    // The metro lines around the map's centre, in their colours: wait until they are drawn.
    await expect.poll(() => networkPixels(page, map), { timeout: 15_000 }).toBeGreaterThan(100);
    await capture(page, 'incidents-report-map-network-pt-PT');
  });

  test('a visitor reports an occurrence with a photo, after the form says what is missing', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await mapReady(page);
    await page.getByRole('button', { name: 'Reportar ocorrência' }).click();
    const dialog = reportDialog(page);
    await expect(dialog).toBeVisible();

    // Sent empty: every message of spec 001 §5, word for word, and the form-error notice.
    await dialog.getByRole('button', { name: 'Registar pedido' }).click();
    for (const message of [
      'Deve indicar uma categoria de ocorrência',
      'Deve indicar o seu nome',
      'Deve indicar o seu email',
      'Deve indicar um assunto que descreva resumidamente a ocorrência',
      'Deve indicar uma descrição resumida da ocorrência que está a reportar',
    ])
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    await expect(page.getByText('Erro no formulário', { exact: true })).toBeVisible();
    await expect(page.getByText('Por favor verifique os campos assinalados', { exact: true })).toBeVisible();
    await capture(page, 'incidents-report-errors-pt-PT');
    // The notice goes by itself after 5 s (spec 000 §9).
    await expect(page.getByText('Erro no formulário', { exact: true })).toHaveCount(0, { timeout: 10_000 });

    await chooseOption(page, dialog.getByRole('combobox', { name: 'Categoria' }), seeded.categoryName);
    await dialog.getByRole('textbox', { name: 'Nome' }).fill('Maria Silva');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('maria.silva@example.com');
    const title = `Buraco na Rua de Camões ${run}`;
    await dialog.getByRole('textbox', { name: 'Assunto' }).fill(title);
    await dialog
      .getByRole('textbox', { name: 'Descrição' })
      .fill('Buraco fundo junto à passadeira, perigoso para motas.');
    await expect(dialog.getByText('Deve indicar o seu nome')).toHaveCount(0);

    // The category allows a location and photos: the photo's GPS position is offered as the location.
    await expect(dialog.getByTestId('report-location-value')).toHaveText('Ainda sem localização.');
    await dialog.locator('input[type=file]').setInputFiles(PHOTO_WITH_GPS);
    await expect(dialog.getByTestId('report-photos').getByText('buraco-com-gps.jpg')).toBeVisible();
    await dialog.getByRole('button', { name: 'Usar a localização da fotografia' }).click();
    await expect(dialog.getByTestId('report-location-value')).toHaveText('Localização: 41.15219, -8.60940');
    await mapSettled(page, dialog.locator('[data-map-moving]'));
    await capture(page, 'incidents-report-filled-pt-PT');

    await dialog.getByRole('button', { name: 'Registar pedido' }).click();
    await expect(page.getByText('Ocorrência registada', { exact: true })).toBeVisible();
    // The form gives way to the report's reference and the private link to follow it.
    const sent = dialog.getByTestId('report-sent');
    await expect(sent.getByText(/^Pedido n\.º \d+ registado$/)).toBeVisible();
    await expect(sent.getByText(/maria\.silva@example\.com/)).toBeVisible();
    const followUpLink = (await sent.getByRole('link').getAttribute('href')) ?? '';
    expect(followUpLink).toMatch(/\/report\/[A-Za-z0-9_-]{43}$/);
    await capture(page, 'incidents-report-sent-pt-PT');
    await sent.getByRole('button', { name: 'Fechar' }).click();
    await expect(dialog).toHaveCount(0);

    // Staff find it with its photo and the photo's location.
    const admin = await apiAs(request, ACCOUNTS.admin);
    const page0 = (await (
      await admin.get(`/api/event-requests/search?universalSearch=${encodeURIComponent(title)}`)
    ).json()) as { content: { id: number }[] };
    expect(page0.content).toHaveLength(1);
    const report = (await (await admin.get(`/api/event-requests/${page0.content[0].id}`)).json()) as {
      participantName: string;
      geometry: { type: string; coordinates: number[] } | null;
      images: unknown[];
      category: { id: number };
    };
    expect(report.participantName).toBe('Maria Silva');
    expect(report.category.id).toBe(seeded.categoryId);
    expect(report.images).toHaveLength(1);
    expect(report.geometry?.type).toBe('Point');
    expect(report.geometry?.coordinates[0]).toBeCloseTo(-8.6094, 4);
    expect(report.geometry?.coordinates[1]).toBeCloseTo(41.15219, 4);

    // The link shows the reporter where their report stands — and, once staff accept it, the incident.
    await page.goto(followUpLink);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText('Recebido, a aguardar análise')).toBeVisible();
    await expect(page.getByText('Maria Silva')).toHaveCount(0);
    await capture(page, 'report-follow-up-pending-pt-PT');
    const accepted = await admin.post(`/api/event-requests/${page0.content[0].id}/accept`, {
      priority: 'NORMAL',
      isPublic: true,
    });
    expect(accepted.ok(), await accepted.text()).toBeTruthy();
    const eventId = ((await accepted.json()) as { event: { id: number } }).event.id;
    await page.reload();
    await expect(page.getByText('Aceite', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'A ocorrência' })).toBeVisible();
    await expect(page.getByText('Aberta', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver no mapa' })).toHaveAttribute('href', `/?occurrence=${eventId}`);
    await capture(page, 'report-follow-up-accepted-pt-PT');
    await useLanguage(page, 'en-US');
    await page.setViewportSize(MOBILE);
    await page.reload();
    await expect(page.getByText('Accepted', { exact: true })).toBeVisible();
    await capture(page, 'report-follow-up-accepted-mobile-en-US');
    await admin.delete(`/api/events/${eventId}`);
  });

  test("a report from a stop's card is placed at the stop, and can be moved", async ({ page }) => {
    await page.goto('/');
    await mapReady(page);
    await openSystemFromSearch(page, 'Trindade', /^Trindade Metro do Porto · Paragem/);
    await sidePanel(page).getByRole('button', { name: 'Reportar uma ocorrência' }).click();
    const dialog = reportDialog(page);
    await expect(dialog.getByTestId('report-system')).toHaveText('Sobre Trindade (Metro do Porto)');
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Categoria' }), seeded.categoryName);
    // Trindade's own position (the stop of the demo feed), until the visitor places it elsewhere.
    const location = dialog.getByTestId('report-location-value');
    await expect(location).toHaveText(/^Localização: 41\.152\d\d, -8\.609\d\d$/);
    await expect(dialog.getByTestId('report-location-map').locator('.maplibregl-marker')).toBeVisible();
    await capture(page, 'incidents-report-from-stop-pt-PT');
    const map = await dialog.getByTestId('report-location-map').locator('canvas').boundingBox();
    if (!map) throw new Error('no map');
    await page.mouse.click(map.x + 20, map.y + 20);
    await expect(location).not.toHaveText(/^Localização: 41\.152\d\d, -8\.609\d\d$/);
  });

  test('the form speaks English too, and a report from a system card names the system', async ({ page }) => {
    await useLanguage(page, 'en-US');
    await page.goto('/');
    await mapReady(page);
    await page.getByRole('button', { name: 'Report an occurrence' }).click();
    const dialog = reportDialog(page);
    await dialog.getByRole('button', { name: 'Submit request' }).click();
    await expect(dialog.getByText('You must enter your name', { exact: true })).toBeVisible();
    await expect(dialog.getByText('You must choose an occurrence category', { exact: true })).toBeVisible();
    await expect(page.getByText('Please check the fields marked with errors', { exact: true })).toBeVisible();
    await capture(page, 'incidents-report-errors-en-US');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    // The form's errors go with it, well before the notification's own 5 s would have closed it.
    await expect(page.getByText('Please check the fields marked with errors', { exact: true })).toBeHidden({
      timeout: 2_500,
    });

    // On a phone the form takes the whole screen.
    await page.setViewportSize(MOBILE);
    await expect(page.getByRole('button', { name: 'Report an occurrence' })).toBeInViewport();
    await capture(page, 'incidents-map-mobile-en-US');
    await page.getByRole('button', { name: 'Report an occurrence' }).click();
    await chooseFromList(
      page,
      () => reportDialog(page).getByRole('combobox', { name: 'Category' }).click(),
      page.getByRole('option', { name: /^Obras na via / }),
    );
    await expect(reportDialog(page).getByRole('button', { name: 'Use my location' })).toBeVisible();
    await capture(page, 'incidents-report-mobile-en-US');
  });

  test('current and future incidents are drawn in their colours; a click opens the card', async ({ page, request }) => {
    const view = await mapView(request);
    await page.goto('/');
    await mapReady(page);
    await expect
      .poll(async () => Number((await page.getByTestId('map-incident-status').textContent())?.match(/\d+/)?.[0] ?? 0))
      .toBeGreaterThanOrEqual(2);
    const canvas = await page.locator('canvas.maplibregl-canvas').first().boundingBox();
    if (!canvas) throw new Error('no map canvas');
    const onScreen = (point: TLngLat) => {
      const { x, y } = project(point, view, canvas);
      return { x: canvas.x + x, y: canvas.y + y };
    };
    const current = onScreen(seeded.current.point);
    const future = onScreen(seeded.future.point);
    // Spec 001 §9: current #eb6609, future #c91010.
    await expect.poll(async () => isColour(await pixelAt(page, current.x, current.y), CURRENT_COLOUR)).toBe(true);
    await expect.poll(async () => isColour(await pixelAt(page, future.x, future.y), FUTURE_COLOUR)).toBe(true);
    await capture(page, 'incidents-map-pt-PT');

    // A click on the incident (within 10 px) opens its card.
    await page.mouse.click(current.x + 4, current.y + 3);
    const card = sidePanel(page).getByTestId('incident-card');
    await expect(card.getByRole('heading', { name: seeded.current.title, level: 2 })).toBeVisible();
    await expect(card.getByText(seeded.categoryName)).toBeVisible();
    await expect(card.getByRole('row', { name: /Prioridade Alta/ })).toBeVisible();
    await expect(card.getByRole('row', { name: /Estado Aberta/ })).toBeVisible();
    await expect(card.getByRole('row', { name: /Início \d{2}-\d{2}-\d{4} \d{2}:\d{2}$/ })).toBeVisible();
    await expect(
      card.getByText('Faixa da direita cortada para obras na rede de águas.', { exact: false }),
    ).toBeVisible();
    // A visitor has neither the management link nor the navigation links.
    await expect(card.getByRole('link', { name: 'Abrir na gestão de ocorrências' })).toHaveCount(0);
    await expect(card.getByRole('link', { name: 'Waze' })).toHaveCount(0);

    // Alternative paths: drawn only while asked.
    const alternatives = card.getByRole('switch', { name: 'Mostrar percursos alternativos' });
    await expect(alternatives).not.toBeChecked();
    await alternatives.check();
    await expect(alternatives).toBeChecked();
    await capture(page, 'incidents-card-pt-PT');

    // The affected system opens its card, which lists the incident and offers a report about itself.
    await card.getByRole('button', { name: /^Trindade/ }).click();
    await expect(sidePanel(page).getByRole('heading', { name: 'Trindade', level: 2 })).toBeVisible();
    await sidePanel(page).getByRole('button', { name: 'Reportar uma ocorrência' }).click();
    await expect(reportDialog(page).getByTestId('report-system')).toHaveText('Sobre Trindade (Metro do Porto)');
    await reportDialog(page).getByRole('button', { name: 'Cancelar', exact: true }).click();
    // Its active incidents (activeEvents) lead back to the incident's card.
    await expect(sidePanel(page).getByRole('heading', { name: 'Ocorrências ativas' })).toBeVisible();
    await sidePanel(page).getByRole('button', { name: seeded.current.title }).click();
    await expect(sidePanel(page).getByRole('heading', { name: seeded.current.title, level: 2 })).toBeVisible();

    // The future one, from the map as it opens (the system's card moved it).
    await sidePanel(page).getByRole('button', { name: 'Fechar detalhes' }).click();
    await expect(sidePanel(page)).toHaveCount(0);
    await page.goto('/');
    await mapReady(page);
    await expect.poll(async () => isColour(await pixelAt(page, future.x, future.y), FUTURE_COLOUR)).toBe(true);
    await page.mouse.click(future.x - 3, future.y + 4);
    await expect(sidePanel(page).getByRole('heading', { name: seeded.future.title, level: 2 })).toBeVisible();
    await expect(sidePanel(page).getByText('Ocorrência futura')).toBeVisible();
  });

  test('the filter panel offers current and future incidents and their sub-filter', async ({ page }) => {
    await page.goto('/');
    await mapReady(page);
    const current = page.getByRole('checkbox', { name: 'Atuais' });
    await current.check();
    await expect(page.getByRole('checkbox', { name: 'Ocorrências' })).toHaveJSProperty('indeterminate', true);
    await expect(page.getByTestId('map-status')).toHaveText('0 elementos no mapa');
    await page.getByRole('button', { name: 'Filtrar ocorrências por categoria, prioridade e data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filtrar ocorrências' });
    await expect(dialog.getByRole('combobox', { name: 'Categoria' })).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Criadas há mais de' })).toBeVisible();
    await capture(page, 'incidents-subfilter-pt-PT');
    // Created an hour ago is not "more than a day ago": the map drops them until the filter is cleared.
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Criadas há mais de' }), 'Há mais de um dia');
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('map-incident-status')).toHaveText('0 ocorrências no mapa');
    await page.getByRole('button', { name: 'Filtrar ocorrências por categoria, prioridade e data' }).click();
    await page
      .getByRole('dialog', { name: 'Filtrar ocorrências' })
      .getByRole('button', { name: 'Fechar', exact: true })
      .click();
    await expect(page.getByTestId('map-incident-status')).toHaveText('0 ocorrências no mapa');
  });

  test('?occurrence=<id> opens the incident on arrival, as a bottom sheet on a phone', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto(`/?occurrence=${seeded.future.id}`);
    await mapReady(page);
    const sheet = page.getByTestId('map-bottom-sheet');
    await expect(sheet.getByRole('heading', { name: seeded.future.title, level: 2 })).toBeVisible();
    await mapSettled(page);
    await capture(page, 'incidents-deep-link-mobile-pt-PT');

    await page.setViewportSize({ width: 1280, height: 720 });
    await storeLanguage(page, 'en-US');
    await page.goto(
      `/?occurrence=${seeded.current.id}&minLatitude=41.1&maxLatitude=41.2&minLongitude=-8.7&maxLongitude=-8.5`,
    );
    await mapReady(page);
    const panel = sidePanel(page);
    await expect(panel.getByRole('heading', { name: seeded.current.title, level: 2 })).toBeVisible();
    await expect(panel.getByRole('row', { name: /Priority High/ })).toBeVisible();
    await expect(panel.getByRole('switch', { name: 'Show alternative paths' })).toBeVisible();
    await capture(page, 'incidents-card-en-US');
  });

  test('staff with MANAGE_EVENTS get the management, street view and navigation links', async ({ page, request }) => {
    const admin = await apiAs(request, ACCOUNTS.admin);
    await admin.put('/api/configuration/', { pairs: [{ name: 'app.googleMapApiKey', value: '"e2e-maps-key"' }] });
    try {
      await signIn(page, ACCOUNTS.operator, `/?occurrence=${seeded.current.id}`);
      await mapReady(page);
      const card = sidePanel(page).getByTestId('incident-card');
      await expect(card.getByRole('heading', { name: seeded.current.title, level: 2 })).toBeVisible();
      const edit = card.getByRole('link', { name: 'Abrir na gestão de ocorrências' });
      await expect(edit).toHaveAttribute('href', `/events/${seeded.current.id}`);
      await expect(edit).toHaveAttribute('target', '_blank');
      await expect(card.getByRole('link', { name: 'Ver no Street View' })).toHaveAttribute(
        'href',
        /^https:\/\/www\.google\.com\/maps\/@\?api=1&map_action=pano&viewpoint=41\.\d+,-8\.\d+$/,
      );
      await expect(card.getByRole('link', { name: 'Waze' })).toHaveAttribute(
        'href',
        /^https:\/\/waze\.com\/ul\?ll=41\./,
      );
      await expect(card.getByRole('link', { name: 'Google Maps' })).toBeVisible();
      await expect(card.getByRole('link', { name: 'Apple Maps' })).toBeVisible();
      // Staff with MANAGE_EVENTS have the Events console; the public list is not in their menu.
      await capture(page, 'incidents-card-staff-pt-PT');
    } finally {
      await admin.put('/api/configuration/', { pairs: [{ name: 'app.googleMapApiKey', value: '""' }] });
    }
  });

  test('/incidents lists current and future incidents, each opening on the map', async ({ page }) => {
    await page.goto('/incidents');
    await expect(page.getByRole('heading', { name: 'Ocorrências', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Ocorrências' });
    await expect(table.getByRole('link', { name: seeded.current.title })).toBeVisible();
    await expect(table.getByRole('link', { name: seeded.future.title })).toHaveCount(0);
    const row = table.getByRole('row', { name: new RegExp(seeded.current.title) });
    await expect(row).toContainText(seeded.categoryName);
    await expect(row).toContainText('Alta');
    await expect(row).toContainText('Trindade');
    await expect(row).toContainText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
    await capture(page, 'incidents-list-pt-PT');

    // The segmented control's radio is hidden under its label: the label is what a person clicks.
    await page.getByText('Futuras', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Futuras' })).toBeChecked();
    await expect(table.getByRole('link', { name: seeded.future.title })).toBeVisible();
    await expect(table.getByRole('link', { name: seeded.current.title })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Pesquisar ocorrências' }).fill('nada assim existe');
    await expect(page.getByText('Não há ocorrências previstas.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Pesquisar ocorrências' }).fill('São João');
    await table.getByRole('link', { name: seeded.future.title }).click();
    await expect(page).toHaveURL(new RegExp(`/\\?occurrence=${seeded.future.id}$`));
    await expect(sidePanel(page).getByRole('heading', { name: seeded.future.title, level: 2 })).toBeVisible();

    // On a phone: cards, and the bottom bar's shortcut.
    await page.setViewportSize(MOBILE);
    await page.goto('/incidents');
    await expect(page.getByRole('link', { name: new RegExp(`^${seeded.current.title}`) })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Navegação rápida' }).getByRole('link', { name: 'Ocorrências' }),
    ).toBeVisible();
    await capture(page, 'incidents-list-mobile-pt-PT');

    await page.setViewportSize({ width: 1280, height: 720 });
    await storeLanguage(page, 'en-US');
    await page.reload();
    await expect(
      page.getByRole('table', { name: 'Incidents' }).getByRole('link', { name: seeded.current.title }),
    ).toBeVisible();
    await capture(page, 'incidents-list-en-US');
  });
});
