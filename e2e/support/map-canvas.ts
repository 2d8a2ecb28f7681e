import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Reading the public map as a person sees it. MapLibre draws on a WebGL canvas that keeps no buffer to read
 * and the page exposes no map instance, so a place is found on screen by projecting it like the map does,
 * and what is drawn there is read from a screenshot.
 */

export type TLngLat = [number, number];

/** Where the map opens: the configuration's centre and zoom (spec 001 §3), 13 unless set. */
export async function mapView(request: APIRequestContext) {
  const pairs = (await (await request.get('/api/configuration/public/list')).json()) as {
    name: string;
    value: string;
  }[];
  const read = (name: string) => pairs.find((pair) => pair.name === name)?.value;
  const centre = JSON.parse(read('app.mapCenter') ?? '{"lat":41.1496,"lng":-8.6109}') as { lat: number; lng: number };
  return { centre: [centre.lng, centre.lat] as TLngLat, zoom: Number(JSON.parse(read('app.mapZoom') ?? '13')) };
}

/** Web Mercator on MapLibre's 512-pixel world: where a place lies in the canvas, from the map's centre. */
export function project(
  [lng, lat]: TLngLat,
  view: { centre: TLngLat; zoom: number },
  size: { width: number; height: number },
) {
  const world = 512 * 2 ** view.zoom;
  const x = (longitude: number) => ((longitude + 180) / 360) * world;
  const y = (latitude: number) =>
    ((1 - Math.log(Math.tan(Math.PI / 4 + (latitude * Math.PI) / 360)) / Math.PI) / 2) * world;
  return {
    x: size.width / 2 + x(lng) - x(view.centre[0]),
    y: size.height / 2 + y(lat) - y(view.centre[1]),
  };
}

/** A screenshot's RGBA pixels, decoded in the page (the WebGL canvas keeps no buffer to read). */
async function decodeScreenshot(page: Page, png: Buffer): Promise<{ width: number; data: number[] }> {
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    if (!context) return { width: 0, data: [] };
    context.drawImage(image, 0, 0);
    return { width: image.width, data: [...context.getImageData(0, 0, image.width, image.height).data] };
  }, png.toString('base64'));
}

/** The colour the page shows at a point, read from a screenshot. */
export async function pixelAt(page: Page, x: number, y: number): Promise<number[]> {
  const png = await page.screenshot({ clip: { x: Math.round(x) - 1, y: Math.round(y) - 1, width: 3, height: 3 } });
  const { width, data } = await decodeScreenshot(page, png);
  // The middle pixel of the 3×3 clip.
  const at = (width + 1) * 4;
  return data.slice(at, at + 3);
}

export const isColour = (actual: number[], expected: number[]) =>
  actual.length === 3 && actual.every((value, index) => Math.abs(value - expected[index]) <= 3);

/** MapLibre has drawn its first frame with our layers (the canvas is there and the style has loaded). */
export async function mapReady(page: Page) {
  await expect(page.getByRole('region', { name: /Mapa de mobilidade|Mobility map/ })).toBeVisible();
  await expect(page.locator('canvas.maplibregl-canvas').first()).toBeVisible();
  await page.waitForFunction(() => !document.querySelector('.maplibregl-map')?.classList.contains('loading'));
}

export const sidePanel = (page: Page) =>
  page.getByRole('complementary', { name: /Detalhes do elemento|Details of the selected/ });

/**
 * How many pixels of an element look like the network drawn on a map: colours
 * as saturated as a metro line's, which the base map's land, sea, borders and
 * controls never are. Read from a screenshot, as pixelAt.
 */
export async function networkPixels(page: Page, selector: string): Promise<number> {
  const { data } = await decodeScreenshot(page, await page.locator(selector).screenshot());
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    const max = Math.max(data[i], data[i + 1], data[i + 2]);
    const min = Math.min(data[i], data[i + 1], data[i + 2]);
    if (max > 0 && (max - min) / max > 0.25) count++;
  }
  return count;
}

/** Finds a system with the map's search box and opens its card (the first result of that name). */
export async function openSystemFromSearch(page: Page, name: string, resultName: RegExp) {
  await page.getByRole('textbox', { name: 'Pesquisar paragens, linhas, outros sistemas e lugares' }).fill(name);
  await page
    .getByRole('list', { name: 'Resultados da pesquisa' })
    .getByRole('button', { name: resultName })
    .first()
    .click();
}
