import type pg from 'pg';
import type { TDatabaseClient } from '../../../db/database.ts';
import type { TFeedModel, TStopTimeSink } from '../reader/feed-model.ts';
import { CopyWriter } from './copy-writer.ts';
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
 * inserts), indexed as they arrive, then attached. Each pattern is streamed
 * into gtfs_pattern_stops, by a COPY of its own, as the first trip that
 * follows it is assembled.
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
  /** The load's transaction and table, begun while the reader reads the files before stop_times. */
  private beginning: Promise<pg.PoolClient> | null = null;
  private writer: TripTimesCopy | null = null;
  /** Patterns go into gtfs_pattern_stops as the first trip that follows each is put together. */
  private patternClient: pg.PoolClient | null = null;
  private patternWriter: CopyWriter | null = null;
  /** Patterns are numbered as they are first seen: those up to this one are written. */
  private patternsWritten = 0;
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

  /**
   * Begins the load's transactions and creates its table now, so that stop_times starts streaming as soon
   * as the reader gets to it: connections and eight statements, some 40 ms otherwise spent between the
   * files before stop_times and its first row.
   */
  prepare(): void {
    this.beginning ??= this.begin();
    // Whoever goes on with the load (the sink's start, the commit or the abort) waits for it and sees its failure.
    this.beginning.catch(() => {});
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
        this.prepare();
        const client = await (this.beginning as Promise<pg.PoolClient>);
        // Frequency-based trips are looked up by themselves; frequencies.txt is read just before stop_times.
        if (model.frequencies.length > 0) {
          await client.query(`create unique index ${this.table}_trip_idx on ${this.table} (trip_ref)`);
        }
        this.writer = new TripTimesCopy(client, this.table);
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
      drain: async () => {
        await this.writer?.flush();
        await this.patternWriter?.flush();
      },
    };
  }

  /** Puts the trip whose rows just went by together, and streams it unless the file scatters its trips. */
  private endRun(): void {
    const tripRef = this.runTrip;
    if (tripRef === 0) return;
    const { pattern, times, repeatsSequence } = this.run.assemble();
    // Before the run is cleared: the pattern may be a view of its rows.
    const patternRef = this.patterns.refOf(pattern);
    if (patternRef > this.patternsWritten) this.writePattern(patternRef);
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

  /** A pattern first followed by the trip just put together (every trip after it that follows it only refers to it). */
  private writePattern(patternRef: number): void {
    const writer = this.patternWriter;
    if (!writer) throw new Error('the stop_times load has not started');
    const pattern = this.patterns.get(patternRef);
    for (let k = 0; k < pattern.stops.length; k++) {
      writer.writeRow([
        this.feedId,
        patternRef,
        k + 1,
        pattern.stops[k],
        pattern.sequences[k],
        pattern.pickupTypes[k],
        pattern.dropOffTypes[k],
      ]);
    }
    this.patternsWritten = patternRef;
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

  /**
   * The trips' transaction, which creates their table, and the patterns' one, which streams into
   * gtfs_pattern_stops while the trips do (their COPY would otherwise come after the read, when
   * everything waits for it); the trips' connection is the answer.
   */
  private async begin(): Promise<pg.PoolClient> {
    const connecting = await Promise.allSettled([this.db.$client.connect(), this.db.$client.connect()]);
    const [trips, patterns] = connecting;
    if (trips.status === 'fulfilled') this.client = trips.value;
    if (patterns.status === 'fulfilled') this.patternClient = patterns.value;
    for (const result of connecting) if (result.status === 'rejected') throw result.reason;
    const client = this.client as pg.PoolClient;
    const patternClient = this.patternClient as pg.PoolClient;
    // Loading a big feed takes longer than the pool's request timeout allows.
    const starts = [
      (async () => {
        await client.query('begin');
        await client.query('set local statement_timeout = 0');
        await this.createTable(client);
      })(),
      (async () => {
        await patternClient.query('begin');
        await patternClient.query('set local statement_timeout = 0');
        this.patternWriter = new CopyWriter(
          patternClient,
          `COPY gtfs_pattern_stops (${PATTERN_STOP_COLUMNS.join(', ')}) FROM STDIN`,
        );
      })(),
    ];
    for (const result of await Promise.allSettled(starts)) if (result.status === 'rejected') throw result.reason;
    return client;
  }

  /**
   * The feed's table, with its feed_id and the CHECK constraint its partition bound needs: set while it is
   * empty, it costs a comparison a row during the COPY and spares attaching a scan of every row.
   * Its indexes come with it, so PostgreSQL keeps them as the rows stream in, alongside the reader's
   * parsing, instead of building them after the read, when everything waits for them: a million
   * stop_times are some twenty thousand rows. The indexes timetables read: the trips of some patterns on
   * a date (a stop's, found by its patterns) and the trips of a route and direction on a date (the sink's
   * start adds a trip's own when the feed has frequencies).
   */
  private async createTable(client: pg.ClientBase): Promise<void> {
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
    await client.query(`create index ${this.table}_pattern_idx on ${this.table} (pattern_ref, service_ref)`);
    await client.query(`create index ${this.table}_route_idx on ${this.table} (route_ref, direction, service_ref)`);
  }

  /** Puts the last trip together once every row is read: from here each trip's pattern is known. */
  endRead(): void {
    this.endRun();
  }

  /** Ends the COPYs and commits: the rows are on disk, still invisible to timetables. */
  async commit(): Promise<void> {
    this.prepare();
    const client = await (this.beginning as Promise<pg.PoolClient>);
    try {
      // The last trip's pattern is written before the patterns' COPY ends; then both commit side by side.
      this.endRun();
      const commits = [
        // A feed without stop_times never started streaming: its empty table keeps every later step the same.
        this.writer ? this.commitTrips(client, this.writer) : client.query('commit'),
        this.commitPatterns(),
      ];
      for (const result of await Promise.allSettled(commits)) if (result.status === 'rejected') throw result.reason;
    } catch (error) {
      await this.abort(error as Error);
      throw error;
    }
    this.release();
  }

  private async commitTrips(client: pg.PoolClient, streamed: TripTimesCopy): Promise<void> {
    let writer = streamed;
    if (this.isScattered) {
      // What was streamed before a trip came back is incomplete: every trip is written again, whole.
      await writer.end();
      await client.query(`truncate ${this.table}`);
      writer = new TripTimesCopy(client, this.table);
      this.writer = writer;
      for (let tripRef = 1; tripRef < this.tripPatterns.length; tripRef++) {
        if (this.tripPatterns[tripRef] === 0) continue;
        this.write(tripRef);
        await writer.flush();
      }
    }
    await writer.end();
    await client.query('commit');
  }

  /** The patterns' COPY ended and committed; a trip whose rows were scattered may have left some no trip follows. */
  private async commitPatterns(): Promise<void> {
    const patternClient = this.patternClient as pg.PoolClient;
    await this.patternWriter?.end();
    if (this.isScattered) {
      await patternClient.query('delete from gtfs_pattern_stops where feed_id = $1 and pattern_ref <> all($2::int[])', [
        this.feedId,
        [...new Set(this.tripPatterns)],
      ]);
    }
    await patternClient.query('commit');
  }

  /** Gives the load up (cancelled or failed): its transaction rolls back, so the table never existed. */
  async abort(error: Error): Promise<void> {
    await this.beginning?.catch(() => {});
    this.writer?.abort(error);
    this.patternWriter?.abort(error);
    for (const client of [this.client, this.patternClient]) await client?.query('rollback').catch(() => {});
    this.release(true);
  }

  private release(isBroken = false) {
    for (const client of [this.client, this.patternClient]) client?.release(isBroken ? true : undefined);
    this.client = null;
    this.patternClient = null;
    this.writer = null;
    this.patternWriter = null;
  }

  /**
   * The statistics of the feed's trips and of the patterns: timetables find a stop's trips through its
   * patterns, and the planner needs to know how many a feed has before autovacuum gets to it (without, a
   * report over the whole feed took 0.4 s instead of 0.15).
   */
  async analyze(): Promise<void> {
    await this.db.$client.query(`analyze ${this.table}, gtfs_pattern_stops`);
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
