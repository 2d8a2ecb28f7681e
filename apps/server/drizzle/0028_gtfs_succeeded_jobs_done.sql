-- Imports that succeeded before the swap recorded its rows, some left at SWAPPING by a late progress write:
-- a succeeded import loaded every row of its feed, which its check counted (rows_total).
UPDATE "gtfs_import_jobs" SET "phase" = 'DONE', "rows_done" = coalesce("rows_total", "rows_done")
 WHERE "status" = 'SUCCEEDED';
