CREATE TABLE "periodic_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "fe_debug_reports_last_seen_idx" ON "fe_debug_reports" USING btree ("last_seen_at");