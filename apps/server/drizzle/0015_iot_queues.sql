CREATE TABLE "iot_dead_letters" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"queue_id" integer NOT NULL,
	"topic" text,
	"payload" text NOT NULL,
	"reason" text NOT NULL,
	"detail" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replay_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iot_queue_status" (
	"queue_id" integer PRIMARY KEY NOT NULL,
	"connected" boolean DEFAULT false NOT NULL,
	"last_connected_at" timestamp with time zone,
	"last_message_at" timestamp with time zone,
	"messages_per_minute" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iot_queues" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"protocol" text NOT NULL,
	"url" text NOT NULL,
	"username" text,
	"password_encrypted" text,
	"topic" text NOT NULL,
	"format" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "iot_dead_letters" ADD CONSTRAINT "iot_dead_letters_queue_id_iot_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."iot_queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_queue_status" ADD CONSTRAINT "iot_queue_status_queue_id_iot_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."iot_queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "iot_dead_letters_queue_idx" ON "iot_dead_letters" USING btree ("queue_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "iot_queues_name_idx" ON "iot_queues" USING btree ("name");--> statement-breakpoint
CREATE INDEX "iot_readings_received_brin_idx" ON "iot_readings" USING brin ("received_at");