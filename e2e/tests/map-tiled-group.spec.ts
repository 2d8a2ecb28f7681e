import { ACCOUNTS, apiAs, capture, expect, MOBILE, storeLanguage, test } from '../support/fixtures.ts';
import {
  isColour,
  mapReady,
  mapView,
  openSystemFromSearch,
  pixelAt,
  project,
  sidePanel,
  type TLngLat,
} from '../support/map-canvas.ts';

/**
 * Issue 20: a group the server finds too large for GeoJSON is drawn from its own vector tiles without anyone
 * configuring it, and the map works on it as on any other: the screen-reader count, the filter, the search
 * and the card. The e2e server draws groups from tiles from MAP_TILES_MIN_SYSTEMS=150 systems
 * (support/worker-platform.ts), above the demo network, so a group of 150 stops made here is "large".
 */

const TILES_MIN_SYSTEMS = 150;
const run = Date.now().toString(36);
const COLOUR = '#d9480f';
const rgb = (hex: string) => [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));

type TApi = Awaited<ReturnType<typeof apiAs>>;
type TGroupItem = { type: string; group: { id: number } | null; systemsCount: number; tileMetadataUrl: string | null };

/** Calls made a few at a time: the API answers each on its own, and a group of stops is made in seconds. */
async function inBatches<T>(items: readonly T[], call: (item: T) => Promise<unknown>, size = 10) {
  for (let start = 0; start < items.length; start += size)
    await Promise.all(items.slice(start, start + size).map(call));
}

async function mapItems(request: Parameters<typeof mapView>[0]) {
  return ((await (await request.get('/api/map/')).json()) as TGroupItem[]).filter((item) => item.type === 'GROUP');
}

test.describe('a group drawn from tiles because of its size', () => {
  test('is counted, filtered, found and opened like any other', async ({ page, request }) => {
    test.setTimeout(180_000);
    const admin: TApi = await apiAs(request, ACCOUNTS.admin);
    const view = await mapView(request);
    // A grid of stops east of the centre, clear of the filter panel on the left, about 30 px apart at the
    // default zoom: a tap within the map's ±10 px picks one stop, not its neighbour.
    const stops = Array.from({ length: TILES_MIN_SYSTEMS }, (_, n) => ({
      name: `Nacional ${run} ${String(n + 1).padStart(3, '0')}`,
      point: [
        view.centre[0] + 0.004 + (n % 15) * 0.0025,
        view.centre[1] - 0.006 + Math.floor(n / 15) * 0.0025,
      ] as TLngLat,
    }));
    const groupName = `Rede nacional ${run}`;
    const group = (await (
      await admin.post('/api/mobility-system-groups', {
        name: groupName,
        color: COLOUR,
        icon: null,
        type: 'STATIC',
        layerType: 'DEFAULT_LAYERS',
        styles: null,
        tileMetadataUrl: null,
      })
    ).json()) as { id: number };
    const systemIds: number[] = [];
    try {
      await inBatches(stops, async (stop) => {
        const response = await admin.post('/api/mobility-systems', {
          name: stop.name,
          systemType: 'STOP',
          parentId: group.id,
          geometry: { type: 'Point', coordinates: stop.point },
        });
        expect(response.ok(), await response.text()).toBeTruthy();
        systemIds.push(((await response.json()) as { id: number }).id);
      });

      // Nobody set a tile address: the server names its own, and counts the systems it leaves out.
      await expect
        .poll(async () => (await mapItems(request)).find((item) => item.group?.id === group.id))
        .toMatchObject({
          systemsCount: TILES_MIN_SYSTEMS,
          tileMetadataUrl: expect.stringMatching(new RegExp(`/api/mobility-system-groups/${group.id}/tiles\\.json$`)),
          geometry: { features: [] },
        });
      const items = await mapItems(request);
      const everything = items.reduce((sum, item) => sum + item.systemsCount, 0);

      // The page reads the base style and the group's TileJSON while the map library loads, and hands them
      // to the map, which then asks for the view's tiles at once (issue 20: the national map's first full
      // render): neither is read by the map itself, nor twice.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      const readers = { tileJson: [] as string[], style: [] as string[] };
      cdp.on('Network.requestWillBeSent', ({ request: asked, initiator }) => {
        const { pathname } = new URL(asked.url);
        const kind =
          pathname === `/api/mobility-system-groups/${group.id}/tiles.json`
            ? 'tileJson'
            : pathname === '/api/configuration/public/map-style'
              ? 'style'
              : null;
        if (!kind) return;
        const scripts: string[] = [];
        for (let stack = initiator.stack; stack; stack = stack.parent) {
          scripts.push(...stack.callFrames.map((frame) => frame.url));
        }
        readers[kind].push(scripts.join(' '));
      });
      await page.goto('/');
      await mapReady(page);
      // With nothing picked every group is drawn, the tiled one counted whole.
      const status = page.getByTestId('map-status');
      await expect(status).toHaveText(`${everything} elementos no mapa`);
      const box = page.getByRole('checkbox', { name: groupName });
      await box.check();
      await expect(status).toHaveText(`${TILES_MIN_SYSTEMS} elementos no mapa`);

      // Its stops show in its colour, from the tiles.
      const canvas = await page.locator('canvas.maplibregl-canvas').first().boundingBox();
      if (!canvas) throw new Error('no map canvas');
      const onScreen = (point: TLngLat) => {
        const { x, y } = project(point, view, canvas);
        return { x: canvas.x + x, y: canvas.y + y };
      };
      const sample = onScreen(stops[16].point);
      await expect.poll(async () => isColour(await pixelAt(page, sample.x, sample.y), rgb(COLOUR))).toBe(true);
      for (const [kind, scripts] of Object.entries(readers)) {
        expect(scripts, `the ${kind} is read once, by the page`).toHaveLength(1);
        expect(scripts[0], `what read the ${kind}`).not.toMatch(/maplibre-gl/);
      }
      await cdp.detach();
      await capture(page, 'map-tiled-group-pt-PT');

      // The search finds one of its stops by name on the server and opens its card.
      const wanted = stops[TILES_MIN_SYSTEMS - 1];
      await openSystemFromSearch(page, wanted.name, new RegExp(`^${wanted.name}`));
      await expect(sidePanel(page).getByRole('heading', { name: wanted.name, level: 2 })).toBeVisible();
      await expect(sidePanel(page).getByText(groupName, { exact: true })).toBeVisible();
      await capture(page, 'map-tiled-group-card-pt-PT');
      await sidePanel(page).getByRole('button', { name: 'Fechar detalhes' }).click();

      // Unticked, the group leaves the count.
      await box.uncheck();
      await expect(status).toHaveText(`${everything} elementos no mapa`);

      // On a phone, in English: the same count, and a tap on a stop drawn from tiles opens its card.
      await page.setViewportSize(MOBILE);
      await storeLanguage(page, 'en-US');
      await page.goto('/');
      await mapReady(page);
      await expect(status).toHaveText(`${everything} items on the map`);
      const filters = page.getByRole('button', { name: 'Show or hide the filters' });
      await filters.click();
      await page.getByRole('checkbox', { name: groupName }).check();
      await expect(status).toHaveText(`${TILES_MIN_SYSTEMS} items on the map`);
      await filters.click();
      const phoneCanvas = await page.locator('canvas.maplibregl-canvas').first().boundingBox();
      if (!phoneCanvas) throw new Error('no map canvas');
      const tapped = stops[0];
      const at = project(tapped.point, view, phoneCanvas);
      await expect
        .poll(async () => isColour(await pixelAt(page, phoneCanvas.x + at.x, phoneCanvas.y + at.y), rgb(COLOUR)))
        .toBe(true);
      await page.mouse.click(phoneCanvas.x + at.x, phoneCanvas.y + at.y);
      await expect(sidePanel(page).getByRole('heading', { name: tapped.name, level: 2 })).toBeVisible();
      await capture(page, 'map-tiled-group-card-mobile-en-US');
    } finally {
      await inBatches(systemIds, (id) => admin.delete(`/api/mobility-systems/${id}`));
      await admin.delete(`/api/mobility-system-groups/${group.id}`);
    }
  });
});
