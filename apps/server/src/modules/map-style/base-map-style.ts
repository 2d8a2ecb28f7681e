import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TMapStyleType } from '@mip/shared';
import { SERVER_ROOT } from '../../config.ts';

const BASEMAP_DIR = path.join(SERVER_ROOT, 'reference', 'basemap');

const PALETTES: Record<TMapStyleType, { sea: string; land: string; home: string; neighbour: string; border: string }> =
  {
    LIGHT: { sea: '#cadfe9', land: '#ece8df', home: '#faf8f3', neighbour: '#eeebe4', border: '#a69f92' },
    DARK: { sea: '#0e1a22', land: '#20252a', home: '#2b3137', neighbour: '#23292e', border: '#56606a' },
  };

/**
 * A MapLibre style that needs nothing from the internet: the sea, the world's
 * countries and Portugal with its neighbours, drawn from GeoJSON shipped with the
 * server (reference/basemap). It has no labels, so no glyph server either;
 * the product's own layers (stops, routes, incidents) go on top of it.
 */
function buildStyle(type: TMapStyleType) {
  const colours = PALETTES[type];
  const read = (file: string) => JSON.parse(readFileSync(path.join(BASEMAP_DIR, file), 'utf8'));
  return {
    version: 8,
    name: `Base ${type.toLowerCase()}`,
    metadata: { 'mip:offline': true },
    center: [-8.61, 41.15],
    zoom: 6,
    sources: {
      // The rest of the world at 1:110m, without the countries drawn finer below, so no coarse coast pokes out.
      land: { type: 'geojson', data: read('world-countries-110m.geojson'), attribution: 'Natural Earth' },
      countries: { type: 'geojson', data: read('countries-iberia-50m.geojson') },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': colours.sea } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': colours.land } },
      {
        id: 'countries',
        type: 'fill',
        source: 'countries',
        paint: { 'fill-color': ['case', ['get', 'isPortugal'], colours.home, colours.neighbour] },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'countries',
        paint: { 'line-color': colours.border, 'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.6, 10, 1.6] },
      },
    ],
  };
}

export interface TRenderedStyle {
  json: string;
  etag: string;
}

export const render = (style: unknown): TRenderedStyle => {
  const json = JSON.stringify(style);
  return { json, etag: `"${createHash('sha1').update(json).digest('base64url').slice(0, 20)}"` };
};

const rendered = new Map<TMapStyleType, TRenderedStyle>();

/** The offline style's JSON text, built once per process: it only changes with a new release. */
export function baseMapStyle(type: TMapStyleType): TRenderedStyle {
  let style = rendered.get(type);
  if (!style) {
    style = render(buildStyle(type));
    rendered.set(type, style);
  }
  return style;
}

/**
 * A configured raster base map ({z}/{x}/{y} tiles) over the palette's plain
 * land colour: where the tiles cannot be had (offline, blocked, out of the
 * service's range) the map still works on that background.
 */
export function rasterBaseMapStyle(type: TMapStyleType, url: string, attribution: string | null) {
  return {
    version: 8,
    name: `Base ${type.toLowerCase()}`,
    sources: {
      basemap: {
        type: 'raster',
        tiles: [url],
        tileSize: 256,
        maxzoom: 19,
        ...(attribution ? { attribution } : {}),
      },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': PALETTES[type].land } },
      { id: 'basemap', type: 'raster', source: 'basemap' },
    ],
  };
}
