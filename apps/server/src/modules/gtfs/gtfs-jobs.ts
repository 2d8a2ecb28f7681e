import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { TGtfsFailureCode, TGtfsJobStatus, TGtfsReport } from '@mip/shared';
import { sql } from 'drizzle-orm';
import type { TZipLimits } from '../../config.ts';
import type { TDatabase, TExecutor } from '../../db/database.ts';
import type { TActor } from '../../http/audit.ts';
import type { TJobLog } from '../../jobs/define-job.ts';
import { notifyImportEnded } from './gtfs-notifications.ts';
import {
  checkFeedInWorker,
  importFeedInWorker,
  swapStagedFeedInWorker,
  type TFeedCheckResult,
  type TStagedFeedHandle,
} from './import/feed-worker-client.ts';
import { dropFeed, FeedRejectedError, ImportCancelledError, type TImportProgress } from './import/stage-feed.ts';
import { JobTicker } from './job-ticker.ts';
import { IssueCollector } from './reader/issues.ts';

/*
 * What the GTFS jobs do (their queues are declared in src/jobs/gtfs-imports.ts).
 * gtfs_import_jobs holds what the import screen shows — status, phase,
 * progress, report, a cancel asked for — and pg-boss carries the execution:
 * a check is queued with its upload, an import with its confirm, each in the
 * transaction that changed the row.
 */

/** The GTFS upload folder inside the configured upload folder. */
export const gtfsUploadDir = (uploadDir: string) => path.join(uploadDir, 'gtfs');

/** How many checks per process load the feed as they read it (each holds connections and CPU while it does). */
const MAX_STAGING = 1;
/** A checked feed nobody confirmed within this many days no longer takes disk space. */
const ABANDONED_AFTER_DAYS = 7;

/** The job's attempt was given up on: its time budget ran out, or the process is stopping. */
class InterruptedError extends Error {
  constructor() {
    super('the job was interrupted');
  }
}

interface TJobRow {
  id: number;
  group_id: number;
  status: TGtfsJobStatus;
  file_path: string | null;
  rows_total: number | null;
  report: TGtfsReport | null;
  confirmed_by: number | null;
  created_by: number | null;
  is_demo: boolean;
}

async function removeFile(filePath: string | null): Promise<void> {
  if (filePath) await fs.rm(filePath, { force: true }).catch(() => {});
}

function toReport(issues: IssueCollector, summary: TGtfsReport['summary']): TGtfsReport {
  return {
    isValid: !issues.hasErrors,
    errorCount: issues.errorCount,
    warningCount: issues.warningCount,
    omittedCount: issues.omittedCount,
    issues: issues.sorted(),
    summary,
  };
}

/** Ends a job (the upload is no longer needed); an import's end is told to whoever confirmed it, in the same transaction. */
async function finishJob(
  db: TDatabase,
  jobId: number,
  status: TGtfsJobStatus,
  values: { failureCode?: TGtfsFailureCode; failureDetail?: string; report?: TGtfsReport } = {},
) {
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ was_import: boolean }>(
      sql`update gtfs_import_jobs j set status = ${status}, finished_at = now(), failure_code = ${values.failureCode ?? null},
                failure_detail = ${values.failureDetail?.slice(0, 2000) ?? null},
                report = coalesce(${values.report ? JSON.stringify(values.report) : null}::jsonb, report),
                error_count = coalesce(${values.report?.errorCount ?? null}::int, error_count),
                warning_count = coalesce(${values.report?.warningCount ?? null}::int, warning_count),
                file_path = null
           from (select id, status from gtfs_import_jobs where id = ${jobId} for update) prior
          where j.id = prior.id
          returning prior.status = 'IMPORTING' as was_import`,
    );
    if (rows[0]?.was_import && status === 'FAILED') await notifyImportEnded(tx, jobId, 'FAILED');
  });
}

/** The actor an import is audited as: whoever confirmed it (the server itself for the demo feed). */
function jobActor(job: TJobRow): TActor {
  return {
    userId: job.confirmed_by ?? job.created_by,
    impersonatorUserId: null,
    ip: null,
    userAgent: 'gtfs-import-job',
  };
}

function todayNumber(): number {
  const now = new Date();
  return now.getUTCFullYear() * 10_000 + (now.getUTCMonth() + 1) * 100 + now.getUTCDate();
}

export interface TGtfsJobWork {
  /** Checks an uploaded feed (VALIDATING → VALIDATED or INVALID), loading it on the way when it can. */
  check: (importJobId: number, signal: AbortSignal) => Promise<void>;
  /** Imports a confirmed feed (QUEUED → IMPORTING → SUCCEEDED, FAILED or CANCELLED). */
  import: (importJobId: number, signal: AbortSignal) => Promise<void>;
}

/**
 * The GTFS jobs of one process: a check loads the feed it reads (see
 * checkAndStage) and keeps it for the confirm, which then only swaps it in
 * when the import runs in the same process; `signal` is the pg-boss attempt's.
 */
export function createGtfsJobWork(
  db: TDatabase,
  log: Pick<TJobLog, 'error'>,
  /** How much an uploaded zip may unzip to (the configured limits by default). */
  zipLimits?: TZipLimits,
): TGtfsJobWork {
  /** By job: the feed its check loaded, which its confirm only has to swap in (see checkAndStage). */
  const stagedFeeds = new Map<number, { staged: TStagedFeedHandle; at: number }>();
  let stagingCount = 0;

  /** Shared by both kinds of job: progress, cancel, interruption and unexpected failures. */
  async function runJob(
    jobId: number,
    attempt: AbortSignal,
    body: (controller: AbortController, ticker: JobTicker) => Promise<void>,
    filePath: string | null,
  ) {
    const controller = new AbortController();
    const interrupt = () => controller.abort(new InterruptedError());
    if (attempt.aborted) interrupt();
    attempt.addEventListener('abort', interrupt, { once: true });
    const ticker = new JobTicker(db, jobId, controller);
    ticker.start();
    try {
      await body(controller, ticker);
    } catch (error) {
      await ticker.stop();
      if (controller.signal.aborted || error instanceof ImportCancelledError) {
        if (controller.signal.reason instanceof InterruptedError) {
          await finishJob(db, jobId, 'FAILED', { failureCode: 'INTERRUPTED' });
        } else {
          await finishJob(db, jobId, 'CANCELLED');
        }
      } else if (error instanceof FeedRejectedError) {
        const { rows } = await db.$client.query<{ report: TGtfsReport | null }>(
          'select report from gtfs_import_jobs where id = $1',
          [jobId],
        );
        await finishJob(db, jobId, 'FAILED', {
          failureCode: 'FEED_INVALID',
          report: toReport(error.issues, rows[0]?.report?.summary ?? null),
        });
      } else {
        log.error(`GTFS job ${jobId} failed`, error);
        await finishJob(db, jobId, 'FAILED', {
          failureCode: 'INTERNAL_ERROR',
          failureDetail: error instanceof Error ? error.message : String(error),
        });
      }
      await removeFile(filePath);
    } finally {
      attempt.removeEventListener('abort', interrupt);
      await ticker.stop();
    }
  }

  async function loadJob(jobId: number): Promise<TJobRow | null> {
    const { rows } = await db.$client.query<TJobRow>(
      `select id, group_id, status, file_path, rows_total, report, confirmed_by, created_by, is_demo
         from gtfs_import_jobs where id = $1`,
      [jobId],
    );
    return rows[0] ?? null;
  }

  /**
   * Checks the upload in a worker thread (see checkFeed): like imports, one
   * check at a time per process also loads the feed as it reads it, so its
   * confirm only swaps; further checks only check, and their confirm loads.
   */
  async function checkAndStage(
    job: TJobRow,
    filePath: string,
    controller: AbortController,
    ticker: JobTicker,
  ): Promise<TFeedCheckResult> {
    const isStaging = stagingCount < MAX_STAGING;
    if (isStaging) stagingCount++;
    try {
      const check = await checkFeedInWorker(db, {
        jobId: job.id,
        groupId: job.group_id,
        filePath,
        today: todayNumber(),
        isStaging,
        zipLimits,
        signal: controller.signal,
        onProgress: (progress) => ticker.set(progress),
      });
      if (check.stagingFailure) log.error(`GTFS job ${job.id}: the feed could not be staged`, check.stagingFailure);
      return check;
    } finally {
      if (isStaging) stagingCount--;
    }
  }

  /** Forgets what was staged for jobs no confirm came for within the week (the sweep dropped their feeds). */
  function forgetOldStaged() {
    const tooOld = Date.now() - (ABANDONED_AFTER_DAYS + 1) * 86_400_000;
    for (const [jobId, entry] of stagedFeeds) if (entry.at < tooOld) stagedFeeds.delete(jobId);
  }

  async function check(jobId: number, attempt: AbortSignal): Promise<void> {
    const job = await loadJob(jobId);
    if (job?.status !== 'VALIDATING') return;
    const filePath = job.file_path;
    if (!filePath || !existsSync(filePath)) {
      await finishJob(db, jobId, 'FAILED', { failureCode: 'UPLOAD_MISSING' });
      return;
    }
    forgetOldStaged();
    await runJob(
      jobId,
      attempt,
      async (controller, ticker) => {
        ticker.set({ phase: 'READING', rowsDone: 0, rowsTotal: null });
        const check = await checkAndStage(job, filePath, controller, ticker);
        const staged = check.staged;
        try {
          const report = toReport(IssueCollector.fromSnapshot(check.issues), check.summary);
          await ticker.stop();
          const updated = await db.$client.query<{ status: TGtfsJobStatus }>(
            `update gtfs_import_jobs set status = case when cancel_requested then 'CANCELLED' else $2 end, phase = null, rows_done = $3, rows_total = $3, report = $4,
                    error_count = $5, warning_count = $6, counts = $7, feed_start_date = $8, feed_end_date = $9,
                    finished_at = case when $2 = 'INVALID' or cancel_requested then now() end,
                    file_path = case when $2 = 'INVALID' or cancel_requested then null else file_path end
              where id = $1 and status = 'VALIDATING'
              returning status`,
            [
              jobId,
              report.isValid ? 'VALIDATED' : 'INVALID',
              check.rowsRead,
              JSON.stringify(report),
              report.errorCount,
              report.warningCount,
              check.counts ? JSON.stringify(check.counts) : null,
              check.startDate,
              check.endDate,
            ],
          );
          if (updated.rows[0]?.status !== 'VALIDATED') {
            await removeFile(filePath);
            if (staged) await dropFeed(db, staged.feedId);
          } else if (staged) {
            stagedFeeds.set(jobId, { staged, at: Date.now() });
          }
        } catch (error) {
          if (staged) await dropFeed(db, staged.feedId).catch(() => {});
          throw error;
        }
      },
      filePath,
    );
  }

  /** The feed a job's check staged, if this process holds it and it is still there to swap in. */
  async function takeStaged(jobId: number): Promise<TStagedFeedHandle | null> {
    const staged = stagedFeeds.get(jobId)?.staged ?? null;
    stagedFeeds.delete(jobId);
    if (staged) {
      const { rowCount } = await db.$client.query(`select 1 from gtfs_feeds where id = $1 and status = 'LOADING'`, [
        staged.feedId,
      ]);
      if (rowCount === 1) return staged;
    }
    // Staged by another process or before a restart: importFeed drops it and loads the file again.
    return null;
  }

  async function importJob(jobId: number, attempt: AbortSignal): Promise<void> {
    // Only a job still waiting: one cancelled meanwhile, or already taken, is left as it is.
    const { rows } = await db.$client.query<TJobRow>(
      `update gtfs_import_jobs set status = 'IMPORTING', started_at = now(), phase = 'READING', rows_done = 0
        where id = $1 and status = 'QUEUED'
        returning id, group_id, status, file_path, rows_total, report, confirmed_by, created_by, is_demo`,
      [jobId],
    );
    const job = rows[0];
    if (!job) return;
    const filePath = job.file_path;
    if (!filePath || !existsSync(filePath)) {
      await finishJob(db, job.id, 'FAILED', { failureCode: 'UPLOAD_MISSING' });
      return;
    }
    await runJob(
      job.id,
      attempt,
      async (controller, ticker) => {
        const staged = await takeStaged(job.id);
        const input = {
          jobId: job.id,
          groupId: job.group_id,
          actor: jobActor(job),
          signal: controller.signal,
          onProgress: (progress: TImportProgress) => ticker.set(progress),
        };
        if (staged) {
          await swapStagedFeedInWorker(db, input, staged).catch(async (error: unknown) => {
            await dropFeed(db, staged.feedId).catch(() => {});
            throw error;
          });
        } else {
          await importFeedInWorker(db, {
            ...input,
            filePath,
            expectedRows: job.rows_total,
            moveServiceTo: job.is_demo ? todayNumber() : undefined,
            zipLimits,
          });
        }
        await ticker.stop();
        await removeFile(filePath);
        await db.$client.query('update gtfs_import_jobs set file_path = null where id = $1', [job.id]);
      },
      filePath,
    );
  }

  return { check, import: importJob };
}

/** Feeds no job will make live any more (their job ended otherwise), and load tables whose feed is gone. */
async function dropLeftovers(db: TDatabase): Promise<void> {
  // A feed staged by its upload's check waits for its job's confirm; once the job ends otherwise, it goes.
  const leftovers = await db.$client.query<{ id: number }>(
    `select f.id from gtfs_feeds f
      where f.status <> 'ACTIVE'
        and not exists (select 1 from gtfs_import_jobs j
                         where j.id = f.job_id and j.status in ('VALIDATING', 'VALIDATED', 'QUEUED', 'IMPORTING'))`,
  );
  for (const feed of leftovers.rows) await dropFeed(db, feed.id);
  // A load that died before its feed row went: its table has no feed any more.
  const orphans = await db.$client.query<{ tablename: string }>(
    `select c.relname as tablename from pg_class c
      where c.relkind = 'r' and c.relname ~ '^gtfs_trip_times_f[0-9]+$' and not c.relispartition
        and not exists (select 1 from gtfs_feeds f where 'gtfs_trip_times_f' || f.id = c.relname)`,
  );
  for (const orphan of orphans.rows) await db.$client.query(`drop table if exists ${orphan.tablename}`);
}

/**
 * Ends a check or import whose attempts pg-boss gave up on — its process died
 * mid-way (the heartbeat stopped), or it outran its time budget — as FAILED
 * (INTERRUPTED), tells whoever confirmed an import, and drops what it left
 * half-loaded. The group's ACTIVE feed is never touched, so its timetables
 * stay as they were. Answers whether the job was still waiting or running.
 */
export async function endInterruptedJob(db: TDatabase, jobId: number, stage: 'check' | 'import'): Promise<boolean> {
  const statuses = stage === 'check' ? ['VALIDATING'] : ['QUEUED', 'IMPORTING'];
  const ended = await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ file_path: string | null }>(
      sql`update gtfs_import_jobs j set status = 'FAILED', failure_code = 'INTERRUPTED', finished_at = now(),
                file_path = null
           from (select id, status, file_path from gtfs_import_jobs where id = ${jobId} for update) prior
          where j.id = prior.id and prior.status = any(${sql.param(statuses)}::text[])
          returning prior.file_path`,
    );
    // Whoever confirmed an import is told; an unconfirmed check was never theirs to wait on.
    if (rows[0] && stage === 'import') await notifyImportEnded(tx, jobId, 'FAILED');
    return rows[0] ?? null;
  });
  if (!ended) return false;
  await removeFile(ended.file_path);
  await dropLeftovers(db);
  return true;
}

/**
 * The periodic look at the imports (and the first thing a workers process
 * does): queues the imports waiting without a job (the demo network's, queued
 * with the first run's data), ends the checks and imports whose job pg-boss
 * no longer has waiting or running (rows left by a version before pg-boss
 * among them), cancels checked feeds nobody confirmed within a week and drops
 * what no job will use.
 */
export async function tidyImportJobs(
  db: TDatabase,
  lookups: {
    queueImport: (tx: TExecutor, importJob: { id: number; groupId: number }) => Promise<unknown>;
    /** Whether the row's check or import is waiting or running in pg-boss. */
    isJobLive: (importJobId: number, stage: 'check' | 'import') => Promise<boolean>;
  },
): Promise<void> {
  const waiting = await db.$client.query<{ id: number; group_id: number }>(
    `select id, group_id from gtfs_import_jobs where status = 'QUEUED' order by id`,
  );
  for (const row of waiting.rows) await lookups.queueImport(db, { id: row.id, groupId: row.group_id });
  // A minute's grace: a row and its job are written in one transaction, but a job may still be on its way to start.
  const running = await db.$client.query<{ id: number; status: TGtfsJobStatus }>(
    `select id, status from gtfs_import_jobs
      where status in ('VALIDATING', 'QUEUED', 'IMPORTING')
        and coalesce(started_at, created_at) < now() - interval '1 minute'
      order by id`,
  );
  for (const row of running.rows) {
    const stage = row.status === 'VALIDATING' ? 'check' : 'import';
    if (!(await lookups.isJobLive(row.id, stage))) await endInterruptedJob(db, row.id, stage);
  }
  const abandoned = await db.$client.query<{ id: number; file_path: string | null }>(
    `update gtfs_import_jobs set status = 'CANCELLED', finished_at = now(), file_path = null
       from (select id, file_path from gtfs_import_jobs
              where status = 'VALIDATED' and created_at < now() - make_interval(days => $1) for update) prior
      where gtfs_import_jobs.id = prior.id
      returning prior.id, prior.file_path`,
    [ABANDONED_AFTER_DAYS],
  );
  for (const row of abandoned.rows) await removeFile(row.file_path);
  await dropLeftovers(db);
}
