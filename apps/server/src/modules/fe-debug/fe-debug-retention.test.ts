import { randomBytes } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/assertions.ts';
import { signInNewUser } from '../../../test/factories.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { claimPeriodicRun, schedulePeriodicRun, type TPeriodicRun } from '../../db/periodic-runs.ts';
import { deleteExpiredFeDebugReports, FE_DEBUG_SWEEP, scheduleFeDebugSweep } from './fe-debug-retention.ts';

const t = useTestApp();
const unique = () => randomBytes(4).toString('hex');

let configurator: TCaller;
const running: TPeriodicRun[] = [];

beforeAll(async () => {
  configurator = callerOf(t, (await signInNewUser(t, { permissions: ['WRITE_CONFIGURATION'] })).authorization);
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((run) => run.stop()));
  await setRetention('90');
});

/** A report first seen `createdDaysAgo` and last seen `lastSeenDaysAgo` days ago. */
async function storedReport(message: string, lastSeenDaysAgo: number, createdDaysAgo = lastSeenDaysAgo) {
  await t.db.$client.query(
    `insert into fe_debug_reports (message, device, href, pathname, ip, fingerprint, created_at, last_seen_at)
     values ($1, '{}', 'https://mip.test/', '/', '192.0.2.1', md5($1),
             now() - make_interval(days => $3), now() - make_interval(days => $2))`,
    [message, lastSeenDaysAgo, createdDaysAgo],
  );
}

async function remaining(prefix: string): Promise<string[]> {
  const { rows } = await t.db.$client.query<{ message: string }>(
    'select message from fe_debug_reports where message like $1 order by message',
    [`${prefix}%`],
  );
  return rows.map((row) => row.message);
}

/** As an administrator does on the configuration screen. */
async function setRetention(value: string) {
  const response = await configurator.put('/configuration/', {
    pairs: [{ name: 'feDebug.reportRetentionDays', value }],
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('browser error retention', () => {
  it('deletes the reports not seen for 90 days, keeping an old one still being seen', async () => {
    const run = unique();
    await storedReport(`${run} forgotten`, 91, 120);
    await storedReport(`${run} recurring`, 5, 120);
    await storedReport(`${run} recent`, 10);
    expect(await deleteExpiredFeDebugReports(t.db)).toBeGreaterThanOrEqual(1);
    expect(await remaining(run)).toEqual([`${run} recent`, `${run} recurring`]);
  });

  it('keeps them the days set on the configuration screen; a value that is no number of days keeps 90', async () => {
    const run = unique();
    await storedReport(`${run} a fortnight`, 14);
    await storedReport(`${run} three days`, 3);
    await setRetention('0');
    await deleteExpiredFeDebugReports(t.db);
    expect(await remaining(run)).toEqual([`${run} a fortnight`, `${run} three days`]);
    await setRetention('7');
    await deleteExpiredFeDebugReports(t.db);
    expect(await remaining(run)).toEqual([`${run} three days`]);
  });
});

describe('the periodic sweep', () => {
  it('runs once per round however many server processes ask at once', async () => {
    const name = `test-round-${unique()}`;
    const claims = await Promise.all(Array.from({ length: 5 }, () => claimPeriodicRun(t.db, name, 60_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimPeriodicRun(t.db, name, 60_000)).toBe(false);
    await t.db.$client.query(`update periodic_runs set last_run_at = now() - interval '61 seconds' where name = $1`, [
      name,
    ]);
    expect(await claimPeriodicRun(t.db, name, 60_000)).toBe(true);
  });

  it('is started by two processes, and only one of them runs each round', async () => {
    const name = `test-processes-${unique()}`;
    const runs: string[] = [];
    for (const process of ['a', 'b']) {
      const scheduled = schedulePeriodicRun(t.db, {
        name,
        everyMs: 60_000,
        checkEveryMs: 10,
        firstDelayMs: 0,
        run: async () => {
          runs.push(process);
        },
        log: () => {},
      });
      running.push(scheduled);
      scheduled.start();
    }
    await waitFor(() => (runs.length > 0 ? runs : null));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs).toHaveLength(1);
  });

  it('sweeps the expired reports in the background, then waits for the next round', async () => {
    const run = unique();
    await storedReport(`${run} first`, 100);
    await t.db.$client.query('delete from periodic_runs where name = $1', [FE_DEBUG_SWEEP.name]);
    const sweep = scheduleFeDebugSweep(t.db, () => {}, { checkEveryMs: 10, firstDelayMs: 0 });
    running.push(sweep);
    sweep.start();
    await expect.poll(() => remaining(run), { timeout: 3000 }).toEqual([]);
    // Within the hour nothing more is swept…
    await storedReport(`${run} second`, 100);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await remaining(run)).toEqual([`${run} second`]);
    // …and once it has passed, the next look sweeps again.
    await t.db.$client.query(`update periodic_runs set last_run_at = now() - interval '2 hours' where name = $1`, [
      FE_DEBUG_SWEEP.name,
    ]);
    await expect.poll(() => remaining(run), { timeout: 3000 }).toEqual([]);
  });
});
