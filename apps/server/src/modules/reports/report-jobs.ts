import { REPORT_ASYNC_TIMEOUT_MS, type TParameterValues, type TReportFormat } from '@mip/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/database.ts';
import {
  reportJobs,
  reportScheduleSubscribers,
  reportSchedules,
  reportTemplates,
  users,
} from '../../db/schema/index.ts';
import type { TActor } from '../../http/audit.ts';
import type { TMailer } from '../../mail/mailer.ts';
import { renderScheduledReportMail } from '../../mail/templates.ts';
import { notifyUser } from '../notifications/notifications.service.ts';
import { storeUserFile } from '../personal-files/personal-files.service.ts';
import { queryCallerForUser } from '../queries/query-caller.ts';
import { QueryFailedError, type TQueryRunner } from '../queries/query-runner.ts';
import { formatLisbonDateTime } from './report-files.ts';
import { countReportRows, produceReportFile } from './report-generation.service.ts';
import { runDueSchedules } from './report-schedules.service.ts';

/** A running job writes its progress and heartbeat this often; the sweep gives up on it after STALE_AFTER_MS. */
const TICK_MS = 1_000;
export const STALE_AFTER_MS = 30_000;
const POLL_MS = 3_000;
/** Schedules are looked at this often; a generation is due at a minute, so half a minute late at most. */
const SCHEDULE_POLL_MS = 30_000;

class ShutdownError extends Error {
  constructor() {
    super('the server is stopping');
  }
}

interface TClaimedJob {
  id: number;
  template_id: number;
  schedule_id: number | null;
  requested_by: number;
  parameters: TParameterValues;
  format: TReportFormat;
}

export interface TReportJobRunner {
  start: () => void;
  /** Stops polling; a job under way goes back to the queue for the next process. */
  stop: () => Promise<void>;
  /** Looks for QUEUED jobs now rather than at the next poll. */
  wake: () => void;
  /** Resolves once nothing runs (tests). */
  whenIdle: () => Promise<void>;
  /** Queues the generations of the schedules due at `now` and wakes the worker; answers the new jobs' ids. */
  runDueSchedules: (now?: Date) => Promise<number[]>;
}

/** The actor a background generation is recorded as: whoever asked for it. */
const jobActor = (userId: number): TActor => ({
  userId,
  impersonatorUserId: null,
  ip: null,
  userAgent: 'report-job',
});

/** Writes a job's progress and heartbeat while it runs. */
class JobTicker {
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
        `update report_jobs set heartbeat_at = now(), rows_done = $2, rows_total = $3, progress = $4
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
    return first ? `${first.error}: ${first.property}` : 'INVALID_PARAMETER';
  }
  return 'INTERNAL_ERROR';
}

/**
 * Marks FAILED every RUNNING job whose heartbeat stopped (its server died
 * mid-way) and tells its requester.
 */
export async function reapInterruptedReportJobs(
  db: TDatabase,
  options: { staleAfterMs?: number; exceptJobIds?: number[] } = {},
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number; requested_by: number; template_name: string }>(
      sql`update report_jobs j set status = 'FAILED', error = 'INTERRUPTED', finished_at = now()
            from report_templates t
           where t.id = j.template_id and j.status = 'RUNNING'
             and coalesce(j.heartbeat_at, j.started_at, j.created_at)
                 < now() - make_interval(secs => ${options.staleAfterMs ?? STALE_AFTER_MS}::float8 / 1000)
             and j.id <> all(${sql.param(options.exceptJobIds ?? [])}::int[])
          returning j.id, j.requested_by, t.name as template_name`,
    );
    for (const row of rows) {
      await notifyUser(tx, row.requested_by, {
        type: 'REPORT_FAILED',
        params: { template: row.template_name, jobId: row.id, error: 'INTERRUPTED' },
        link: '/reports',
      });
    }
    return rows.map((row) => row.id);
  });
}

/**
 * The background side of reports, in every server process: QUEUED jobs are
 * claimed with FOR UPDATE SKIP LOCKED (one at a time per process), run as
 * their requester with a count first for the progress bar, and stored in
 * the requester's personal files with a notification; a schedule's file is
 * also emailed to its subscribers. Schedules that fall due are turned into
 * jobs here too.
 */
export function createReportJobRunner(deps: {
  db: TDatabase;
  /** Read when a job runs, so the runner may be set up after this. */
  queryRunner: () => TQueryRunner;
  mailer: TMailer;
  publicUrl: string;
  log?: (message: string, error?: unknown) => void;
}): TReportJobRunner {
  const { db, mailer } = deps;
  const log = deps.log ?? (() => {});
  const running = new Set<number>();
  const work = new Set<Promise<unknown>>();
  let isDraining = false;
  /** A wake that came while the queue was being drained: drain once more before resting. */
  let isWokenAgain = false;
  let isStopping = false;
  const timers: NodeJS.Timeout[] = [];

  const track = (promise: Promise<unknown>) => {
    const tracked = promise.catch((error) => log('report job work failed unexpectedly', error));
    work.add(tracked);
    void tracked.finally(() => work.delete(tracked));
  };

  async function claimNext(): Promise<TClaimedJob | null> {
    const { rows } = await db.$client.query<TClaimedJob>(
      `update report_jobs set status = 'RUNNING', started_at = now(), heartbeat_at = now(),
              progress = 0, rows_done = 0, rows_total = null
        where id = (select id from report_jobs where status = 'QUEUED' order by id for update skip locked limit 1)
        returning id, template_id, schedule_id, requested_by, parameters, format`,
    );
    return rows[0] ?? null;
  }

  async function emailSubscribers(
    scheduleId: number,
    templateName: string,
    file: { filename: string; mimeType: string; contents: Buffer },
    generatedAt: Date,
  ) {
    const [schedule] = await db
      .select({ ownerName: users.name })
      .from(reportSchedules)
      .innerJoin(users, eq(users.id, reportSchedules.ownerId))
      .where(eq(reportSchedules.id, scheduleId));
    if (!schedule) return;
    const subscribers = await db
      .select({ name: users.name, email: users.email, language: users.language })
      .from(reportScheduleSubscribers)
      .innerJoin(users, eq(users.id, reportScheduleSubscribers.userId))
      .where(and(eq(reportScheduleSubscribers.scheduleId, scheduleId), eq(users.status, 'ACTIVE')));
    for (const subscriber of subscribers) {
      const mail = renderScheduledReportMail(subscriber.language, {
        name: subscriber.name,
        report: templateName,
        generatedAt: formatLisbonDateTime(generatedAt),
        owner: schedule.ownerName,
        filename: file.filename,
        link: `${deps.publicUrl}/reports/schedules`,
      });
      await mailer
        .send({
          to: subscriber.email,
          ...mail,
          attachments: [{ filename: file.filename, contentType: file.mimeType, content: file.contents }],
        })
        .catch((error) => log(`report schedule ${scheduleId}: the email to ${subscriber.email} failed`, error));
    }
  }

  async function failJob(job: TClaimedJob, templateName: string, error: string) {
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(reportJobs)
        .set({ status: 'FAILED', error, finishedAt: sql`now()` })
        .where(and(eq(reportJobs.id, job.id), eq(reportJobs.status, 'RUNNING')))
        .returning({ id: reportJobs.id });
      if (updated.length === 0) return;
      await notifyUser(tx, job.requested_by, {
        type: 'REPORT_FAILED',
        params: { template: templateName, jobId: job.id, error },
        link: '/reports',
      });
    });
  }

  async function runJob(job: TClaimedJob): Promise<void> {
    running.add(job.id);
    const ticker = new JobTicker(db, job.id);
    ticker.start();
    let templateName = '';
    try {
      const [template] = await db.select().from(reportTemplates).where(eq(reportTemplates.id, job.template_id));
      const [requester] = await db
        .select({ language: users.language })
        .from(users)
        .where(eq(users.id, job.requested_by));
      if (!template || !requester) throw new Error('the template or its requester is gone');
      templateName = template.name;
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
        timeoutMs: REPORT_ASYNC_TIMEOUT_MS,
        generatedAt: new Date(),
      };
      const total = await countReportRows(runner, run);
      ticker.set(0, total);
      await ticker.tick();
      const file = await produceReportFile(runner, run, (rowsDone) => {
        if (isStopping) throw new ShutdownError();
        ticker.set(rowsDone);
      });
      await ticker.stop();
      await db.transaction(async (tx) => {
        const stored = await storeUserFile(tx, jobActor(job.requested_by), {
          userId: job.requested_by,
          filename: file.filename,
          mimeType: file.mimeType,
          origin: 'REPORT',
          contents: file.contents,
        });
        await tx
          .update(reportJobs)
          .set({
            status: 'DONE',
            progress: 100,
            rowsDone: file.rowCount,
            rowsTotal: file.rowCount,
            fileId: stored.id,
            finishedAt: sql`now()`,
          })
          .where(eq(reportJobs.id, job.id));
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
        }
      });
      if (job.schedule_id !== null) await emailSubscribers(job.schedule_id, template.name, file, run.generatedAt);
    } catch (error) {
      await ticker.stop();
      if (error instanceof ShutdownError || isStopping) {
        // Another process (or this one after its restart) runs it again from the start.
        await db.$client.query(
          `update report_jobs set status = 'QUEUED', started_at = null, heartbeat_at = null, progress = 0,
                  rows_done = 0, rows_total = null
            where id = $1 and status = 'RUNNING'`,
          [job.id],
        );
        return;
      }
      const text = jobErrorText(error);
      if (text === 'INTERNAL_ERROR') log(`report job ${job.id} failed`, error);
      await failJob(job, templateName, text);
    } finally {
      await ticker.stop();
      running.delete(job.id);
    }
  }

  async function drainQueue(): Promise<void> {
    if (isStopping) return;
    if (isDraining) {
      isWokenAgain = true;
      return;
    }
    isDraining = true;
    try {
      do {
        isWokenAgain = false;
        for (let job = await claimNext(); job && !isStopping; job = isStopping ? null : await claimNext()) {
          await runJob(job);
        }
      } while (isWokenAgain && !isStopping);
    } finally {
      isDraining = false;
    }
  }

  const wake = () => {
    if (!isStopping) track(drainQueue());
  };

  const scheduleDue = async (now = new Date()) => {
    const jobIds = await runDueSchedules(db, now);
    if (jobIds.length > 0) wake();
    return jobIds;
  };

  return {
    wake,
    start: () => {
      track(reapInterruptedReportJobs(db).then(() => drainQueue()));
      const every = (ms: number, task: () => Promise<unknown>) => {
        const timer = setInterval(() => {
          if (!isStopping) track(task());
        }, ms);
        timer.unref();
        timers.push(timer);
      };
      every(POLL_MS, drainQueue);
      every(STALE_AFTER_MS, () => reapInterruptedReportJobs(db, { exceptJobIds: [...running] }));
      every(SCHEDULE_POLL_MS, () => scheduleDue());
    },
    stop: async () => {
      isStopping = true;
      for (const timer of timers) clearInterval(timer);
      while (work.size > 0) await Promise.all([...work]);
    },
    whenIdle: async () => {
      while (work.size > 0) await Promise.all([...work]);
    },
    runDueSchedules: scheduleDue,
  };
}
