CREATE TABLE "event_request_follow_ups" (
	"token_hash" "bytea" PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_request_follow_ups" ADD CONSTRAINT "event_request_follow_ups_request_id_event_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."event_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_request_follow_ups_request_idx" ON "event_request_follow_ups" USING btree ("request_id");