import { REPORT_ASYNC_TIMEOUT_MS, type TParameterValues, type TReportFormat } from '@mip/shared';
import { and, eq, sql, TransactionRollbackError } from 'drizzle-orm';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import {
  reportJobs,
  reportScheduleSubscribers,
  reportSchedules,
  reportTemplates,
  users,
} from '../../db/schema/index.ts';
import type { TActor } from '../../http/audit.ts';
import type { TJobLog, TRunningJob } from '../../jobs/define-job.ts';
import { notifyUser } from '../notifications/notifications.service.ts';
import { storeUserFile } from '../personal-files/personal-files.service.ts';
import { queryCallerForUser } from '../queries/query-caller.ts';
import { QueryFailedError, type TQueryRunner } from '../queries/query-runner.ts';
import { countReportRows, produceReportFile } from './report-generation.service.ts';

/*
 * What the report jobs do (their queue is declared in src/jobs/reports.ts).
 * report_jobs holds what the screens show — status, progress, error, file —
 * and pg-boss carries the execution: a generation is queued in the
 * transaction that records it (a request, "generate now", a schedule that
 * fell due), retried when its process dies, and ends FAILED (INTERRUPTED)
 * once its attempts run out.
 */

/** A running job writes its progress this often. */
const TICK_MS = 1_000;

/** The attempt was given up on (the process is stopping, or its claim went): the job goes back to the queue. */
class InterruptedError extends Error {
  constructor() {
    super('the report job was interrupted');
  }
}

interface TRunningRow {
  id: number;
  template_id: number;
  schedule_id: number | null;
  requested_by: number;
  parameters: TParameterValues;
  format: TReportFormat;
  started_at: Date;
}

/** The actor a background generation is recorded as: whoever asked for it. */
const jobActor = (userId: number): TActor => ({
  userId,
  impersonatorUserId: null,
  ip: null,
  userAgent: 'report-job',
});

/** Writes a job's progress while it runs. */
class ProgressTicker {
  private rowsDone = 0;
  private rowsTotal: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  private readonly db: TDatabase;
  private readonly jobId: number;

  constructor(db: TDatabase, jobId: number) {
    this.db = db;
    this.jobId = jobId;
  }

  set(rowsDone: number, rowsTotal: number | null = this.rowsTotal) {
    this.rowsDone = rowsDone;
    this.rowsTotal = rowsTotal;
  }

  start() {
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  async tick(): Promise<void> {
    if (this.writing) return;
    const total = this.rowsTotal;
    // Never 100 before the file is stored: the total is the count's, and rows can still come in.
    const progress = total ? Math.min(99, (this.rowsDone / total) * 100) : 0;
    this.writing = this.db.$client
      .query(
        `update report_jobs set rows_done = $2, rows_total = $3, progress = $4
          where id = $1 and status = 'RUNNING'`,
        [this.jobId, this.rowsDone, total, progress],
      )
      .then(
        () => {},
        () => {
          // A missed tick is made up by the next one.
        },
      )
      .finally(() => {
        this.writing = null;
      });
    await this.writing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.writing;
  }
}

/** `REPORT_QUERY_ERROR: <the database's message>`, or the code of what else went wrong. */
function jobErrorText(error: unknown): string {
  if (error instanceof QueryFailedError) {
    const code = {
      SQL: 'REPORT_QUERY_ERROR',
      TIMEOUT: 'QUERY_TIMEOUT',
      UNAVAILABLE: 'QUERY_UNAVAILABLE',
      BUSY: 'QUERY_BUSY',
      TOO_LARGE: 'RESULT_TOO_LARGE',
    }[error.kind];
    return `${code}: ${error.detail}`.slice(0, 2000);
  }
  if (error instanceof Error && 'fieldErrors' in error && Array.isArray(error.fieldErrors)) {
    // A value the runner refused (an id that no longer exists, a date that is now in the future).
    const first = error.fieldErrors[0] as { property: string; error: string } | undefined;
    return first ? `${first.error}: ${first.property}` : 'INTERNAL_ERROR';
  }
  return 'INTERNAL_ERROR';
}

/** Ends a RUNNING or QUEUED job FAILED and tells its requester, in one transaction; false when it had ended already. */
async function failJob(db: TDatabase, jobId: number, error: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ requested_by: number; template_name: string }>(
      sql`update report_jobs j set status = 'FAILED', error = ${error}, finished_at = now()
            from report_templates t
           where t.id = j.template_id and j.id = ${jobId} and j.status in ('QUEUED', 'RUNNING')
          returning j.requested_by, t.name as template_name`,
    );
    const row = rows[0];
    if (!row) return false;
    await notifyUser(tx, row.requested_by, {
      type: 'REPORT_FAILED',
      params: { template: row.template_name, jobId, error },
      link: '/reports',
    });
    return true;
  });
}

/**
 * A generation whose attempts all ended without it (its process died each
 * time) ends FAILED (INTERRUPTED), and its requester is told.
 */
export function endInterruptedReport(db: TDatabase, jobId: number): Promise<boolean> {
  return failJob(db, jobId, 'INTERRUPTED');
}

/** The subscribers of a schedule a generation's file goes to (ACTIVE users only). */
async function scheduleSubscribers(db: TExecutor, scheduleId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(reportScheduleSubscribers)
    .innerJoin(users, eq(users.id, reportScheduleSubscribers.userId))
    .where(and(eq(reportScheduleSubscribers.scheduleId, scheduleId), eq(users.status, 'ACTIVE')));
  return rows.map((row) => row.id);
}

export interface TReportJobDeps {
  db: TDatabase;
  queryRunner: () => TQueryRunner;
  log: Pick<TJobLog, 'error'>;
  /** Queues the email of a scheduled generation's file to one subscriber, in the transaction that stores it. */
  queueSubscriberMail: (tx: TExecutor, reportJobId: number, userId: number) => Promise<unknown>;
  /** The generation's time budget; REPORT_ASYNC_TIMEOUT_MS unless a test shortens it. */
  budgetMs?: number;
}

/**
 * Runs one generation as its requester, within one time budget
 * (REPORT_ASYNC_TIMEOUT_MS) shared by everything it does: the count for the
 * progress bar gets what is left of it, the query after it what is left then,
 * and the rows stop coming once it has run out (QUERY_TIMEOUT). The file goes
 * to the requester's personal files with a notification, and a schedule's to
 * its subscribers by email, all in the transaction that ends the job. An
 * attempt pg-boss gives up on puts the job back in the queue and throws, so
 * pg-boss runs it again.
 */
export async function runReportJob(deps: TReportJobDeps, jobId: number, attempt: TRunningJob): Promise<void> {
  const { db } = deps;
  const budgetMs = deps.budgetMs ?? REPORT_ASYNC_TIMEOUT_MS;
  const deadline = Date.now() + budgetMs;
  // A job RUNNING here is one an attempt before this one left (its process died): it runs again from the start.
  const { rows } = await db.$client.query<TRunningRow>(
    `update report_jobs set status = 'RUNNING', started_at = now(), progress = 0, rows_done = 0, rows_total = null
      where id = $1 and status in ('QUEUED', 'RUNNING')
      returning id, template_id, schedule_id, requested_by, parameters, format, started_at`,
    [jobId],
  );
  const job = rows[0];
  if (!job) return;
  const ticker = new ProgressTicker(db, job.id);
  ticker.start();
  const throwIfOver = () => {
    if (attempt.signal.aborted) throw new InterruptedError();
    if (Date.now() >= deadline) throw new QueryFailedError('TIMEOUT', 'the report ran out of its time budget');
  };
  const remainingMs = () => {
    throwIfOver();
    return deadline - Date.now();
  };
  try {
    const [template] = await db.select().from(reportTemplates).where(eq(reportTemplates.id, job.template_id));
    const [requester] = await db.select({ language: users.language }).from(users).where(eq(users.id, job.requested_by));
    if (!template || !requester) throw new Error('the template or its requester is gone');
    const runner = deps.queryRunner();
    const caller = await queryCallerForUser(db, job.requested_by);
    // A requester made inactive meanwhile gets nothing generated in their name.
    if (!caller) throw new Error('the requester is no longer active');
    const run = {
      template,
      values: job.parameters,
      format: job.format,
      caller,
      language: requester.language,
      timeoutMs: budgetMs,
      generatedAt: new Date(),
    };
    const total = await countReportRows(runner, { ...run, timeoutMs: remainingMs() });
    ticker.set(0, total);
    await ticker.tick();
    const file = await produceReportFile(runner, { ...run, timeoutMs: remainingMs() }, (rowsDone) => {
      throwIfOver();
      ticker.set(rowsDone);
    });
    throwIfOver();
    await ticker.stop();
    await db.transaction(async (tx) => {
      const stored = await storeUserFile(tx, jobActor(job.requested_by), {
        userId: job.requested_by,
        filename: file.filename,
        mimeType: file.mimeType,
        origin: 'REPORT',
        contents: file.contents,
      });
      const done = await tx
        .update(reportJobs)
        .set({
          status: 'DONE',
          progress: 100,
          rowsDone: file.rowCount,
          rowsTotal: file.rowCount,
          fileId: stored.id,
          finishedAt: sql`now()`,
        })
        .where(and(eq(reportJobs.id, job.id), eq(reportJobs.status, 'RUNNING')))
        .returning({ id: reportJobs.id });
      // Ended meanwhile (given up on and failed): nothing of this attempt is kept.
      if (done.length === 0) {
        tx.rollback();
        return;
      }
      await notifyUser(tx, job.requested_by, {
        type: 'REPORT_READY',
        params: { template: template.name, filename: file.filename, jobId: job.id, fileId: stored.id },
        link: '/personal/files',
      });
      if (job.schedule_id !== null) {
        await tx
          .update(reportSchedules)
          .set({ lastGeneratedAt: sql`now()` })
          .where(eq(reportSchedules.id, job.schedule_id));
        for (const userId of await scheduleSubscribers(tx, job.schedule_id)) {
          await deps.queueSubscriberMail(tx, job.id, userId);
        }
      }
    });
  } catch (error) {
    await ticker.stop();
    if (error instanceof InterruptedError || attempt.signal.aborted) {
      // Back in the queue for the attempt pg-boss makes next (here or in another process); this one's start only.
      await db.$client.query(
        `update report_jobs set status = 'QUEUED', started_at = null, progress = 0, rows_done = 0, rows_total = null
          where id = $1 and status = 'RUNNING' and started_at = $2`,
        [job.id, job.started_at],
      );
      throw error;
    }
    // Ended meanwhile (see the transaction above): the rollback undid what this attempt stored.
    if (error instanceof TransactionRollbackError) return;
    const text = jobErrorText(error);
    if (text === 'INTERNAL_ERROR') deps.log.error(`report job ${job.id} failed`, error);
    await failJob(db, job.id, text);
  } finally {
    await ticker.stop();
  }
}
