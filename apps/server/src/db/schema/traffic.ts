import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** The jams of the latest Waze snapshot; a poll replaces them all in one transaction. */
export const trafficJams = pgTable(
  'traffic_jams',
  {
    id: serial('id').primaryKey(),
    uuid: bigint('uuid', { mode: 'number' }).notNull(),
    street: text('street'),
    city: text('city'),
    /** Metres per second, as the feed gives it. */
    speed: doublePrecision('speed').notNull(),
    speedKmh: doublePrecision('speed_kmh').notNull(),
    length: integer('length').notNull(),
    /** Seconds; -1 when the road is closed. */
    delay: integer('delay').notNull(),
    level: smallint('level').notNull(),
    /** GeoJSON LineString. */
    line: jsonb('line').notNull(),
    roadType: smallint('road_type'),
    pubMillis: bigint('pub_millis', { mode: 'number' }),
    minLatitude: doublePrecision('min_latitude').notNull(),
    maxLatitude: doublePrecision('max_latitude').notNull(),
    minLongitude: doublePrecision('min_longitude').notNull(),
    maxLongitude: doublePrecision('max_longitude').notNull(),
  },
  (t) => [index('traffic_jams_bbox_idx').on(t.minLongitude, t.maxLongitude, t.minLatitude, t.maxLatitude)],
);

/** The feed poller's one row: what the last polls did, for staff, and the snapshot's version for caches. */
export const trafficFeedStatus = pgTable('traffic_feed_status', {
  id: smallint('id').primaryKey().default(1),
  /** Bumped by every replaced snapshot: the ETag of GET /waze/traffic/. */
  version: integer('version').notNull().default(0),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  lastFailureCode: text('last_failure_code'),
  lastFailureDetail: text('last_failure_detail'),
  jamCount: integer('jam_count').notNull().default(0),
  skippedCount: integer('skipped_count').notNull().default(0),
  feedTime: timestamp('feed_time', { withTimezone: true }),
  /** Extra detail kept for troubleshooting (the feed's other counts). */
  details: jsonb('details'),
});
