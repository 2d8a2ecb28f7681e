import {
  boundingBoxOf,
  EVENT_CIRCLE_RADIUS_METRES,
  positionsOf,
  type TBoundingBox,
  type TEventFeature,
  type TEventGeoJson,
  type TGeometry,
  type TPosition,
} from '@mip/shared';

/** The parts that place the incident; alternative paths are only advice on getting round it. */
export function ownFeaturesOf(geojson: TEventGeoJson): TEventFeature[] {
  return geojson.features.filter((feature) => !feature.properties.isAlternative);
}

/** The box around the event's own parts (never its alternative paths); the input check guarantees one part. */
export function eventBoundingBoxOf(geojson: TEventGeoJson): TBoundingBox {
  const positions = ownFeaturesOf(geojson).flatMap((feature) => positionsOf(feature.geometry));
  return boundingBoxOf({ type: 'MultiPoint', coordinates: positions });
}

// ---------------------------------------------------------------- distances

const METRES_PER_DEGREE_LATITUDE = 111_320;

/** Degrees of latitude and of longitude (at this latitude) that make up `metres`. */
export function degreesFor(metres: number, latitude: number): { latitude: number; longitude: number } {
  const cosine = Math.max(Math.cos((latitude * Math.PI) / 180), 0.01);
  return {
    latitude: metres / METRES_PER_DEGREE_LATITUDE,
    longitude: metres / (METRES_PER_DEGREE_LATITUDE * cosine),
  };
}

type TPoint = { x: number; y: number };
/** A geometry flattened to what distances need, in metres on a local plane. */
interface TShape {
  points: TPoint[];
  segments: [TPoint, TPoint][];
  rings: TPoint[][];
}

/**
 * Positions to metres on a plane tangent at `originLatitude`: over the few
 * kilometres an incident spans the error is far below the 50 m that matter.
 */
function projector(originLatitude: number) {
  const cosine = Math.cos((originLatitude * Math.PI) / 180);
  return (position: TPosition): TPoint => ({
    x: position[0] * METRES_PER_DEGREE_LATITUDE * cosine,
    y: position[1] * METRES_PER_DEGREE_LATITUDE,
  });
}

function segmentsOf(line: TPoint[]): [TPoint, TPoint][] {
  const segments: [TPoint, TPoint][] = [];
  for (let i = 1; i < line.length; i++) segments.push([line[i - 1], line[i]]);
  return segments;
}

function shapeOf(geometry: TGeometry, project: (position: TPosition) => TPoint): TShape {
  const lines = (lists: TPosition[][]) => lists.map((list) => list.map(project));
  switch (geometry.type) {
    case 'Point':
      return { points: [project(geometry.coordinates)], segments: [], rings: [] };
    case 'MultiPoint':
      return { points: geometry.coordinates.map(project), segments: [], rings: [] };
    case 'LineString':
      return { points: [], segments: segmentsOf(geometry.coordinates.map(project)), rings: [] };
    case 'MultiLineString':
      return { points: [], segments: lines(geometry.coordinates).flatMap(segmentsOf), rings: [] };
    case 'Polygon': {
      const rings = lines(geometry.coordinates);
      return { points: [], segments: rings.flatMap(segmentsOf), rings: rings.slice(0, 1) };
    }
    case 'MultiPolygon': {
      const polygons = geometry.coordinates.map(lines);
      return {
        points: [],
        segments: polygons.flat().flatMap(segmentsOf),
        rings: polygons.map((rings) => rings[0]),
      };
    }
  }
}

function pointSegmentDistance(p: TPoint, [a, b]: [TPoint, TPoint]): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

const cross = (o: TPoint, a: TPoint, b: TPoint) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

function segmentsCross([a, b]: [TPoint, TPoint], [c, d]: [TPoint, TPoint]): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

function segmentDistance(first: [TPoint, TPoint], second: [TPoint, TPoint]): number {
  if (segmentsCross(first, second)) return 0;
  return Math.min(
    pointSegmentDistance(first[0], second),
    pointSegmentDistance(first[1], second),
    pointSegmentDistance(second[0], first),
    pointSegmentDistance(second[1], first),
  );
}

function isInsideRing(p: TPoint, ring: TPoint[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i];
    const b = ring[j];
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** Any vertex of one shape inside an area of the other: they overlap. */
function overlaps(first: TShape, second: TShape): boolean {
  const vertices = (shape: TShape) => [...shape.points, ...shape.segments.map((segment) => segment[0])];
  return (
    second.rings.some((ring) => vertices(first).some((p) => isInsideRing(p, ring))) ||
    first.rings.some((ring) => vertices(second).some((p) => isInsideRing(p, ring)))
  );
}

/** The shortest distance in metres between two shapes, stopping early once it is within `enough`. */
function shapeDistance(first: TShape, second: TShape, enough: number): number {
  if (overlaps(first, second)) return 0;
  let best = Number.POSITIVE_INFINITY;
  for (const p of first.points) {
    for (const q of second.points) best = Math.min(best, Math.hypot(p.x - q.x, p.y - q.y));
    for (const segment of second.segments) best = Math.min(best, pointSegmentDistance(p, segment));
    if (best <= enough) return best;
  }
  for (const segment of first.segments) {
    for (const q of second.points) best = Math.min(best, pointSegmentDistance(q, segment));
    for (const other of second.segments) best = Math.min(best, segmentDistance(segment, other));
    if (best <= enough) return best;
  }
  return best;
}

/** The event's parts as shapes, each with how far from it still counts as near (a circle adds its radius). */
export function nearnessOf(geojson: TEventGeoJson, metres: number) {
  const features = ownFeaturesOf(geojson);
  const box = eventBoundingBoxOf(geojson);
  const project = projector((box.minLatitude + box.maxLatitude) / 2);
  const parts = features.map((feature) => ({
    box: boundingBoxOf(feature.geometry),
    shape: shapeOf(feature.geometry, project),
    reach: metres + (feature.properties.isCircle ? EVENT_CIRCLE_RADIUS_METRES : 0),
  }));
  /** How far the geometry lies from the nearest part, when within that part's reach; null otherwise. */
  const distanceTo = (geometry: TGeometry): number | null => {
    const shape = shapeOf(geometry, project);
    let best: number | null = null;
    for (const part of parts) {
      const distance = shapeDistance(part.shape, shape, 0);
      if (distance <= part.reach && (best === null || distance < best)) best = distance;
    }
    return best;
  };
  return { parts, distanceTo };
}
