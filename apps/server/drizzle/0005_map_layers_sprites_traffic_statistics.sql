CREATE TABLE "map_layers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"url" text NOT NULL,
	"attribution" text,
	"tile_size" integer DEFAULT 256 NOT NULL,
	"max_zoom" integer,
	"image" text,
	"background_color" text,
	"min_latitude" double precision,
	"max_latitude" double precision,
	"min_longitude" double precision,
	"max_longitude" double precision,
	"show_extra_layers" boolean DEFAULT true NOT NULL,
	"icon" text,
	"color" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sprite_icons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"svg" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sprite_icons_name_key" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "sprite_sheets" (
	"pixel_ratio" smallint PRIMARY KEY NOT NULL,
	"png" "bytea" NOT NULL,
	"index" jsonb NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"etag" text NOT NULL,
	"icon_count" integer NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_feed_status" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_failure_code" text,
	"last_failure_detail" text,
	"jam_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"feed_time" timestamp with time zone,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "traffic_jams" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" bigint NOT NULL,
	"street" text,
	"city" text,
	"speed" double precision NOT NULL,
	"speed_kmh" double precision NOT NULL,
	"length" integer NOT NULL,
	"delay" integer NOT NULL,
	"level" smallint NOT NULL,
	"line" jsonb NOT NULL,
	"road_type" smallint,
	"pub_millis" bigint,
	"min_latitude" double precision NOT NULL,
	"max_latitude" double precision NOT NULL,
	"min_longitude" double precision NOT NULL,
	"max_longitude" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"device_type" text,
	"browser_name" text,
	"browser_version" text,
	"operating_system" text,
	"operating_system_version" text,
	"client_started_at" timestamp with time zone NOT NULL,
	"client_current_at" timestamp with time zone NOT NULL,
	"systems_clicked" integer[] DEFAULT '{}'::int[] NOT NULL,
	"filter" jsonb,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "map_layers_name_idx" ON "map_layers" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "traffic_jams_bbox_idx" ON "traffic_jams" USING btree ("min_longitude","max_longitude","min_latitude","max_latitude");--> statement-breakpoint
CREATE INDEX "usage_sessions_first_seen_idx" ON "usage_sessions" USING btree ("first_seen_at");