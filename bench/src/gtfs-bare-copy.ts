import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

const TABLE = 'bench_bare_stop_times';
const CHUNK_BYTES = 1024 * 1024;

/**
 * The physical limit of loading a feed's stop_times: the file's bytes, as
 * they are, streamed by one COPY (CSV, FREEZE, in the transaction that creates
 * the table, as the import does) into a table of text columns with no index,
 * no constraint and nothing to check. Answers the rows loaded and the time
 * from the first byte sent to the commit; the table is dropped after.
 */
export async function measureBareCopy(
  client: pg.ClientBase,
  stopTimesCsv: Buffer,
): Promise<{ rows: number; ms: number }> {
  const header = stopTimesCsv
    .subarray(0, stopTimesCsv.indexOf('\n'))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim();
  const columns = header.split(',').map((name) => `"${name}" text`);
  // The import just wrote as much: its dirty pages are flushed first, so this load does not pay for them.
  await client.query('checkpoint');
  const startedAt = performance.now();
  await client.query('begin');
  try {
    await client.query('set local statement_timeout = 0');
    await client.query(`create table ${TABLE} (${columns.join(', ')})`);
    const copy = client.query(copyFrom(`copy ${TABLE} from stdin with (format csv, header true, freeze true)`));
    const chunks = function* () {
      for (let at = 0; at < stopTimesCsv.length; at += CHUNK_BYTES) yield stopTimesCsv.subarray(at, at + CHUNK_BYTES);
    };
    await pipeline(Readable.from(chunks()), copy);
    await client.query('commit');
    const ms = performance.now() - startedAt;
    return { rows: Number(copy.rowCount), ms };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.query(`drop table if exists ${TABLE}`);
  }
}
