import { DEFAULT_IOT_RETENTION_DAYS, IOT_RETENTION_SETTING } from '@mip/shared';
import { sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/database.ts';
import { deleteInChunks } from '../../db/delete-in-chunks.ts';
import { schedulePeriodicRun, type TPeriodicRun } from '../../db/periodic-runs.ts';
import { readWholeDaysSetting } from '../configuration/whole-days-setting.ts';

const SWEEP_CHUNK = 10_000;
const DAY_MS = 86_400_000;

export const READING_SWEEP = {
  name: 'iot_reading_retention',
  /** Once an hour across all server processes. */
  everyMs: 60 * 60_000,
  /** How often each process asks whether the hour's sweep is still to do. */
  checkEveryMs: 10 * 60_000,
  firstDelayMs: 60_000,
};

/** Deletes readings and dead letters older than the retention (`iot.readingRetentionDays`, 30 by default). */
export async function sweepExpiredReadings(db: TDatabase, now = new Date()): Promise<number> {
  const days = await readWholeDaysSetting(db, IOT_RETENTION_SETTING, DEFAULT_IOT_RETENTION_DAYS);
  const cutoff = sql`received_at < ${new Date(now.getTime() - days * DAY_MS).toISOString()}::timestamptz`;
  const readings = await deleteInChunks(db, 'iot_readings', cutoff, SWEEP_CHUNK);
  await deleteInChunks(db, 'iot_dead_letters', cutoff, SWEEP_CHUNK);
  return readings;
}

/** The hourly sweep, run by one server process at a time. */
export function scheduleReadingSweep(db: TDatabase, log: (message: string, error: unknown) => void): TPeriodicRun {
  return schedulePeriodicRun(db, { ...READING_SWEEP, run: () => sweepExpiredReadings(db), log });
}
