DROP INDEX "audit_log_at_idx";--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(f_unaccent("name" || ' ' || coalesce("vat_number", '') || ' ' || coalesce("email", '')))) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(f_unaccent("name" || ' ' || "email"))) STORED;--> statement-breakpoint
CREATE INDEX "entities_profile_idx" ON "entities" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "entities_search_text_idx" ON "entities" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "users_search_text_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_order_idx" ON "users" USING btree ("name" collate pt_natural,"id");--> statement-breakpoint
CREATE INDEX "audit_log_at_id_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_impersonator_idx" ON "audit_log" USING btree ("impersonator_user_id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action");