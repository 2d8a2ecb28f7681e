ALTER TABLE "event_categories" DROP CONSTRAINT "event_categories_allocated_to_entity_id_entities_id_fk";
--> statement-breakpoint
ALTER TABLE "event_categories" ADD CONSTRAINT "event_categories_allocated_to_entity_id_entities_id_fk" FOREIGN KEY ("allocated_to_entity_id") REFERENCES "public"."entities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_origin_entity_idx" ON "events" USING btree ("origin_entity_id");