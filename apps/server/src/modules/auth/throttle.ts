import type { TDatabase } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';

/**
 * Security: this is what stands between a password guesser and the accounts.
 *
 * A key counts attempts in a window; the attempt that reaches `limit` locks the
 * key for `lockSeconds`, and every attempt counted after it (each one let
 * through once the previous lock ran out) locks it twice as long as the one
 * before, up to `maxLockSeconds`. With `lockSeconds === maxLockSeconds` that
 * is a plain lock; with a small `lockSeconds` it is a growing delay.
 */
export interface TThrottleRule {
  key: string;
  limit: number;
  /** The count starts again this long after the window's first attempt. */
  windowSeconds: number;
  lockSeconds: number;
  /** Longest lock; lockSeconds when not given (a plain lock). */
  maxLockSeconds?: number;
  /** On success the key is cleared (true), or only this attempt is given back (false). */
  clearOnSuccess?: boolean;
}

const WINDOW = 15 * 60;

const lockAfter = (key: string, limit: number, clearOnSuccess = false): TThrottleRule => ({
  key,
  limit,
  windowSeconds: WINDOW,
  lockSeconds: WINDOW,
  clearOnSuccess,
});

/**
 * Sign-in, per 15-minute window:
 * - one account from one address: 5 attempts, then that address is locked out
 *   of that account for 15 minutes;
 * - one address: 30 attempts at any accounts, then it is locked for 15 minutes;
 *   a right password does not count;
 * - one account from every address it has not signed in from in the last 90
 *   days: 5 attempts, then each further one waits 1 s after the one before,
 *   then 2, 4, 8 … up to 60 s. A guesser spread over many addresses gets
 *   about a guess a minute, and cannot lock the owner out: from an address
 *   they signed in from before, the owner is not delayed at all, and from a
 *   new one they wait at most a minute after the last guess. A right password
 *   clears the account's count (and the address's count for that account).
 */
export function signInRules(email: string, ip: string, options: { isKnownAddress: boolean }): TThrottleRule[] {
  const rules = [lockAfter(`account-ip:${email}|${ip}`, 5, true), lockAfter(`ip:${ip}`, 30)];
  if (!options.isKnownAddress) {
    rules.push({
      key: `account:${email}`,
      limit: 5,
      windowSeconds: WINDOW,
      lockSeconds: 1,
      maxLockSeconds: 60,
      clearOnSuccess: true,
    });
  }
  return rules;
}

/** Recovery mails and passwords set from emailed links: 10 per address in 15 minutes, together. */
export const recoveryRules = (ip: string): TThrottleRule[] => [lockAfter(`recovery:${ip}`, 10)];

/**
 * Counts one attempt against every rule, before any work is done for it, and
 * refuses it with 429 and Retry-After when a key is locked. Each key is
 * counted by one statement that also decides, on the row's latest version, so
 * however many attempts arrive at once a key lets at most `limit` through
 * before it locks. An attempt refused by one key is given back to the keys
 * that had counted it, so waiting does not make the wait longer.
 */
export async function takeAttempt(db: TDatabase, rules: TThrottleRule[]): Promise<void> {
  const taken: TThrottleRule[] = [];
  for (const rule of rules) {
    if (await countUnlessLocked(db, rule)) {
      taken.push(rule);
      continue;
    }
    const seconds = await secondsLocked(db, rule.key);
    for (const counted of taken) await giveBackAttempt(db, counted);
    throw new AppError('TOO_MANY_REQUESTS', {
      message: 'Too many attempts, try again later',
      headers: { 'retry-after': String(seconds) },
    });
  }
}

/** After a successful attempt: clears the keys that forget on success, gives the attempt back to the others. */
export async function settleSuccessfulAttempt(db: TDatabase, rules: TThrottleRule[]): Promise<void> {
  for (const rule of rules) {
    if (rule.clearOnSuccess) await db.$client.query('delete from auth_throttle where key = $1', [rule.key]);
    else await giveBackAttempt(db, rule);
  }
}

async function countUnlessLocked(db: TDatabase, rule: TThrottleRule): Promise<boolean> {
  const isNewWindow = 't.window_started_at <= now() - make_interval(secs => $3)';
  const count = `(case when ${isNewWindow} then 1 else t.failures + 1 end)`;
  // The lock this count sets: none below the limit, then lockSeconds doubled per attempt past it, capped.
  const lockFor = (n: string) =>
    `case when ${n} >= $2 then now() + make_interval(secs => least($5::float8, $4 * power(2, least(${n} - $2, 30)))) end`;
  const result = await db.$client.query(
    `insert into auth_throttle as t (key, failures, window_started_at, locked_until)
     values ($1, 1, now(), ${lockFor('1')})
     on conflict (key) do update set
       failures = ${count},
       window_started_at = case when ${isNewWindow} then now() else t.window_started_at end,
       locked_until = ${lockFor(count)}
     where t.locked_until is null or t.locked_until <= now()
     returning 1`,
    [rule.key, rule.limit, rule.windowSeconds, rule.lockSeconds, rule.maxLockSeconds ?? rule.lockSeconds],
  );
  return result.rowCount === 1;
}

/** Uncounts one attempt; a lock goes too unless the attempts left still reach the limit. */
async function giveBackAttempt(db: TDatabase, rule: TThrottleRule): Promise<void> {
  await db.$client.query(
    `update auth_throttle set failures = greatest(failures - 1, 0),
            locked_until = case when failures - 1 >= $2 then locked_until end
      where key = $1`,
    [rule.key, rule.limit],
  );
}

async function secondsLocked(db: TDatabase, key: string): Promise<number> {
  const result = await db.$client.query<{ seconds: number | null }>(
    'select ceil(extract(epoch from locked_until - now()))::int as seconds from auth_throttle where key = $1',
    [key],
  );
  return Math.max(1, result.rows[0]?.seconds ?? 1);
}
