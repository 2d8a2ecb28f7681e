import {
  CURRENT_EVENT_COLOUR,
  EVENT_CIRCLE_RADIUS_METRES,
  type EVENT_MAP_ITEM_TYPES,
  FUTURE_EVENT_COLOUR,
  type TEventCreatedBefore,
  type TEventMapFeature,
  type TEventPriority,
  type TMapItem,
} from '@mip/shared';
import dayjs from 'dayjs';

/** EVENT (current incidents) or FUTURE_EVENT: an entry of the filter panel and a layer set of its own. */
export type TIncidentKind = (typeof EVENT_MAP_ITEM_TYPES)[number];
export const INCIDENT_KINDS: readonly TIncidentKind[] = ['EVENT', 'FUTURE_EVENT'];

/** Spec 001 §9: current incidents in orange, future ones in red. */
export const INCIDENT_COLOURS: Record<TIncidentKind, string> = {
  EVENT: CURRENT_EVENT_COLOUR,
  FUTURE_EVENT: FUTURE_EVENT_COLOUR,
};

/** The incident sub-filter (spec 001 §2): applied in the browser to what GET /map/ sent. */
export interface TIncidentFilter {
  categoryId: number | null;
  priorities: TEventPriority[];
  createdBefore: TEventCreatedBefore | null;
}
export const NO_INCIDENT_FILTER: TIncidentFilter = { categoryId: null, priorities: [], createdBefore: null };

export const countIncidentFilter = (filter: TIncidentFilter) =>
  (filter.categoryId === null ? 0 : 1) + (filter.priorities.length > 0 ? 1 : 0) + (filter.createdBefore ? 1 : 0);

const CREATED_BEFORE: Record<TEventCreatedBefore, [number, dayjs.ManipulateType]> = {
  ONE_DAY: [1, 'day'],
  ONE_WEEK: [1, 'week'],
  ONE_MONTH: [1, 'month'],
  THREE_MONTHS: [3, 'month'],
  SIX_MONTHS: [6, 'month'],
};

/** "Created more than … ago": the moment an incident must have been created before. */
export function createdBeforeCutoff(option: TEventCreatedBefore, now: Date): Date {
  const [amount, unit] = CREATED_BEFORE[option];
  return dayjs(now).subtract(amount, unit).toDate();
}

/**
 * The incident kinds drawn: those picked in the filter; with nothing at all picked (no group, no
 * incident kind), every kind the configuration allows when mapShowAllOnEmptyFilter says so.
 * A kind the configuration does not allow (allowedSystems) is never drawn.
 */
export function drawnIncidentKinds(
  allowed: readonly TIncidentKind[],
  selected: ReadonlySet<TIncidentKind>,
  isAnyGroupSelected: boolean,
  showAllOnEmpty: boolean,
): Set<TIncidentKind> {
  if (selected.size > 0) return new Set(allowed.filter((kind) => selected.has(kind)));
  return new Set(!isAnyGroupSelected && showAllOnEmpty ? allowed : []);
}

/** The kinds the configuration's allowedSystems lets the map show. */
export function allowedIncidentKinds(allowedSystems: unknown): TIncidentKind[] {
  const allowed = Array.isArray(allowedSystems) ? allowedSystems : [];
  return INCIDENT_KINDS.filter((kind) => allowed.includes(kind));
}

/**
 * Meters per pixel at zoom 0 on the equator for MapLibre's 512-pixel world (earth's circumference / 512):
 * at zoom z and latitude φ a pixel covers this · cos φ / 2^z metres.
 */
const METRES_PER_PIXEL_AT_ZOOM_0 = 40_075_016.686 / 512;

/** A length on the ground as pixels on the screen, at a zoom and latitude. */
export function metresToPixels(metres: number, latitude: number, zoom: number): number {
  return (metres * 2 ** zoom) / (METRES_PER_PIXEL_AT_ZOOM_0 * Math.cos((latitude * Math.PI) / 180));
}

/**
 * Spec 001 §9 circles of 100 m: the radius in pixels doubles with every zoom level, from its size at
 * zoom 0 for the feature's own latitude (kept in _r0 by drawnIncidentFeatures).
 */
export const CIRCLE_RADIUS_EXPRESSION = [
  'interpolate',
  ['exponential', 2],
  ['zoom'],
  0,
  ['get', '_r0'],
  24,
  ['*', ['get', '_r0'], 2 ** 24],
] as const;

/** The FeatureCollection one kind's layers draw: its incidents that pass the sub-filter, without alternative paths. */
export function drawnIncidentFeatures(
  items: readonly TMapItem[],
  kind: TIncidentKind,
  filter: TIncidentFilter,
  now: Date,
): { type: 'FeatureCollection'; features: TEventMapFeature[] } {
  const item = items.find((candidate) => candidate.type === kind);
  const cutoff = filter.createdBefore ? createdBeforeCutoff(filter.createdBefore, now).getTime() : null;
  const features = (item?.type === kind ? (item.geometry.features as TEventMapFeature[]) : []).flatMap((feature) => {
    const { properties } = feature;
    if (properties.isAlternative) return [];
    if (filter.categoryId !== null && properties._category_id !== filter.categoryId) return [];
    if (filter.priorities.length > 0 && !filter.priorities.includes(properties._priority)) return [];
    if (cutoff !== null && !(Date.parse(properties._creation_date) < cutoff)) return [];
    const { geometry } = feature;
    if (properties.isCircle && (geometry.type === 'Point' || geometry.type === 'MultiPoint')) {
      const latitude = geometry.type === 'Point' ? geometry.coordinates[1] : geometry.coordinates[0][1];
      return [
        { ...feature, properties: { ...properties, _r0: metresToPixels(EVENT_CIRCLE_RADIUS_METRES, latitude, 0) } },
      ];
    }
    return [feature];
  });
  return { type: 'FeatureCollection', features };
}

/** How many incidents (not parts) a collection holds: said aloud with the map's count. */
export const countIncidents = (collection: { features: TEventMapFeature[] }) =>
  new Set(collection.features.map((feature) => feature.properties._eid)).size;

export const incidentLayerIds = (kind: TIncidentKind) => {
  const prefix = kind === 'EVENT' ? 'incidents-current' : 'incidents-future';
  return {
    source: prefix,
    fills: `${prefix}-fills`,
    lines: `${prefix}-lines`,
    circles: `${prefix}-circles`,
    points: `${prefix}-points`,
    arrows: `${prefix}-arrows`,
  };
};

/** Every layer a click may pick an incident from. */
export const incidentInteractiveLayerIds = (kinds: Iterable<TIncidentKind>) =>
  [...kinds].flatMap((kind) => {
    const ids = incidentLayerIds(kind);
    return [ids.fills, ids.lines, ids.circles, ids.points];
  });
