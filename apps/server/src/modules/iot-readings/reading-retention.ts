import { DEFAULT_IOT_RETENTION_DAYS, IOT_RETENTION_SETTING } from '@mip/shared';
import { sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/database.ts';
import { deleteInChunks } from '../../db/delete-in-chunks.ts';
import { readWholeDaysSetting } from '../configuration/whole-days-setting.ts';

const SWEEP_CHUNK = 10_000;
const DAY_MS = 86_400_000;

/**
 * Deletes readings and dead letters older than the retention (`iot.readingRetentionDays`, 30 by default).
 * Run hourly by the delete-expired-iot-readings job.
 */
export async function sweepExpiredReadings(db: TDatabase, now = new Date()): Promise<number> {
  const days = await readWholeDaysSetting(db, IOT_RETENTION_SETTING, DEFAULT_IOT_RETENTION_DAYS);
  const cutoff = sql`received_at < ${new Date(now.getTime() - days * DAY_MS).toISOString()}::timestamptz`;
  const readings = await deleteInChunks(db, 'iot_readings', cutoff, SWEEP_CHUNK);
  await deleteInChunks(db, 'iot_dead_letters', cutoff, SWEEP_CHUNK);
  return readings;
}
