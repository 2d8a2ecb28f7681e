import type { Readable } from 'node:stream';
import { chain } from 'stream-chain';
import { pick } from 'stream-json/filters/pick.js';
import { parser } from 'stream-json/parser.js';
import { streamArray } from 'stream-json/streamers/stream-array.js';
import { AppError, fieldErrors } from '../../http/errors.ts';

export type TAreaKind = 'DISTRICT' | 'COUNTY' | 'PARISH';

export interface TBox {
  minLongitude: number;
  minLatitude: number;
  maxLongitude: number;
  maxLatitude: number;
}

/** The reference codes a boundary file's features are matched against. */
export interface TKnownPlaces {
  districts: ReadonlySet<string>;
  counties: ReadonlySet<string>;
  parishes: ReadonlySet<string>;
}

export interface TBoundaryFileAreas {
  features: number;
  areas: Map<string, { kind: TAreaKind; placeId: string; box: TBox }>;
  unmatched: number;
  unmatchedSample: string[];
}

/**
 * Property names that carry the administrative code, in the layouts the
 * official map (CAOP) has been published in: DICOFRE / DICO / DI until 2023,
 * dtmnfr / dtmn / dt since. Other names are never read as a code, so an area
 * in square metres cannot pass for a county.
 */
const CODE_PROPERTIES = ['dtmnfr', 'dicofre', 'dtmn', 'dico', 'dt', 'di', 'code', 'codigo', 'id'];
const NAME_PROPERTIES = ['freguesia', 'municipio', 'concelho', 'distrito', 'distrito_ilha', 'name', 'nome'];
const UNMATCHED_SAMPLE_SIZE = 10;

/** A code as the reference lists write it: a number read from a file has lost its leading zero. */
function codeCandidates(value: unknown): string[] {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) {
    const digits = String(value);
    return [digits, digits.padStart(2, '0'), digits.padStart(4, '0'), digits.padStart(6, '0')];
  }
  return typeof value === 'string' && value.trim() !== '' ? [value.trim().toUpperCase()] : [];
}

function matchPlace(
  properties: Record<string, unknown>,
  known: TKnownPlaces,
): { kind: TAreaKind; placeId: string } | null {
  const byLowerName = new Map(Object.entries(properties).map(([name, value]) => [name.toLowerCase(), value]));
  for (const name of CODE_PROPERTIES) {
    for (const code of codeCandidates(byLowerName.get(name))) {
      if (code.length === 6 && known.parishes.has(code)) return { kind: 'PARISH', placeId: code };
      if (code.length === 4 && known.counties.has(code)) return { kind: 'COUNTY', placeId: code };
      if (code.length === 2 && known.districts.has(code)) return { kind: 'DISTRICT', placeId: code };
    }
  }
  return null;
}

function describe(properties: Record<string, unknown>): string {
  const byLowerName = new Map(Object.entries(properties).map(([name, value]) => [name.toLowerCase(), value]));
  const code = CODE_PROPERTIES.map((name) => byLowerName.get(name)).find((value) => value !== undefined);
  const name = NAME_PROPERTIES.map((key) => byLowerName.get(key)).find((value) => typeof value === 'string');
  return [code, name].filter((part) => part !== undefined && part !== null).join(' ') || '?';
}

/** Grows `box` by every position of a GeoJSON geometry's nested coordinate arrays. */
function extendBox(box: TBox, coordinates: unknown): void {
  if (!Array.isArray(coordinates)) return;
  if (typeof coordinates[0] === 'number') {
    const [longitude, latitude] = coordinates as number[];
    if (!(Math.abs(longitude) <= 180 && Math.abs(latitude) <= 90)) {
      // CAOP is published in PT-TM06 (metres): a file not converted to longitude and latitude lands here.
      throw fieldErrors([{ property: 'file', error: 'COORDINATES_NOT_WGS84', detail: `[${longitude}, ${latitude}]` }]);
    }
    box.minLongitude = Math.min(box.minLongitude, longitude);
    box.maxLongitude = Math.max(box.maxLongitude, longitude);
    box.minLatitude = Math.min(box.minLatitude, latitude);
    box.maxLatitude = Math.max(box.maxLatitude, latitude);
    return;
  }
  for (const part of coordinates) extendBox(box, part);
}

function boxOf(geometry: unknown): TBox | null {
  const box = { minLongitude: Infinity, minLatitude: Infinity, maxLongitude: -Infinity, maxLatitude: -Infinity };
  const walk = (value: unknown) => {
    const node = value as { type?: string; coordinates?: unknown; geometries?: unknown[] } | null;
    if (!node) return;
    if (node.type === 'GeometryCollection') node.geometries?.forEach(walk);
    else extendBox(box, node.coordinates);
  };
  walk(geometry);
  return Number.isFinite(box.minLongitude) ? box : null;
}

function union(a: TBox, b: TBox): TBox {
  return {
    minLongitude: Math.min(a.minLongitude, b.minLongitude),
    minLatitude: Math.min(a.minLatitude, b.minLatitude),
    maxLongitude: Math.max(a.maxLongitude, b.maxLongitude),
    maxLatitude: Math.max(a.maxLatitude, b.maxLatitude),
  };
}

/**
 * Reads a GeoJSON FeatureCollection of administrative areas as it streams in
 * (an official parish map is hundreds of megabytes: only one feature is held
 * at a time) and keeps the box around each area whose code is a reference
 * place. A place split over several features (islands) gets their union.
 */
export async function readBoundaryFile(source: Readable, known: TKnownPlaces): Promise<TBoundaryFileAreas> {
  const result: TBoundaryFileAreas = { features: 0, areas: new Map(), unmatched: 0, unmatchedSample: [] };
  const features = chain([source, parser(), pick({ filter: 'features' }), streamArray()]);
  try {
    for await (const { value } of features as AsyncIterable<{ value: unknown }>) {
      result.features += 1;
      const feature = value as { properties?: Record<string, unknown> | null; geometry?: unknown };
      const properties = feature.properties ?? {};
      const place = matchPlace(properties, known);
      const box = place ? boxOf(feature.geometry) : null;
      if (!place || !box) {
        result.unmatched += 1;
        if (result.unmatchedSample.length < UNMATCHED_SAMPLE_SIZE) result.unmatchedSample.push(describe(properties));
        continue;
      }
      const key = `${place.kind}:${place.placeId}`;
      const previous = result.areas.get(key);
      result.areas.set(key, { ...place, box: previous ? union(previous.box, box) : box });
    }
  } catch (error) {
    source.destroy();
    // Field errors of ours, and the upload's own (a file over the size limit), keep their meaning.
    if (error instanceof AppError || typeof (error as { code?: unknown }).code === 'string') throw error;
    // The parser's own words name the position, which is what someone fixing the file needs.
    throw fieldErrors([{ property: 'file', error: 'INVALID_BOUNDARY_FILE', detail: (error as Error).message }]);
  }
  return result;
}

/** Counties and districts the file gave no area of their own get the union of their parishes' (or counties'). */
export function fillParentAreas(
  areas: TBoundaryFileAreas['areas'],
  parentOf: { county: (parishId: string) => string | undefined; district: (countyId: string) => string | undefined },
): void {
  const roll = (childKind: TAreaKind, parentKind: TAreaKind, parentId: (id: string) => string | undefined) => {
    const derived = new Map<string, TBox>();
    for (const area of areas.values()) {
      if (area.kind !== childKind) continue;
      const parent = parentId(area.placeId);
      if (!parent || areas.has(`${parentKind}:${parent}`)) continue;
      const previous = derived.get(parent);
      derived.set(parent, previous ? union(previous, area.box) : area.box);
    }
    for (const [placeId, box] of derived) areas.set(`${parentKind}:${placeId}`, { kind: parentKind, placeId, box });
  };
  roll('PARISH', 'COUNTY', parentOf.county);
  roll('COUNTY', 'DISTRICT', parentOf.district);
}
