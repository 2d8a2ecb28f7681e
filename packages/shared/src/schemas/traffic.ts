import { z } from 'zod';

/**
 * Traffic from a Waze for Cities partner feed (spec 001 §2 traffic card, §3
 * traffic properties, §7 GET /waze/traffic/): the jams of the latest snapshot,
 * as GeoJSON lines the map draws coloured by level.
 */

/** Spec 001 §4, §9: the map polls traffic every 2 minutes, and the server polls the feed as often. */
export const TRAFFIC_POLL_INTERVAL_MS = 2 * 60 * 1000;
/** Waze levels: 0 free flow … 4 standstill, 5 road closed. */
export const TRAFFIC_LEVELS = [0, 1, 2, 3, 4, 5] as const;
export const ROAD_CLOSED_LEVEL = 5;
/** Spec 001 §2: a delay of -1 means the road is closed. */
export const ROAD_CLOSED_DELAY = -1;

/** Line colours by level, from free flow to closed; the map's traffic layer and its legend use them. */
export const TRAFFIC_LEVEL_COLOURS: Record<(typeof TRAFFIC_LEVELS)[number], string> = {
  0: '#2f9e44',
  1: '#94d82d',
  2: '#fab005',
  3: '#f76707',
  4: '#e03131',
  5: '#862e9c',
};

export const ZTrafficJamProperties = z.object({
  /** The feed's jam uuid (a number in Waze jams). */
  uuid: z.number(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  /** Metres per second, as the feed gives it. */
  speed: z.number(),
  speedKmh: z.number(),
  /** Metres. */
  length: z.number(),
  /** Seconds of delay against free flow; -1 when the road is closed. */
  delay: z.number(),
  level: z.number().int().min(0).max(5),
  roadType: z.number().int().nullable(),
  /** When Waze published the jam, milliseconds since 1970. */
  pubMillis: z.number().nullable(),
});
export type TTrafficJamProperties = z.infer<typeof ZTrafficJamProperties>;

export const ZTrafficFeature = z.object({
  type: z.literal('Feature'),
  id: z.number(),
  geometry: z.object({
    type: z.literal('LineString'),
    coordinates: z.array(z.tuple([z.number(), z.number()])),
  }),
  properties: ZTrafficJamProperties,
});
export type TTrafficFeature = z.infer<typeof ZTrafficFeature>;

/** GET /waze/traffic/: a FeatureCollection, with when the snapshot was taken (null: never, or traffic is off). */
export const ZTrafficCollection = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(ZTrafficFeature),
  updatedAt: z.string().nullable(),
});
export type TTrafficCollection = z.infer<typeof ZTrafficCollection>;

/** Why the last poll of the feed failed; the previous snapshot stays served meanwhile. */
export const TRAFFIC_FEED_FAILURES = [
  'FEED_UNREACHABLE',
  'FEED_HTTP_ERROR',
  'FEED_TOO_LARGE',
  'FEED_INVALID_JSON',
  'FEED_INVALID',
] as const;
export type TTrafficFeedFailure = (typeof TRAFFIC_FEED_FAILURES)[number];

/** What staff see of the feed poller. */
export const ZTrafficFeedStatus = z.object({
  /** waze_enabled in the configuration. */
  isEnabled: z.boolean(),
  /** Whether a feed URL is configured. */
  isConfigured: z.boolean(),
  lastAttemptAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastFailureAt: z.string().nullable(),
  /** The last poll failed: the map still shows the snapshot of the last success. */
  isFailing: z.boolean(),
  /** The last failure is kept after later successes, for whoever investigates. */
  lastFailureCode: z.enum(TRAFFIC_FEED_FAILURES).nullable(),
  /** A short technical detail (HTTP status, parser message) for whoever fixes the feed. */
  lastFailureDetail: z.string().nullable(),
  /** Jams in the snapshot served now, and those of the last successful poll that were unusable. */
  jamCount: z.number().int(),
  skippedCount: z.number().int(),
  /** The feed's own time for the snapshot (its endTimeMillis). */
  feedTime: z.string().nullable(),
});
export type TTrafficFeedStatus = z.infer<typeof ZTrafficFeedStatus>;

/** Spec 001 §2 traffic card: the delay in whole minutes, or 'CLOSED' for a closed road. */
export function trafficDelayMinutes(delaySeconds: number): number | 'CLOSED' {
  if (delaySeconds === ROAD_CLOSED_DELAY) return 'CLOSED';
  return Math.round(Math.max(0, delaySeconds) / 60);
}
