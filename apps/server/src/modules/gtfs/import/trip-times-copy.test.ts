import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/test-app.ts';
import { TripTimesCopy } from './trip-times-copy.ts';

const t = useTestApp();

type TRow = [number, number, number, number, number, number[], number[]];

describe('the trip times COPY', () => {
  it('loads every number as written, from one digit to the largest int, and untimed stops as null', async () => {
    const client = await t.db.$client.connect();
    try {
      await client.query('begin');
      await client.query('create temporary table copied (like gtfs_trip_times) on commit drop');
      await client.query('alter table copied alter column feed_id set default 1');
      const copy = new TripTimesCopy(client, 'copied');
      const rows: TRow[] = [
        [1, 2, 3, 4, 0, [0], [0]],
        [9, 10, 101, 999, 1, [99, 100, -1, 86_400], [100, 101, -1, 86_460]],
        [2 ** 31 - 1, 1_000_000, 2 ** 21 - 1, 12_345, 1, [2 ** 31 - 1], [2 ** 31 - 1]],
        // A trip longer than a buffer holds on its own.
        [
          7,
          8,
          5,
          6,
          0,
          Array.from({ length: 60_000 }, (_, i) => 3600 + i),
          Array.from({ length: 60_000 }, (_, i) => i),
        ],
      ];
      // More than one buffer's worth, so rows cross from one chunk to the next.
      for (let i = 0; i < 20_000; i++)
        rows.push([i, i % 240, i % 500, i % 7, i % 2, [3600 + i, 3700 + i], [3660 + i, -1]]);
      for (const [trip, pattern, route, service, direction, arrivals, departures] of rows) {
        copy.add(trip, pattern, route, service, direction, Int32Array.from(arrivals), Int32Array.from(departures));
        await copy.flush();
      }
      await copy.end();
      expect(copy.rowCount).toBe(rows.length);
      const { rows: loaded } = await client.query<{
        numbers: number[];
        arrivals: (number | null)[];
        departures: (number | null)[];
      }>(
        `select array[trip_ref, pattern_ref, route_ref, service_ref, direction] as numbers, arrivals, departures
           from copied order by ctid`,
      );
      const nullsAsUntimed = (times: (number | null)[]) => times.map((time) => time ?? -1);
      expect(
        loaded.map((row) => [...row.numbers, nullsAsUntimed(row.arrivals), nullsAsUntimed(row.departures)]),
      ).toEqual(rows);
      await client.query('rollback');
    } finally {
      client.release();
    }
  });
});
