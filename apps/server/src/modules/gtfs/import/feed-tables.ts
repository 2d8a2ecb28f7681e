import type { TGtfsFeedCounts } from '@mip/shared';
import type pg from 'pg';
import type { TDatabaseClient } from '../../../db/database.ts';
import type { TFeedModel, TStopTimeSink } from '../reader/feed-model.ts';
import { formatIsoDate } from '../reader/values.ts';
import { copyRows } from './copy-writer.ts';
import type { TRouteDirections } from './feed-systems.ts';

type TTable = [table: string, columns: string[], rows: (string | number | null)[][]];

const isoOrNull = (date: number | null) => (date === null ? null : formatIsoDate(date));

function withFeed<T>(feedId: number, rows: T[], toRow: (row: T, ref: number) => (string | number | null)[]) {
  return rows.map((row, i) => [feedId, ...toRow(row, i + 1)]);
}

/** The tables whole once stop_times begins: the reader read them before it, and nothing after changes them. */
function earlyTables(feedId: number, model: TFeedModel): TTable[] {
  return [
    [
      'gtfs_agencies',
      ['feed_id', 'ref', 'agency_id', 'name', 'url', 'timezone', 'lang', 'phone'],
      withFeed(feedId, model.agencies, (a, ref) => [ref, a.agencyId, a.name, a.url, a.timezone, a.lang, a.phone]),
    ],
    [
      'gtfs_stops',
      [
        'feed_id',
        'ref',
        'stop_id',
        'code',
        'name',
        'description',
        'latitude',
        'longitude',
        'location_type',
        'parent_station',
      ],
      withFeed(feedId, model.stops, (s, ref) => [
        ref,
        s.stopId,
        s.code,
        s.name,
        s.description,
        s.latitude,
        s.longitude,
        s.locationType,
        s.parentStation,
      ]),
    ],
    [
      'gtfs_trips',
      [
        'feed_id',
        'ref',
        'trip_id',
        'route_ref',
        'service_ref',
        'headsign',
        'short_name',
        'direction',
        'block_id',
        'shape_ref',
      ],
      withFeed(feedId, model.trips, (t, ref) => [
        ref,
        t.tripId,
        t.routeRef,
        t.serviceRef,
        t.headsign,
        t.shortName,
        t.directionId,
        t.blockId,
        t.shapeRef,
      ]),
    ],
    [
      'gtfs_frequencies',
      ['feed_id', 'trip_ref', 'start_time', 'end_time', 'headway_secs', 'exact_times'],
      withFeed(feedId, model.frequencies, (f) => [f.tripRef, f.startTime, f.endTime, f.headwaySecs, f.exactTimes]),
    ],
    [
      'gtfs_shapes',
      ['feed_id', 'ref', 'shape_id', 'coordinates'],
      withFeed(feedId, model.shapes, (s, ref) => [ref, s.shapeId, JSON.stringify(s.coordinates)]),
    ],
  ];
}

/** The tables known only once the feed is read: services and calendar dates (the demo's dates move after the read). */
function lateTables(feedId: number, model: TFeedModel): TTable[] {
  return [
    [
      'gtfs_services',
      ['feed_id', 'ref', 'service_id', 'weekdays', 'start_date', 'end_date'],
      withFeed(feedId, model.services, (s, ref) => [
        ref,
        s.serviceId,
        s.weekdays,
        isoOrNull(s.startDate),
        isoOrNull(s.endDate),
      ]),
    ],
    [
      'gtfs_calendar_dates',
      ['feed_id', 'service_ref', 'date', 'exception_type'],
      withFeed(feedId, model.calendarDates, (d) => [d.serviceRef, formatIsoDate(d.date), d.exceptionType]),
    ],
  ];
}

/** The routes, with the directions planned from their trips once the feed is read. */
function routeTables(feedId: number, model: TFeedModel, directions: Map<number, TRouteDirections>): TTable[] {
  return [
    [
      'gtfs_routes',
      [
        'feed_id',
        'ref',
        'route_id',
        'agency_ref',
        'short_name',
        'long_name',
        'description',
        'type',
        'color',
        'text_color',
        'sort_order',
        'directions',
      ],
      withFeed(feedId, model.routes, (r, ref) => [
        ref,
        r.routeId,
        r.agencyRef,
        r.shortName,
        r.longName,
        r.description,
        r.type,
        r.color,
        r.textColor,
        r.sortOrder,
        JSON.stringify(directions.get(ref) ?? {}),
      ]),
    ],
  ];
}

/** COPYs the tables on a connection of its own (a big feed takes longer than the pool's statement timeout). */
async function copyTables(
  db: TDatabaseClient,
  tables: () => TTable[],
  after?: (client: pg.PoolClient) => Promise<void>,
): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query('set statement_timeout = 0');
    for (const [table, columns, rows] of tables()) {
      if (rows.length > 0) await copyRows(client, table, columns, rows);
    }
    await after?.(client);
    await client.query('reset statement_timeout');
  } finally {
    client.release();
  }
}

/**
 * A feed's tables besides its trips' times. Those the reader reads before
 * stop_times go in while it parses stop_times, on a connection of their own:
 * PostgreSQL writes them on the second core rather than after the read,
 * when everything else waits for them. The rest go in once the feed is read
 * (`loadRead`), the routes last, with the directions planned from their trips
 * meanwhile (`loadRoutes`).
 */
export class FeedTablesLoad {
  private readonly db: TDatabaseClient;
  private readonly feedId: number;
  private early: Promise<void> | null = null;
  /** Every COPY started, so that settle waits for all of them, whichever step failed. */
  private readonly started: Promise<void>[] = [];

  constructor(db: TDatabaseClient, feedId: number) {
    this.db = db;
    this.feedId = feedId;
  }

  /** A stop_times sink that starts the early tables as stop_times begins, then hands every call to `sink`. */
  startingWith(sink: TStopTimeSink): TStopTimeSink {
    return {
      ...sink,
      start: (model) => {
        this.startEarly(model);
        return sink.start(model);
      },
    };
  }

  /** A load started: waited for by its caller or by settle, so until then a failure is not unhandled. */
  private track(load: Promise<void>): Promise<void> {
    load.catch(() => {});
    this.started.push(load);
    return load;
  }

  private startEarly(model: TFeedModel): Promise<void> {
    this.early ??= this.track(copyTables(this.db, () => earlyTables(this.feedId, model)));
    return this.early;
  }

  /**
   * The feed's own row completed and its tables but the routes loaded, once it is read; waits for the
   * early ones.
   */
  async loadRead(model: TFeedModel, counts: TGtfsFeedCounts): Promise<void> {
    const late = this.track(
      copyTables(
        this.db,
        () => lateTables(this.feedId, model),
        async (client) => {
          await client.query(
            `update gtfs_feeds set publisher_name = $2, version = $3, start_date = $4, end_date = $5,
                                 timezone = $6, counts = $7 where id = $1`,
            [
              this.feedId,
              model.feedInfo?.publisherName ?? null,
              model.feedInfo?.version ?? null,
              isoOrNull(model.startDate),
              isoOrNull(model.endDate),
              model.agencies[0]?.timezone ?? 'UTC',
              JSON.stringify(counts),
            ],
          );
        },
      ),
    );
    // Both are waited for, so a failure of one never drops the feed under the other.
    const settled = await Promise.allSettled([this.startEarly(model), late]);
    for (const result of settled) if (result.status === 'rejected') throw result.reason;
  }

  /** The feed's routes, with their directions. */
  loadRoutes(model: TFeedModel, directions: Map<number, TRouteDirections>): Promise<void> {
    return this.track(copyTables(this.db, () => routeTables(this.feedId, model, directions)));
  }

  /** Waits for what was started, whatever comes of it: nothing may still be writing into a feed being dropped. */
  async settle(): Promise<void> {
    await Promise.allSettled(this.started);
  }
}
