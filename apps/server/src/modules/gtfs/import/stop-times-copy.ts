import type pg from 'pg';
import { CopyInStream } from './copy-stream.ts';

/** The stop_times columns the load writes, in the order of every row (feed_id comes from the table's default). */
export const STOP_TIMES_COPY_COLUMNS =
  'trip_ref, stop_ref, sequence, arrival, departure, pickup_type, drop_off_type, route_ref, service_ref, direction';

/** A row's most bytes: ten numbers of up to 10 digits (or \N), each after a tab or before the newline. */
const ROW_BYTES = 10 * 11;
const FLUSH_AT = 256 * 1024;
const BUFFER_BYTES = FLUSH_AT + ROW_BYTES;
const TAB = 9;
const NEWLINE = 10;
const BACKSLASH = 92;
const N = 78;
const ZERO = 48;

/**
 * Streams stop_times rows into `COPY … FROM STDIN` (text format): ten whole numbers a row, their digits
 * written straight into a buffer, no string built. Half the bytes of the binary format (about 37 a row
 * against 76) for the same work in PostgreSQL: less to copy through the socket on both sides.
 */
export class StopTimesCopy {
  private readonly stream: CopyInStream;
  private buffer = Buffer.allocUnsafe(BUFFER_BYTES);
  private offset = 0;
  /** Buffers filled since the last flush: rows keep coming until the reader's chunk is done. */
  private filled: Buffer[] = [];
  rowCount = 0;

  constructor(client: pg.PoolClient, table: string) {
    this.stream = new CopyInStream(client, `copy ${table} (${STOP_TIMES_COPY_COLUMNS}) from stdin with (freeze)`);
  }

  /** One row; a negative arrival or departure is null (untimed). */
  add(
    tripRef: number,
    stopRef: number,
    sequence: number,
    arrival: number,
    departure: number,
    pickupType: number,
    dropOffType: number,
    routeRef: number,
    serviceRef: number,
    direction: number,
  ): void {
    if (this.offset + ROW_BYTES > this.buffer.length) {
      this.filled.push(this.buffer.subarray(0, this.offset));
      this.buffer = Buffer.allocUnsafe(BUFFER_BYTES);
      this.offset = 0;
    }
    const bytes = this.buffer;
    let at = digits(bytes, this.offset, tripRef);
    bytes[at++] = TAB;
    at = digits(bytes, at, stopRef);
    bytes[at++] = TAB;
    at = digits(bytes, at, sequence);
    bytes[at++] = TAB;
    at = arrival < 0 ? nullField(bytes, at) : digits(bytes, at, arrival);
    bytes[at++] = TAB;
    at = departure < 0 ? nullField(bytes, at) : digits(bytes, at, departure);
    bytes[at++] = TAB;
    at = digits(bytes, at, pickupType);
    bytes[at++] = TAB;
    at = digits(bytes, at, dropOffType);
    bytes[at++] = TAB;
    at = digits(bytes, at, routeRef);
    bytes[at++] = TAB;
    at = digits(bytes, at, serviceRef);
    bytes[at++] = TAB;
    at = digits(bytes, at, direction);
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
    this.buffer = Buffer.allocUnsafe(BUFFER_BYTES);
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

function nullField(bytes: Buffer, at: number): number {
  bytes[at] = BACKSLASH;
  bytes[at + 1] = N;
  return at + 2;
}
