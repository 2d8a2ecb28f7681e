-- Background work runs on pg-boss (schema pgboss, installed by the migrations at start): the periodic runs'
-- table and the job rows' heartbeats go; the emails the send-email job handed over are kept by key.
CREATE TABLE "email_deliveries" (
	"key" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "periodic_runs" CASCADE;--> statement-breakpoint
ALTER TABLE "gtfs_import_jobs" DROP COLUMN "heartbeat_at";--> statement-breakpoint
ALTER TABLE "report_jobs" DROP COLUMN "heartbeat_at";