import type { TMapFeature, TMapItem, TMobilityGroupNode } from '@mip/shared';
import { MAP_ZOOM_DEFAULT } from './map-config';

export const DEFAULT_GROUP_COLOUR = '#0a6c74';
/** Spec 001 §9: layers sit in slots z-index-0 (bottom) to z-index-5 (top); each kind has its slot. */
export const Z_SLOTS = ['z-index-0', 'z-index-1', 'z-index-2', 'z-index-3', 'z-index-4', 'z-index-5'] as const;
export const SLOT = {
  base: 'z-index-0',
  traffic: 'z-index-1',
  lines: 'z-index-2',
  points: 'z-index-3',
  incidents: 'z-index-4',
  selected: 'z-index-5',
} as const;

type TCollection = { type: 'FeatureCollection'; features: TMapFeature[] };

/** What the map draws of one group: its points and its lines apart, since only points cluster. */
export interface TGroupLayer {
  groupId: number;
  colour: string;
  points: TCollection;
  lines: TCollection;
  isClustered: boolean;
  /** The group's icon is drawn on its points when it has one. */
  iconImage: string | null;
  minZoom: number;
  maxZoom: number;
}

export const groupIconImage = (groupId: number) => `group-icon-${groupId}`;
export const groupLayerIds = (groupId: number) => ({
  lines: `group-${groupId}-lines`,
  points: `group-${groupId}-points`,
  icons: `group-${groupId}-icons`,
  clusters: `group-${groupId}-clusters`,
});

const isPoint = (feature: TMapFeature) => feature.geometry.type === 'Point' || feature.geometry.type === 'MultiPoint';

/**
 * One layer set per drawn group of the map answer. Zoom ranges follow the group's settings for a picked
 * filter or for the unfiltered map (spec 001 §3 zoom min and max, filtered and not filtered).
 */
export function buildGroupLayers(
  items: readonly TMapItem[],
  groups: ReadonlyMap<number, TMobilityGroupNode>,
  drawn: ReadonlySet<number>,
  isFiltered: boolean,
): TGroupLayer[] {
  return items.flatMap((item) => {
    if (item.type !== 'GROUP') return [];
    const group = groups.get(item.group.id);
    if (!group || !drawn.has(group.id)) return [];
    const features = item.geometry.features;
    const [minZoom, maxZoom] = isFiltered
      ? [group.minZoomFiltered, group.maxZoomFiltered]
      : [group.minZoomNotFiltered, group.maxZoomNotFiltered];
    return [
      {
        groupId: group.id,
        colour: group.color ?? DEFAULT_GROUP_COLOUR,
        points: { type: 'FeatureCollection', features: features.filter(isPoint) },
        lines: { type: 'FeatureCollection', features: features.filter((feature) => !isPoint(feature)) },
        isClustered: group.allowClustering,
        iconImage: group.icon ? groupIconImage(group.id) : null,
        minZoom: minZoom ?? 0,
        maxZoom: maxZoom ?? 24,
      },
    ];
  });
}

/** How many systems the drawn layers hold: said aloud to screen readers, since the canvas says nothing. */
export const countDrawn = (layers: readonly TGroupLayer[]) =>
  layers.reduce((sum, layer) => sum + layer.points.features.length + layer.lines.features.length, 0);

/** Where to fly for a search result: its box when it has one, else its point at least at the default zoom. */
export function targetOf(result: {
  latitude: number | null;
  longitude: number | null;
  boundingBox: { minLatitude: number; maxLatitude: number; minLongitude: number; maxLongitude: number } | null;
}):
  | { kind: 'bounds'; bounds: [[number, number], [number, number]] }
  | { kind: 'point'; center: [number, number]; zoom: number }
  | null {
  const box = result.boundingBox;
  if (box && (box.minLatitude !== box.maxLatitude || box.minLongitude !== box.maxLongitude)) {
    return {
      kind: 'bounds',
      bounds: [
        [box.minLongitude, box.minLatitude],
        [box.maxLongitude, box.maxLatitude],
      ],
    };
  }
  if (result.latitude !== null && result.longitude !== null) {
    return { kind: 'point', center: [result.longitude, result.latitude], zoom: Math.max(MAP_ZOOM_DEFAULT, 16) };
  }
  if (box) return { kind: 'point', center: [box.minLongitude, box.minLatitude], zoom: 16 };
  return null;
}

type TBox = { minLatitude: number; maxLatitude: number; minLongitude: number; maxLongitude: number };

/** A bounding box as MapLibre's [[west, south], [east, north]]. */
export const boundsOfBox = (box: TBox): [[number, number], [number, number]] => [
  [box.minLongitude, box.minLatitude],
  [box.maxLongitude, box.maxLatitude],
];

const finite = (value: string | null) => {
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
};

/**
 * Spec 001 §2: `occurrence=<id>` opens that incident; maxLatitude, minLatitude, maxLongitude and
 * minLongitude, when all four make a box, are where the map goes instead of the incident's own bounds.
 */
export function readOccurrence(
  params: URLSearchParams,
): { id: number; box: [[number, number], [number, number]] | null } | null {
  const id = finite(params.get('occurrence'));
  if (id === null || !Number.isInteger(id) || id <= 0) return null;
  const [minLatitude, maxLatitude, minLongitude, maxLongitude] = [
    'minLatitude',
    'maxLatitude',
    'minLongitude',
    'maxLongitude',
  ].map((name) => finite(params.get(name)));
  const isBox =
    minLatitude !== null &&
    maxLatitude !== null &&
    minLongitude !== null &&
    maxLongitude !== null &&
    minLatitude <= maxLatitude &&
    minLongitude <= maxLongitude &&
    Math.abs(minLatitude) <= 90 &&
    Math.abs(maxLatitude) <= 90 &&
    Math.abs(minLongitude) <= 180 &&
    Math.abs(maxLongitude) <= 180;
  return {
    id,
    box: isBox ? boundsOfBox({ minLatitude, maxLatitude, minLongitude, maxLongitude }) : null,
  };
}
