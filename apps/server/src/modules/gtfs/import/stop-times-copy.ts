import type pg from 'pg';
import { CopyInStream } from './copy-stream.ts';

/** The stop_times columns the load writes, in the order of every row (feed_id comes from the table's default). */
export const STOP_TIMES_COPY_COLUMNS =
  'trip_ref, stop_ref, sequence, arrival, departure, pickup_type, drop_off_type, route_ref, service_ref, direction';

/** COPY's binary signature, then its flags and header extension length (both 0). */
const HEADER = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
/** A row: its field count, then each field as its length and big-endian bytes (or length -1: null). */
const ROW_BYTES = 2 + 7 * (4 + 4) + 3 * (4 + 2);
const FLUSH_AT = 256 * 1024;
const BUFFER_BYTES = FLUSH_AT + ROW_BYTES;

/**
 * Streams stop_times rows into `COPY … FROM STDIN (FORMAT binary)`: ten small integers a row, written
 * straight into a buffer. The text format cost a string per row to build, join and encode in Node, and
 * ten integers to parse in PostgreSQL; in binary, neither side parses anything (issue 20: the import
 * against a bare COPY).
 */
export class StopTimesCopy {
  private readonly stream: CopyInStream;
  private buffer = Buffer.allocUnsafe(BUFFER_BYTES);
  private offset = 0;
  /** Buffers filled since the last flush: rows keep coming until the reader's chunk is done. */
  private filled: Buffer[] = [];
  rowCount = 0;

  constructor(client: pg.PoolClient, table: string) {
    this.stream = new CopyInStream(
      client,
      `copy ${table} (${STOP_TIMES_COPY_COLUMNS}) from stdin with (format binary, freeze)`,
    );
    HEADER.copy(this.buffer);
    this.offset = HEADER.length;
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
    const buffer = this.buffer;
    let at = buffer.writeInt16BE(10, this.offset);
    at = int4(buffer, at, tripRef);
    at = int4(buffer, at, stopRef);
    at = int4(buffer, at, sequence);
    at = arrival < 0 ? buffer.writeInt32BE(-1, at) : int4(buffer, at, arrival);
    at = departure < 0 ? buffer.writeInt32BE(-1, at) : int4(buffer, at, departure);
    at = int2(buffer, at, pickupType);
    at = int2(buffer, at, dropOffType);
    at = int4(buffer, at, routeRef);
    at = int4(buffer, at, serviceRef);
    this.offset = int2(buffer, at, direction);
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

  /** Sends the rest and the trailer, and ends the COPY. */
  async end(): Promise<void> {
    if (this.offset + 2 > this.buffer.length) await this.flush(true);
    this.offset = this.buffer.writeInt16BE(-1, this.offset);
    await this.flush(true);
    await this.stream.end();
  }

  abort(error: Error): void {
    this.stream.abort(error);
  }
}

function int4(buffer: Buffer, at: number, value: number): number {
  return buffer.writeInt32BE(value, buffer.writeInt32BE(4, at));
}

function int2(buffer: Buffer, at: number, value: number): number {
  return buffer.writeInt16BE(value, buffer.writeInt32BE(2, at));
}
