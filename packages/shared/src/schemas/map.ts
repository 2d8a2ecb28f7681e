import { z } from 'zod';
import { MOBILITY_GROUP_TYPES, MOBILITY_SYSTEM_TYPES, ZGeometry } from './mobility.ts';

/**
 * GET /map/ (spec 001 §3 map item, §7): what the public map draws, polled
 * every 50 seconds. One GROUP item per mobility system group that has layers,
 * its systems as a FeatureCollection; EVENT and FUTURE_EVENT items join when
 * incidents exist; SYSTEM and TRAFFIC are kept for the spec's vocabulary.
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

export const ZMapItem = z.object({
  type: z.enum(MAP_ITEM_TYPES),
  group: z.object({ id: z.number().int(), type: z.enum(MOBILITY_GROUP_TYPES) }),
  geometry: z.object({ type: z.literal('FeatureCollection'), features: z.array(ZMapFeature) }),
});
export type TMapItem = z.infer<typeof ZMapItem>;
