import { readBounds, type TBounds } from '../map/map-config';

/**
 * The public map's view settings the configuration screen picks on a map.
 * Their stored format is unchanged (spec 001 §3, see the catalogue):
 * `{"lat":…,"lng":…}`, a zoom number, and `[[west, south], [east, north]]`
 * or `null` for no bounds.
 */
export const MAP_VIEW_SETTINGS = {
  center: 'app.mapCenter',
  zoom: 'app.mapZoom',
  bounds: 'app.mapMaxBounds',
  boundsMobile: 'app.mapMaxBoundsMobile',
} as const;
export type TMapViewSetting = keyof typeof MAP_VIEW_SETTINGS;

const MAP_VIEW_NAMES: readonly string[] = Object.values(MAP_VIEW_SETTINGS);
export const isMapViewSetting = (name: string) => MAP_VIEW_NAMES.includes(name);

export interface TLngLat {
  longitude: number;
  latitude: number;
}

/** About a metre: more digits say nothing of where a city's map opens. */
const round = (value: number, digits = 5) => Number(value.toFixed(digits));
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function readCentre(text: string): TLngLat | null {
  const value = parse(text) as { lat?: unknown; lng?: unknown } | null;
  return isNumber(value?.lat) && isNumber(value?.lng) ? { longitude: value.lng, latitude: value.lat } : null;
}

export function readZoom(text: string): number | null {
  const value = parse(text);
  return isNumber(value) ? value : null;
}

export const readBoundsText = (text: string): TBounds | null => readBounds(parse(text));

export const centreText = (centre: TLngLat) =>
  JSON.stringify({ lat: round(centre.latitude), lng: round(centre.longitude) });

export const zoomText = (zoom: number) => JSON.stringify(round(zoom, 2));

export const boundsText = (bounds: TBounds | null) =>
  JSON.stringify(
    bounds && [
      [round(bounds[0][0]), round(bounds[0][1])],
      [round(bounds[1][0]), round(bounds[1][1])],
    ],
  );
