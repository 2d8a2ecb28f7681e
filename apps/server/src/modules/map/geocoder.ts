import type { TPlaceResult } from '@mip/shared';
import type { FastifyBaseLogger } from 'fastify';
import { createSharedResultCache } from '../../lib/shared-result-cache.ts';

/** What one geocoder search needs besides the text. */
export interface TGeocoderQuery {
  /** A Nominatim-compatible search address (https://…/search), possibly carrying a key. */
  url: string;
  text: string;
  /** The visitor's Accept-Language, so street and place names come in their language. */
  language: string | undefined;
  /** ISO 3166-1 alpha-2 of the platform's country, or null for any. */
  countryCode: string | null;
  /** [[west, south], [east, north]]: results only inside it (the map cannot be moved outside). */
  bounds: [[number, number], [number, number]] | null;
}

/** A search's places, and whether the geocoder failed to give them (remembered for a shorter while). */
interface TGeocoderAnswer {
  places: TPlaceResult[];
  isFailure: boolean;
}

export interface TGeocoder {
  search(query: TGeocoderQuery): Promise<TPlaceResult[]>;
}

export interface TGeocoderOptions {
  log: FastifyBaseLogger;
  fetch?: typeof fetch;
  timeoutMs?: number;
  maxBytes?: number;
  maxResults?: number;
  /** What the kept answers may weigh in all (the oldest go first). */
  cacheBytes?: number;
  cacheTtlMs?: number;
  /** How long a failure is remembered, so a geocoder that is down is not asked on every keystroke. */
  failureTtlMs?: number;
}

interface TNominatimPlace {
  place_id?: number | string;
  osm_type?: string;
  osm_id?: number | string;
  lat?: string;
  lon?: string;
  name?: string;
  display_name?: string;
  /** [south, north, west, east], as strings. */
  boundingbox?: string[];
}

/** Reads at most `maxBytes` of a body: a geocoder answering megabytes is treated as failing. */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`answer larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function toPlace(place: TNominatimPlace): TPlaceResult | null {
  const latitude = Number(place.lat);
  const longitude = Number(place.lon);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  const [first, ...rest] = (place.display_name ?? '').split(',').map((part) => part.trim());
  const name = place.name?.trim() || first || '';
  if (!name) return null;
  const box = (place.boundingbox ?? []).map(Number);
  return {
    kind: 'ADDRESS',
    id:
      place.osm_type && place.osm_id !== undefined
        ? `${place.osm_type}/${place.osm_id}`
        : String(place.place_id ?? name),
    name,
    context: (first === name ? rest : [first, ...rest]).filter(Boolean).join(', ') || null,
    latitude,
    longitude,
    boundingBox:
      box.length === 4 && box.every(Number.isFinite)
        ? { minLatitude: box[0], maxLatitude: box[1], minLongitude: box[2], maxLongitude: box[3] }
        : null,
  };
}

function searchUrl(query: TGeocoderQuery, maxResults: number): URL {
  const url = new URL(query.url);
  url.searchParams.set('q', query.text);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('limit', String(maxResults));
  if (query.language) url.searchParams.set('accept-language', query.language);
  if (query.countryCode) url.searchParams.set('countrycodes', query.countryCode.toLowerCase());
  if (query.bounds) {
    const [[west, south], [east, north]] = query.bounds;
    url.searchParams.set('viewbox', `${west},${north},${east},${south}`);
    url.searchParams.set('bounded', '1');
  }
  return url;
}

/**
 * Street and address search through a geocoder the administrator configured
 * (Nominatim's search API, which its public and self-hosted instances share).
 * Every visitor's keystrokes would reach it, so each answer is kept for a
 * while, one text is asked once however many ask it at the same moment, and a
 * slow, failing or oversized answer gives no results instead of holding the
 * search: the reference places still answer.
 */
export function createGeocoder(options: TGeocoderOptions): TGeocoder {
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 2500;
  const maxBytes = options.maxBytes ?? 256 * 1024;
  const maxResults = options.maxResults ?? 5;
  const cacheTtlMs = options.cacheTtlMs ?? 60 * 60_000;
  const failureTtlMs = options.failureTtlMs ?? 30_000;
  const cache = createSharedResultCache<TGeocoderAnswer>({
    ttlMs: cacheTtlMs,
    ttlMsOf: (answer) => (answer.isFailure ? failureTtlMs : cacheTtlMs),
    maxBytes: options.cacheBytes ?? 4 * 1024 * 1024,
    // Five places of a few hundred bytes each: their JSON is a fair weight.
    sizeOf: (answer) => JSON.stringify(answer.places).length,
  });

  const ask = async (query: TGeocoderQuery): Promise<TGeocoderAnswer> => {
    try {
      const response = await fetchFn(searchUrl(query, maxResults), {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/json', 'user-agent': 'mobility-incident-platform (place search)' },
      });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const answer = JSON.parse(await readCapped(response, maxBytes)) as unknown;
      if (!Array.isArray(answer)) throw new Error('the answer is not a list');
      const places = answer.map((place) => toPlace(place as TNominatimPlace)).filter((place) => place !== null);
      return { places, isFailure: false };
    } catch (error) {
      // The address carries the administrator's key: the log names the host only.
      options.log.warn({ host: new URL(query.url).host, err: (error as Error).message }, 'geocoder search failed');
      return { places: [], isFailure: true };
    }
  };

  return {
    search(query) {
      const key = JSON.stringify([
        query.url,
        query.language,
        query.countryCode,
        query.bounds,
        query.text.toLowerCase(),
      ]);
      return cache.read(key, () => ask(query)).then((answer) => answer.places);
    },
  };
}
