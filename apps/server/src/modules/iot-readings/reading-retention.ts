import { DEFAULT_IOT_RETENTION_DAYS, IOT_RETENTION_SETTING } from '@mip/shared';
import { sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/database.ts';

/** Rows deleted per statement: a sweep never holds long locks nor one huge transaction. */
const SWEEP_CHUNK = 10_000;
const MAX_RETENTION_DAYS = 3650;

/** The configured retention in days (configuration `iot.readingRetentionDays`), within 1 day and 10 years. */
export async function readRetentionDays(db: TDatabase): Promise<number> {
  const { rows } = await db.execute<{ value: string }>(
    sql`select value from configuration where name = ${IOT_RETENTION_SETTING}`,
  );
  const value = rows[0] ? Number(rows[0].value) : DEFAULT_IOT_RETENTION_DAYS;
  if (!Number.isInteger(value) || value < 1) return DEFAULT_IOT_RETENTION_DAYS;
  return Math.min(value, MAX_RETENTION_DAYS);
}

/**
 * Deletes readings and dead letters older than the retention. Every consumer
 * process runs it; running it twice at once only deletes the same rows.
 */
export async function sweepExpiredReadings(db: TDatabase, now = new Date()): Promise<number> {
  const days = await readRetentionDays(db);
  const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
  let deleted = 0;
  for (;;) {
    const result = await db.execute(
      sql`delete from iot_readings where id in
            (select id from iot_readings where received_at < ${cutoff}::timestamptz limit ${SWEEP_CHUNK})`,
    );
    deleted += result.rowCount ?? 0;
    if ((result.rowCount ?? 0) < SWEEP_CHUNK) break;
  }
  await db.execute(sql`delete from iot_dead_letters where received_at < ${cutoff}::timestamptz`);
  return deleted;
}
