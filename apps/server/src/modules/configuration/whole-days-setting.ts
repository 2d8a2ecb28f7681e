import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../db/database.ts';

/** Ten years: the longest any retention may be set to. */
const MAX_DAYS = 3650;

/**
 * A setting that counts whole days (a retention): its configured value, or
 * the default when it is unset or not a whole number of at least 1; capped at
 * ten years. A mistyped value never deletes more than the default would.
 */
export async function readWholeDaysSetting(db: TExecutor, name: string, defaultDays: number): Promise<number> {
  const { rows } = await db.execute<{ value: string }>(sql`select value from configuration where name = ${name}`);
  const value = rows[0] ? Number(rows[0].value) : defaultDays;
  if (!Number.isInteger(value) || value < 1) return defaultDays;
  return Math.min(value, MAX_DAYS);
}
