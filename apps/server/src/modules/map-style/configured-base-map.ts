import { parseConfigurationValue, type TConfigurationPair, type TMapStyleType } from '@mip/shared';
import { baseMapStyle, rasterBaseMapStyle, render, type TRenderedStyle } from './base-map-style.ts';

/** The configured base map (app.baseMapUrl, app.baseMapAttribution); null keeps the offline outlines. */
export interface TBaseMapSetting {
  url: string;
  attribution: string | null;
}

export function readBaseMapSetting(pairs: readonly TConfigurationPair[]): TBaseMapSetting | null {
  const text = (name: string) => {
    const value = parseConfigurationValue(pairs.find((pair) => pair.name === name)?.value ?? '""');
    return typeof value === 'string' ? value.trim() : '';
  };
  const url = text('app.baseMapUrl');
  return url ? { url, attribution: text('app.baseMapAttribution') || null } : null;
}

/** A tile template rather than the address of a style document. */
export const isRasterTemplate = (url: string) =>
  url.includes('{quadkey}') || ['{z}', '{x}', '{y}'].every((placeholder) => url.includes(placeholder));

/** Enough of a MapLibre style to hand to the map; the map itself reports what it cannot draw. */
const looksLikeStyle = (value: unknown): boolean => {
  const style = value as { version?: unknown; sources?: unknown; layers?: unknown } | null;
  return style?.version === 8 && typeof style.sources === 'object' && Array.isArray(style.layers);
};

export const REMOTE_STYLE_TIMEOUT_MS = 3000;
const REMOTE_STYLE_KEEP_MS = 10 * 60_000;
/** After a failure the offline style is served a while before the remote one is tried again. */
const REMOTE_STYLE_RETRY_MS = 60_000;

export interface TBaseMapStylesOptions {
  /** The street map served when nothing is configured, per colour scheme (null: the offline outlines). */
  streetStyles?: Record<TMapStyleType, string | null>;
  fetchStyle?: (url: string) => Promise<unknown>;
  now?: () => number;
}

async function fetchStyleDocument(url: string): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(REMOTE_STYLE_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`base map style answered ${response.status}`);
  return response.json();
}

/**
 * The style the map-style endpoints serve. A raster template becomes a style
 * of its own over a plain background; a vector style URL is fetched and served
 * as it is, kept for ten minutes. When nothing is configured the street map
 * (OpenFreeMap unless the environment says otherwise) is served the same way.
 * When the style cannot be fetched or is not a style, the offline outlines are
 * served: a map without internet access still has land, sea and borders.
 */
export function createBaseMapStyles(options: TBaseMapStylesOptions = {}) {
  const fetchStyle = options.fetchStyle ?? fetchStyleDocument;
  const now = options.now ?? Date.now;
  const remote = new Map<string, { style: TRenderedStyle | null; until: number }>();

  async function remoteStyle(url: string): Promise<TRenderedStyle | null> {
    const kept = remote.get(url);
    if (kept && kept.until > now()) return kept.style;
    let style: TRenderedStyle | null = null;
    try {
      const document = await fetchStyle(url);
      style = looksLikeStyle(document) ? render(document) : null;
    } catch {
      style = null;
    }
    remote.set(url, { style, until: now() + (style ? REMOTE_STYLE_KEEP_MS : REMOTE_STYLE_RETRY_MS) });
    return style;
  }

  return async (type: TMapStyleType, setting: TBaseMapSetting | null): Promise<TRenderedStyle> => {
    if (!setting) {
      const street = options.streetStyles?.[type];
      return (street && (await remoteStyle(street))) || baseMapStyle(type);
    }
    if (isRasterTemplate(setting.url)) return render(rasterBaseMapStyle(type, setting.url, setting.attribution));
    return (await remoteStyle(setting.url)) ?? baseMapStyle(type);
  };
}
