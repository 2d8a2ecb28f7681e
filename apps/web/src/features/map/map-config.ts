import type { TAppConfiguration } from '@mip/shared';

/** Spec 001 §9 map constants. */
export const MAP_ZOOM_DEFAULT = 13;
export const MAP_MAX_ZOOM_DEFAULT = 20;
export const MAP_FIT_PADDING = 50;
export const MAP_CLICK_TOLERANCE_PX = 10;
export const SEARCH_DEBOUNCE_MS = 300;
/** Spec 001 §9: the side panel (a bottom sheet on a phone) never shrinks below this. */
export const SHEET_MIN_HEIGHT = 100;

export type TBounds = [[number, number], [number, number]];

export interface TMapSettings {
  center: { longitude: number; latitude: number };
  zoom: number;
  maxZoom: number;
  maxBounds: TBounds | null;
  showAllOnEmptyFilter: boolean;
  isTrafficEnabled: boolean;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** [[west, south], [east, north]], or {minLongitude…} as a bounding box elsewhere in the product; else none. */
export function readBounds(value: unknown): TBounds | null {
  if (Array.isArray(value) && value.length === 2 && value.flat().length === 4 && value.flat().every(isNumber)) {
    const [[west, south], [east, north]] = value as TBounds;
    return west < east && south < north
      ? [
          [west, south],
          [east, north],
        ]
      : null;
  }
  if (value && typeof value === 'object') {
    const box = value as Record<string, unknown>;
    const sides = [box.minLongitude, box.minLatitude, box.maxLongitude, box.maxLatitude];
    if (sides.every(isNumber)) return readBounds([sides.slice(0, 2), sides.slice(2)]);
  }
  return null;
}

/** The public map's settings from the configuration (spec 001 §3 map configuration), with the spec's defaults. */
export function readMapSettings(config: TAppConfiguration, isMobile: boolean): TMapSettings {
  const center = config.mapCenter as { lat?: unknown; lng?: unknown } | null | undefined;
  const hasCenter = isNumber(center?.lat) && isNumber(center?.lng);
  const maxZoom = isNumber(config.maxZoom) ? config.maxZoom : MAP_MAX_ZOOM_DEFAULT;
  return {
    center: hasCenter
      ? { longitude: center?.lng as number, latitude: center?.lat as number }
      : { longitude: -8.6109, latitude: 41.1496 },
    zoom: Math.min(isNumber(config.mapZoom) ? config.mapZoom : MAP_ZOOM_DEFAULT, maxZoom),
    maxZoom,
    maxBounds: readBounds(isMobile ? (config.mapMaxBoundsMobile ?? config.mapMaxBounds) : config.mapMaxBounds),
    showAllOnEmptyFilter: config.mapShowAllOnEmptyFilter !== false,
    isTrafficEnabled: config.waze_enabled === true,
  };
}
