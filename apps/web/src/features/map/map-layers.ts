import {
  GROUP_TILES_LAYER,
  MAX_MAP_ZOOM,
  MIN_MAP_ZOOM,
  type TMapFeature,
  type TMapItem,
  type TMobilityGroupNode,
} from '@mip/shared';
import type { LayerSpecification, SourceSpecification } from 'maplibre-gl';
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

/** A MapLibre layer of a group's own style (CUSTOM_LAYERS), given its id, source layer and zoom range. */
export interface TCustomLayer {
  /** group-<id>-custom-<n>, n being its place in the group's styles. */
  id: string;
  /** The slot it is drawn below: lines and areas with the lines, circles and symbols with the points. */
  beforeId: string;
  /** The definition without id and source, which the group's source provides. */
  definition: Omit<LayerSpecification, 'id' | 'source'>;
}

/**
 * What the map draws of one group. From the map answer, its points and its lines apart, since only points
 * cluster; from vector tiles (the map answer names its TileJSON: the group's own tileMetadataUrl, or the
 * platform's tiles of a group too large for GeoJSON), one source whose layer `systems` holds both.
 */
export interface TGroupLayer {
  groupId: number;
  colour: string;
  points: TCollection;
  lines: TCollection;
  /** The group's TileJSON when it is drawn from vector tiles; its features then are not in the map answer. */
  tilesUrl: string | null;
  /** How many systems it draws, counted by the server: a tiled group's are never all in the page. */
  systemsCount: number;
  /** Never for a group drawn from tiles: only GeoJSON sources cluster. */
  isClustered: boolean;
  /** The group's icon is drawn on its points when it has one. */
  iconImage: string | null;
  minZoom: number;
  maxZoom: number;
  /** The group's own layers (CUSTOM_LAYERS) that passed the style checks; null draws the default ones. */
  customLayers: TCustomLayer[] | null;
}

export const groupIconImage = (groupId: number) => `group-icon-${groupId}`;
export const groupLayerIds = (groupId: number) => ({
  lines: `group-${groupId}-lines`,
  points: `group-${groupId}-points`,
  icons: `group-${groupId}-icons`,
  clusters: `group-${groupId}-clusters`,
  clusterCounts: `group-${groupId}-cluster-counts`,
  /** The vector source of a group drawn from tiles. */
  tiles: `group-${groupId}-tiles`,
  /** The GeoJSON source of every feature of a group drawn with its own layers. */
  all: `group-${groupId}-all`,
  custom: (index: number) => `group-${groupId}-custom-${index}`,
});

/** Every layer of the group a click may pick. */
export function interactiveGroupLayerIds(layer: TGroupLayer): string[] {
  const ids = groupLayerIds(layer.groupId);
  if (layer.customLayers) return layer.customLayers.map((custom) => custom.id);
  return [
    ids.points,
    ...(layer.iconImage ? [ids.icons] : []),
    ...(layer.isClustered ? [ids.clusters, ids.clusterCounts] : []),
    ids.lines,
  ];
}

const isPoint = (feature: TMapFeature) => feature.geometry.type === 'Point' || feature.geometry.type === 'MultiPoint';

/**
 * Checks one layer of a style on the given source: the messages of what is wrong, none when it is fine.
 * The style-spec validator is loaded only for maps that have custom layers; until then this is null.
 */
export type TLayerCheck = (layer: LayerSpecification, source: SourceSpecification) => string[];

/** Layer types that draw features of a source; the others (background, raster, hillshade…) cannot draw systems. */
const FEATURE_LAYER_TYPES = new Set(['fill', 'line', 'symbol', 'circle', 'heatmap', 'fill-extrusion']);
const POINT_LAYER_TYPES = new Set(['symbol', 'circle', 'heatmap']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The layer definitions a group's styles hold: a list of layers, a style-like `{layers: [...]}`, or one layer. */
export function styleLayersOf(styles: unknown): unknown[] {
  if (Array.isArray(styles)) return styles;
  if (isObject(styles)) return Array.isArray(styles.layers) ? styles.layers : [styles];
  return [];
}

const warned = new Set<string>();
/** Says once per message why a custom layer is left out: an administrator's typo must not break the map. */
function warnOnce(message: string) {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(message);
}

/**
 * A CUSTOM_LAYERS group's layers from its styles (spec 001 §3): each gets the id `group-<id>-custom-<n>`,
 * the group's source (and source layer `systems` on our tiles unless it names another), and a zoom range
 * within the group's. A definition the style-spec refuses is left out with a warning.
 */
export function buildCustomLayers(
  group: Pick<TMobilityGroupNode, 'id' | 'styles'>,
  options: { tilesUrl: string | null; minZoom: number; maxZoom: number; check: TLayerCheck },
): TCustomLayer[] {
  const ids = groupLayerIds(group.id);
  const source: SourceSpecification = options.tilesUrl
    ? { type: 'vector', url: options.tilesUrl }
    : { type: 'geojson', data: { type: 'FeatureCollection', features: [] } };
  return styleLayersOf(group.styles).flatMap((candidate, index) => {
    const id = ids.custom(index);
    const refuse = (reason: string) => {
      warnOnce(`Map layer ${id} of group ${group.id} left out: ${reason}`);
      return [];
    };
    if (!isObject(candidate)) return refuse('a layer definition must be an object');
    const { id: _id, source: _source, 'source-layer': sourceLayer, ...rest } = candidate;
    if (typeof rest.type !== 'string' || !FEATURE_LAYER_TYPES.has(rest.type)) {
      return refuse(`its type must be one of ${[...FEATURE_LAYER_TYPES].join(', ')}`);
    }
    const minzoom = Math.max(options.minZoom, typeof rest.minzoom === 'number' ? rest.minzoom : options.minZoom);
    const maxzoom = Math.min(options.maxZoom, typeof rest.maxzoom === 'number' ? rest.maxzoom : options.maxZoom);
    const definition = {
      ...rest,
      ...(options.tilesUrl
        ? { 'source-layer': typeof sourceLayer === 'string' ? sourceLayer : GROUP_TILES_LAYER }
        : {}),
      minzoom,
      maxzoom,
    } as Omit<LayerSpecification, 'id' | 'source'>;
    const problems = options.check({ ...definition, id, source: ids.all } as LayerSpecification, source);
    if (problems.length > 0) return refuse(problems.join('; '));
    return [{ id, beforeId: POINT_LAYER_TYPES.has(rest.type) ? SLOT.points : SLOT.lines, definition }];
  });
}

/**
 * One layer set per drawn group of the map answer. Zoom ranges follow the group's settings for a picked
 * filter or for the unfiltered map (spec 001 §3 zoom min and max, filtered and not filtered). A group whose
 * item names a tileMetadataUrl is drawn from those vector tiles; a CUSTOM_LAYERS group with its own layers (the
 * default ones when none of them passes the checks, so its systems stay on the map) once `check` is there.
 */
export function buildGroupLayers(
  items: readonly TMapItem[],
  groups: ReadonlyMap<number, TMobilityGroupNode>,
  drawn: ReadonlySet<number>,
  isFiltered: boolean,
  check: TLayerCheck | null = null,
): TGroupLayer[] {
  return items.flatMap((item) => {
    if (item.type !== 'GROUP') return [];
    const group = groups.get(item.group.id);
    if (!group || !drawn.has(group.id)) return [];
    const features = item.geometry.features;
    const [minZoom, maxZoom] = isFiltered
      ? [group.minZoomFiltered, group.maxZoomFiltered]
      : [group.minZoomNotFiltered, group.maxZoomNotFiltered];
    const tilesUrl = item.tileMetadataUrl;
    const zoom = { minZoom: minZoom ?? MIN_MAP_ZOOM, maxZoom: maxZoom ?? MAX_MAP_ZOOM };
    let customLayers: TCustomLayer[] | null = null;
    if (hasCustomLayers(group)) {
      // Held back the moment the checker loads, rather than drawn unchecked.
      if (!check) return [];
      customLayers = buildCustomLayers(group, { tilesUrl, ...zoom, check });
      if (customLayers.length === 0) customLayers = null;
    }
    return [
      {
        groupId: group.id,
        colour: group.color ?? DEFAULT_GROUP_COLOUR,
        points: { type: 'FeatureCollection', features: features.filter(isPoint) },
        lines: { type: 'FeatureCollection', features: features.filter((feature) => !isPoint(feature)) },
        tilesUrl,
        systemsCount: item.systemsCount,
        isClustered: group.allowClustering && !tilesUrl,
        iconImage: group.icon ? groupIconImage(group.id) : null,
        ...zoom,
        customLayers,
      },
    ];
  });
}

/** Whether a group draws its systems with layers of its own (and the map needs the style checker). */
export const hasCustomLayers = (group: Pick<TMobilityGroupNode, 'layerType' | 'styles'>) =>
  group.layerType === 'CUSTOM_LAYERS' && styleLayersOf(group.styles).length > 0;

/** How many systems the drawn layers hold, tiled ones too: said aloud to screen readers, since the canvas says nothing. */
export const countDrawn = (layers: readonly TGroupLayer[]) =>
  layers.reduce((sum, layer) => sum + layer.systemsCount, 0);

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
