import type {
  TEventCategoryType,
  TEventDirection,
  TEventGeoJson,
  TEventPriority,
  TEventStatus,
  TEventSubType,
} from '@mip/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database.ts';
import { EVENT_FROM_SQL, IS_VISIBLE_TO_PUBLIC_SQL } from '../events/events.service.ts';

/** A GTFS stop or route an event affects, named by the ids of the timetable it was imported from. */
export interface TTransitEntity {
  systemType: 'STOP' | 'ROUTE';
  /** The GTFS stop_id or route_id (the system's external_ref without its "stop:" / "route:" prefix). */
  gtfsId: string;
  /** The route's agency_id in its feed, when the feed names one. */
  agencyId: string | null;
}

/** What the open feeds publish of one event: public, live (current or future) and of an active category. */
export interface TFeedEvent {
  id: number;
  title: string;
  description: string;
  status: TEventStatus;
  priority: TEventPriority;
  direction: TEventDirection | null;
  subType: TEventSubType | null;
  fromTimestamp: Date;
  toTimestamp: Date | null;
  createdAt: Date;
  updatedAt: Date;
  geojson: TEventGeoJson;
  boundingBox: { minLatitude: number; maxLatitude: number; minLongitude: number; maxLongitude: number };
  categoryName: string;
  categoryType: TEventCategoryType;
  /** The responsible entity: the source the Waze feed names. */
  entityName: string;
  transit: TTransitEntity[];
}

type TFeedEventRow = Omit<TFeedEvent, 'boundingBox' | 'fromTimestamp' | 'toTimestamp' | 'createdAt' | 'updatedAt'> &
  TFeedEvent['boundingBox'] & {
    fromTimestamp: number;
    toTimestamp: number | null;
    createdAt: number;
    updatedAt: number;
    [column: string]: unknown;
  };

/** A timestamp as milliseconds since the epoch: one number to turn into a Date, whatever the driver's parsing. */
const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

/**
 * Every event a visitor may see (public, live status, active category) that has not ended yet, current or
 * future, oldest first, with the GTFS stops and routes among its affected systems. Only systems a GTFS import
 * made (external_ref "stop:…" / "route:…") and that are still in the timetable (active) have GTFS ids.
 */
export async function readFeedEvents(db: TExecutor): Promise<TFeedEvent[]> {
  const { rows } = await db.execute<TFeedEventRow>(sql`
    select e.id, e.title, e.description, e.status, e.priority, e.direction, e.sub_type as "subType",
           ${epochMs(sql`e.from_timestamp`)} as "fromTimestamp", ${epochMs(sql`e.to_timestamp`)} as "toTimestamp",
           ${epochMs(sql`e.created_at`)} as "createdAt", ${epochMs(sql`e.updated_at`)} as "updatedAt", e.geojson,
           e.min_latitude as "minLatitude", e.max_latitude as "maxLatitude",
           e.min_longitude as "minLongitude", e.max_longitude as "maxLongitude",
           c.name as "categoryName", c.category_type as "categoryType", en.name as "entityName",
           coalesce((
             select json_agg(json_build_object(
                      'systemType', s.system_type,
                      'gtfsId', substr(s.external_ref, strpos(s.external_ref, ':') + 1),
                      'agencyId', a.agency_id) order by s.id)
               from event_affected_systems eas
               join mobility_systems s on s.id = eas.system_id
               left join gtfs_routes r on s.system_type = 'ROUTE' and r.feed_id = s.source_feed_id and r.system_id = s.id
               left join gtfs_agencies a on a.feed_id = r.feed_id and a.ref = r.agency_ref
              where eas.event_id = e.id and s.active
                and ((s.system_type = 'STOP' and s.external_ref like 'stop:%')
                  or (s.system_type = 'ROUTE' and s.external_ref like 'route:%'))
           ), '[]'::json) as transit
      ${EVENT_FROM_SQL}
     where ${IS_VISIBLE_TO_PUBLIC_SQL} and (e.to_timestamp is null or e.to_timestamp > now())
     order by e.from_timestamp, e.id`);
  return rows.map(
    ({
      minLatitude,
      maxLatitude,
      minLongitude,
      maxLongitude,
      fromTimestamp,
      toTimestamp,
      createdAt,
      updatedAt,
      ...row
    }) => ({
      ...row,
      fromTimestamp: new Date(fromTimestamp),
      toTimestamp: toTimestamp === null ? null : new Date(toTimestamp),
      createdAt: new Date(createdAt),
      updatedAt: new Date(updatedAt),
      boundingBox: { minLatitude, maxLatitude, minLongitude, maxLongitude },
    }),
  );
}
