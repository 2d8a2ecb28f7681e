import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { mobilitySystemGroups } from './mobility.ts';

/**
 * GTFS timetables. A feed is one import of one group's zip; every row below
 * belongs to a feed, and records point at each other by "ref" (their 1-based
 * position in the feed's file) so a trip's times stay two arrays of integers.
 * A feed is LOADING while its rows go in (invisible), ACTIVE once swapped in,
 * REPLACED when a newer one took over (its rows are then dropped).
 */
export const gtfsFeeds = pgTable(
  'gtfs_feeds',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => mobilitySystemGroups.id, { onDelete: 'cascade' }),
    jobId: integer('job_id'),
    status: text('status', { enum: ['LOADING', 'ACTIVE', 'REPLACED'] })
      .notNull()
      .default('LOADING'),
    publisherName: text('publisher_name'),
    version: text('version'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    /** The first agency's time zone: "today" for a timetable is today there. */
    timezone: text('timezone').notNull().default('UTC'),
    counts: jsonb('counts'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
  },
  (t) => [
    // One timetable per group is live at a time.
    uniqueIndex('gtfs_feeds_one_active_idx').on(t.groupId).where(sql`${t.status} = 'ACTIVE'`),
  ],
);

const feedColumn = () =>
  integer('feed_id')
    .notNull()
    .references(() => gtfsFeeds.id, { onDelete: 'cascade' });

export const gtfsAgencies = pgTable(
  'gtfs_agencies',
  {
    feedId: feedColumn(),
    ref: integer('ref').notNull(),
    agencyId: text('agency_id').notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    timezone: text('timezone').notNull(),
    lang: text('lang'),
    phone: text('phone'),
  },
  (t) => [primaryKey({ columns: [t.feedId, t.ref] })],
);

export const gtfsStops = pgTable(
  'gtfs_stops',
  {
    feedId: feedColumn(),
    ref: integer('ref').notNull(),
    stopId: text('stop_id').notNull(),
    code: text('code'),
    name: text('name').notNull(),
    description: text('description'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    locationType: smallint('location_type').notNull().default(0),
    parentStation: text('parent_station'),
    /** The STOP system this stop is shown as; set when the feed is swapped in. */
    systemId: integer('system_id'),
  },
  (t) => [primaryKey({ columns: [t.feedId, t.ref] }), index('gtfs_stops_system_idx').on(t.systemId)],
);

export const gtfsRoutes = pgTable(
  'gtfs_routes',
  {
    feedId: feedColumn(),
    ref: integer('ref').notNull(),
    routeId: text('route_id').notNull(),
    agencyRef: integer('agency_ref'),
    shortName: text('short_name').notNull(),
    longName: text('long_name').notNull(),
    description: text('description'),
    type: smallint('type').notNull(),
    color: text('color'),
    textColor: text('text_color'),
    sortOrder: integer('sort_order'),
    /** Per direction (0, 1): the most common headsign and the stop refs of the longest trip. */
    directions: jsonb('directions').notNull().default({}),
    systemId: integer('system_id'),
  },
  (t) => [primaryKey({ columns: [t.feedId, t.ref] }), index('gtfs_routes_system_idx').on(t.systemId)],
);

/** calendar.txt, plus the services that exist only in calendar_dates.txt (weekdays 0, no dates). */
export const gtfsServices = pgTable(
  'gtfs_services',
  {
    feedId: feedColumn(),
    ref: integer('ref').notNull(),
    serviceId: text('service_id').notNull(),
    /** Bit 0 Monday … bit 6 Sunday. */
    weekdays: smallint('weekdays').notNull(),
    startDate: date('start_date'),
    endDate: date('end_date'),
  },
  (t) => [primaryKey({ columns: [t.feedId, t.ref] })],
);

export const gtfsCalendarDates = pgTable(
  'gtfs_calendar_dates',
  {
    feedId: feedColumn(),
    date: date('date').notNull(),
    serviceRef: integer('service_ref').notNull(),
    /** 1 added, 2 removed. */
    exceptionType: smallint('exception_type').notNull(),
  },
  (t) => [primaryKey({ columns: [t.feedId, t.date, t.serviceRef] })],
);

export const gtfsTrips = pgTable(
  'gtfs_trips',
  {
    feedId: feedColumn(),
    ref: integer('ref').notNull(),
    tripId: text('trip_id').notNull(),
    routeRef: integer('route_ref').notNull(),
    serviceRef: integer('service_ref').notNull(),
    headsign: text('headsign'),
    shortName: text('short_name'),
    direction: smallint('direction').notNull(),
    blockId: text('block_id'),
    shapeRef: integer('shape_ref'),
  },
  (t) => [primaryKey({ columns: [t.feedId, t.ref] })],
);

/**
 * A feed's trips, one row each, partitioned by feed (the migration says
 * PARTITION BY LIST): each feed's rows are COPYed into a table of their own,
 * indexed after the load, attached as a partition, and the old feed's
 * partition is dropped whole. The stops a trip calls at are its pattern
 * (gtfs_pattern_stops), shared with every trip that calls at the same stops
 * the same way: a national feed's million stop_times are some twenty
 * thousand trips on a few hundred patterns. What is the trip's own are its
 * times, one per position of its pattern, in seconds since the start of the
 * service day (may pass 86,400). Route, service and direction are copied from
 * the trip so a stop's or a route's timetable reads this table alone with
 * the pattern's stops. The view gtfs_stop_times shows them a row per stop
 * time, as GTFS does, for data sources and reports.
 */
export const gtfsTripTimes = pgTable('gtfs_trip_times', {
  feedId: integer('feed_id').notNull(),
  tripRef: integer('trip_ref').notNull(),
  patternRef: integer('pattern_ref').notNull(),
  routeRef: integer('route_ref').notNull(),
  serviceRef: integer('service_ref').notNull(),
  direction: smallint('direction').notNull(),
  /** By position of the pattern (1-based, as SQL arrays are); null where the feed left a stop untimed. */
  arrivals: integer('arrivals').array().notNull(),
  departures: integer('departures').array().notNull(),
});

/** The stops of a pattern, by position, with what the trips do there. */
export const gtfsPatternStops = pgTable(
  'gtfs_pattern_stops',
  {
    feedId: feedColumn(),
    patternRef: integer('pattern_ref').notNull(),
    position: integer('position').notNull(),
    stopRef: integer('stop_ref').notNull(),
    sequence: integer('sequence').notNull(),
    pickupType: smallint('pickup_type').notNull().default(0),
    dropOffType: smallint('drop_off_type').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.feedId, t.patternRef, t.position] }),
    index('gtfs_pattern_stops_stop_idx').on(t.feedId, t.stopRef),
  ],
);

export const gtfsFrequencies = pgTable(
  'gtfs_frequencies',
  {
    feedId: feedColumn(),
    tripRef: integer('trip_ref').notNull(),
    startTime: integer('start_time').notNull(),
    endTime: integer('end_time').notNull(),
    headwaySecs: integer('headway_secs').notNull(),
    exactTimes: smallint('exact_times').notNull().default(0),
  },
  (t) => [index('gtfs_frequencies_trip_idx').on(t.feedId, t.tripRef)],
);

export const gtfsShapes = pgTable(
  'gtfs_shapes',
  {
    feedId: feedColumn(),
    ref: integer('ref').notNull(),
    shapeId: text('shape_id').notNull(),
    /** [[longitude, latitude], …] in sequence order. */
    coordinates: jsonb('coordinates').notNull(),
  },
  (t) => [primaryKey({ columns: [t.feedId, t.ref] })],
);

/**
 * One upload of a GTFS zip into a group and what became of it: what the import
 * screen shows (status, phase, progress, report, a cancel asked for). The work
 * runs as pg-boss jobs (check-gtfs-feed, import-gtfs-feed) queued with the
 * upload and the confirm; one whose process died ends FAILED (INTERRUPTED)
 * and the group's feed is untouched.
 */
export const gtfsImportJobs = pgTable(
  'gtfs_import_jobs',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => mobilitySystemGroups.id, { onDelete: 'cascade' }),
    status: text('status', {
      enum: ['VALIDATING', 'VALIDATED', 'INVALID', 'QUEUED', 'IMPORTING', 'SUCCEEDED', 'FAILED', 'CANCELLED'],
    }).notNull(),
    phase: text('phase', { enum: ['READING', 'LOADING', 'INDEXING', 'SYSTEMS', 'SWAPPING', 'DONE'] }),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total'),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    /** Where the upload waits on disk until the job ends; null once removed. */
    filePath: text('file_path'),
    report: jsonb('report'),
    counts: jsonb('counts'),
    errorCount: integer('error_count').notNull().default(0),
    warningCount: integer('warning_count').notNull().default(0),
    failureCode: text('failure_code'),
    failureDetail: text('failure_detail'),
    feedId: integer('feed_id'),
    feedStartDate: date('feed_start_date'),
    feedEndDate: date('feed_end_date'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** The demo network loaded on first start: started again if a restart interrupted it. */
    isDemo: boolean('is_demo').notNull().default(false),
    /** The demo network's service dates moved forward by these whole years (see moveServiceToToday). */
    serviceYearsMoved: integer('service_years_moved'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Who confirmed the import (it may differ from the uploader). */
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('gtfs_import_jobs_group_idx').on(t.groupId, t.createdAt),
    index('gtfs_import_jobs_status_idx').on(t.status),
  ],
);
