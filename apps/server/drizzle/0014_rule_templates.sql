CREATE TABLE "rule_template_events" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"rule_id" integer,
	"rule_name" text NOT NULL,
	"system_id" integer,
	"parameter_name" text NOT NULL,
	"reader_id" text NOT NULL,
	"condition" jsonb NOT NULL,
	"readings" jsonb NOT NULL,
	"clear_readings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rule_template_systems" (
	"rule_id" integer NOT NULL,
	"system_id" integer NOT NULL,
	"event_id" integer,
	"run_count" integer DEFAULT 0 NOT NULL,
	"run_since" timestamp with time zone,
	"run_readings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_value" double precision,
	"last_observed_at" timestamp with time zone,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rule_template_systems_rule_id_system_id_pk" PRIMARY KEY("rule_id","system_id")
);
--> statement-breakpoint
CREATE TABLE "rule_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"parameter_name" text NOT NULL,
	"condition" jsonb NOT NULL,
	"clear_condition" jsonb NOT NULL,
	"category_id" integer NOT NULL,
	"priority" text NOT NULL,
	"direction" text,
	"sub_type" text,
	"is_public" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"entity_id" integer NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(f_unaccent("name" || ' ' || "parameter_name"))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rule_template_events" ADD CONSTRAINT "rule_template_events_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_template_events" ADD CONSTRAINT "rule_template_events_rule_id_rule_templates_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."rule_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_template_events" ADD CONSTRAINT "rule_template_events_system_id_mobility_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."mobility_systems"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_template_systems" ADD CONSTRAINT "rule_template_systems_rule_id_rule_templates_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."rule_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_template_systems" ADD CONSTRAINT "rule_template_systems_system_id_mobility_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."mobility_systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_template_systems" ADD CONSTRAINT "rule_template_systems_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_templates" ADD CONSTRAINT "rule_templates_category_id_event_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."event_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_templates" ADD CONSTRAINT "rule_templates_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rule_template_events_rule_idx" ON "rule_template_events" USING btree ("rule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rule_template_events_open_idx" ON "rule_template_events" USING btree ("rule_id","system_id") WHERE "rule_template_events"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "rule_template_systems_system_idx" ON "rule_template_systems" USING btree ("system_id");--> statement-breakpoint
CREATE INDEX "rule_templates_entity_idx" ON "rule_templates" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "rule_templates_category_idx" ON "rule_templates" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "rule_templates_search_text_idx" ON "rule_templates" USING gin ("search_text" gin_trgm_ops);