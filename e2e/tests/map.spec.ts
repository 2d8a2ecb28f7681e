import type { APIRequestContext, Page } from '@playwright/test';
import { capture, expect, MOBILE, test } from '../support/fixtures.ts';

type TMapItem = { group: { id: number }; geometry: { features: { properties: { systemType: string } }[] } };

/** The first start imports Metro do Porto in the background: wait until the public map has its systems. */
async function metroOnTheMap(request: APIRequestContext) {
  let metro: { id: number; name: string } | undefined;
  await expect
    .poll(
      async () => {
        const tree = (await (await request.get('/api/mobility-system-groups/tree')).json()) as {
          id: number;
          name: string;
          systemsCount: number;
        }[];
        metro = tree.find((group) => group.name === 'Metro do Porto' && group.systemsCount > 0);
        return Boolean(metro);
      },
      { timeout: 60_000, message: 'the demo network is imported on first start' },
    )
    .toBe(true);
  const items = (await (await request.get('/api/map/')).json()) as TMapItem[];
  const features = items.find((item) => item.group.id === metro?.id)?.geometry.features ?? [];
  return {
    features: features.length,
    drawnByAll: items.reduce((sum, item) => sum + item.geometry.features.length, 0),
    stops: features.filter((feature) => feature.properties.systemType === 'STOP').length,
    lines: features.filter((feature) => feature.properties.systemType === 'ROUTE').length,
  };
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
  test("shows Metro do Porto's stops and lines, filters by group, finds Trindade with its timetable", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
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
    await page.getByRole('textbox', { name: 'Pesquisar paragens, linhas e outros sistemas' }).fill('Trindade');
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
    // The demo feed runs until 31-12-2025: today the card says so and offers that day.
    await expect(sidePanel(page).getByText('O horário desta rede vai de 15-08-2024 a 31-12-2025.')).toBeVisible();
    await capture(page, 'map-trindade-pt-PT');
    await sidePanel(page).getByRole('button', { name: 'Ver o horário de 31-12-2025' }).click();
    await expect(sidePanel(page).getByText('Todas as passagens')).toBeVisible();
    await capture(page, 'map-trindade-timetable-pt-PT');

    // A click on the map picks what lies under the pointer: the map flew to Trindade, now at its centre.
    await sidePanel(page).getByRole('button', { name: 'Fechar detalhes' }).click();
    await expect(sidePanel(page)).toHaveCount(0);
    await page.waitForFunction(() => !document.querySelector('.maplibregl-map')?.classList.contains('loading'));
    await page.waitForTimeout(1500); // the fly-to animation
    const canvas = page.locator('canvas.maplibregl-canvas');
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no map canvas');
    await page.mouse.click(box.x + box.width / 2 + 4, box.y + box.height / 2 + 4);
    await expect(sidePanel(page).getByRole('heading', { level: 2 }).first()).toBeVisible();
  });

  test('in English and in the dark style', async ({ page, request }) => {
    const metro = await metroOnTheMap(request);
    await page.addInitScript(() => localStorage.setItem('mip.language', 'en-US'));
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
    test.setTimeout(90_000);
    await metroOnTheMap(request);
    await page.setViewportSize(MOBILE);
    await page.goto('/');
    await mapReady(page);
    // The panel starts closed on a phone, opens with the filter button and closes on a click elsewhere.
    await expect(page.getByRole('checkbox', { name: 'Metro do Porto' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Mostrar ou esconder os filtros' }).click();
    await expect(page.getByRole('checkbox', { name: 'Metro do Porto' })).toBeVisible();
    await capture(page, 'map-filter-mobile-pt-PT');
    await page.mouse.click(200, 700);
    await expect(page.getByRole('checkbox', { name: 'Metro do Porto' })).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Pesquisar paragens, linhas e outros sistemas' }).fill('Trindade');
    await page
      .getByRole('list', { name: 'Resultados da pesquisa' })
      .getByRole('button', { name: /^Trindade Metro do Porto · Paragem/ })
      .first()
      .click();
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
});
