-- stop_times were stored a row each: a national feed's million rows and their two covering indexes took
-- 190 MB and most of an import's time. They are stored a trip each now: the trip's times as two arrays, by
-- position of its pattern, the stops it calls at, shared with every trip that calls at the same stops the
-- same way (a million stop_times are some twenty thousand trips on a few hundred patterns).
CREATE TABLE "gtfs_pattern_stops" (
	"feed_id" integer NOT NULL,
	"pattern_ref" integer NOT NULL,
	"position" integer NOT NULL,
	"stop_ref" integer NOT NULL,
	"sequence" integer NOT NULL,
	"pickup_type" smallint DEFAULT 0 NOT NULL,
	"drop_off_type" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "gtfs_pattern_stops_feed_id_pattern_ref_position_pk" PRIMARY KEY("feed_id","pattern_ref","position")
);
--> statement-breakpoint
CREATE TABLE "gtfs_trip_times" (
	"feed_id" integer NOT NULL,
	"trip_ref" integer NOT NULL,
	"pattern_ref" integer NOT NULL,
	"route_ref" integer NOT NULL,
	"service_ref" integer NOT NULL,
	"direction" smallint NOT NULL,
	"arrivals" integer[] NOT NULL,
	"departures" integer[] NOT NULL
) PARTITION BY LIST ("feed_id");
--> statement-breakpoint
ALTER TABLE "gtfs_pattern_stops" ADD CONSTRAINT "gtfs_pattern_stops_feed_id_gtfs_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."gtfs_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gtfs_pattern_stops_stop_idx" ON "gtfs_pattern_stops" USING btree ("feed_id","stop_ref");
--> statement-breakpoint
-- Every feed loaded so far moves to the new layout, with the indexes an import builds (trip-times-staging.ts).
-- A table of a load that died before it was attached holds nothing anyone reads: it goes.
DO $$
DECLARE
  feed integer;
  leftover text;
BEGIN
  FOR leftover IN
    SELECT c.relname FROM pg_class c
     WHERE c.relkind = 'r' AND c.relname ~ '^gtfs_stop_times_f[0-9]+$' AND NOT c.relispartition
  LOOP
    EXECUTE format('DROP TABLE %I', leftover);
  END LOOP;
  CREATE TEMPORARY TABLE migrated_trips (
    trip_ref integer, route_ref integer, service_ref integer, direction smallint, stops integer[],
    sequences integer[], pickups smallint[], drop_offs smallint[], arrivals integer[], departures integer[]
  ) ON COMMIT DROP;
  CREATE TEMPORARY TABLE migrated_patterns (
    ref integer, stops integer[], sequences integer[], pickups smallint[], drop_offs smallint[]
  ) ON COMMIT DROP;
  FOR feed IN
    SELECT f.id FROM gtfs_feeds f WHERE to_regclass(format('public.gtfs_stop_times_f%s', f.id)) IS NOT NULL ORDER BY f.id
  LOOP
    TRUNCATE migrated_trips, migrated_patterns;
    INSERT INTO migrated_trips
      SELECT trip_ref, min(route_ref), min(service_ref), min(direction),
             array_agg(stop_ref ORDER BY sequence), array_agg(sequence ORDER BY sequence),
             array_agg(pickup_type ORDER BY sequence), array_agg(drop_off_type ORDER BY sequence),
             array_agg(arrival ORDER BY sequence), array_agg(departure ORDER BY sequence)
        FROM gtfs_stop_times WHERE feed_id = feed GROUP BY trip_ref;
    INSERT INTO migrated_patterns
      SELECT row_number() OVER (ORDER BY min(trip_ref)), stops, sequences, pickups, drop_offs
        FROM migrated_trips GROUP BY stops, sequences, pickups, drop_offs;
    INSERT INTO gtfs_pattern_stops (feed_id, pattern_ref, position, stop_ref, sequence, pickup_type, drop_off_type)
      SELECT feed, p.ref, u.position, u.stop_ref, u.sequence, u.pickup, u.drop_off
        FROM migrated_patterns p,
             unnest(p.stops, p.sequences, p.pickups, p.drop_offs) WITH ORDINALITY AS u(stop_ref, sequence, pickup, drop_off, position);
    EXECUTE format('CREATE TABLE gtfs_trip_times_f%1$s PARTITION OF gtfs_trip_times FOR VALUES IN (%1$s)', feed);
    INSERT INTO gtfs_trip_times (feed_id, trip_ref, pattern_ref, route_ref, service_ref, direction, arrivals, departures)
      SELECT feed, t.trip_ref, p.ref, t.route_ref, t.service_ref, t.direction, t.arrivals, t.departures
        FROM migrated_trips t
        JOIN migrated_patterns p ON p.stops = t.stops AND p.sequences = t.sequences AND p.pickups = t.pickups
                                AND p.drop_offs = t.drop_offs;
    EXECUTE format('CREATE UNIQUE INDEX gtfs_trip_times_f%1$s_trip_idx ON gtfs_trip_times_f%1$s (trip_ref)', feed);
    EXECUTE format('CREATE INDEX gtfs_trip_times_f%1$s_pattern_idx ON gtfs_trip_times_f%1$s (pattern_ref, service_ref)', feed);
    EXECUTE format('CREATE INDEX gtfs_trip_times_f%1$s_route_idx ON gtfs_trip_times_f%1$s (route_ref, direction, service_ref)', feed);
  END LOOP;
END $$;
--> statement-breakpoint
DROP TABLE "gtfs_stop_times" CASCADE;
--> statement-breakpoint
-- A row per stop time, as GTFS has them, for data sources and reports written against the old table.
CREATE VIEW public.gtfs_stop_times AS
  SELECT t.feed_id, t.trip_ref, s.stop_ref, s.sequence, t.arrivals[s.position] AS arrival,
         t.departures[s.position] AS departure, s.pickup_type, s.drop_off_type, t.route_ref, t.service_ref, t.direction
    FROM public.gtfs_trip_times t
    JOIN public.gtfs_pattern_stops s ON s.feed_id = t.feed_id AND s.pattern_ref = t.pattern_ref;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'mip_query_reader') THEN
    RETURN;
  END IF;
  EXECUTE 'GRANT SELECT ON TABLE public.gtfs_trip_times, public.gtfs_pattern_stops, public.gtfs_stop_times TO mip_query_reader';
END $$;
