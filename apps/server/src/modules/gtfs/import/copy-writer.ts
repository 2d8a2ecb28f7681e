import type pg from 'pg';
import { CopyInStream } from './copy-stream.ts';

type TCopyValue = string | number | boolean | null | undefined;

const NEEDS_ESCAPE = /[\\\t\n\r]/;

/** One value in COPY's text format: \N for null, backslash escapes for the separators. */
export function copyField(value: TCopyValue): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return NEEDS_ESCAPE.test(value)
    ? value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : value;
}

const FLUSH_AT = 256 * 1024;

/**
 * Streams rows into `COPY … FROM STDIN` on one connection, in batches of a
 * quarter megabyte, waiting whenever PostgreSQL asks the writer to slow down.
 */
export class CopyWriter {
  private readonly stream: CopyInStream;
  private buffer: string[] = [];
  private bufferedLength = 0;
  rowCount = 0;

  constructor(client: pg.PoolClient, statement: string) {
    this.stream = new CopyInStream(client, statement);
  }

  /** A line already in COPY text format, without its newline. */
  writeLine(line: string): void {
    this.buffer.push(line);
    this.bufferedLength += line.length + 1;
    this.rowCount++;
  }

  writeRow(values: TCopyValue[]): void {
    this.writeLine(values.map(copyField).join('\t'));
  }

  /** Sends what is buffered once there is enough of it (or always, with `force`); honours backpressure. */
  async flush(force = false): Promise<void> {
    if (this.bufferedLength === 0 || (!force && this.bufferedLength < FLUSH_AT)) return;
    const chunk = `${this.buffer.join('\n')}\n`;
    this.buffer = [];
    this.bufferedLength = 0;
    await this.stream.write(chunk);
  }

  async end(): Promise<void> {
    await this.flush(true);
    await this.stream.end();
  }
  /** Gives up: PostgreSQL aborts the COPY and the transaction it is in. */
  abort(error: Error): void {
    this.stream.abort(error);
  }
}

/** COPYs a whole list of rows into a table in one go. */
export async function copyRows(
  client: pg.PoolClient,
  table: string,
  columns: string[],
  rows: Iterable<TCopyValue[]>,
): Promise<number> {
  const writer = new CopyWriter(client, `COPY ${table} (${columns.join(', ')}) FROM STDIN`);
  for (const row of rows) {
    writer.writeRow(row);
    await writer.flush();
  }
  await writer.end();
  return writer.rowCount;
}
