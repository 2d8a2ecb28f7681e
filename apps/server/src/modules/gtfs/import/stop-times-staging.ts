import type pg from 'pg';
import type { TDatabase } from '../../../db/database.ts';
import type { TFeedModel, TStopTimeSink } from '../reader/feed-model.ts';
import { LongestTrips } from './longest-trips.ts';
import { StopTimesCopy } from './stop-times-copy.ts';

/** The table a feed's stop_times are loaded into, attached later as its partition of gtfs_stop_times. */
export function stopTimesPartition(feedId: number): string {
  return `gtfs_stop_times_f${feedId}`;
}

/** A stop and a route meet when some trip of the route calls at the stop; both refs packed in one number. */
const ROUTE_BITS = 2 ** 21;

/**
 * Loads a feed's stop_times: streamed by COPY … FREEZE into a fresh table in
 * the transaction that creates it (no WAL-heavy inserts, rows born visible so
 * index-only scans work at once), indexed after the load, then attached.
 */
export class StopTimesStaging {
  readonly table: string;
  private readonly db: TDatabase;
  readonly feedId: number;
  private client: pg.PoolClient | null = null;
  private writer: StopTimesCopy | null = null;
  /** By trip ref: how many stop_times it has. */
  tripStopCounts = new Int32Array(0);
  /** Every (stop, route) pair that meets, packed: stopRef * 2^21 + routeRef. */
  readonly stopRoutes = new Set<number>();
  /** Each route and direction's longest trip, followed as its rows go by. */
  private longestTrips: LongestTrips | null = null;

  constructor(db: TDatabase, feedId: number) {
    this.db = db;
    this.feedId = feedId;
    this.table = stopTimesPartition(feedId);
  }

  /** The sink the feed reader writes into. */
  sink(): TStopTimeSink {
    let tripRoutes = new Int32Array(0);
    let tripServices = new Int32Array(0);
    let tripDirections = new Int8Array(0);
    return {
      start: async (model: TFeedModel) => {
        // Route, service and direction travel with every row: looked up by trip ref.
        tripRoutes = new Int32Array(model.trips.length + 1);
        tripServices = new Int32Array(model.trips.length + 1);
        tripDirections = new Int8Array(model.trips.length + 1);
        model.trips.forEach((trip, i) => {
          tripRoutes[i + 1] = trip.routeRef;
          tripServices[i + 1] = trip.serviceRef;
          tripDirections[i + 1] = trip.directionId;
        });
        this.tripStopCounts = new Int32Array(model.trips.length + 1);
        this.longestTrips = new LongestTrips(model.trips);
        await this.begin();
      },
      add: (tripRef, stopRef, sequence, arrival, departure, pickupType, dropOffType) => {
        const writer = this.writer;
        if (!writer) throw new Error('the stop_times load has not started');
        writer.add(
          tripRef,
          stopRef,
          sequence,
          arrival,
          departure,
          pickupType,
          dropOffType,
          tripRoutes[tripRef],
          tripServices[tripRef],
          tripDirections[tripRef],
        );
        this.tripStopCounts[tripRef]++;
        this.stopRoutes.add(stopRef * ROUTE_BITS + tripRoutes[tripRef]);
        this.longestTrips?.add(tripRef, stopRef, sequence);
      },
      drain: () => this.writer?.flush(),
    };
  }

  private async begin(): Promise<void> {
    const client = await this.db.$client.connect();
    this.client = client;
    // Loading a big feed takes longer than the pool's request timeout allows.
    await client.query('begin');
    await client.query('set local statement_timeout = 0');
    await this.createTable(client);
    this.writer = new StopTimesCopy(client, this.table);
  }

  /**
   * The feed's table, with its feed_id and the CHECK constraint its partition bound needs. Set while it is
   * empty, the constraint costs a comparison a row during the COPY; added after, it cost a scan of every
   * row (and attaching without it, another).
   */
  private async createTable(client: pg.ClientBase | pg.Pool): Promise<void> {
    await client.query(`create table ${this.table} (like gtfs_stop_times including defaults)`);
    await client.query(`alter table ${this.table} alter column feed_id set default ${this.feedId}`);
    await client.query(
      `alter table ${this.table} add constraint ${this.table}_feed_check check (feed_id = ${this.feedId})`,
    );
  }

  /** Ends the COPY and commits: the rows are on disk, still invisible to timetables. */
  async commit(): Promise<number> {
    const client = this.client;
    const writer = this.writer;
    if (!client || !writer) {
      // A feed without stop_times never started the load: an empty table keeps every later step the same.
      await this.createTable(this.db.$client);
      return 0;
    }
    try {
      await writer.end();
      await client.query('commit');
      return writer.rowCount;
    } finally {
      this.release();
    }
  }

  /** Gives the load up (cancelled or failed): its transaction rolls back, so the table never existed. */
  async abort(error: Error): Promise<void> {
    const client = this.client;
    if (!client) return;
    this.writer?.abort(error);
    await client.query('rollback').catch(() => {});
    this.release(true);
  }

  private release(isBroken = false) {
    this.client?.release(isBroken ? true : undefined);
    this.client = null;
    this.writer = null;
  }

  /**
   * The indexes timetables read: a stop on a date (stop, service) and a route
   * on a date (route, direction, service), both covering every column the
   * answer and the partition's feed_id condition read, so they are index-only
   * scans; and when asked (trip, sequence), unique, which refuses a repeated sequence.
   */
  async createIndexes(withTripIndex: boolean): Promise<void> {
    const statements = [
      // Only needed to look a trip up by itself (frequency-based trips) or to catch repeated sequences the
      // reader could not see (a trip's rows scattered through the file); a million rows spare it otherwise.
      ...(withTripIndex ? [`create unique index ${this.table}_trip_idx on ${this.table} (trip_ref, sequence)`] : []),
      `create index ${this.table}_stop_idx on ${this.table} (stop_ref, service_ref)
         include (route_ref, direction, sequence, arrival, departure, trip_ref, feed_id)`,
      `create index ${this.table}_route_idx on ${this.table} (route_ref, direction, service_ref)
         include (stop_ref, sequence, arrival, departure, trip_ref, feed_id)`,
    ];
    // Built side by side, one connection each: index builds are CPU-bound and the table is read-only now.
    // Hence no parallel workers within a build: on two cores they only crowded the other build (the pair
    // took 0.8–1.0 s without them, 1.0–1.1 s with PostgreSQL's default two each, on 1M rows).
    await Promise.all(
      statements.map(async (statement) => {
        const client = await this.db.$client.connect();
        try {
          await client.query('set statement_timeout = 0');
          // Two builds side by side each sort up to this much in memory before spilling to disk: at 128 MB the
          // product's peak during a 1M-row import was 499–568 MB, at 64 MB 441–472 MB, in the same time.
          await client.query("set maintenance_work_mem = '64MB'");
          await client.query('set max_parallel_maintenance_workers = 0');
          await client.query(statement);
        } finally {
          await client
            .query('reset statement_timeout; reset maintenance_work_mem; reset max_parallel_maintenance_workers')
            .catch(() => {});
          client.release();
        }
      }),
    );
  }

  /**
   * GTFS lets intermediate stops go untimed; their times are interpolated
   * between the timed stops around them, in proportion to their position.
   */
  async interpolateUntimed(): Promise<number> {
    const result = await this.db.$client.query(`
      with ordered as (
        select trip_ref, sequence, arrival, departure,
               row_number() over (partition by trip_ref order by sequence) as pos
          from ${this.table}
         where trip_ref in (select trip_ref from ${this.table} where arrival is null)
      ), marked as (
        select o.*,
               max(case when arrival is not null then pos end)
                 over (partition by trip_ref order by pos rows between unbounded preceding and current row) as prev_pos,
               min(case when arrival is not null then pos end)
                 over (partition by trip_ref order by pos rows between current row and unbounded following) as next_pos
          from ordered o
      ), times as (
        select m.trip_ref, m.sequence,
               p.departure + round((n.arrival - p.departure) * (m.pos - p.pos)::numeric / (n.pos - p.pos))::int as at
          from marked m
          join ordered p on p.trip_ref = m.trip_ref and p.pos = m.prev_pos
          join ordered n on n.trip_ref = m.trip_ref and n.pos = m.next_pos
         where m.arrival is null
      )
      update ${this.table} t set arrival = times.at, departure = times.at
        from times where t.trip_ref = times.trip_ref and t.sequence = times.sequence`);
    await this.db.$client.query(`vacuum ${this.table}`);
    return result.rowCount ?? 0;
  }

  async analyze(): Promise<void> {
    await this.db.$client.query(`analyze ${this.table}`);
  }

  /** The stops of some trips, in sequence order: as followed during the load when it could, else from the table. */
  async stopsOfTrips(tripRefs: number[]): Promise<Map<number, number[]>> {
    const followed = this.longestTrips?.stopsOf(tripRefs);
    if (followed) return followed;
    const { rows } = await this.db.$client.query<{ trip_ref: number; stop_refs: number[] }>(
      `select trip_ref, array_agg(stop_ref order by sequence) as stop_refs
         from ${this.table} where trip_ref = any($1::int[]) group by trip_ref`,
      [tripRefs],
    );
    return new Map(rows.map((row) => [row.trip_ref, row.stop_refs]));
  }

  /**
   * Makes the table the feed's partition. Its CHECK constraint (createTable) lets PostgreSQL skip scanning
   * the rows; the feed stays invisible until its status says ACTIVE.
   */
  async attach(): Promise<void> {
    await this.db.$client.query(
      `alter table gtfs_stop_times attach partition ${this.table} for values in (${this.feedId})`,
    );
  }
}

export function unpackStopRoute(packed: number): { stopRef: number; routeRef: number } {
  return { stopRef: Math.floor(packed / ROUTE_BITS), routeRef: packed % ROUTE_BITS };
}

/** Drops a feed's stop_times, attached or not; used for failed loads and replaced feeds. */
export async function dropStopTimesPartition(db: TDatabase, feedId: number): Promise<void> {
  await db.$client.query(`drop table if exists ${stopTimesPartition(feedId)}`);
}
