CREATE TABLE "fe_debug_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"error_name" text,
	"message" text NOT NULL,
	"stack" text,
	"component_stack" text,
	"device" jsonb NOT NULL,
	"href" text NOT NULL,
	"pathname" text NOT NULL,
	"user_id" integer,
	"ip" text,
	"fingerprint" text NOT NULL,
	"occurrences" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fe_debug_reports" ADD CONSTRAINT "fe_debug_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fe_debug_reports_created_idx" ON "fe_debug_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "fe_debug_reports_client_idx" ON "fe_debug_reports" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "fe_debug_reports_fingerprint_idx" ON "fe_debug_reports" USING btree ("fingerprint","last_seen_at");