CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" integer NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"filename" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"contents" "bytea" NOT NULL,
	"props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"entity_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mobility_system_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon" text,
	"color" text,
	"type" text DEFAULT 'STATIC' NOT NULL,
	"layer_type" text DEFAULT 'DEFAULT_LAYERS' NOT NULL,
	"styles" jsonb,
	"tile_metadata_url" text,
	"allow_overlap" boolean DEFAULT false NOT NULL,
	"allow_clustering" boolean DEFAULT false NOT NULL,
	"min_zoom_filtered" integer,
	"max_zoom_filtered" integer,
	"min_zoom_not_filtered" integer,
	"max_zoom_not_filtered" integer,
	"parent_id" integer,
	"search_text" text GENERATED ALWAYS AS (lower(f_unaccent("name"))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mobility_system_parameters" (
	"id" serial PRIMARY KEY NOT NULL,
	"system_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"template_id" integer,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"value" text,
	"options" jsonb,
	"reader_id" text
);
--> statement-breakpoint
CREATE TABLE "mobility_system_relations" (
	"system_id" integer NOT NULL,
	"related_system_id" integer NOT NULL,
	CONSTRAINT "mobility_system_relations_system_id_related_system_id_pk" PRIMARY KEY("system_id","related_system_id")
);
--> statement-breakpoint
CREATE TABLE "mobility_systems" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"system_type" text NOT NULL,
	"group_id" integer NOT NULL,
	"parent_id" integer,
	"color" text,
	"latitude" double precision,
	"longitude" double precision,
	"geometry" jsonb,
	"min_latitude" double precision,
	"max_latitude" double precision,
	"min_longitude" double precision,
	"max_longitude" double precision,
	"service_days" text[] DEFAULT '{}'::text[] NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"related_info" jsonb,
	"active" boolean DEFAULT true NOT NULL,
	"external_ref" text,
	"source_feed_id" integer,
	"search_text" text GENERATED ALWAYS AS (lower(f_unaccent("name" || ' ' || "description" || ' ' || coalesce("external_ref", '')))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mobility_system_groups" ADD CONSTRAINT "mobility_system_groups_parent_id_mobility_system_groups_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."mobility_system_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobility_system_parameters" ADD CONSTRAINT "mobility_system_parameters_system_id_mobility_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."mobility_systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobility_system_relations" ADD CONSTRAINT "mobility_system_relations_system_id_mobility_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."mobility_systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobility_system_relations" ADD CONSTRAINT "mobility_system_relations_related_system_id_mobility_systems_id_fk" FOREIGN KEY ("related_system_id") REFERENCES "public"."mobility_systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobility_systems" ADD CONSTRAINT "mobility_systems_group_id_mobility_system_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."mobility_system_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobility_systems" ADD CONSTRAINT "mobility_systems_parent_id_mobility_systems_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."mobility_systems"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_owner_idx" ON "documents" USING btree ("owner_kind","owner_id","id");--> statement-breakpoint
CREATE INDEX "mobility_system_groups_parent_idx" ON "mobility_system_groups" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "mobility_system_groups_search_text_idx" ON "mobility_system_groups" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mobility_system_parameters_system_idx" ON "mobility_system_parameters" USING btree ("system_id","position");--> statement-breakpoint
CREATE INDEX "mobility_system_relations_related_idx" ON "mobility_system_relations" USING btree ("related_system_id");--> statement-breakpoint
CREATE INDEX "mobility_systems_group_idx" ON "mobility_systems" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "mobility_systems_parent_idx" ON "mobility_systems" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "mobility_systems_type_idx" ON "mobility_systems" USING btree ("system_type");--> statement-breakpoint
CREATE UNIQUE INDEX "mobility_systems_group_external_ref_idx" ON "mobility_systems" USING btree ("group_id","external_ref");--> statement-breakpoint
CREATE INDEX "mobility_systems_source_feed_idx" ON "mobility_systems" USING btree ("source_feed_id");--> statement-breakpoint
CREATE INDEX "mobility_systems_bbox_idx" ON "mobility_systems" USING btree ("min_latitude","max_latitude","min_longitude","max_longitude");--> statement-breakpoint
CREATE INDEX "mobility_systems_search_text_idx" ON "mobility_systems" USING gin ("search_text" gin_trgm_ops);