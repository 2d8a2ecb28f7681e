CREATE TABLE "gtfs_agencies" (
	"feed_id" integer NOT NULL,
	"ref" integer NOT NULL,
	"agency_id" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"timezone" text NOT NULL,
	"lang" text,
	"phone" text,
	CONSTRAINT "gtfs_agencies_feed_id_ref_pk" PRIMARY KEY("feed_id","ref")
);
--> statement-breakpoint
CREATE TABLE "gtfs_calendar_dates" (
	"feed_id" integer NOT NULL,
	"date" date NOT NULL,
	"service_ref" integer NOT NULL,
	"exception_type" smallint NOT NULL,
	CONSTRAINT "gtfs_calendar_dates_feed_id_date_service_ref_pk" PRIMARY KEY("feed_id","date","service_ref")
);
--> statement-breakpoint
CREATE TABLE "gtfs_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"job_id" integer,
	"status" text DEFAULT 'LOADING' NOT NULL,
	"publisher_name" text,
	"version" text,
	"start_date" date,
	"end_date" date,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"counts" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gtfs_frequencies" (
	"feed_id" integer NOT NULL,
	"trip_ref" integer NOT NULL,
	"start_time" integer NOT NULL,
	"end_time" integer NOT NULL,
	"headway_secs" integer NOT NULL,
	"exact_times" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gtfs_import_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"status" text NOT NULL,
	"phase" text,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"file_path" text,
	"report" jsonb,
	"counts" jsonb,
	"error_count" integer DEFAULT 0 NOT NULL,
	"warning_count" integer DEFAULT 0 NOT NULL,
	"failure_code" text,
	"failure_detail" text,
	"feed_id" integer,
	"feed_start_date" date,
	"feed_end_date" date,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"confirmed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gtfs_routes" (
	"feed_id" integer NOT NULL,
	"ref" integer NOT NULL,
	"route_id" text NOT NULL,
	"agency_ref" integer,
	"short_name" text NOT NULL,
	"long_name" text NOT NULL,
	"description" text,
	"type" smallint NOT NULL,
	"color" text,
	"text_color" text,
	"sort_order" integer,
	"directions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"system_id" integer,
	CONSTRAINT "gtfs_routes_feed_id_ref_pk" PRIMARY KEY("feed_id","ref")
);
--> statement-breakpoint
CREATE TABLE "gtfs_services" (
	"feed_id" integer NOT NULL,
	"ref" integer NOT NULL,
	"service_id" text NOT NULL,
	"weekdays" smallint NOT NULL,
	"start_date" date,
	"end_date" date,
	CONSTRAINT "gtfs_services_feed_id_ref_pk" PRIMARY KEY("feed_id","ref")
);
--> statement-breakpoint
CREATE TABLE "gtfs_shapes" (
	"feed_id" integer NOT NULL,
	"ref" integer NOT NULL,
	"shape_id" text NOT NULL,
	"coordinates" jsonb NOT NULL,
	CONSTRAINT "gtfs_shapes_feed_id_ref_pk" PRIMARY KEY("feed_id","ref")
);
--> statement-breakpoint
CREATE TABLE "gtfs_stop_times" (
	"feed_id" integer NOT NULL,
	"trip_ref" integer NOT NULL,
	"stop_ref" integer NOT NULL,
	"sequence" integer NOT NULL,
	"arrival" integer,
	"departure" integer,
	"pickup_type" smallint DEFAULT 0 NOT NULL,
	"drop_off_type" smallint DEFAULT 0 NOT NULL,
	"route_ref" integer NOT NULL,
	"service_ref" integer NOT NULL,
	"direction" smallint NOT NULL
) PARTITION BY LIST ("feed_id");
--> statement-breakpoint
CREATE TABLE "gtfs_stops" (
	"feed_id" integer NOT NULL,
	"ref" integer NOT NULL,
	"stop_id" text NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"description" text,
	"latitude" double precision,
	"longitude" double precision,
	"location_type" smallint DEFAULT 0 NOT NULL,
	"parent_station" text,
	"system_id" integer,
	CONSTRAINT "gtfs_stops_feed_id_ref_pk" PRIMARY KEY("feed_id","ref")
);
--> statement-breakpoint
CREATE TABLE "gtfs_trips" (
	"feed_id" integer NOT NULL,
	"ref" integer NOT NULL,
	"trip_id" text NOT NULL,
	"route_ref" integer NOT NULL,
	"service_ref" integer NOT NULL,
	"headsign" text,
	"short_name" text,
	"direction" smallint NOT NULL,
	"block_id" text,
	"shape_ref" integer,
	CONSTRAINT "gtfs_trips_feed_id_ref_pk" PRIMARY KEY("feed_id","ref")
);
--> statement-breakpoint
ALTER TABLE "gtfs_agencies" ADD CONSTRAINT "gtfs_agencies_feed_id_gtfs_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."gtfs_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gtfs_calendar_dates" ADD CONSTRAINT "gtfs_calendar_dates_feed_id_gtfs_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."gtfs_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gtfs_feeds" ADD CONSTRAINT "gtfs_feeds_group_id_mobility_system_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."mobility_system_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gtfs_frequencies" ADD CONSTRAINT "gtfs_frequencies_feed_id_gtfs_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."gtfs_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gtfs_import_jobs" ADD CONSTRAINT "gtfs_import_jobs_group_id_mobility_system_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."mobility_system_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gtfs_import_jobs" ADD CONSTRAINT "gtfs_import_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gtfs_import_jobs" ADD CONSTRAINT "gtfs_import_jobs_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gtfs_routes" ADD CONSTRAINT "gtfs_routes_feed_id_gtfs_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."gtfs_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gtfs_services" ADD CONSTRAINT "gtfs_services_feed_id_gtfs_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."gtfs_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gtfs_shapes" ADD CONSTRAINT "gtfs_shapes_feed_id_gtfs_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."gtfs_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gtfs_stops" ADD CONSTRAINT "gtfs_stops_feed_id_gtfs_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."gtfs_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gtfs_trips" ADD CONSTRAINT "gtfs_trips_feed_id_gtfs_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."gtfs_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gtfs_feeds_one_active_idx" ON "gtfs_feeds" USING btree ("group_id") WHERE "gtfs_feeds"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "gtfs_frequencies_trip_idx" ON "gtfs_frequencies" USING btree ("feed_id","trip_ref");--> statement-breakpoint
CREATE INDEX "gtfs_import_jobs_group_idx" ON "gtfs_import_jobs" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE INDEX "gtfs_import_jobs_status_idx" ON "gtfs_import_jobs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "gtfs_routes_system_idx" ON "gtfs_routes" USING btree ("system_id");--> statement-breakpoint
CREATE INDEX "gtfs_stops_system_idx" ON "gtfs_stops" USING btree ("system_id");