import { ACCOUNTS, apiAs, capture, expect, MOBILE, storeLanguage, test } from '../support/fixtures.ts';
import { isColour, mapReady, mapView, pixelAt, project, sidePanel, type TLngLat } from '../support/map-canvas.ts';

/**
 * Issue 5: a group too large for GeoJSON drawn from this platform's own vector tiles (its tileMetadataUrl
 * names our TileJSON), and a CUSTOM_LAYERS group drawn with the MapLibre layers of its styles.
 */

type TApi = Awaited<ReturnType<typeof apiAs>>;

const run = Date.now().toString(36);
const TILED_COLOUR = '#7b2cbf';
const CUSTOM_COLOUR = '#ff00ff';
const rgb = (hex: string) => [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));

async function ok<T>(response: Awaited<ReturnType<TApi['post']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as T;
}

const groupInput = (values: Record<string, unknown>) => ({
  icon: null,
  type: 'STATIC',
  layerType: 'DEFAULT_LAYERS',
  styles: null,
  tileMetadataUrl: null,
  ...values,
});

test.describe('groups drawn from vector tiles and with their own layers', () => {
  test('the tiled group shows from its tiles and opens a card; the custom layer shows in its colour', async ({
    page,
    request,
    baseURL,
  }) => {
    const admin = await apiAs(request, ACCOUNTS.admin);
    const view = await mapView(request);
    // East of the centre, clear of the filter panel on the left and of each other.
    const near = (east: number, north: number): TLngLat => [view.centre[0] + east, view.centre[1] + north];
    const tiledStops = [
      { name: `Mosaico Norte ${run}`, point: near(0.006, 0.003) },
      { name: `Mosaico Sul ${run}`, point: near(0.012, -0.003) },
      { name: `Mosaico Este ${run}`, point: near(0.018, 0.002) },
    ];
    const customStop = { name: `Camada própria ${run}`, point: near(-0.004, -0.004) };
    const systemIds: number[] = [];
    const groupIds: number[] = [];
    const addStop = async (groupId: number, stop: { name: string; point: TLngLat }) => {
      const system = await ok<{ id: number }>(
        await admin.post('/api/mobility-systems', {
          name: stop.name,
          systemType: 'STOP',
          parentId: groupId,
          geometry: { type: 'Point', coordinates: stop.point },
        }),
      );
      systemIds.push(system.id);
      return system;
    };

    try {
      // The tiled group: created, given its systems, then pointed at its own TileJSON.
      const tiledName = `Rede em mosaicos ${run}`;
      const tiledFields = groupInput({ name: tiledName, color: TILED_COLOUR });
      const tiled = await ok<{ id: number }>(await admin.post('/api/mobility-system-groups', tiledFields));
      groupIds.push(tiled.id);
      for (const stop of tiledStops) await addStop(tiled.id, stop);
      const tileJsonUrl = `${baseURL}/api/mobility-system-groups/${tiled.id}/tiles.json`;
      await ok(
        await admin.put(`/api/mobility-system-groups/${tiled.id}`, { ...tiledFields, tileMetadataUrl: tileJsonUrl }),
      );
      const tileJson = (await (await request.get(tileJsonUrl)).json()) as { tiles: string[]; vector_layers: unknown[] };
      expect(tileJson.tiles).toEqual([`${baseURL}/api/mobility-system-groups/${tiled.id}/tiles/{z}/{x}/{y}.pbf`]);
      // The map answer keeps the group's item, empty: its systems come from the tiles.
      await expect
        .poll(async () => {
          const items = (await (await request.get('/api/map/')).json()) as {
            group: { id: number } | null;
            geometry: { features: unknown[] };
          }[];
          return items.find((item) => item.group?.id === tiled.id)?.geometry.features.length;
        })
        .toBe(0);

      // The custom group: a magenta circle, and a definition MapLibre cannot draw, left out with a warning.
      const customName = `Camadas próprias ${run}`;
      const custom = await ok<{ id: number }>(
        await admin.post(
          '/api/mobility-system-groups',
          groupInput({
            name: customName,
            color: '#0a6c74',
            layerType: 'CUSTOM_LAYERS',
            styles: [
              { type: 'circle', paint: { 'circle-color': CUSTOM_COLOUR, 'circle-radius': 9 } },
              { type: 'circle', paint: { 'circle-radius': 'enorme' } },
            ],
          }),
        ),
      );
      groupIds.push(custom.id);
      await addStop(custom.id, customStop);

      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      const tileAnswers: number[] = [];
      page.on('response', (response) => {
        if (response.url().includes(`/mobility-system-groups/${tiled.id}/tiles/`)) tileAnswers.push(response.status());
      });

      await page.goto('/');
      await mapReady(page);
      // Only these two groups on the map.
      await page.getByRole('checkbox', { name: tiledName }).check();
      await page.getByRole('checkbox', { name: customName }).check();
      await page.waitForFunction(() => !document.querySelector('.maplibregl-map')?.classList.contains('loading'));

      const canvas = await page.locator('canvas.maplibregl-canvas').first().boundingBox();
      if (!canvas) throw new Error('no map canvas');
      const onScreen = (point: TLngLat) => {
        const { x, y } = project(point, view, canvas);
        return { x: canvas.x + x, y: canvas.y + y };
      };
      for (const stop of tiledStops) {
        const { x, y } = onScreen(stop.point);
        await expect.poll(async () => isColour(await pixelAt(page, x, y), rgb(TILED_COLOUR))).toBe(true);
      }
      const customAt = onScreen(customStop.point);
      await expect
        .poll(async () => isColour(await pixelAt(page, customAt.x, customAt.y), rgb(CUSTOM_COLOUR)))
        .toBe(true);
      expect(tileAnswers).toContain(200);
      expect(warnings.some((warning) => warning.includes(`group-${custom.id}-custom-1`))).toBe(true);
      await capture(page, 'map-tiles-and-styles-pt-PT');

      // A click on a stop drawn from the tiles opens its card, as for any other.
      const north = onScreen(tiledStops[0].point);
      await page.mouse.click(north.x + 3, north.y + 2);
      await expect(sidePanel(page).getByRole('heading', { name: tiledStops[0].name, level: 2 })).toBeVisible();
      await expect(sidePanel(page).getByText(tiledName, { exact: true })).toBeVisible();
      await capture(page, 'map-tiles-card-pt-PT');

      // And the custom layer is clickable too.
      await sidePanel(page).getByRole('button', { name: 'Fechar detalhes' }).click();
      await page.mouse.click(customAt.x - 2, customAt.y + 3);
      await expect(sidePanel(page).getByRole('heading', { name: customStop.name, level: 2 })).toBeVisible();

      // On a phone, in English, with nothing picked: every group, the tiled one among them.
      await page.setViewportSize(MOBILE);
      await storeLanguage(page, 'en-US');
      await page.goto('/');
      await mapReady(page);
      const filters = page.getByRole('button', { name: 'Show or hide the filters' });
      await filters.click();
      await expect(page.getByRole('checkbox', { name: tiledName })).toBeVisible();
      await filters.click();
      await expect(page.getByRole('checkbox', { name: tiledName })).toHaveCount(0);
      await capture(page, 'map-tiles-and-styles-mobile-en-US');
    } finally {
      for (const id of systemIds) await admin.delete(`/api/mobility-systems/${id}`);
      for (const id of groupIds) await admin.delete(`/api/mobility-system-groups/${id}`);
    }
  });
});
