import { DEFAULT_FE_DEBUG_RETENTION_DAYS, FE_DEBUG_RETENTION_SETTING } from '@mip/shared';
import { sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/database.ts';
import { deleteInChunks } from '../../db/delete-in-chunks.ts';
import { readWholeDaysSetting } from '../configuration/whole-days-setting.ts';

/** Rows deleted per statement: a sweep after a long pause never holds long locks nor one huge transaction. */
const SWEEP_CHUNK = 5_000;
const DAY_MS = 86_400_000;

/**
 * Deletes the browser error reports not seen for the configured number of
 * days (`feDebug.reportRetentionDays`, 90 by default): they hold visitors'
 * addresses and devices, kept no longer than an investigation needs them.
 * Answers how many went. Run hourly by the delete-expired-fe-debug-reports job.
 */
export async function deleteExpiredFeDebugReports(db: TDatabase, now = new Date()): Promise<number> {
  const days = await readWholeDaysSetting(db, FE_DEBUG_RETENTION_SETTING, DEFAULT_FE_DEBUG_RETENTION_DAYS);
  const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
  return deleteInChunks(db, 'fe_debug_reports', sql`last_seen_at < ${cutoff}::timestamptz`, SWEEP_CHUNK);
}
