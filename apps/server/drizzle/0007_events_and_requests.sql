CREATE TABLE "event_affected_systems" (
	"event_id" integer NOT NULL,
	"system_id" integer NOT NULL,
	CONSTRAINT "event_affected_systems_event_id_system_id_pk" PRIMARY KEY("event_id","system_id")
);
--> statement-breakpoint
CREATE TABLE "event_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon" text,
	"category_type" text DEFAULT 'GENERIC' NOT NULL,
	"allow_public" boolean DEFAULT false NOT NULL,
	"allocated_to_entity_id" integer,
	"report_agent_user_id" integer,
	"allow_geometry" boolean DEFAULT true NOT NULL,
	"allow_photo_upload" boolean DEFAULT true NOT NULL,
	"event_statuses" text[] DEFAULT '{OPEN,IN_PROGRESS,PENDING,RESOLVED,CLOSED}'::text[] NOT NULL,
	"limit_user_type" text,
	"status_on_origin_reply" text,
	"status_on_destination_reply" text,
	"active" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(f_unaccent("name"))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"message" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"entity_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_request_systems" (
	"request_id" integer NOT NULL,
	"system_id" integer NOT NULL,
	CONSTRAINT "event_request_systems_request_id_system_id_pk" PRIMARY KEY("request_id","system_id")
);
--> statement-breakpoint
CREATE TABLE "event_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"participant_name" text NOT NULL,
	"participant_email" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"geometry" jsonb,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"reason" text,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"event_id" integer,
	"language" text DEFAULT 'pt-PT' NOT NULL,
	"source" text DEFAULT 'PORTAL' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(f_unaccent("title" || ' ' || "participant_name" || ' ' || "participant_email"))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_timeline" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"from_entity_id" integer,
	"to_entity_id" integer,
	"note" text,
	"comment_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category_id" integer NOT NULL,
	"is_future" boolean DEFAULT false NOT NULL,
	"from_timestamp" timestamp with time zone NOT NULL,
	"to_timestamp" timestamp with time zone,
	"geojson" jsonb NOT NULL,
	"min_latitude" double precision NOT NULL,
	"max_latitude" double precision NOT NULL,
	"min_longitude" double precision NOT NULL,
	"max_longitude" double precision NOT NULL,
	"priority" text DEFAULT 'NORMAL' NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"direction" text,
	"sub_type" text,
	"is_public" boolean DEFAULT true NOT NULL,
	"entity_id" integer NOT NULL,
	"origin_entity_id" integer,
	"created_by" integer,
	"event_request_id" integer,
	"resolved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower(f_unaccent("title" || ' ' || "description"))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_affected_systems" ADD CONSTRAINT "event_affected_systems_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_affected_systems" ADD CONSTRAINT "event_affected_systems_system_id_mobility_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."mobility_systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_categories" ADD CONSTRAINT "event_categories_allocated_to_entity_id_entities_id_fk" FOREIGN KEY ("allocated_to_entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_categories" ADD CONSTRAINT "event_categories_report_agent_user_id_users_id_fk" FOREIGN KEY ("report_agent_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_comments" ADD CONSTRAINT "event_comments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_comments" ADD CONSTRAINT "event_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_comments" ADD CONSTRAINT "event_comments_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_request_systems" ADD CONSTRAINT "event_request_systems_request_id_event_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."event_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_request_systems" ADD CONSTRAINT "event_request_systems_system_id_mobility_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."mobility_systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_requests" ADD CONSTRAINT "event_requests_category_id_event_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."event_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_requests" ADD CONSTRAINT "event_requests_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_requests" ADD CONSTRAINT "event_requests_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_timeline" ADD CONSTRAINT "event_timeline_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_timeline" ADD CONSTRAINT "event_timeline_from_entity_id_entities_id_fk" FOREIGN KEY ("from_entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_timeline" ADD CONSTRAINT "event_timeline_to_entity_id_entities_id_fk" FOREIGN KEY ("to_entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_timeline" ADD CONSTRAINT "event_timeline_comment_id_event_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."event_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_timeline" ADD CONSTRAINT "event_timeline_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_category_id_event_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."event_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_origin_entity_id_entities_id_fk" FOREIGN KEY ("origin_entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_affected_systems_system_idx" ON "event_affected_systems" USING btree ("system_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_categories_name_idx" ON "event_categories" USING btree (lower(f_unaccent("name")));--> statement-breakpoint
CREATE INDEX "event_categories_search_text_idx" ON "event_categories" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "event_comments_event_idx" ON "event_comments" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "event_requests_status_idx" ON "event_requests" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "event_requests_category_idx" ON "event_requests" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "event_requests_search_text_idx" ON "event_requests" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "event_timeline_event_idx" ON "event_timeline" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "events_category_idx" ON "events" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "events_entity_idx" ON "events" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "events_status_idx" ON "events" USING btree ("status");--> statement-breakpoint
CREATE INDEX "events_from_order_idx" ON "events" USING btree ("from_timestamp" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "events_search_text_idx" ON "events" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_live_public_idx" ON "events" USING btree ("from_timestamp") WHERE "events"."is_public" and "events"."status" in ('OPEN', 'IN_PROGRESS', 'PENDING');--> statement-breakpoint
CREATE UNIQUE INDEX "events_event_request_idx" ON "events" USING btree ("event_request_id");--> statement-breakpoint
-- Incidents are drawn by the public map too (EVENT and FUTURE_EVENT items): their writes drop the cached answer.
CREATE TRIGGER "events_map_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "events"
  FOR EACH STATEMENT EXECUTE FUNCTION "mip_notify_map_changed"();--> statement-breakpoint
CREATE TRIGGER "event_categories_map_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "mip_notify_map_changed"();
