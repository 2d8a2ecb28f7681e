import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/test-app.ts';
import { StopTimesCopy } from './stop-times-copy.ts';

const t = useTestApp();

describe('the stop_times COPY', () => {
  it('loads every number as written, from one digit to the largest int, and untimed stops as null', async () => {
    const client = await t.db.$client.connect();
    try {
      await client.query('begin');
      await client.query('create temporary table copied (like gtfs_stop_times) on commit drop');
      await client.query('alter table copied alter column feed_id set default 1');
      const copy = new StopTimesCopy(client, 'copied');
      const rows: number[][] = [
        [1, 2, 0, 0, 0, 0, 0, 3, 4, 0],
        [9, 10, 11, 99, 100, 1, 2, 101, 999, 1],
        [2 ** 31 - 1, 1_000_000, 65_535, 86_399, 86_400, 3, 3, 2 ** 21 - 1, 12_345, 1],
        [7, 8, 1, -1, -1, 0, 1, 5, 6, 0],
      ];
      // More than one buffer's worth, so rows cross from one chunk to the next.
      for (let i = 0; i < 20_000; i++) rows.push([i, i + 1, i % 97, 3600 + i, 3660 + i, 0, 0, i % 500, i % 7, i % 2]);
      for (const row of rows) {
        copy.add(...(row as Parameters<StopTimesCopy['add']>));
        await copy.flush();
      }
      await copy.end();
      expect(copy.rowCount).toBe(rows.length);
      const { rows: loaded } = await client.query<Record<string, number | null>>(
        `select trip_ref, stop_ref, sequence, arrival, departure, pickup_type, drop_off_type, route_ref, service_ref,
                direction from copied order by ctid`,
      );
      expect(loaded.map((row) => Object.values(row).map((value) => value ?? -1))).toEqual(rows);
      await client.query('rollback');
    } finally {
      client.release();
    }
  });
});
