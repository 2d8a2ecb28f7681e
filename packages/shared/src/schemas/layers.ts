import { z } from 'zod';
import { isHttpUrl, ZFlexBoolean, ZPageQuery, ZSearchText } from './common.ts';
import { ZColour } from './mobility.ts';

/**
 * Extra map layers (spec 001 §3 "Extra map layer", §7 GET /layers/list):
 * raster tiles drawn over the base map, offered in the map-type selector.
 *
 * - XYZ: a tile URL template with {z}, {x} and {y} ({quadkey} also works in MapLibre).
 * - WMS: a GetMap URL whose bbox is the `{bbox-epsg-3857}` placeholder, asked in EPSG:3857.
 * - TILEJSON: the URL of a TileJSON document that names the tiles.
 */
export const MAP_LAYER_TYPES = ['XYZ', 'WMS', 'TILEJSON'] as const;
export type TMapLayerType = (typeof MAP_LAYER_TYPES)[number];
export const MAP_LAYER_TILE_SIZES = [256, 512] as const;
/** Spec 001 §9: tiles are 256 px unless said otherwise. */
export const DEFAULT_LAYER_TILE_SIZE = 256;
/** Spec 001 §9: tiles exist up to zoom 19 unless said otherwise. */
export const DEFAULT_LAYER_MAX_ZOOM = 19;
export const WMS_BBOX_PLACEHOLDER = '{bbox-epsg-3857}';
/** SVG markup kept in the row and sent with the list: icons are small. */
export const LAYER_ICON_MAX_CHARS = 64 * 1024;
/** A preview picture as a data URL (PNG or JPEG): the map-type selector shows it as a thumbnail. */
export const LAYER_IMAGE_MAX_CHARS = 256 * 1024;
export const LAYER_URL_MAX_CHARS = 2000;
export const LAYER_ATTRIBUTION_MAX_CHARS = 1000;

const ZLayerName = z
  .string({ error: 'MISSING_NAME' })
  .trim()
  .min(1, { error: 'MISSING_NAME' })
  .max(200, { error: 'INVALID_NAME' });

/** Empty text means "none": forms send '' for a cleared input. */
const optionalText = (max: number, code: string) =>
  z
    .string({ error: code })
    .trim()
    .max(max, { error: code })
    .nullish()
    .transform((value) => (value ? value : null));

/** The URL with its placeholders filled in, so the rest can be checked as a URL. */
const withSampleValues = (template: string) =>
  template.replace(/\{(z|x|y|quadkey|ratio|bbox-epsg-3857)\}/g, (_match, name: string) =>
    name === 'bbox-epsg-3857' ? '0,0,1,1' : '0',
  );

/** Which placeholder a layer's URL lacks or has in excess for its kind; null when the URL suits it. */
export function layerUrlProblem(type: TMapLayerType, url: string): 'INVALID_URL' | 'INVALID_URL_TEMPLATE' | null {
  const sample = withSampleValues(url);
  // MapLibre fills no other placeholder: a Leaflet-style {s} would be asked for literally.
  if (/\{[^}]*\}/.test(sample)) return 'INVALID_URL_TEMPLATE';
  if (!isHttpUrl(sample)) return 'INVALID_URL';
  const has = (placeholder: string) => url.includes(`{${placeholder}}`);
  const hasXyz = (has('z') && has('x') && has('y')) || has('quadkey');
  switch (type) {
    case 'XYZ':
      return hasXyz && !has('bbox-epsg-3857') ? null : 'INVALID_URL_TEMPLATE';
    case 'WMS':
      return has('bbox-epsg-3857') && !hasXyz ? null : 'INVALID_URL_TEMPLATE';
    case 'TILEJSON':
      return sample === url ? null : 'INVALID_URL_TEMPLATE';
  }
}

const ZLatitude = z.number({ error: 'INVALID_BOUNDING_BOX' }).min(-90).max(90);
const ZLongitude = z.number({ error: 'INVALID_BOUNDING_BOX' }).min(-180).max(180);

/** Where the layer has tiles: outside it the map asks for none. */
export const ZLayerBoundingBox = z
  .object(
    { minLatitude: ZLatitude, maxLatitude: ZLatitude, minLongitude: ZLongitude, maxLongitude: ZLongitude },
    { error: 'INVALID_BOUNDING_BOX' },
  )
  .refine((box) => box.minLatitude < box.maxLatitude && box.minLongitude < box.maxLongitude, {
    error: 'INVALID_BOUNDING_BOX',
  });
export type TLayerBoundingBox = z.infer<typeof ZLayerBoundingBox>;

const DATA_IMAGE = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/;

export const ZMapLayerInput = z
  .object({
    name: ZLayerName,
    type: z.enum(MAP_LAYER_TYPES, {
      error: (issue) => (issue.input === undefined || issue.input === null ? 'MISSING_TYPE' : 'INVALID_TYPE'),
    }),
    url: z
      .string({ error: 'MISSING_URL' })
      .trim()
      .min(1, { error: 'MISSING_URL' })
      .max(LAYER_URL_MAX_CHARS, { error: 'INVALID_URL' }),
    /** HTML the map shows in its attribution box; only links and plain text survive on the server. */
    attribution: optionalText(LAYER_ATTRIBUTION_MAX_CHARS, 'INVALID_ATTRIBUTION'),
    tileSize: z
      .number({ error: 'INVALID_TILE_SIZE' })
      .refine((value) => (MAP_LAYER_TILE_SIZES as readonly number[]).includes(value), { error: 'INVALID_TILE_SIZE' })
      .default(DEFAULT_LAYER_TILE_SIZE),
    maxZoom: z
      .number({ error: 'INVALID_ZOOM' })
      .int({ error: 'INVALID_ZOOM' })
      .min(0, { error: 'INVALID_ZOOM' })
      .max(24, { error: 'INVALID_ZOOM' })
      .nullish()
      .transform((value) => value ?? null),
    /** A thumbnail: an http(s) URL, or a PNG or JPEG data URL. */
    image: optionalText(LAYER_IMAGE_MAX_CHARS, 'INVALID_IMAGE').refine(
      (value) => value === null || isHttpUrl(value) || DATA_IMAGE.test(value),
      { error: 'INVALID_IMAGE' },
    ),
    backgroundColor: ZColour,
    boundingBox: ZLayerBoundingBox.nullish().transform((value) => value ?? null),
    /** Offered to visitors in the map's extra layers; off keeps it for staff only. */
    showExtraLayers: z.boolean({ error: 'INVALID_VALUE' }).default(true),
    /** SVG markup; the server sanitises it and refuses what is not an SVG image. */
    icon: optionalText(LAYER_ICON_MAX_CHARS, 'INVALID_ICON'),
    color: ZColour,
  })
  .superRefine((layer, context) => {
    const problem = layerUrlProblem(layer.type, layer.url);
    if (problem) context.addIssue({ code: 'custom', path: ['url'], message: problem });
  });
export type TMapLayerInput = z.input<typeof ZMapLayerInput>;

const LAYER_SOURCE_FIELDS = {
  id: z.number().int(),
  name: z.string(),
  type: z.enum(MAP_LAYER_TYPES),
  url: z.string(),
  attribution: z.string().nullable(),
  tileSize: z.number().int(),
  maxZoom: z.number().int().nullable(),
  image: z.string().nullable(),
  backgroundColor: z.string().nullable(),
  boundingBox: z
    .object({ minLatitude: z.number(), maxLatitude: z.number(), minLongitude: z.number(), maxLongitude: z.number() })
    .nullable(),
  icon: z.string().nullable(),
  color: z.string().nullable(),
};

export const ZMapLayer = z.object({
  ...LAYER_SOURCE_FIELDS,
  showExtraLayers: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TMapLayer = z.infer<typeof ZMapLayer>;

/** Spec 001 §7 GET /layers/list: id, name, icon, color. */
export const ZLayerListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string().nullable(),
  color: z.string().nullable(),
});
export type TLayerListItem = z.infer<typeof ZLayerListItem>;

/** A layer the public map offers, with what MapLibre needs to draw it. */
export const ZExtraMapLayer = z.object(LAYER_SOURCE_FIELDS);
export type TExtraMapLayer = z.infer<typeof ZExtraMapLayer>;

export const MAP_LAYER_SORT_PROPERTIES = ['name', 'type', 'createdAt', 'updatedAt'] as const;

export const ZMapLayerSearchQuery = ZPageQuery.extend({
  sortProperty: z.enum(MAP_LAYER_SORT_PROPERTIES).optional(),
  universalSearch: ZSearchText,
  type: z.enum(MAP_LAYER_TYPES).optional(),
  showExtraLayers: ZFlexBoolean.optional(),
});
export type TMapLayerSearchQuery = z.input<typeof ZMapLayerSearchQuery>;

/** A MapLibre raster source, written out here so the shared package needs no map library. */
export interface TRasterSource {
  type: 'raster';
  tiles?: string[];
  url?: string;
  tileSize: number;
  maxzoom: number;
  attribution?: string;
  bounds?: [number, number, number, number];
}

/**
 * The MapLibre source that draws a layer. MapLibre fills `{bbox-epsg-3857}`
 * itself, so a WMS is tiles like any XYZ layer; a TileJSON is fetched by URL
 * (and its own zoom range then wins over the one given here).
 */
export function toRasterSource(layer: TExtraMapLayer): TRasterSource {
  const box = layer.boundingBox;
  return {
    type: 'raster',
    ...(layer.type === 'TILEJSON' ? { url: layer.url } : { tiles: [layer.url] }),
    tileSize: layer.tileSize,
    maxzoom: layer.maxZoom ?? DEFAULT_LAYER_MAX_ZOOM,
    ...(layer.attribution ? { attribution: layer.attribution } : {}),
    ...(box ? { bounds: [box.minLongitude, box.minLatitude, box.maxLongitude, box.maxLatitude] } : {}),
  };
}
