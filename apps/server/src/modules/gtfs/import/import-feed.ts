import type { TGtfsFeedCounts, TGtfsJobPhase } from '@mip/shared';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { TZipLimits } from '../../../config.ts';
import type { TDatabase } from '../../../db/database.ts';
import { recordAudit, type TActor } from '../../../http/audit.ts';
import { notifyImportEnded } from '../gtfs-notifications.ts';
import type { TFeedModel } from '../reader/feed-model.ts';
import { readGtfsFeed } from '../reader/feed-reader.ts';
import type { IssueCollector } from '../reader/issues.ts';
import { formatIsoDate } from '../reader/values.ts';
import { moveServiceToToday } from './demo-service-dates.ts';
import {
  chooseRouteDirections,
  isMappedStop,
  routeSystemRow,
  serviceWeekdays,
  stopSystemRow,
  type TRouteDirections,
  type TSystemRow,
  weekdaysToServiceDays,
} from './feed-systems.ts';
import { FeedTablesLoad } from './feed-tables.ts';
import { dropTripTimesPartition, TripTimesStaging, unpackStopRoute } from './trip-times-staging.ts';

/**
 * Where a check or import stands: its step, and the feed's rows read so far
 * of all it has (null while a first read does not know yet). Every step after
 * the read has all of them: the rows are in, what remains is to index and
 * swap them, and the phase says which.
 */
export interface TImportProgress {
  phase: TGtfsJobPhase;
  rowsDone: number;
  rowsTotal: number | null;
}

export interface TImportFeedInput {
  jobId: number;
  groupId: number;
  filePath: string;
  /** Who confirmed the import: the swap is audited in their name. */
  actor: TActor;
  /** Rows the validation counted, so the reading phase has a total. */
  expectedRows: number | null;
  signal: AbortSignal;
  onProgress: (progress: TImportProgress) => void;
  /** The demo network only (yyyymmdd): its service dates move to cover this day, see moveServiceToToday. */
  moveServiceTo?: number;
  /** How much the zip may unzip to (the configured limits by default). */
  zipLimits?: TZipLimits;
}

/** What the swap needs besides the feed's id: the job it completes and who confirmed it. */
export type TSwapInput = Pick<TImportFeedInput, 'jobId' | 'groupId' | 'actor' | 'signal' | 'onProgress'>;

/** A feed loaded, indexed and attached, not yet live: what its swap needs. */
export interface TStagedFeed {
  feedId: number;
  plan: TSystemsPlan;
  counts: TGtfsFeedCounts;
  startDate: string | null;
  endDate: string | null;
  /** Whole years the demo's service dates were moved by; null for a feed loaded as it is. */
  serviceYearsMoved: number | null;
  /** The feed's rows, every file's (what the progress counts). */
  rowsRead: number;
}

export interface TImportFeedResult {
  feedId: number;
  counts: TGtfsFeedCounts;
  startDate: string | null;
  endDate: string | null;
  deactivatedSystems: number;
}

/** A cancel that arrived before the swap: the swap notices it under the job's row lock. */
export class ImportCancelledError extends Error {
  constructor() {
    super('the import was cancelled');
  }
}

/** An import that ended on a problem of the feed (not of the server): it carries the report's issues. */
export class FeedRejectedError extends Error {
  readonly issues: IssueCollector;
  constructor(issues: IssueCollector) {
    super('the feed has errors');
    this.issues = issues;
  }
}

export function feedCounts(model: TFeedModel, stopTimes: number): TGtfsFeedCounts {
  return {
    agencies: model.agencies.length,
    stops: model.stops.length,
    routes: model.routes.length,
    trips: model.trips.length,
    stopTimes,
    services: model.services.length,
    calendarDates: model.calendarDates.length,
    frequencies: model.frequencies.length,
    shapes: model.shapes.length,
  };
}

const isoOrNull = (date: number | null) => (date === null ? null : formatIsoDate(date));

export interface TSystemsPlan {
  stops: { ref: number; row: TSystemRow }[];
  routes: { ref: number; row: TSystemRow }[];
  /** By stop ref: the route refs that call at it. */
  routesOfStop: Map<number, number[]>;
  directions: Map<number, TRouteDirections>;
}

function planSystems(model: TFeedModel, staging: TripTimesStaging): TSystemsPlan {
  const { representativeTrips, headsigns } = chooseRouteDirections(model, staging.tripStopCounts());
  const stopsOfTrips = staging.stopsOfTrips([...representativeTrips.values()]);
  const directions = new Map<number, TRouteDirections>();
  for (const [key, tripRef] of representativeTrips) {
    const [routeRef, direction] = key.split(':') as [string, '0' | '1'];
    const info = directions.get(Number(routeRef)) ?? {};
    info[direction] = { headsign: headsigns.get(key) ?? null, stopRefs: stopsOfTrips.get(tripRef) ?? [] };
    directions.set(Number(routeRef), info);
  }
  const weekdaysOfService = serviceWeekdays(model);
  const routeWeekdays = new Int32Array(model.routes.length + 1);
  for (const trip of model.trips) routeWeekdays[trip.routeRef] |= weekdaysOfService[trip.serviceRef];

  const routesOfStop = new Map<number, number[]>();
  for (const packed of staging.stopRoutes) {
    const { stopRef, routeRef } = unpackStopRoute(packed);
    const list = routesOfStop.get(stopRef) ?? [];
    list.push(routeRef);
    routesOfStop.set(stopRef, list);
  }
  const stops = model.stops.flatMap((stop, i) => {
    if (!isMappedStop(stop)) return [];
    const routeRefs = routesOfStop.get(i + 1) ?? [];
    const weekdays = routeRefs.reduce((days, routeRef) => days | routeWeekdays[routeRef], 0);
    return [{ ref: i + 1, row: stopSystemRow(stop, weekdaysToServiceDays(weekdays)) }];
  });
  const routes = model.routes.map((_, i) => ({
    ref: i + 1,
    row: routeSystemRow(model, i + 1, directions.get(i + 1) ?? {}, weekdaysToServiceDays(routeWeekdays[i + 1])),
  }));
  return { stops, routes, routesOfStop, directions };
}

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
  db: TDatabase,
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

/** Drops a feed's rows: its partition, then the feed (its small tables cascade). */
export async function dropFeed(db: TDatabase, feedId: number): Promise<void> {
  await dropTripTimesPartition(db, feedId);
  await db.$client.query('delete from gtfs_feeds where id = $1', [feedId]);
}

/** Drops what a job's check loaded and no confirm will swap in (the job was cancelled while waiting). */
export async function dropStagedFeeds(db: TDatabase, jobId: number): Promise<void> {
  const { rows } = await db.$client.query<{ id: number }>(
    `select id from gtfs_feeds where job_id = $1 and status = 'LOADING'`,
    [jobId],
  );
  for (const row of rows) await dropFeed(db, row.id);
}

/** A feed row for a load: LOADING, so timetables never see it until the swap. */
export async function createFeed(db: TDatabase, groupId: number, jobId: number): Promise<number> {
  const { rows } = await db.$client.query<{ id: number }>(
    `insert into gtfs_feeds (group_id, job_id, status) values ($1, $2, 'LOADING') returning id`,
    [groupId, jobId],
  );
  return rows[0].id;
}

/** A trip whose rows were scattered through the file repeats a sequence: the reader could not see it. */
export class DuplicateSequenceError extends Error {
  constructor() {
    super('a trip repeats a stop_sequence');
  }
}

/**
 * Everything between the read and the swap: the trips' load committed, the
 * feed's other tables loaded (`tables`, those read before stop_times already
 * on their way), the partition attached. The feed stays LOADING, invisible
 * to timetables; what the swap needs comes back with it.
 */
export async function stageFeed(
  staging: TripTimesStaging,
  tables: FeedTablesLoad,
  read: { model: TFeedModel; rowsRead: number },
  input: Pick<TImportFeedInput, 'signal' | 'onProgress'>,
): Promise<TStagedFeed> {
  const { model, rowsRead } = read;
  const feedId = staging.feedId;
  await staging.commit();
  if (staging.repeatsSequence) throw new DuplicateSequenceError();
  input.signal.throwIfAborted();

  const counts = feedCounts(model, model.stopTimeCount);
  const reachPhase = (phase: TGtfsJobPhase) => input.onProgress({ phase, rowsDone: rowsRead, rowsTotal: rowsRead });
  reachPhase('INDEXING');
  // The trips' statistics are gathered and the rest of the tables go in while the systems are planned
  // (the routes' directions, which their own rows then take): none reads what another writes. All are
  // waited for, so a failure of one never drops the feed under another.
  const loads = [staging.analyze(), tables.loadRead(model, counts, staging.patternStopRows())];
  for (const load of loads) load.catch(() => {});
  const plan = planSystems(model, staging);
  loads.push(tables.loadRoutes(model, plan.directions));
  const settled = await Promise.allSettled(loads);
  for (const result of settled) if (result.status === 'rejected') throw result.reason;
  input.signal.throwIfAborted();

  reachPhase('SYSTEMS');
  await staging.attach();
  input.signal.throwIfAborted();
  return {
    feedId,
    plan,
    counts,
    startDate: isoOrNull(model.startDate),
    endDate: isoOrNull(model.endDate),
    serviceYearsMoved: null,
    rowsRead,
  };
}

/** Makes a staged feed the group's live one; the feeds it replaced are dropped. */
export async function swapStagedFeed(
  db: TDatabase,
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
export async function importFeed(db: TDatabase, input: TImportFeedInput): Promise<TImportFeedResult> {
  // What the job's check staged is loaded again from the file: one feed of a job at a time.
  await dropStagedFeeds(db, input.jobId);
  const feedId = await createFeed(db, input.groupId, input.jobId);
  const staging = new TripTimesStaging(db, feedId);
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
    await staging.abort(error as Error);
    await tables.settle();
    await dropFeed(db, feedId).catch(() => {});
    throw error;
  }
}
