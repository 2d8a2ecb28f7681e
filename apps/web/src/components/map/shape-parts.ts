import type { TGeometry, TPosition } from '@mip/shared';

/**
 * The pieces a drawing is made of, as the shape editor edits them: a point,
 * a line or an area, each one list of positions. Multi-geometries are several
 * parts; a polygon's holes are carried along untouched (they are never drawn
 * by hand, only kept from GeoJSON).
 */
export type TShapeKind = 'Point' | 'LineString' | 'Polygon';

export interface TShapePart {
  kind: TShapeKind;
  /** Point: one position; LineString: its vertices; Polygon: its outer ring, without the closing position. */
  positions: TPosition[];
  holes?: TPosition[][];
}

/** Positions a part needs before it is a geometry. */
export const MIN_POSITIONS: Record<TShapeKind, number> = { Point: 1, LineString: 2, Polygon: 3 };

/** Six decimals: about 10 cm, finer than any drawing needs. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

export function toPosition(longitude: number, latitude: number): TPosition {
  return [roundCoordinate(longitude), roundCoordinate(latitude)];
}

export function isPartComplete(part: TShapePart): boolean {
  return part.positions.length >= MIN_POSITIONS[part.kind];
}

const isSamePosition = (a: TPosition, b: TPosition) => a[0] === b[0] && a[1] === b[1];

/** A ring without its closing position (the editor adds it back). */
function openRing(ring: TPosition[]): TPosition[] {
  return ring.length > 1 && isSamePosition(ring[0], ring[ring.length - 1]) ? ring.slice(0, -1) : ring;
}

function closeRing(ring: TPosition[]): TPosition[] {
  return ring.length > 0 && !isSamePosition(ring[0], ring[ring.length - 1]) ? [...ring, ring[0]] : ring;
}

function polygonPart(rings: TPosition[][]): TShapePart {
  const [outer = [], ...holes] = rings;
  return holes.length > 0
    ? { kind: 'Polygon', positions: openRing(outer), holes }
    : { kind: 'Polygon', positions: openRing(outer) };
}

/** A geometry as parts: a Multi* geometry gives one part per member. */
export function partsOfGeometry(geometry: TGeometry | null | undefined): TShapePart[] {
  if (!geometry) return [];
  switch (geometry.type) {
    case 'Point':
      return [{ kind: 'Point', positions: [geometry.coordinates] }];
    case 'MultiPoint':
      return geometry.coordinates.map((position) => ({ kind: 'Point', positions: [position] }));
    case 'LineString':
      return [{ kind: 'LineString', positions: geometry.coordinates }];
    case 'MultiLineString':
      return geometry.coordinates.map((line) => ({ kind: 'LineString', positions: line }));
    case 'Polygon':
      return [polygonPart(geometry.coordinates)];
    case 'MultiPolygon':
      return geometry.coordinates.map(polygonPart);
  }
}

/** One part as a geometry; null while it has too few positions. */
export function geometryOfPart(part: TShapePart): TGeometry | null {
  if (!isPartComplete(part)) return null;
  switch (part.kind) {
    case 'Point':
      return { type: 'Point', coordinates: part.positions[0] };
    case 'LineString':
      return { type: 'LineString', coordinates: part.positions };
    case 'Polygon':
      return { type: 'Polygon', coordinates: [closeRing(part.positions), ...(part.holes ?? [])] };
  }
}

/**
 * The complete parts of one kind as one geometry: the simple type for one
 * part, the Multi* type for several; null when none is complete.
 */
export function geometryOfParts(parts: TShapePart[]): TGeometry | null {
  const complete = parts.filter(isPartComplete);
  if (complete.length <= 1) return complete[0] ? geometryOfPart(complete[0]) : null;
  const kind = complete[0].kind;
  if (complete.some((part) => part.kind !== kind)) return null;
  switch (kind) {
    case 'Point':
      return { type: 'MultiPoint', coordinates: complete.map((part) => part.positions[0]) };
    case 'LineString':
      return { type: 'MultiLineString', coordinates: complete.map((part) => part.positions) };
    case 'Polygon':
      return {
        type: 'MultiPolygon',
        coordinates: complete.map((part) => [closeRing(part.positions), ...(part.holes ?? [])]),
      };
  }
}

/** The box around every position of the parts, as fitBounds takes it; null without positions. */
export function boundsOfParts(parts: TShapePart[]): [[number, number], [number, number]] | null {
  const positions = parts.flatMap((part) => part.positions);
  if (positions.length === 0) return null;
  const longitudes = positions.map((position) => position[0]);
  const latitudes = positions.map((position) => position[1]);
  return [
    [Math.min(...longitudes), Math.min(...latitudes)],
    [Math.max(...longitudes), Math.max(...latitudes)],
  ];
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** The initial compass bearing from a to b, in degrees clockwise from north (0–360). */
export function bearingOf(a: TPosition, b: TPosition): number {
  const [lon1, lat1] = [toRadians(a[0]), toRadians(a[1])];
  const [lon2, lat2] = [toRadians(b[0]), toRadians(b[1])];
  const y = Math.sin(lon2 - lon1) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(lon2 - lon1);
  return (toDegrees(Math.atan2(y, x)) + 360) % 360;
}

/** Where a line shows its direction: an arrow halfway along each segment, pointing from its start to its end. */
export function directionMarks(positions: TPosition[]): { position: TPosition; bearing: number }[] {
  const marks: { position: TPosition; bearing: number }[] = [];
  for (let i = 1; i < positions.length; i++) {
    const [a, b] = [positions[i - 1], positions[i]];
    if (isSamePosition(a, b)) continue;
    marks.push({ position: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], bearing: bearingOf(a, b) });
  }
  return marks;
}

const EARTH_RADIUS_METRES = 6_371_008.8;

/** A circle around a point as a closed ring of `steps` positions (for a point drawn as a circle). */
export function circleRing(center: TPosition, radiusMetres: number, steps = 48): TPosition[] {
  const [lon, lat] = [toRadians(center[0]), toRadians(center[1])];
  const angular = radiusMetres / EARTH_RADIUS_METRES;
  const ring: TPosition[] = [];
  for (let i = 0; i < steps; i++) {
    const bearing = (2 * Math.PI * i) / steps;
    const lat2 = Math.asin(Math.sin(lat) * Math.cos(angular) + Math.cos(lat) * Math.sin(angular) * Math.cos(bearing));
    const lon2 =
      lon +
      Math.atan2(
        Math.sin(bearing) * Math.sin(angular) * Math.cos(lat),
        Math.cos(angular) - Math.sin(lat) * Math.sin(lat2),
      );
    ring.push([toDegrees(lon2), toDegrees(lat2)]);
  }
  return [...ring, ring[0]];
}
