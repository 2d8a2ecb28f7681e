import type { APIRequestContext, Page } from '@playwright/test';
import {
  ACCOUNTS,
  apiAs,
  capture,
  demoGroup,
  demoNetworkImported,
  expect,
  holdRequests,
  MOBILE,
  storeLanguage,
  test,
  useLanguage,
} from '../support/fixtures.ts';
import { mapSettled, openSystemFromSearch } from '../support/map-canvas.ts';

type TMapItem = {
  type: string;
  group: { id: number } | null;
  /** Every system the group draws, also when it is drawn from tiles and sends no features. */
  systemsCount?: number;
  geometry: { features: { properties: { systemType: string } }[] };
};

/** The first start imports Metro do Porto in the background: wait until the public map has its systems. */
async function metroOnTheMap(request: APIRequestContext) {
  await demoNetworkImported(request);
  const metro = await demoGroup(request, 'Metro do Porto');
  // Incidents (EVENT, FUTURE_EVENT) belong to no group and are counted apart on the page.
  const items = ((await (await request.get('/api/map/')).json()) as TMapItem[]).filter((item) => item.type === 'GROUP');
  const features = items.find((item) => item.group?.id === metro.id)?.geometry.features ?? [];
  return {
    features: features.length,
    drawnByAll: items.reduce((sum, item) => sum + (item.systemsCount ?? 0), 0),
    stops: features.filter((feature) => feature.properties.systemType === 'STOP').length,
    lines: features.filter((feature) => feature.properties.systemType === 'ROUTE').length,
  };
}

/** The administrator's API session, once the demo network is on the map: these tests change what it offers. */
async function adminOnTheMap(request: APIRequestContext) {
  await metroOnTheMap(request);
  return apiAs(request, ACCOUNTS.admin);
}

const status = (page: Page) => page.getByTestId('map-status');
const sidePanel = (page: Page) =>
  page.getByRole('complementary', { name: /Detalhes do elemento|Details of the selected/ });

/** MapLibre has drawn its first frame with our layers (the canvas is there and the style has loaded). */
async function mapReady(page: Page) {
  await expect(page.getByRole('region', { name: /Mapa de mobilidade|Mobility map/ })).toBeVisible();
  await expect(page.locator('canvas.maplibregl-canvas')).toBeVisible();
  await page.waitForFunction(() => !document.querySelector('.maplibregl-map')?.classList.contains('loading'));
}

test.describe('the map home', () => {
  test("shows the console's frame and the platform's name before its scripts have run, and the app takes that place", async ({
    page,
  }) => {
    // A phone on a slow network waits seconds for the app's scripts: what the page itself carries shows meanwhile.
    const release = await holdRequests(page, '**/assets/*.js');
    // Not waiting for the page's load, which waits for those scripts.
    await page.goto('/', { waitUntil: 'commit' });
    const early = page.locator('#app-shell');
    await expect(early.getByText('Plataforma de Mobilidade', { exact: true })).toBeVisible();
    // …beside its logo, drawn (a broken image is "complete" too, with no width).
    await expect
      .poll(() => early.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    const earlyBox = await early.getByText('Plataforma de Mobilidade', { exact: true }).boundingBox();
    // Nothing of it is read out: screen readers get the app's own frame.
    await expect(early).toHaveAttribute('aria-hidden', 'true');

    release();
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('link', { name: 'Mapa', exact: true })).toBeVisible();
    await expect(early).toHaveCount(0);
    // The app draws the name where the page had it: nothing jumps as one gives way to the other.
    const title = page.getByRole('link', { name: 'Plataforma de Mobilidade' }).getByText('Plataforma de Mobilidade');
    expect(await title.boundingBox()).toEqual(earlyBox);
  });

  test("shows Metro do Porto's stops and lines, filters by group, finds Trindade with its timetable", async ({
    page,
    request,
  }) => {
    const metro = await metroOnTheMap(request);
    expect(metro.stops).toBeGreaterThan(50);
    expect(metro.lines).toBeGreaterThan(3);

    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    await page.goto('/');
    await mapReady(page);
    // A visitor's map loads no console screen, no charts, no date pickers or viewers until a card needs them.
    expect(scripts.filter((script) => /Statistics|FormPage|ListPage|Pdf|Panorama|DatePicker/.test(script))).toEqual([]);
    expect(scripts.some((script) => script.includes('MapHomePage-'))).toBe(true);
    // With nothing picked, every group is drawn (mapShowAllOnEmptyFilter by default).
    await expect(status(page)).toHaveText(`${metro.drawnByAll} elementos no mapa`);
    await capture(page, 'map-home-pt-PT');
    // The legend says what the colours mean: Metro's lines by name, and incidents now and to come.
    const legend = page.getByRole('button', { name: 'Legenda' });
    await expect(legend).toHaveAttribute('aria-expanded', 'true');
    const key = page.locator(`#${await legend.getAttribute('aria-controls')}`);
    await expect(key.getByText('Linhas', { exact: true })).toBeVisible();
    for (const line of ['A', 'B', 'C', 'D', 'E', 'F']) await expect(key.getByText(line, { exact: true })).toBeVisible();
    await expect(key.getByText('Em curso', { exact: true })).toBeVisible();
    await legend.click();
    await expect(key).toHaveCount(0);

    // Picking the Metro group draws only it, with a badge to clear the filter.
    const metroBox = page.getByRole('checkbox', { name: 'Metro do Porto' });
    await metroBox.check();
    await expect(metroBox).toBeChecked();
    await expect(status(page)).toHaveText(`${metro.features} elementos no mapa`);
    await expect(page.getByText(/^\d+ filtros?$/)).toBeVisible();
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(metroBox).not.toBeChecked();
    await expect(status(page)).toHaveText(`${metro.drawnByAll} elementos no mapa`);

    // Search: the results list, then the card of the stop with its timetable.
    await page.getByRole('textbox', { name: 'Pesquisar paragens, linhas, outros sistemas e lugares' }).fill('Trindade');
    const results = page.getByRole('list', { name: 'Resultados da pesquisa' });
    await expect(results.getByRole('button', { name: /^Trindade/ }).first()).toBeVisible();
    await results
      .getByRole('button', { name: /^Trindade Metro do Porto · Paragem/ })
      .first()
      .click();
    await expect(sidePanel(page).getByRole('heading', { name: 'Trindade', level: 2 })).toBeVisible();
    await expect(sidePanel(page).getByText('Metro do Porto', { exact: true })).toBeVisible();
    await expect(sidePanel(page).getByRole('heading', { name: 'Horário' })).toBeVisible();
    await expect(sidePanel(page).getByRole('combobox', { name: 'Linha' })).toBeVisible();
    // The demo feed's dates were moved to cover today: the card opens on today's passings.
    await expect(sidePanel(page).getByText('Todas as passagens')).toBeVisible();
    await expect(sidePanel(page).getByText(/O horário desta rede vai de/)).toHaveCount(0);
    await capture(page, 'map-trindade-pt-PT');
    await capture(page, 'map-trindade-timetable-pt-PT');

    // A click on the map picks what lies under the pointer: the map flew to Trindade, now at its centre.
    await sidePanel(page).getByRole('button', { name: 'Fechar detalhes' }).click();
    await expect(sidePanel(page)).toHaveCount(0);
    await page.waitForFunction(() => !document.querySelector('.maplibregl-map')?.classList.contains('loading'));
    await mapSettled(page);
    const canvas = page.locator('canvas.maplibregl-canvas');
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no map canvas');
    await page.mouse.click(box.x + box.width / 2 + 4, box.y + box.height / 2 + 4);
    await expect(sidePanel(page).getByRole('heading', { level: 2 }).first()).toBeVisible();
  });

  test('in English and in the dark style', async ({ page, request }) => {
    const metro = await metroOnTheMap(request);
    await useLanguage(page, 'en-US');
    await page.goto('/');
    await mapReady(page);
    await expect(status(page)).toHaveText(`${metro.drawnByAll} items on the map`);
    await expect(page.getByRole('checkbox', { name: 'Metro do Porto' })).toBeVisible();
    await capture(page, 'map-home-en-US');

    await page.getByRole('button', { name: /dark mode/i }).click();
    await mapReady(page);
    await expect(status(page)).toHaveText(`${metro.drawnByAll} items on the map`);
    await capture(page, 'map-dark-en-US');
  });

  test('on a phone: the filter panel folds away and the card is a bottom sheet that drags down', async ({
    page,
    request,
  }) => {
    await metroOnTheMap(request);
    await page.setViewportSize(MOBILE);
    await page.goto('/');
    await mapReady(page);
    // The report button keeps clear of the map's attribution and of its zoom buttons.
    const report = await page.getByTestId('map-report-event').boundingBox();
    for (const control of ['.maplibregl-ctrl-attrib', '.maplibregl-ctrl-zoom-in']) {
      const other = await page.locator(control).first().boundingBox();
      if (!report || !other) throw new Error(`no ${control}`);
      const overlaps =
        report.x < other.x + other.width &&
        other.x < report.x + report.width &&
        report.y < other.y + other.height &&
        other.y < report.y + report.height;
      expect(overlaps, `the report button covers ${control}`).toBe(false);
    }
    // The legend folds into a button under the zoom buttons.
    const legend = page.getByRole('button', { name: 'Legenda' });
    await expect(legend).toHaveAttribute('aria-expanded', 'false');
    await legend.click();
    await expect(page.locator(`#${await legend.getAttribute('aria-controls')}`).getByText('Linhas')).toBeVisible();
    await capture(page, 'map-legend-mobile-pt-PT');
    await legend.click();

    // The panel starts closed on a phone, opens with the filter button and closes on a click elsewhere.
    await expect(page.getByRole('checkbox', { name: 'Metro do Porto' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Mostrar ou esconder os filtros' }).click();
    await expect(page.getByRole('checkbox', { name: 'Metro do Porto' })).toBeVisible();
    await capture(page, 'map-filter-mobile-pt-PT');
    await page.mouse.click(200, 700);
    await expect(page.getByRole('checkbox', { name: 'Metro do Porto' })).toHaveCount(0);

    await openSystemFromSearch(page, 'Trindade', /^Trindade Metro do Porto · Paragem/);
    const sheet = page.getByTestId('map-bottom-sheet');
    await expect(sheet.getByRole('heading', { name: 'Trindade', level: 2 })).toBeVisible();
    await capture(page, 'map-sheet-mobile-pt-PT');

    // Dragging the handle down collapses the sheet to its minimum of 100 px.
    const handle = sheet.getByRole('button', { name: 'Recolher o painel' });
    const grip = await handle.boundingBox();
    if (!grip) throw new Error('no sheet handle');
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(grip.x + grip.width / 2, MOBILE.height - 10, { steps: 8 });
    await page.mouse.up();
    await expect.poll(async () => Math.round((await sheet.boundingBox())?.height ?? 0)).toBe(100);
    await expect(sheet.getByRole('button', { name: 'Expandir o painel' })).toBeVisible();
    await capture(page, 'map-sheet-collapsed-mobile-pt-PT');
  });

  test('map types: an extra layer from the API; road map and satellite only with a key, through a tiles session', async ({
    page,
    request,
  }) => {
    const admin = await adminOnTheMap(request);
    const created = await admin.post('/api/layers', {
      name: 'Ortofotomapa e2e',
      type: 'XYZ',
      // Nothing answers there: the test checks the map asks for the layer's tiles, not what they show.
      url: 'https://tiles.e2e.invalid/orto/{z}/{x}/{y}.png',
      showExtraLayers: true,
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const layer = (await created.json()) as { id: number };
    const configure = (pairs: [string, string][]) =>
      admin.put('/api/configuration/', { pairs: pairs.map(([name, value]) => ({ name, value })) });
    const sessions: unknown[] = [];
    await page.route('https://tile.googleapis.com/**', async (route) => {
      if (route.request().url().includes('/v1/createSession')) {
        sessions.push(route.request().postDataJSON());
        await route.fulfill({ json: { session: 'e2e-session', expiry: '2099-01-01T00:00:00Z', tileWidth: 512 } });
      } else await route.fulfill({ status: 404 });
    });
    try {
      await configure([
        ['app.enableGoogleRoadMap', 'true'],
        ['app.enableGoogleSatellite', 'true'],
      ]);
      await page.goto('/');
      await mapReady(page);
      const selector = page.getByRole('combobox', { name: 'Tipo de mapa' });
      await expect(selector).toHaveValue('Mapa base');
      await selector.click();
      await expect(page.getByRole('option', { name: 'Ortofotomapa e2e' })).toBeVisible();
      // Enabled, but without a maps key neither Google type is offered.
      await expect(page.getByRole('option', { name: 'Satélite' })).toHaveCount(0);
      await expect(page.getByRole('option', { name: 'Mapa de estradas' })).toHaveCount(0);
      await capture(page, 'map-types-pt-PT');
      const tile = page.waitForRequest((asked) => asked.url().startsWith('https://tiles.e2e.invalid/orto/'));
      await page.getByRole('option', { name: 'Ortofotomapa e2e' }).click();
      await tile;
      await expect(selector).toHaveValue('Ortofotomapa e2e');

      await configure([['app.googleMapApiKey', '"e2e-maps-key"']]);
      await page.reload();
      await mapReady(page);
      await selector.click();
      await expect(page.getByRole('option', { name: 'Mapa de estradas' })).toBeVisible();
      const googleTile = page.waitForRequest((asked) => asked.url().includes('/v1/2dtiles/'));
      await page.getByRole('option', { name: 'Satélite' }).click();
      expect(new URL((await googleTile).url()).searchParams.get('session')).toBe('e2e-session');
      expect(sessions).toEqual([
        {
          mapType: 'satellite',
          language: 'pt-PT',
          region: 'PT',
          scale: 'scaleFactor2x',
          highDpi: true,
          styles: [],
          layerTypes: [],
          overlay: false,
        },
      ]);

      await page.setViewportSize(MOBILE);
      await selector.click();
      await capture(page, 'map-types-mobile-pt-PT');
      await page.getByRole('option', { name: 'Mapa base' }).click();
      await expect(selector).toHaveValue('Mapa base');

      await page.setViewportSize({ width: 1280, height: 720 });
      await storeLanguage(page, 'en-US');
      await page.reload();
      await mapReady(page);
      await page.getByRole('combobox', { name: 'Map type' }).click();
      await expect(page.getByRole('option', { name: 'Satellite' })).toBeVisible();
      await capture(page, 'map-types-en-US');
    } finally {
      await configure([
        ['app.enableGoogleRoadMap', 'false'],
        ['app.enableGoogleSatellite', 'false'],
        ['app.googleMapApiKey', '""'],
      ]);
      await admin.delete(`/api/layers/${layer.id}`);
    }
  });

  test('the highlights window: shown, closed, discarded until its text changes; short texts are skipped', async ({
    page,
    request,
  }) => {
    const admin = await adminOnTheMap(request);
    const publish = async (content: string) => {
      const response = await admin.put('/api/informations/', { type: 'DASHBOARD_HIGHLIGHTS', content });
      expect(response.ok(), await response.text()).toBeTruthy();
    };
    const highlights = () => page.getByRole('dialog', { name: /^(Destaques|Highlights)$/ });
    /** The page has asked for the highlights and had its answer, so an absent window is really absent. */
    const openMap = async () => {
      const answered = page.waitForResponse((response) => response.url().includes('/api/informations/'));
      const usage = page.waitForRequest(
        (asked) => asked.url().includes('/api/statistics/session') && asked.method() === 'PUT',
      );
      await page.goto('/');
      await answered;
      await mapReady(page);
      // The usage statistics session starts with the map page.
      await usage;
    };
    try {
      await publish(
        '<h2>Novidades</h2><p>A linha <strong>H</strong> passa a circular aos domingos.</p><script>alert(1)</script>',
      );
      await openMap();
      await expect(highlights()).toBeVisible();
      await expect(highlights().getByText('passa a circular aos domingos')).toBeVisible();
      await expect(highlights().locator('script')).toHaveCount(0);
      await capture(page, 'map-highlights-pt-PT');
      await highlights().getByRole('button', { name: 'Fechar', exact: true }).click();
      await expect(highlights()).toHaveCount(0);

      // Closing is for now: the next visit shows it again; discarding lasts until the text changes.
      await openMap();
      await highlights().getByRole('button', { name: 'Fechar e não voltar a mostrar' }).click();
      await expect(highlights()).toHaveCount(0);
      await openMap();
      await expect(highlights()).toHaveCount(0);

      await publish('<p>A linha H passa a circular aos sábados e domingos.</p>');
      await openMap();
      await expect(highlights().getByText('aos sábados e domingos')).toBeVisible();
      await page.setViewportSize(MOBILE);
      await capture(page, 'map-highlights-mobile-pt-PT');

      await page.setViewportSize({ width: 1280, height: 720 });
      await storeLanguage(page, 'en-US');
      await openMap();
      await expect(highlights().getByRole('button', { name: 'Close and do not show again' })).toBeVisible();
      await capture(page, 'map-highlights-en-US');

      // Under 15 characters: nothing to show.
      await publish('<p>Olá!</p>');
      await openMap();
      await expect(highlights()).toHaveCount(0);
    } finally {
      await publish('');
    }
  });
});
