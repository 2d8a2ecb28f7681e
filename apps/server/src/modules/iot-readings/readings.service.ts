import { IOT_HISTORY_MAX_POINTS, type TSystemReadings } from '@mip/shared';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';

/**
 * The live value and the last hours of each IOT parameter of a system the map
 * shows (active systems only, as the card's details). Long windows are averaged
 * into at most IOT_HISTORY_MAX_POINTS buckets, so the chart stays small.
 */
export async function readSystemReadings(db: TExecutor, systemId: number, hours: number): Promise<TSystemReadings> {
  const { rows: systems } = await db.execute<{ id: number }>(
    sql`select id from mobility_systems where id = ${systemId} and active`,
  );
  if (systems.length === 0) throw notFound();
  const { rows: parameters } = await db.execute<{ id: number; name: string; reader_id: string }>(
    sql`select id, name, reader_id from mobility_system_parameters
         where system_id = ${systemId} and type = 'IOT' and reader_id is not null and reader_id <> ''
         order by position, id`,
  );
  if (parameters.length === 0) return [];
  const readerIds = [...new Set(parameters.map((parameter) => parameter.reader_id))];
  const from = new Date(Date.now() - hours * 3_600_000);
  const bucketSeconds = Math.max(1, Math.ceil((hours * 3600) / IOT_HISTORY_MAX_POINTS));
  const [{ rows: latest }, { rows: points }] = await Promise.all([
    db.execute<{ reader_id: string; value: number; observed_at: string }>(
      sql`select r.reader_id, l.value, l.observed_at
            from unnest(${sql.param(readerIds)}::text[]) as r(reader_id)
            cross join lateral (select i.value, i.observed_at from iot_readings i
                                 where i.reader_id = r.reader_id
                                 order by i.observed_at desc, i.id desc limit 1) l`,
    ),
    db.execute<{ reader_id: string; at: string; value: number }>(
      sql`select reader_id, date_bin(make_interval(secs => ${bucketSeconds}), observed_at, ${from.toISOString()}::timestamptz) as at,
                 avg(value) as value
            from iot_readings
           where reader_id = any(${sql.param(readerIds)}::text[]) and observed_at >= ${from.toISOString()}::timestamptz
           group by 1, 2 order by 1, 2`,
    ),
  ]);
  const iso = (value: string | Date) => new Date(value).toISOString();
  return parameters.map((parameter) => {
    const last = latest.find((row) => row.reader_id === parameter.reader_id);
    return {
      parameterId: parameter.id,
      name: parameter.name,
      readerId: parameter.reader_id,
      latest: last ? { observedAt: iso(last.observed_at), value: Number(last.value) } : null,
      points: points
        .filter((row) => row.reader_id === parameter.reader_id)
        .map((row) => ({ observedAt: iso(row.at), value: Number(row.value) })),
    };
  });
}
