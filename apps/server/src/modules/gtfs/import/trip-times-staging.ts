import type pg from 'pg';
import type { TDatabaseClient } from '../../../db/database.ts';
import type { TFeedModel, TStopTimeSink } from '../reader/feed-model.ts';
import { interpolateUntimed, PatternBook, TripRun, type TTripTimes } from './trip-patterns.ts';
import { TripTimesCopy } from './trip-times-copy.ts';

/** The table a feed's trip times are loaded into, attached later as its partition of gtfs_trip_times. */
export function tripTimesPartition(feedId: number): string {
  return `gtfs_trip_times_f${feedId}`;
}

/** A stop and a route meet when some trip of the route calls at the stop; both refs packed in one number. */
const ROUTE_BITS = 2 ** 21;

/** The rows of gtfs_pattern_stops, by column, as copyRows takes them. */
export const PATTERN_STOP_COLUMNS = [
  'feed_id',
  'pattern_ref',
  'position',
  'stop_ref',
  'sequence',
  'pickup_type',
  'drop_off_type',
];

/**
 * Loads a feed's stop_times as trips (see trip-patterns.ts): each trip is
 * assembled once its rows are past and streamed by COPY … FREEZE into a fresh
 * table in the transaction that creates it (rows born visible, no WAL-heavy
 * inserts), indexed as they arrive, then attached. Its patterns are small and
 * go in with the feed's other small tables.
 *
 * A trip's rows usually come together. When one comes back after another
 * trip's, the rows already streamed are no longer whole: from then on nothing
 * is streamed, and the commit empties the table and writes every trip from
 * memory (a million stop_times keep some 10 MB there).
 */
export class TripTimesStaging {
  readonly table: string;
  private readonly db: TDatabaseClient;
  readonly feedId: number;
  private client: pg.PoolClient | null = null;
  private writer: TripTimesCopy | null = null;
  readonly patterns = new PatternBook();
  /** By trip ref: its pattern's ref, 0 while it has no stop_times. */
  private tripPatterns = new Int32Array(0);
  /** By trip ref: its times, untimed stops still -1. */
  private tripTimes: (TTripTimes | undefined)[] = [];
  private tripRoutes = new Int32Array(0);
  private tripServices = new Int32Array(0);
  private tripDirections = new Int8Array(0);
  /** Every (stop, route) pair that meets, packed: stopRef * 2^21 + routeRef. */
  readonly stopRoutes = new Set<number>();
  /** Patterns whose stops were already paired with a route, packed: patternRef * 2^21 + routeRef. */
  private readonly patternRoutes = new Set<number>();
  private readonly run = new TripRun();
  private runTrip = 0;
  private isScattered = false;
  /** Two rows of a trip share a sequence: seen once its rows, scattered through the file, are put together. */
  repeatsSequence = false;

  constructor(db: TDatabaseClient, feedId: number) {
    this.db = db;
    this.feedId = feedId;
    this.table = tripTimesPartition(feedId);
  }

  /** The sink the feed reader writes into. */
  sink(): TStopTimeSink {
    return {
      start: async (model: TFeedModel) => {
        // Route, service and direction travel with every trip: looked up by trip ref.
        const size = model.trips.length + 1;
        this.tripRoutes = new Int32Array(size);
        this.tripServices = new Int32Array(size);
        this.tripDirections = new Int8Array(size);
        model.trips.forEach((trip, i) => {
          this.tripRoutes[i + 1] = trip.routeRef;
          this.tripServices[i + 1] = trip.serviceRef;
          this.tripDirections[i + 1] = trip.directionId;
        });
        this.tripPatterns = new Int32Array(size);
        this.tripTimes = new Array(size);
        await this.begin(model.frequencies.length > 0);
      },
      add: (tripRef, stopRef, sequence, arrival, departure, pickupType, dropOffType) => {
        if (tripRef !== this.runTrip) {
          this.endRun();
          this.runTrip = tripRef;
          const pattern = this.tripPatterns[tripRef];
          if (pattern !== 0) {
            // A trip seen before: its rows so far join the new ones.
            this.isScattered = true;
            this.run.addAll(this.patterns.get(pattern), this.tripTimes[tripRef] as TTripTimes);
          }
        }
        this.run.add(stopRef, sequence, arrival, departure, pickupType, dropOffType);
      },
      drain: () => this.writer?.flush(),
    };
  }

  /** Puts the trip whose rows just went by together, and streams it unless the file scatters its trips. */
  private endRun(): void {
    const tripRef = this.runTrip;
    if (tripRef === 0) return;
    const { pattern, times, repeatsSequence } = this.run.assemble();
    // Before the run is cleared: the pattern may be a view of its rows.
    const patternRef = this.patterns.refOf(pattern);
    this.run.clear();
    this.runTrip = 0;
    if (repeatsSequence) this.repeatsSequence = true;
    this.tripPatterns[tripRef] = patternRef;
    this.tripTimes[tripRef] = times;
    const routeRef = this.tripRoutes[tripRef];
    const packed = patternRef * ROUTE_BITS + routeRef;
    if (!this.patternRoutes.has(packed)) {
      this.patternRoutes.add(packed);
      for (const stopRef of this.patterns.get(patternRef).stops) this.stopRoutes.add(stopRef * ROUTE_BITS + routeRef);
    }
    if (!this.isScattered) this.write(tripRef);
  }

  private write(tripRef: number): void {
    const writer = this.writer;
    if (!writer) throw new Error('the stop_times load has not started');
    const { arrivals, departures } = interpolateUntimed(this.tripTimes[tripRef] as TTripTimes);
    writer.add(
      tripRef,
      this.tripPatterns[tripRef],
      this.tripRoutes[tripRef],
      this.tripServices[tripRef],
      this.tripDirections[tripRef],
      arrivals,
      departures,
    );
  }

  private async begin(withTripIndex: boolean): Promise<void> {
    const client = await this.db.$client.connect();
    this.client = client;
    // Loading a big feed takes longer than the pool's request timeout allows.
    await client.query('begin');
    await client.query('set local statement_timeout = 0');
    await this.createTable(client, withTripIndex);
    this.writer = new TripTimesCopy(client, this.table);
  }

  /**
   * The feed's table, with its feed_id and the CHECK constraint its partition bound needs: set while it is
   * empty, it costs a comparison a row during the COPY and spares attaching a scan of every row.
   * Its indexes come with it, so PostgreSQL keeps them as the rows stream in, alongside the reader's
   * parsing, instead of building them after the read, when everything waits for them: a million
   * stop_times are some twenty thousand rows. The indexes timetables read: the trips of some patterns on
   * a date (a stop's, found by its patterns) and the trips of a route and direction on a date; with
   * `withTripIndex`, a trip by itself (frequency-based trips are).
   */
  private async createTable(client: pg.ClientBase | pg.Pool, withTripIndex: boolean): Promise<void> {
    await client.query(`create table ${this.table} (like gtfs_trip_times including defaults)`);
    await client.query(`alter table ${this.table} alter column feed_id set default ${this.feedId}`);
    await client.query(
      `alter table ${this.table} add constraint ${this.table}_feed_check check (feed_id = ${this.feedId})`,
    );
    // No query filters on a time inside the arrays: their statistics (most common elements) are never read,
    // and gathering them was most of the ANALYZE of a national feed (0.3 s of 0.35).
    await client.query(
      `alter table ${this.table} alter column arrivals set statistics 0, alter column departures set statistics 0`,
    );
    if (withTripIndex) await client.query(`create unique index ${this.table}_trip_idx on ${this.table} (trip_ref)`);
    await client.query(`create index ${this.table}_pattern_idx on ${this.table} (pattern_ref, service_ref)`);
    await client.query(`create index ${this.table}_route_idx on ${this.table} (route_ref, direction, service_ref)`);
  }

  /** Ends the COPY and commits: the rows are on disk, still invisible to timetables. */
  async commit(): Promise<void> {
    const client = this.client;
    if (!client || !this.writer) {
      // A feed without stop_times never started the load: an empty table keeps every later step the same.
      await this.createTable(this.db.$client, false);
      return;
    }
    try {
      this.endRun();
      if (this.isScattered) {
        // What was streamed before a trip came back is incomplete: every trip is written again, whole.
        await this.writer.end();
        await client.query(`truncate ${this.table}`);
        this.writer = new TripTimesCopy(client, this.table);
        for (let tripRef = 1; tripRef < this.tripPatterns.length; tripRef++) {
          if (this.tripPatterns[tripRef] === 0) continue;
          this.write(tripRef);
          await this.writer.flush();
        }
      }
      await this.writer.end();
      await client.query('commit');
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

  async analyze(): Promise<void> {
    await this.db.$client.query(`analyze ${this.table}`);
  }

  /** By trip ref: how many stop_times it has (its pattern's stops). */
  tripStopCounts(): Int32Array {
    return this.tripPatterns.map((pattern) => (pattern === 0 ? 0 : this.patterns.get(pattern).stops.length));
  }

  /** The stops of some trips, in sequence order. */
  stopsOfTrips(tripRefs: number[]): Map<number, number[]> {
    return new Map(
      tripRefs.map((ref) => {
        const pattern = this.tripPatterns[ref];
        return [ref, pattern === 0 ? [] : [...this.patterns.get(pattern).stops]];
      }),
    );
  }

  /** The rows of gtfs_pattern_stops (PATTERN_STOP_COLUMNS) of the patterns some trip follows. */
  patternStopRows(): number[][] {
    const used = new Set(this.tripPatterns);
    const rows: number[][] = [];
    this.patterns.patterns.forEach((pattern, i) => {
      const ref = i + 1;
      if (!used.has(ref)) return;
      for (let k = 0; k < pattern.stops.length; k++) {
        rows.push([
          this.feedId,
          ref,
          k + 1,
          pattern.stops[k],
          pattern.sequences[k],
          pattern.pickupTypes[k],
          pattern.dropOffTypes[k],
        ]);
      }
    });
    return rows;
  }

  /**
   * Makes the table the feed's partition. Its CHECK constraint (createTable) lets PostgreSQL skip scanning
   * the rows; the feed stays invisible until its status says ACTIVE.
   */
  async attach(): Promise<void> {
    await this.db.$client.query(
      `alter table gtfs_trip_times attach partition ${this.table} for values in (${this.feedId})`,
    );
  }
}

export function unpackStopRoute(packed: number): { stopRef: number; routeRef: number } {
  return { stopRef: Math.floor(packed / ROUTE_BITS), routeRef: packed % ROUTE_BITS };
}

/** Drops a feed's trip times, attached or not; used for failed loads and replaced feeds. */
export async function dropTripTimesPartition(db: TDatabaseClient, feedId: number): Promise<void> {
  await db.$client.query(`drop table if exists ${tripTimesPartition(feedId)}`);
}
