import { REPORT_ASYNC_TIMEOUT_MS } from '@mip/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TExecutor } from '../db/database.ts';
import { endInterruptedReport, runReportJob } from '../modules/reports/report-jobs.ts';
import { runDueSchedules } from '../modules/reports/report-schedules.service.ts';
import { DEAD_LETTER_QUEUE, defineJob, type TJobQueue } from './define-job.ts';
import { jobIdFor } from './job-ids.ts';
import { queueEmail } from './send-email.ts';

const ZReportJob = z.object({ reportJobId: z.number().int().positive() });

/** A generation whose attempts all ran out (its process died each time) ends FAILED (INTERRUPTED). */
export const endInterruptedReportGeneration = defineJob({
  name: 'end-interrupted-report',
  description: 'Ends a report generation whose attempts all ran out as FAILED (INTERRUPTED)',
  payload: ZReportJob,
  queue: DEAD_LETTER_QUEUE,
  handler:
    ({ db }) =>
    async ({ reportJobId }) => {
      await endInterruptedReport(db, reportJobId);
    },
});

/**
 * Generates a report in the background (on demand, "generate now", or a
 * schedule that fell due). A process runs REPORT_WORKERS of them at once, and
 * one requester's generations one at a time across every process (their
 * `group`), so a user who queued many slow reports holds one worker and the
 * others go to everyone else; within that, each requester's next generation
 * comes before their later ones (see queueReportGeneration's priority). The
 * time budget is the generation's own (REPORT_ASYNC_TIMEOUT_MS, see
 * runReportJob) plus two minutes to store the file; an attempt whose process
 * died runs again, twice at most.
 */
export const generateReport = defineJob({
  name: 'generate-report',
  description: 'Generates a report into its requester’s personal files',
  payload: ZReportJob,
  queue: {
    retryLimit: 2,
    retryDelay: 5,
    expireInSeconds: REPORT_ASYNC_TIMEOUT_MS / 1000 + 120,
    heartbeatSeconds: 30,
    deadLetter: endInterruptedReportGeneration.name,
  },
  worker: { concurrency: (config) => config.reportWorkers, groupConcurrency: 1 },
  handler: ({ db, queryRunner, log, jobs }) => {
    const deps = {
      db,
      queryRunner,
      log,
      queueSubscriberMail: (tx: TExecutor, reportJobId: number, userId: number) =>
        queueEmail(jobs, tx, {
          key: `scheduled-report:${reportJobId}:${userId}`,
          message: { type: 'scheduled-report', reportJobId, userId },
        }),
    };
    return ({ reportJobId }, job) => runReportJob(deps, reportJobId, job);
  },
});

/**
 * Queues a recorded generation, in the transaction that recorded it. Its
 * priority is minus how many of its requester's generations are ahead of it,
 * so the queue takes every requester's first before anyone's second.
 */
export async function queueReportGeneration(
  jobs: TJobQueue,
  tx: TExecutor,
  job: { id: number; requestedBy: number },
): Promise<void> {
  const { rows } = await tx.execute<{ ahead: number }>(
    sql`select count(*)::int as ahead from report_jobs
         where requested_by = ${job.requestedBy} and status in ('QUEUED', 'RUNNING') and id < ${job.id}`,
  );
  await jobs.send(
    generateReport,
    { reportJobId: job.id },
    {
      tx,
      id: jobIdFor(`${generateReport.name}:${job.id}`),
      groupId: `user-${job.requestedBy}`,
      priority: -(rows[0]?.ahead ?? 0),
    },
  );
}

/** Every minute: the schedules that fell due get their generation queued and move to their next time. */
export const queueDueReportSchedules = defineJob({
  name: 'queue-due-report-schedules',
  description: 'Queues the generations of the report schedules that fell due',
  payload: z.object({}),
  queue: { policy: 'stately', retryLimit: 1, expireInSeconds: 5 * 60 },
  schedule: '* * * * *',
  handler:
    ({ db, jobs }) =>
    async () => {
      await runDueSchedules(db, jobs);
    },
});
