import { z } from 'zod';
import { ZId } from './common.ts';
import { ZEventMapFeatureProperties } from './events.ts';
import { MOBILITY_GROUP_TYPES, MOBILITY_SYSTEM_TYPES, ZGeometry } from './mobility.ts';

/**
 * GET /map/ (spec 001 §3 map item, §7): what the public map draws, polled
 * every 50 seconds. One GROUP item per mobility system group that has layers,
 * its systems as a FeatureCollection; one EVENT item (current incidents) and
 * one FUTURE_EVENT item (future ones) when such incidents exist, every part of
 * every public incident as a feature; SYSTEM and TRAFFIC are kept for the
 * spec's vocabulary.
 */
export const MAP_ITEM_TYPES = ['GROUP', 'EVENT', 'FUTURE_EVENT', 'SYSTEM', 'TRAFFIC'] as const;
export type TMapItemType = (typeof MAP_ITEM_TYPES)[number];

/** Spec 001 §4, §9: the map polls its items every 50 seconds. */
export const MAP_POLL_INTERVAL_MS = 50_000;
/** Browsers and a CDN may keep the answer this long: well under the polling interval, so edits show quickly. */
export const MAP_MAX_AGE_SECONDS = 15;

/** Feature properties (spec 001 §3 map feature properties): _msid is the system's id. */
export const ZMapFeatureProperties = z.object({
  _msid: z.number().int(),
  name: z.string(),
  systemType: z.enum(MOBILITY_SYSTEM_TYPES),
  color: z.string().nullable(),
});
export type TMapFeatureProperties = z.infer<typeof ZMapFeatureProperties>;

export const ZMapFeature = z.object({
  type: z.literal('Feature'),
  id: z.number().int(),
  geometry: ZGeometry,
  properties: ZMapFeatureProperties,
});
export type TMapFeature = z.infer<typeof ZMapFeature>;

/** One part of an incident (its alternative paths too); id is the incident's, shared by its parts. */
export const ZEventMapFeature = z.object({
  type: z.literal('Feature'),
  id: z.number().int(),
  geometry: ZGeometry,
  properties: ZEventMapFeatureProperties,
});
export type TEventMapFeature = z.infer<typeof ZEventMapFeature>;

export const EVENT_MAP_ITEM_TYPES = ['EVENT', 'FUTURE_EVENT'] as const satisfies readonly TMapItemType[];

const collectionOf = <T extends z.ZodType>(feature: T) =>
  z.object({ type: z.literal('FeatureCollection'), features: z.array(feature) });

export const ZGroupMapItem = z.object({
  type: z.enum(['GROUP', 'SYSTEM', 'TRAFFIC']),
  group: z.object({ id: z.number().int(), type: z.enum(MOBILITY_GROUP_TYPES) }),
  /** The active systems of the group the map draws, whether sent as features or drawn from tiles. */
  systemsCount: z.number().int().min(0),
  /**
   * The TileJSON the group is drawn from, its features then left out of the answer: the group's own
   * tileMetadataUrl, else this platform's tiles of it when it is too large for GeoJSON (issue 20).
   */
  tileMetadataUrl: z.string().nullable(),
  geometry: collectionOf(ZMapFeature),
});
export type TGroupMapItem = z.infer<typeof ZGroupMapItem>;

/** Incidents belong to no group. */
export const ZEventMapItem = z.object({
  type: z.enum(EVENT_MAP_ITEM_TYPES),
  group: z.null(),
  geometry: collectionOf(ZEventMapFeature),
});
export type TEventMapItem = z.infer<typeof ZEventMapItem>;

export const ZMapItem = z.discriminatedUnion('type', [ZGroupMapItem, ZEventMapItem]);
export type TMapItem = z.infer<typeof ZMapItem>;

// ---------------------------------------------------------------- vector tiles

/**
 * Groups too large for GeoJSON (issue 5) are drawn from vector tiles, described by a TileJSON at the group's
 * tileMetadataUrl: an external one, or this platform's own at GET /mobility-system-groups/{id}/tiles.json.
 * Our tiles hold one layer of that name, its features carrying the map feature properties above.
 */
export const GROUP_TILES_LAYER = 'systems';
/** The deepest zoom our tiles are cut at; the map over-zooms past it, so no deeper tile is served. */
export const GROUP_TILES_MAX_ZOOM = 14;

/** TileJSON 3.0.0 (https://github.com/mapbox/tilejson-spec/tree/master/3.0.0), as far as our tiles use it. */
export const ZTileJson = z.object({
  tilejson: z.literal('3.0.0'),
  name: z.string(),
  scheme: z.literal('xyz'),
  tiles: z.array(z.string()).min(1),
  vector_layers: z.array(
    z.object({ id: z.string(), description: z.string(), fields: z.record(z.string(), z.string()) }),
  ),
  minzoom: z.number().int(),
  maxzoom: z.number().int(),
  /** [west, south, east, north] of the group's systems; absent while it has none. */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
});
export type TTileJson = z.infer<typeof ZTileJson>;

/**
 * What a map's vector source takes of any TileJSON (ours, or a group's own tileMetadataUrl, whatever its
 * version): the map is handed these once read, rather than the address to read them from itself.
 */
export const ZTileJsonSource = z.object({
  tiles: z.array(z.string().min(1)).min(1),
  scheme: z.enum(['xyz', 'tms']).optional(),
  minzoom: z.number().min(0).max(24).optional(),
  maxzoom: z.number().min(0).max(24).optional(),
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
  attribution: z.string().optional(),
});
export type TTileJsonSource = z.infer<typeof ZTileJsonSource>;

export const ZTileParams = z
  .object({
    id: ZId,
    z: z.coerce.number().int().min(0).max(GROUP_TILES_MAX_ZOOM),
    x: z.coerce.number().int().min(0),
    y: z.coerce.number().int().min(0),
  })
  .refine((tile) => tile.x < 2 ** tile.z && tile.y < 2 ** tile.z, { error: 'INVALID_VALUE', path: ['x'] });
