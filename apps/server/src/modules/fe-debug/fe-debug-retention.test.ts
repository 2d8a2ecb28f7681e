import { randomBytes } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signInNewUser } from '../../../test/factories.ts';
import { waitForJobs } from '../../../test/jobs.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { deleteExpiredFeDebug } from '../../jobs/retention-sweeps.ts';
import { deleteExpiredFeDebugReports } from './fe-debug-retention.ts';

const t = useTestApp();
const unique = () => randomBytes(4).toString('hex');

let configurator: TCaller;

beforeAll(async () => {
  configurator = callerOf(t, (await signInNewUser(t, { permissions: ['WRITE_CONFIGURATION'] })).authorization);
});

afterEach(async () => {
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

describe('the hourly sweep', () => {
  it('is a job scheduled every hour (Lisbon time) that deletes the expired reports when it runs', async () => {
    const schedule = await t.app.jobs.boss.getSchedule(deleteExpiredFeDebug.name);
    expect(schedule).toMatchObject({ cron: '17 * * * *', timezone: 'Europe/Lisbon' });
    const run = unique();
    await storedReport(`${run} first`, 100);
    await t.app.jobs.send(deleteExpiredFeDebug, {});
    await waitForJobs(t, [deleteExpiredFeDebug.name]);
    expect(await remaining(run)).toEqual([]);
  });
});
