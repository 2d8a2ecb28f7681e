-- Groups had no owner until now. On an existing platform each one goes to the oldest top-level
-- entity: the municipality that runs the platform, whose administrators already managed every
-- group, so nothing becomes editable by anyone who could not edit it before. An administrator
-- then hands each network to its operator (the Entity field of the group form). A database that
-- holds groups but no entity at all (the first start always creates one) gets one to own them.
ALTER TABLE "mobility_system_groups" ADD COLUMN "entity_id" integer;--> statement-breakpoint
INSERT INTO "entities" ("name")
SELECT 'Entidade principal'
 WHERE EXISTS (SELECT 1 FROM "mobility_system_groups") AND NOT EXISTS (SELECT 1 FROM "entities");--> statement-breakpoint
UPDATE "mobility_system_groups"
   SET "entity_id" = (SELECT "id" FROM "entities" ORDER BY "parent_id" IS NOT NULL, "id" LIMIT 1);--> statement-breakpoint
ALTER TABLE "mobility_system_groups" ALTER COLUMN "entity_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "mobility_system_groups" ADD CONSTRAINT "mobility_system_groups_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mobility_system_groups_entity_idx" ON "mobility_system_groups" USING btree ("entity_id");
