CREATE TABLE "iot_readings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reader_id" text NOT NULL,
	"value" double precision NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queue_id" integer
);
--> statement-breakpoint
CREATE INDEX "iot_readings_reader_idx" ON "iot_readings" USING btree ("reader_id","observed_at" DESC NULLS LAST);