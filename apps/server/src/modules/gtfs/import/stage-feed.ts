import { setImmediate } from 'node:timers/promises';
import type { TGtfsFeedCounts, TGtfsJobPhase } from '@mip/shared';
import type { TZipLimits } from '../../../config.ts';
import type { TDatabaseClient } from '../../../db/database.ts';
import type { TActor } from '../../../http/audit.ts';
import type { TFeedModel } from '../reader/feed-model.ts';
import type { IssueCollector } from '../reader/issues.ts';
import { formatIsoDate } from '../reader/values.ts';
import {
  chooseRouteDirections,
  isMappedStop,
  routeSystemRow,
  serviceWeekdays,
  shapesByRoute,
  stopSystemRow,
  type TRouteDirections,
  type TSystemRow,
  weekdaysToServiceDays,
} from './feed-systems.ts';
import type { FeedTablesLoad } from './feed-tables.ts';
import { dropTripTimesPartition, type TripTimesStaging, unpackStopRoute } from './trip-times-staging.ts';

/*
 * A feed from its read to the eve of its swap: its row, its load staged
 * (tables, indexes, partition) while it stays invisible, and the types and
 * errors the check, the import and the worker share. Nothing here needs
 * Drizzle or the schema: a check's worker thread loads only this side
 * (import-feed.ts holds the swap).
 */

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
  const shapesOfRoutes = shapesByRoute(model);
  const routes = model.routes.map((_, i) => ({
    ref: i + 1,
    row: routeSystemRow(model, i + 1, {
      directions: directions.get(i + 1) ?? {},
      shapeRefs: shapesOfRoutes.get(i + 1) ?? new Set(),
      serviceDays: weekdaysToServiceDays(routeWeekdays[i + 1]),
    }),
  }));
  return { stops, routes, routesOfStop, directions };
}

/** Drops a feed's rows: its partition, then the feed (its small tables cascade). */
export async function dropFeed(db: TDatabaseClient, feedId: number): Promise<void> {
  await dropTripTimesPartition(db, feedId);
  await db.$client.query('delete from gtfs_feeds where id = $1', [feedId]);
}

/** Drops what a job's check loaded and no confirm will swap in (the job was cancelled while waiting). */
export async function dropStagedFeeds(db: TDatabaseClient, jobId: number): Promise<void> {
  const { rows } = await db.$client.query<{ id: number }>(
    `select id from gtfs_feeds where job_id = $1 and status = 'LOADING'`,
    [jobId],
  );
  for (const row of rows) await dropFeed(db, row.id);
}

/** A feed row for a load: LOADING, so timetables never see it until the swap. */
export async function createFeed(db: TDatabaseClient, groupId: number, jobId: number): Promise<number> {
  const { rows } = await db.$client.query<{ id: number }>(
    `insert into gtfs_feeds (group_id, job_id, status) values ($1, $2, 'LOADING') returning id`,
    [groupId, jobId],
  );
  return rows[0].id;
}

/**
 * Gives up a load that will not be swapped in (a failure, a cancel, a feed with errors): its trips' COPY
 * rolls back, its other tables' loads are waited for, then the feed and what it holds go.
 */
export async function abandonLoad(
  db: TDatabaseClient,
  staging: TripTimesStaging,
  tables: FeedTablesLoad,
  error: Error,
): Promise<void> {
  await staging.abort(error);
  await tables.settle();
  await dropFeed(db, staging.feedId).catch(() => {});
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
  staging.endRead();
  if (staging.repeatsSequence) throw new DuplicateSequenceError();
  input.signal.throwIfAborted();

  const counts = feedCounts(model, model.stopTimeCount);
  const reachPhase = (phase: TGtfsJobPhase) => input.onProgress({ phase, rowsDone: rowsRead, rowsTotal: rowsRead });
  reachPhase('INDEXING');
  // The trips' load commits (PostgreSQL takes the last of their COPY and flushes it) and the rest of the
  // tables go in while the systems are planned (the routes' directions, which their own rows then take);
  // the trips' statistics are gathered once they are committed. None reads what another writes. All are
  // waited for, so a failure of one never drops the feed under another.
  const loads = [staging.commit().then(() => staging.analyze()), tables.loadRead(model, counts)];
  for (const load of loads) load.catch(() => {});
  // Their connections are handed out and their first statements sent on the next turns of the event loop:
  // they go before the plan holds this thread (some 40 ms for a national feed), while PostgreSQL works.
  await setImmediate();
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
