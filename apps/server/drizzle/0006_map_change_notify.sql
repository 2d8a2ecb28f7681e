-- The public map answer (GET /map/) is kept in memory by every server process; any change to the
-- groups or systems it is built from, whoever makes it (console, GTFS import, demo data, SQL), tells
-- them to drop it. Statement-level, and PostgreSQL folds identical notifications of one transaction
-- into one delivered on commit, so a bulk import costs one notification.
CREATE FUNCTION "mip_notify_map_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mip_map_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "mobility_systems_map_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mobility_systems"
  FOR EACH STATEMENT EXECUTE FUNCTION "mip_notify_map_changed"();--> statement-breakpoint
CREATE TRIGGER "mobility_system_groups_map_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mobility_system_groups"
  FOR EACH STATEMENT EXECUTE FUNCTION "mip_notify_map_changed"();
