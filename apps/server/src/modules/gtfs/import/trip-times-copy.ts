import type pg from 'pg';
import { CopyInStream } from './copy-stream.ts';

/** The trip_times columns the load writes, in the order of every row (feed_id comes from the table's default). */
export const TRIP_TIMES_COPY_COLUMNS = 'trip_ref, pattern_ref, route_ref, service_ref, direction, arrivals, departures';

/** The most bytes of a row's five numbers (each up to 10 digits and a tab) and of each time in its arrays. */
const NUMBERS_BYTES = 5 * 11;
const TIME_BYTES = 11;
const FLUSH_AT = 256 * 1024;
const TAB = 9;
const NEWLINE = 10;
const COMMA = 44;
const OPEN = 123;
const CLOSE = 125;
const ZERO = 48;
const NULL_ELEMENT = Buffer.from('NULL');

/**
 * Streams trip_times rows into `COPY … FROM STDIN` (text format): five whole numbers and two arrays of
 * times a row, their digits written straight into a buffer, no string built. An untimed stop (-1) is a
 * NULL element.
 */
export class TripTimesCopy {
  private readonly stream: CopyInStream;
  private buffer = Buffer.allocUnsafe(FLUSH_AT * 2);
  private offset = 0;
  /** Buffers filled since the last flush: rows keep coming until the reader's chunk is done. */
  private filled: Buffer[] = [];
  rowCount = 0;

  constructor(client: pg.PoolClient, table: string) {
    this.stream = new CopyInStream(client, `copy ${table} (${TRIP_TIMES_COPY_COLUMNS}) from stdin with (freeze)`);
  }

  add(
    tripRef: number,
    patternRef: number,
    routeRef: number,
    serviceRef: number,
    direction: number,
    arrivals: Int32Array,
    departures: Int32Array,
  ): void {
    const rowBytes = NUMBERS_BYTES + 2 * (3 + arrivals.length * TIME_BYTES);
    if (this.offset + rowBytes > this.buffer.length) {
      this.filled.push(this.buffer.subarray(0, this.offset));
      this.buffer = Buffer.allocUnsafe(Math.max(FLUSH_AT * 2, rowBytes));
      this.offset = 0;
    }
    const bytes = this.buffer;
    let at = digits(bytes, this.offset, tripRef);
    bytes[at++] = TAB;
    at = digits(bytes, at, patternRef);
    bytes[at++] = TAB;
    at = digits(bytes, at, routeRef);
    bytes[at++] = TAB;
    at = digits(bytes, at, serviceRef);
    bytes[at++] = TAB;
    at = digits(bytes, at, direction);
    bytes[at++] = TAB;
    at = timesArray(bytes, at, arrivals);
    bytes[at++] = TAB;
    at = timesArray(bytes, at, departures);
    bytes[at++] = NEWLINE;
    this.offset = at;
    this.rowCount++;
  }

  /** Sends what is buffered once there is enough of it (or always, with `force`); honours backpressure. */
  async flush(force = false): Promise<void> {
    if (this.filled.length === 0 && (this.offset === 0 || (!force && this.offset < FLUSH_AT))) return;
    const chunks = [...this.filled, this.buffer.subarray(0, this.offset)];
    // The stream keeps the chunks until they are sent: the next rows go into a buffer of their own.
    this.filled = [];
    this.buffer = Buffer.allocUnsafe(FLUSH_AT * 2);
    this.offset = 0;
    for (const chunk of chunks) await this.stream.write(chunk);
  }

  /** Sends the rest and ends the COPY. */
  async end(): Promise<void> {
    await this.flush(true);
    await this.stream.end();
  }

  abort(error: Error): void {
    this.stream.abort(error);
  }
}

/** An array literal of times, `{25200,25320,NULL}`. */
function timesArray(bytes: Buffer, start: number, times: Int32Array): number {
  let at = start;
  bytes[at++] = OPEN;
  for (let i = 0; i < times.length; i++) {
    if (i > 0) bytes[at++] = COMMA;
    if (times[i] < 0) at += NULL_ELEMENT.copy(bytes, at);
    else at = digits(bytes, at, times[i]);
  }
  bytes[at++] = CLOSE;
  return at;
}

/** A whole number from 0 to 2^31 - 1 in decimal; answers where the next byte goes. */
function digits(bytes: Buffer, at: number, value: number): number {
  if (value < 10) {
    bytes[at] = ZERO + value;
    return at + 1;
  }
  let end = at + 2;
  for (let rest = value; rest >= 100; rest = Math.floor(rest / 10)) end++;
  let rest = value;
  for (let i = end - 1; i >= at; i--) {
    const next = Math.floor(rest / 10);
    bytes[i] = ZERO + rest - next * 10;
    rest = next;
  }
  return end;
}
