import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { TDatabaseClient } from '../../../db/database.ts';
import { recordAudit } from '../../../http/audit.ts';
import { notifyImportEnded } from '../gtfs-notifications.ts';
import { readGtfsFeed } from '../reader/feed-reader.ts';
import { moveServiceToToday } from './demo-service-dates.ts';
import type { TSystemRow } from './feed-systems.ts';
import { FeedTablesLoad } from './feed-tables.ts';
import {
  abandonLoad,
  createFeed,
  DuplicateSequenceError,
  dropFeed,
  dropStagedFeeds,
  FeedRejectedError,
  ImportCancelledError,
  stageFeed,
  type TImportFeedInput,
  type TImportFeedResult,
  type TStagedFeed,
  type TSwapInput,
} from './stage-feed.ts';
import { TripTimesStaging } from './trip-times-staging.ts';

/*
 * The swap that makes a staged feed live, and the whole import (read, stage,
 * swap) of a feed no check staged. It writes systems, the audit and a
 * notification, so it loads Drizzle and the schema: a worker thread loads it
 * only for an import or a swap (see feed-worker.ts).
 */

const SYSTEM_COLUMNS = `name text, description text, system_type text, color text, latitude float8, longitude float8,
  geometry jsonb, min_latitude float8, max_latitude float8, min_longitude float8, max_longitude float8,
  service_days jsonb, properties jsonb, external_ref text, related_info jsonb`;

/** What the swap merges into a system's related_info (the rest of it, set by hand, stays). */
type TFeedRelatedInfo = Record<string, unknown>;

/**
 * Inserts or updates the systems by (group, external_ref), merging `relatedInfo(i)` into the related_info
 * of the i-th row when given; answers their ids by external_ref.
 */
async function upsertSystems(
  client: pg.PoolClient,
  groupId: number,
  feedId: number,
  rows: TSystemRow[],
  relatedInfo: (index: number) => TFeedRelatedInfo | null = () => null,
): Promise<{ ids: Map<string, number>; inserted: number }> {
  if (rows.length === 0) return { ids: new Map(), inserted: 0 };
  const payload = rows.map((row, i) => ({
    name: row.name,
    description: row.description,
    system_type: row.systemType,
    color: row.color,
    latitude: row.latitude,
    longitude: row.longitude,
    geometry: row.geometry,
    min_latitude: row.minLatitude,
    max_latitude: row.maxLatitude,
    min_longitude: row.minLongitude,
    max_longitude: row.maxLongitude,
    service_days: row.serviceDays,
    properties: row.properties,
    external_ref: row.externalRef,
    related_info: relatedInfo(i),
  }));
  const { rows: saved } = await client.query<{ id: number; external_ref: string; inserted: boolean }>(
    `insert into mobility_systems (name, description, system_type, group_id, color, latitude, longitude, geometry,
            min_latitude, max_latitude, min_longitude, max_longitude, service_days, properties, active,
            external_ref, source_feed_id, related_info)
     select x.name, x.description, x.system_type, $2, x.color, x.latitude, x.longitude, x.geometry,
            x.min_latitude, x.max_latitude, x.min_longitude, x.max_longitude,
            array(select jsonb_array_elements_text(x.service_days)), x.properties, true, x.external_ref, $3,
            x.related_info
       from jsonb_to_recordset($1::jsonb) as x(${SYSTEM_COLUMNS})
     on conflict (group_id, external_ref) do update set
            name = excluded.name, description = excluded.description, color = excluded.color,
            latitude = excluded.latitude, longitude = excluded.longitude, geometry = excluded.geometry,
            min_latitude = excluded.min_latitude, max_latitude = excluded.max_latitude,
            min_longitude = excluded.min_longitude, max_longitude = excluded.max_longitude,
            service_days = excluded.service_days,
            -- Properties someone added by hand stay; the feed's own ones are refreshed.
            properties = mobility_systems.properties || excluded.properties,
            related_info = case when excluded.related_info is null then mobility_systems.related_info
                                else coalesce(mobility_systems.related_info, '{}'::jsonb) || excluded.related_info end,
            active = true, source_feed_id = excluded.source_feed_id, updated_at = now()
     returning id, external_ref, (xmax = 0) as inserted`,
    [JSON.stringify(payload), groupId, feedId],
  );
  return {
    ids: new Map(saved.map((row) => [row.external_ref, row.id])),
    inserted: saved.filter((row) => row.inserted).length,
  };
}

/**
 * The swap, in one transaction: systems upserted and linked, systems the new
 * feed no longer has deactivated, the new feed made ACTIVE and the old one
 * REPLACED, the job marked done and the whole change audited. Until it
 * commits, timetables read the previous feed; if it fails, they still do.
 */
async function swapIn(
  db: TDatabaseClient,
  input: TSwapInput,
  staged: TStagedFeed,
): Promise<{ deactivated: number; replacedFeedIds: number[] }> {
  const { feedId, plan, counts } = staged;
  const client = await db.$client.connect();
  try {
    await client.query('begin');
    await client.query('set local statement_timeout = 0');
    // Serialises two imports of one group; the group row also proves the group still exists.
    const group = await client.query('select id from mobility_system_groups where id = $1 for update', [input.groupId]);
    if (group.rowCount === 0) throw new Error('the group was deleted during the import');
    const job = await client.query<{ cancel_requested: boolean }>(
      'select cancel_requested from gtfs_import_jobs where id = $1 for update',
      [input.jobId],
    );
    if (job.rows[0]?.cancel_requested || input.signal.aborted) throw new ImportCancelledError();

    // Routes first, their ids then go into the stops' related info as the stops are written; a route's own
    // (its stops by direction) waits for the stops' ids: one more update, of the routes only.
    const routes = await upsertSystems(
      client,
      input.groupId,
      feedId,
      plan.routes.map((route) => route.row),
    );
    const routeSystemId = (ref: number) => routes.ids.get(plan.routes[ref - 1].row.externalRef) as number;
    const stops = await upsertSystems(
      client,
      input.groupId,
      feedId,
      plan.stops.map((stop) => stop.row),
      (i) => ({
        showSchedules: true,
        routes: (plan.routesOfStop.get(plan.stops[i].ref) ?? []).sort((a, b) => a - b).map(routeSystemId),
      }),
    );
    const stopSystemIds = new Map(plan.stops.map((stop) => [stop.ref, stops.ids.get(stop.row.externalRef) as number]));

    const routesInfo = plan.routes.map((route) => {
      const directions = plan.directions.get(route.ref) ?? {};
      const stopIds = (direction: '0' | '1') =>
        (directions[direction]?.stopRefs ?? []).map((ref) => stopSystemIds.get(ref)).filter((id) => id !== undefined);
      return {
        id: routeSystemId(route.ref),
        info: {
          showSchedules: true,
          routes: [],
          route: { id: routeSystemId(route.ref), stops: { MAIN: stopIds('0'), OPPOSITE: stopIds('1') } },
        },
      };
    });
    await client.query(
      `update mobility_systems m set related_info = coalesce(m.related_info, '{}'::jsonb) || v.info
         from jsonb_to_recordset($1::jsonb) as v(id int, info jsonb) where m.id = v.id`,
      [JSON.stringify(routesInfo)],
    );
    const links = (rows: { ref: number }[], id: (ref: number) => number | undefined) =>
      JSON.stringify(rows.map((row) => ({ ref: row.ref, id: id(row.ref) })));
    await client.query(
      `update gtfs_stops s set system_id = v.id from jsonb_to_recordset($2::jsonb) as v(ref int, id int)
        where s.feed_id = $1 and s.ref = v.ref`,
      [feedId, links(plan.stops, (ref) => stopSystemIds.get(ref))],
    );
    await client.query(
      `update gtfs_routes r set system_id = v.id from jsonb_to_recordset($2::jsonb) as v(ref int, id int)
        where r.feed_id = $1 and r.ref = v.ref`,
      [feedId, links(plan.routes, routeSystemId)],
    );
    // Stops and routes the new feed no longer has: deactivated, never deleted, so links to them survive.
    const deactivated = await client.query(
      `update mobility_systems set active = false, updated_at = now()
        where group_id = $1 and active and source_feed_id is distinct from $2
          and (external_ref like 'stop:%' or external_ref like 'route:%')`,
      [input.groupId, feedId],
    );
    const replaced = await client.query<{ id: number }>(
      `update gtfs_feeds set status = 'REPLACED' where group_id = $1 and status = 'ACTIVE' returning id`,
      [input.groupId],
    );
    await client.query(`update gtfs_feeds set status = 'ACTIVE', activated_at = now() where id = $1`, [feedId]);
    await client.query(
      `update gtfs_import_jobs set status = 'SUCCEEDED', phase = 'DONE', rows_done = $7, rows_total = $7,
              finished_at = now(), feed_id = $2, counts = $3, feed_start_date = $4, feed_end_date = $5,
              service_years_moved = $6
        where id = $1`,
      [
        input.jobId,
        feedId,
        JSON.stringify(counts),
        staged.startDate,
        staged.endDate,
        staged.serviceYearsMoved,
        staged.rowsRead,
      ],
    );
    await recordAudit(drizzle(client), input.actor, {
      action: 'GTFS_IMPORT',
      recordType: 'GTFS_FEED',
      recordId: feedId,
      after: {
        groupId: input.groupId,
        jobId: input.jobId,
        counts,
        deactivatedSystems: deactivated.rowCount ?? 0,
        replacedFeeds: replaced.rows.map((row) => row.id),
      },
    });
    await notifyImportEnded(drizzle(client), input.jobId, 'SUCCEEDED');
    await client.query('commit');
    return { deactivated: deactivated.rowCount ?? 0, replacedFeedIds: replaced.rows.map((row) => row.id) };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Makes a staged feed the group's live one; the feeds it replaced are dropped. */
export async function swapStagedFeed(
  db: TDatabaseClient,
  input: TSwapInput,
  staged: TStagedFeed,
): Promise<TImportFeedResult> {
  input.onProgress({ phase: 'SWAPPING', rowsDone: staged.rowsRead, rowsTotal: staged.rowsRead });
  input.signal.throwIfAborted();
  const swap = await swapIn(db, input, staged);
  for (const replaced of swap.replacedFeedIds) await dropFeed(db, replaced).catch(() => {});
  return {
    feedId: staged.feedId,
    counts: staged.counts,
    startDate: staged.startDate,
    endDate: staged.endDate,
    deactivatedSystems: swap.deactivated,
  };
}

/**
 * Imports a GTFS zip into a group: reads it once, streaming its trips' times
 * into a fresh table by COPY and the rest from memory, indexes the table, attaches
 * it as a partition, then swaps the feed in with one transaction. A failure or
 * a cancel at any step before the swap drops what was loaded; the group's
 * previous timetable stays live throughout.
 */
export async function importFeed(db: TDatabaseClient, input: TImportFeedInput): Promise<TImportFeedResult> {
  // What the job's check staged is loaded again from the file: one feed of a job at a time.
  await dropStagedFeeds(db, input.jobId);
  const feedId = await createFeed(db, input.groupId, input.jobId);
  const staging = new TripTimesStaging(db, feedId);
  staging.prepare();
  const tables = new FeedTablesLoad(db, feedId);
  try {
    input.onProgress({ phase: 'READING', rowsDone: 0, rowsTotal: input.expectedRows });
    const read = await readGtfsFeed(input.filePath, {
      stopTimeSink: tables.startingWith(staging.sink()),
      signal: input.signal,
      zipLimits: input.zipLimits,
      onProgress: (rowsDone) => input.onProgress({ phase: 'READING', rowsDone, rowsTotal: input.expectedRows }),
    });
    if (!read.model || read.issues.hasErrors) throw new FeedRejectedError(read.issues);
    const serviceYearsMoved =
      input.moveServiceTo === undefined ? null : moveServiceToToday(read.model, input.moveServiceTo);
    let staged: TStagedFeed;
    try {
      staged = await stageFeed(staging, tables, { model: read.model, rowsRead: read.rowsRead }, input);
    } catch (error) {
      if (!(error instanceof DuplicateSequenceError)) throw error;
      read.issues.add('DUPLICATE_STOP_SEQUENCE', { file: 'stop_times.txt', field: 'stop_sequence' });
      throw new FeedRejectedError(read.issues);
    }
    return await swapStagedFeed(db, input, { ...staged, serviceYearsMoved });
  } catch (error) {
    await abandonLoad(db, staging, tables, error as Error);
    throw error;
  }
}
