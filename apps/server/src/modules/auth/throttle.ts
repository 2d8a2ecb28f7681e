import type { TDatabase } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';

export interface TThrottleRule {
  key: string;
  limit: number;
  windowSeconds: number;
  lockSeconds: number;
}

const WINDOW = 15 * 60;

export const signInRules = (email: string, ip: string): TThrottleRule[] => [
  { key: `account:${email}`, limit: 5, windowSeconds: WINDOW, lockSeconds: WINDOW },
  { key: `ip:${ip}`, limit: 30, windowSeconds: WINDOW, lockSeconds: WINDOW },
];

export const recoveryRules = (ip: string): TThrottleRule[] => [
  { key: `recovery:${ip}`, limit: 10, windowSeconds: WINDOW, lockSeconds: WINDOW },
];

/** Refuses with 429 and Retry-After while any of the keys is locked. */
export async function assertNotThrottled(db: TDatabase, rules: TThrottleRule[]): Promise<void> {
  const result = await db.$client.query<{ seconds: number }>(
    `select ceil(extract(epoch from max(locked_until) - now()))::int as seconds
       from auth_throttle where key = any($1) and locked_until > now()`,
    [rules.map((rule) => rule.key)],
  );
  const seconds = result.rows[0]?.seconds;
  if (seconds && seconds > 0) {
    throw new AppError('TOO_MANY_REQUESTS', {
      message: 'Too many attempts, try again later',
      headers: { 'retry-after': String(seconds) },
    });
  }
}

/** Counts one attempt against each key; a key that reaches its limit is locked. */
export async function countAttempt(db: TDatabase, rules: TThrottleRule[]): Promise<void> {
  for (const rule of rules) {
    await db.$client.query(
      `insert into auth_throttle as t (key, failures, window_started_at) values ($1, 1, now())
       on conflict (key) do update set
         failures = case when t.window_started_at < now() - make_interval(secs => $2) then 1 else t.failures + 1 end,
         window_started_at = case when t.window_started_at < now() - make_interval(secs => $2) then now() else t.window_started_at end,
         locked_until = case
           when (case when t.window_started_at < now() - make_interval(secs => $2) then 1 else t.failures + 1 end) >= $3
           then now() + make_interval(secs => $4) else t.locked_until end`,
      [rule.key, rule.windowSeconds, rule.limit, rule.lockSeconds],
    );
  }
}

export async function clearAttempts(db: TDatabase, key: string): Promise<void> {
  await db.$client.query('delete from auth_throttle where key = $1', [key]);
}
