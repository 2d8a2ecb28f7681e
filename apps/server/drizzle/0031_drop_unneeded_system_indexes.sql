-- Every import writes a national feed's thousands of stops and routes as systems: each index is one more
-- entry per row. A group's systems are found by the unique (group_id, external_ref) index, whose first
-- column is the group; no query looks systems up by their source feed alone.
DROP INDEX "mobility_systems_group_idx";--> statement-breakpoint
DROP INDEX "mobility_systems_source_feed_idx";