import { SUB_TYPES_BY_CATEGORY_TYPE, type TEventDirection, type TEventFeature, type TPosition } from '@mip/shared';
import { z } from 'zod';
import { occurrenceUrl } from './open-feeds.gtfs-rt.ts';
import type { TFeedEvent } from './open-feeds.service.ts';

/**
 * The Waze Closure and Incident Feed (CIFS), JSON form, as Waze documents it
 * (developers.google.com/waze/data-feed/cifs-specification and incident-information):
 * `{"incidents": [{"incident": {...}}]}`, each incident with id, type, subtype, polyline ("lat lon" pairs
 * separated by blanks), street, direction, starttime/endtime (ISO 8601 with offset), description,
 * creationtime/updatetime, and the source that published it.
 */
const WAZE_TYPES = ['ROAD_CLOSED', 'HAZARD'] as const;
const WAZE_DIRECTIONS = ['ONE_DIRECTION', 'BOTH_DIRECTIONS'] as const;

/** Our traffic category types and the CIFS type of their events; generic events are not traffic. */
const WAZE_TYPE_BY_CATEGORY_TYPE = { TRAFFIC_CLOSED: 'ROAD_CLOSED', TRAFFIC_HAZARD: 'HAZARD' } as const;

/** The event's direction in CIFS words (CIFS says BOTH_DIRECTIONS where we say BOTH_DIRECTION). */
export const WAZE_DIRECTION: Record<TEventDirection, (typeof WAZE_DIRECTIONS)[number]> = {
  ONE_DIRECTION: 'ONE_DIRECTION',
  BOTH_DIRECTION: 'BOTH_DIRECTIONS',
};

export const ZWazeIncident = z.object({
  id: z.string(),
  type: z.enum(WAZE_TYPES),
  /** Our sub-types are CIFS subtypes by name (EVENT_SUB_TYPES); absent when the event has none. */
  subtype: z.string().optional(),
  polyline: z.string().regex(/^-?\d+\.\d+ -?\d+\.\d+( -?\d+\.\d+ -?\d+\.\d+)*$/),
  street: z.string(),
  direction: z.enum(WAZE_DIRECTIONS).optional(),
  starttime: z.string(),
  endtime: z.string().optional(),
  description: z.string(),
  creationtime: z.string(),
  updatetime: z.string(),
  source: z.object({ reference: z.string(), name: z.string(), url: z.string() }),
});
export type TWazeIncident = z.infer<typeof ZWazeIncident>;

/** GET /feeds/waze/cifs.json */
export const ZWazeFeed = z.object({ incidents: z.array(z.object({ incident: ZWazeIncident })) });
export type TWazeFeed = z.infer<typeof ZWazeFeed>;

/** ISO 8601 with an explicit offset, to the second, as CIFS writes it (2024-12-07T09:00:00+00:00). */
export const cifsTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+00:00');

const latLon = ([longitude, latitude]: TPosition) => `${latitude.toFixed(6)} ${longitude.toFixed(6)}`;

/**
 * Where Waze should put the event: the first of its own parts (alternative paths are not the closure) that is
 * a line, in drawing order, which CIFS reads as the affected traffic direction; else its first point; an event
 * drawn only as areas is placed at the centre of its bounding box.
 */
export function wazeLocationOf(event: Pick<TFeedEvent, 'geojson' | 'boundingBox'>): {
  positions: TPosition[];
  feature: TEventFeature | null;
} {
  const parts = event.geojson.features.filter((feature) => !feature.properties?.isAlternative);
  for (const feature of parts) {
    const { geometry } = feature;
    if (geometry.type === 'LineString') return { positions: geometry.coordinates, feature };
    if (geometry.type === 'MultiLineString' && geometry.coordinates[0]?.length)
      return { positions: geometry.coordinates[0], feature };
  }
  for (const feature of parts) {
    const { geometry } = feature;
    if (geometry.type === 'Point') return { positions: [geometry.coordinates], feature };
    if (geometry.type === 'MultiPoint' && geometry.coordinates[0])
      return { positions: [geometry.coordinates[0]], feature };
  }
  const box = event.boundingBox;
  return {
    positions: [[(box.minLongitude + box.maxLongitude) / 2, (box.minLatitude + box.maxLatitude) / 2]],
    feature: null,
  };
}

export function toWazeIncident(event: TFeedEvent, publicUrl: string): TWazeIncident | null {
  if (event.categoryType === 'GENERIC') return null;
  const type = WAZE_TYPE_BY_CATEGORY_TYPE[event.categoryType];
  const { positions, feature } = wazeLocationOf(event);
  const direction = feature?.properties?.direction ?? event.direction;
  const description = event.description.trim() || event.title;
  return {
    id: String(event.id),
    type,
    ...(event.subType && SUB_TYPES_BY_CATEGORY_TYPE[event.categoryType].includes(event.subType)
      ? { subtype: event.subType }
      : {}),
    polyline: positions.map(latLon).join(' '),
    street: feature?.properties?.textMarker?.trim() || event.title,
    ...(direction ? { direction: WAZE_DIRECTION[direction] } : {}),
    starttime: cifsTime(event.fromTimestamp),
    ...(event.toTimestamp ? { endtime: cifsTime(event.toTimestamp) } : {}),
    description,
    creationtime: cifsTime(event.createdAt),
    updatetime: cifsTime(event.updatedAt),
    source: { reference: String(event.id), name: event.entityName, url: occurrenceUrl(publicUrl, event.id) },
  };
}

/** Road closures and hazards (TRAFFIC_CLOSED / TRAFFIC_HAZARD categories) among the public events. */
export function buildWazeFeed(events: TFeedEvent[], publicUrl: string): TWazeFeed {
  return {
    incidents: events.flatMap((event) => {
      const incident = toWazeIncident(event, publicUrl);
      return incident ? [{ incident }] : [];
    }),
  };
}
