CREATE TABLE "dashboard_widgets" (
	"id" serial PRIMARY KEY NOT NULL,
	"dashboard_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"type" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"size_lg" smallint DEFAULT 12 NOT NULL,
	"size_md" smallint DEFAULT 12 NOT NULL,
	"size_sm" smallint DEFAULT 12 NOT NULL,
	"source_id" integer,
	"source_parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"allow_table" boolean DEFAULT false NOT NULL,
	"allow_export_chart" boolean DEFAULT false NOT NULL,
	"allow_export_table" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboards" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'REVISION' NOT NULL,
	"restricted_profile_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"restricted_role_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"restricted_entity_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"query" text NOT NULL,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"query_columns" text[] DEFAULT '{}'::text[] NOT NULL,
	"scoped_to_entities" boolean DEFAULT false NOT NULL,
	"timeout_ms" integer DEFAULT 5000 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"filename" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"origin" text NOT NULL,
	"contents" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"schedule_id" integer,
	"requested_by" integer NOT NULL,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"error" text,
	"file_id" integer,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_schedule_subscribers" (
	"schedule_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "report_schedule_subscribers_schedule_id_user_id_pk" PRIMARY KEY("schedule_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"format" text NOT NULL,
	"recurrence" text NOT NULL,
	"recurring_time" text NOT NULL,
	"day_of_week" smallint,
	"day_of_month" smallint,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_generation_at" timestamp with time zone,
	"last_generated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"async" boolean DEFAULT false NOT NULL,
	"query" text NOT NULL,
	"reference" text,
	"agreement" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"entity_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_widgets" ADD CONSTRAINT "dashboard_widgets_dashboard_id_dashboards_id_fk" FOREIGN KEY ("dashboard_id") REFERENCES "public"."dashboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_widgets" ADD CONSTRAINT "dashboard_widgets_source_id_data_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."data_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_files" ADD CONSTRAINT "user_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_jobs" ADD CONSTRAINT "report_jobs_template_id_report_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."report_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_jobs" ADD CONSTRAINT "report_jobs_schedule_id_report_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."report_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_jobs" ADD CONSTRAINT "report_jobs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_jobs" ADD CONSTRAINT "report_jobs_file_id_user_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."user_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedule_subscribers" ADD CONSTRAINT "report_schedule_subscribers_schedule_id_report_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."report_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedule_subscribers" ADD CONSTRAINT "report_schedule_subscribers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_template_id_report_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."report_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_widgets_dashboard_idx" ON "dashboard_widgets" USING btree ("dashboard_id","position");--> statement-breakpoint
CREATE INDEX "dashboard_widgets_source_idx" ON "dashboard_widgets" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "dashboards_name_idx" ON "dashboards" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "data_sources_name_idx" ON "data_sources" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_files_user_idx" ON "user_files" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "report_jobs_queue_idx" ON "report_jobs" USING btree ("created_at") WHERE "report_jobs"."status" in ('QUEUED', 'RUNNING');--> statement-breakpoint
CREATE INDEX "report_jobs_requested_by_idx" ON "report_jobs" USING btree ("requested_by","created_at");--> statement-breakpoint
CREATE INDEX "report_schedules_due_idx" ON "report_schedules" USING btree ("next_generation_at") WHERE "report_schedules"."enabled";--> statement-breakpoint
CREATE INDEX "report_schedules_template_idx" ON "report_schedules" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "report_schedules_owner_idx" ON "report_schedules" USING btree ("owner_id");--> statement-breakpoint
-- The role user-authored SQL (data sources, report templates) runs as: it reads
-- the platform's data and nothing else. Not sessions, tokens, password hashes,
-- configuration (keys), other users' files and notifications, nor the queries
-- themselves. A table added later is unreadable to it until a migration grants it.
-- Roles belong to the whole cluster, so it may already exist; a database user
-- without CREATEROLE leaves it to an administrator (README: "Data sources").
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'mip_query_reader') THEN
    CREATE ROLE mip_query_reader NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT;
  END IF;
  GRANT mip_query_reader TO CURRENT_USER;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'mip_query_reader could not be created or granted: data sources and reports stay unavailable until an administrator does it';
END $$;
--> statement-breakpoint
DO $$
DECLARE
  readable text[] := ARRAY[
    'entities', 'entity_profiles', 'entity_profile_roles', 'roles',
    'countries', 'districts', 'counties', 'parishes',
    'applications', 'informations', 'audit_log',
    'mobility_system_groups', 'mobility_systems', 'mobility_system_parameters', 'mobility_system_relations',
    'gtfs_feeds', 'gtfs_agencies', 'gtfs_routes', 'gtfs_stops', 'gtfs_trips', 'gtfs_stop_times',
    'gtfs_services', 'gtfs_calendar_dates', 'gtfs_frequencies', 'gtfs_shapes', 'gtfs_import_jobs',
    'map_layers', 'sprite_icons', 'traffic_feed_status', 'traffic_jams', 'usage_sessions',
    'events', 'event_categories', 'event_affected_systems', 'event_comments', 'event_timeline',
    'event_requests', 'event_request_systems',
    'dashboards', 'dashboard_widgets'
  ];
  t text;
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'mip_query_reader') THEN
    RETURN;
  END IF;
  EXECUTE 'GRANT USAGE ON SCHEMA public TO mip_query_reader';
  FOREACH t IN ARRAY readable LOOP
    EXECUTE format('GRANT SELECT ON TABLE public.%I TO mip_query_reader', t);
  END LOOP;
  -- Everything about a user but the password hash.
  EXECUTE 'GRANT SELECT (id, name, email, entity_id, role_id, status, type, language, time_zone, receive_notifications, entities_access_list, ballot_number, last_login_at, legal_warning_read_at, created_at, updated_at) ON TABLE public.users TO mip_query_reader';
END $$;
