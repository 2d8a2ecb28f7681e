import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findAuditRows } from '../../test/audit.ts';
import { createUser } from '../../test/factories.ts';
import { waitForJobs } from '../../test/jobs.ts';
import { createTestApp, type TTestApp, useTestApp } from '../../test/test-app.ts';
import { defineJob, SCHEDULE_TIME_ZONE } from './define-job.ts';
import { ALL_JOBS } from './index.ts';
import { jobIdFor } from './job-ids.ts';
import { JOB_SCHEMA } from './job-schema.ts';
import { queueEmail, sendEmail } from './send-email.ts';

const unique = () => randomBytes(4).toString('hex');

/** A job every minute that records which process ran which occurrence. */
const countedEveryMinute = defineJob({
  name: 'test-counted-every-minute',
  description: 'Records each run, and the process that made it',
  payload: z.object({}),
  queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 60 },
  schedule: '* * * * *',
  handler: ({ db }) => {
    const process = randomUUID();
    return async (_payload, job) => {
      await db.execute(sql`insert into test_scheduled_runs (process, job_id) values (${process}, ${job.id})`);
    };
  },
});

/** A job that runs until pg-boss gives up on it (the process stopping), then leaves. */
const runsUntilAborted = defineJob({
  name: 'test-runs-until-aborted',
  description: 'Holds its worker until its attempt is given up on',
  payload: z.object({}),
  queue: { retryLimit: 1, retryDelay: 60, expireInSeconds: 600 },
  handler: () => async (_payload, job) => {
    await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve(), { once: true }));
  },
});

const extraDefinitions = [countedEveryMinute, runsUntilAborted];
const t = useTestApp({}, { jobs: { extraDefinitions } });

beforeAll(async () => {
  await t.db.execute(sql`create table test_scheduled_runs (process text not null, job_id uuid not null)`);
});

describe('the job system', () => {
  it('declares every job with a queue of its own, and registers the periodic ones in Lisbon time', async () => {
    const queues = (await t.app.jobs.boss.getQueues()).map((queue) => queue.name);
    for (const job of ALL_JOBS) expect(queues).toContain(job.name);
    const schedules = await t.app.jobs.boss.getSchedules();
    for (const job of ALL_JOBS.filter((declared) => declared.schedule)) {
      expect(schedules).toContainEqual(
        expect.objectContaining({ name: job.name, cron: job.schedule, timezone: SCHEDULE_TIME_ZONE }),
      );
    }
    // Retries and time budgets are the queues' own, as declared.
    const reports = await t.app.jobs.boss.getQueue('generate-report');
    expect(reports).toMatchObject({ retryLimit: 2, heartbeatSeconds: 30, deadLetter: 'end-interrupted-report' });
  });

  it('runs a scheduled job once per occurrence across two server processes on one database', async () => {
    const other = await createTestApp({}, { database: t.db, jobs: { extraDefinitions } });
    try {
      const runs = async () =>
        (await t.db.execute<{ process: string; job_id: string }>(sql`select process, job_id from test_scheduled_runs`))
          .rows;
      await expect.poll(async () => (await runs()).length, { timeout: 10_000 }).toBeGreaterThan(0);
      // Both processes look at the schedules every second: let a few more of their passes go by.
      const lastPass = async () => {
        const { rows } = await t.db.$client.query<{ at: number }>(
          `select extract(epoch from cron_on) * 1000 as at from ${JOB_SCHEMA}.version`,
        );
        return Number(rows[0].at);
      };
      const passed = await lastPass();
      await expect.poll(async () => (await lastPass()) - passed, { timeout: 10_000 }).toBeGreaterThanOrEqual(3_000);
      await waitForJobs(t, [countedEveryMinute.name]);
      const { rows: jobs } = await t.db.execute<{ id: string; minute: string }>(
        sql.raw(
          `select id, date_trunc('minute', created_on)::text as minute from ${JOB_SCHEMA}.job
            where name = '${countedEveryMinute.name}'`,
        ),
      );
      // One job per minute that came due (the test may straddle two), each run once, by one process.
      expect(new Set(jobs.map((job) => job.minute)).size).toBe(jobs.length);
      const ran = await runs();
      expect(ran.map((run) => run.job_id).sort()).toEqual(jobs.map((job) => job.id).sort());
    } finally {
      await other.close();
    }
  });

  it('lets an API-only process send jobs, which a workers process runs', async () => {
    const api = await createTestApp({ PROCESS_ROLE: 'api' }, { database: t.db });
    try {
      expect(api.app.jobs.role).toBe('api');
      const user = await createUser(t.db, { language: 'en-US' });
      await api.app.jobs.send(sendEmail, {
        key: `test-api:${unique()}`,
        message: { type: 'password-recovery', email: user.email, actor: anonymousActor },
      });
      await waitForJobs(t, [sendEmail.name]);
      expect(t.mails.filter((mail) => mail.to === user.email)).toHaveLength(1);
      expect(api.mails).toEqual([]);
      expect(api.app.jobs.boss.getWipData()).toEqual([]);
    } finally {
      await api.close();
    }
  });

  it('stops within its deadline: a job under way that does not finish goes back to its queue', async () => {
    const other = await createTestApp({}, { database: t.db, jobs: { extraDefinitions } });
    // Only the other process works it: this file's app could take the job instead.
    await t.app.jobs.boss.offWork(runsUntilAborted.name);
    const id = (await other.app.jobs.send(runsUntilAborted, {})) as string;
    await expect.poll(() => other.app.jobs.stateOf(runsUntilAborted, id)).toBe('active');
    const started = Date.now();
    await other.app.jobs.stop(1_500);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(await t.app.jobs.stateOf(runsUntilAborted, id)).toBe('retry');
    await other.close();
  });
});

const anonymousActor = { userId: null, impersonatorUserId: null, ip: '192.0.2.7', userAgent: 'test' };

describe('emails as jobs', () => {
  let user: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    user = await createUser(t.db, { language: 'en-US' });
  });

  afterAll(() => {
    t.failingMails.count = 0;
  });

  const recoveryOf = (key: string) => ({
    key,
    message: { type: 'password-recovery' as const, email: user.email, actor: anonymousActor },
  });
  const mailsTo = (app: TTestApp) => app.mails.filter((mail) => mail.to === user.email);

  it('queues nothing when the transaction that queued the email rolls back', async () => {
    const key = `test-rollback:${unique()}`;
    await expect(
      t.db.transaction(async (tx) => {
        await queueEmail(t.app.jobs, tx, recoveryOf(key));
        throw new Error('the change fails after the email was queued');
      }),
    ).rejects.toThrow('the change fails');
    expect(await t.app.jobs.stateOf(sendEmail, jobIdFor(`${sendEmail.name}:${key}`))).toBeNull();
    await waitForJobs(t, [sendEmail.name]);
    expect(mailsTo(t)).toEqual([]);
  });

  it('sends once an email whose first attempt failed (the mail server was down), when it is retried', async () => {
    const before = mailsTo(t).length;
    t.failingMails.count = 1;
    const id = await t.app.jobs.send(sendEmail, recoveryOf(`test-retry:${unique()}`), { retryDelay: 1 });
    await waitForJobs(t, [sendEmail.name]);
    expect(t.failingMails.count).toBe(0);
    const [job] = await t.app.jobs.boss.findJobs(sendEmail.name, { id: id as string });
    expect(job).toMatchObject({ state: 'completed', retryCount: 1 });
    expect(mailsTo(t).length - before).toBe(1);
    expect(mailsTo(t).at(-1)?.subject).toBe('Password recovery');
  });

  it('sends an email once however many times its job runs (a retry after it went out)', async () => {
    const before = mailsTo(t).length;
    const audited = (await findAuditRows(t.db, 'PASSWORD_RECOVERY_REQUESTED')).length;
    const email = recoveryOf(`test-twice:${unique()}`);
    // Two deliveries of the same email, as a retry of a job whose process died after sending would be.
    await Promise.all([t.app.jobs.send(sendEmail, email), t.app.jobs.send(sendEmail, email)]);
    await waitForJobs(t, [sendEmail.name]);
    expect(mailsTo(t).length - before).toBe(1);
    expect((await findAuditRows(t.db, 'PASSWORD_RECOVERY_REQUESTED')).length - audited).toBe(1);
    const { rows } = await t.db.execute(sql`select 1 from email_deliveries where key = ${email.key}`);
    expect(rows).toHaveLength(1);
  });

  it('sends nothing for an address no active account has', async () => {
    const before = t.mails.length;
    await t.app.jobs.send(sendEmail, {
      key: `test-unknown:${unique()}`,
      message: { type: 'password-recovery', email: `nobody-${unique()}@example.org`, actor: anonymousActor },
    });
    await waitForJobs(t, [sendEmail.name]);
    expect(t.mails.length).toBe(before);
  });
});
