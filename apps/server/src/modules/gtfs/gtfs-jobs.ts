import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { TGtfsFailureCode, TGtfsJobStatus, TGtfsReport } from '@mip/shared';
import type { TZipLimits } from '../../config.ts';
import type { TDatabase } from '../../db/database.ts';
import type { TActor } from '../../http/audit.ts';
import { notifyImportEnded } from './gtfs-notifications.ts';
import {
  checkFeedInWorker,
  importFeedInWorker,
  swapStagedFeedInWorker,
  type TFeedCheckResult,
  type TStagedFeedHandle,
} from './import/feed-worker-client.ts';
import { dropFeed, FeedRejectedError, ImportCancelledError, type TImportProgress } from './import/import-feed.ts';
import { IssueCollector } from './reader/issues.ts';

/** The GTFS upload folder inside the configured upload folder. */
export const gtfsUploadDir = (uploadDir: string) => path.join(uploadDir, 'gtfs');

/** A running job writes its progress and heartbeat this often; the reaper gives up on it after STALE_AFTER_MS. */
const TICK_MS = 500;
const HEARTBEAT_MS = 2_000;
export const STALE_AFTER_MS = 15_000;
const POLL_MS = 2_000;
/** How many checks per process load the feed as they read it (each holds connections and CPU while it does). */
const MAX_STAGING = 1;

class ShutdownError extends Error {
  constructor() {
    super('the server is stopping');
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

export interface TGtfsJobRunner {
  /** Checks an uploaded job's feed in the background (VALIDATING → VALIDATED or INVALID). */
  validate: (jobId: number) => void;
  /** Looks for QUEUED jobs now rather than at the next poll. */
  wake: () => void;
  start: () => void;
  /** Stops polling; running jobs are interrupted (FAILED, INTERRUPTED) and the previous feeds stay. */
  stop: () => Promise<void>;
  /** Resolves once nothing runs (tests). */
  whenIdle: () => Promise<void>;
}

/** Writes a job's progress and heartbeat, and notices a cancel asked for by another request or process. */
class JobTicker {
  private readonly db: TDatabase;
  private readonly jobId: number;
  private readonly controller: AbortController;
  private progress: TImportProgress | null = null;
  private written: TImportProgress | null = null;
  private lastWriteAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;

  constructor(db: TDatabase, jobId: number, controller: AbortController) {
    this.db = db;
    this.jobId = jobId;
    this.controller = controller;
  }

  set(progress: TImportProgress) {
    this.progress = progress;
  }

  start() {
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.writing) return;
    const progress = this.progress;
    const isChanged = progress !== this.written;
    if (!isChanged && Date.now() - this.lastWriteAt < HEARTBEAT_MS) return;
    this.writing = (async () => {
      try {
        const { rows } = await this.db.$client.query<{ cancel_requested: boolean }>(
          `update gtfs_import_jobs set heartbeat_at = now(),
                  phase = coalesce($2, phase), rows_done = coalesce($3, rows_done), rows_total = coalesce($4, rows_total)
            where id = $1 returning cancel_requested`,
          [this.jobId, progress?.phase ?? null, progress?.rowsDone ?? null, progress?.rowsTotal ?? null],
        );
        this.written = progress;
        this.lastWriteAt = Date.now();
        if (rows[0]?.cancel_requested && !this.controller.signal.aborted) this.controller.abort();
      } catch {
        // A missed tick is made up by the next one.
      } finally {
        this.writing = null;
      }
    })();
    await this.writing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.writing;
  }
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

async function finishJob(
  db: TDatabase,
  jobId: number,
  status: TGtfsJobStatus,
  values: { failureCode?: TGtfsFailureCode; failureDetail?: string; report?: TGtfsReport } = {},
) {
  await db.$client.query(
    `update gtfs_import_jobs set status = $2, finished_at = now(), failure_code = $3, failure_detail = $4,
            report = coalesce($5, report),
            error_count = coalesce($6, error_count), warning_count = coalesce($7, warning_count),
            file_path = null
      where id = $1`,
    [
      jobId,
      status,
      values.failureCode ?? null,
      values.failureDetail?.slice(0, 2000) ?? null,
      values.report ? JSON.stringify(values.report) : null,
      values.report?.errorCount ?? null,
      values.report?.warningCount ?? null,
    ],
  );
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

/**
 * Marks FAILED (INTERRUPTED) every job whose heartbeat stopped — its server
 * died mid-way — and drops feed rows left half-loaded. The groups' ACTIVE
 * feeds are never touched, so their timetables stay as they were.
 */
export async function reapInterruptedJobs(
  db: TDatabase,
  options: { staleAfterMs?: number; exceptJobIds?: number[] } = {},
): Promise<number[]> {
  const { rows } = await db.$client.query<{ id: number; file_path: string | null; was_import: boolean }>(
    `with stale as (
       select id, status from gtfs_import_jobs
        where status in ('VALIDATING', 'IMPORTING')
          and coalesce(heartbeat_at, created_at) < now() - make_interval(secs => $1::float8 / 1000)
          and id <> all($2::int[])
          for update
     )
     update gtfs_import_jobs j set status = 'FAILED', failure_code = 'INTERRUPTED', finished_at = now()
       from stale where j.id = stale.id
     returning j.id, j.file_path, stale.status = 'IMPORTING' as was_import`,
    [options.staleAfterMs ?? STALE_AFTER_MS, options.exceptJobIds ?? []],
  );
  // Whoever confirmed an import that a dead server left behind is told; an unconfirmed check was never theirs to wait on.
  for (const row of rows) if (row.was_import) await notifyImportEnded(db, row.id, 'FAILED');
  // A checked feed nobody confirmed within a week: its upload no longer takes disk space.
  const abandoned = await db.$client.query<{ id: number; file_path: string | null }>(
    `update gtfs_import_jobs set status = 'CANCELLED', finished_at = now()
      where status = 'VALIDATED' and created_at < now() - interval '7 days'
      returning id, file_path`,
  );
  for (const row of [...rows, ...abandoned.rows]) await removeFile(row.file_path);
  await db.$client.query(`update gtfs_import_jobs set file_path = null where id = any($1::int[])`, [
    [...rows, ...abandoned.rows].map((row) => row.id),
  ]);
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
      where c.relkind = 'r' and c.relname ~ '^gtfs_stop_times_f[0-9]+$' and not c.relispartition
        and not exists (select 1 from gtfs_feeds f where 'gtfs_stop_times_f' || f.id = c.relname)`,
  );
  for (const orphan of orphans.rows) await db.$client.query(`drop table if exists ${orphan.tablename}`);
  return rows.map((row) => row.id);
}

/**
 * The background side of GTFS imports, in the server process: validations
 * run as soon as a file is uploaded; confirmed imports wait as QUEUED rows
 * that any server picks with FOR UPDATE SKIP LOCKED (one import at a time
 * per process, one per group). Progress and heartbeat live in the job row.
 */
export function createGtfsJobRunner(
  db: TDatabase,
  options: {
    log?: (message: string, error?: unknown) => void;
    /** Runs after every sweep for interrupted jobs (the demo feed restarts its import there). */
    afterReap?: () => Promise<void>;
    /** How much an uploaded zip may unzip to (the configured limits by default). */
    zipLimits?: TZipLimits;
  } = {},
): TGtfsJobRunner {
  const log = options.log ?? (() => {});
  const zipLimits = options.zipLimits;
  const running = new Map<number, AbortController>();
  /** By job: the feed its check loaded, which its confirm only has to swap in (see checkAndStage). */
  const stagedFeeds = new Map<number, TStagedFeedHandle>();
  let stagingCount = 0;
  const work = new Set<Promise<void>>();
  let isImporting = false;
  let isStopping = false;
  let pollTimer: NodeJS.Timeout | null = null;
  let reapTimer: NodeJS.Timeout | null = null;

  const track = (promise: Promise<void>) => {
    const tracked = promise.catch((error) => log('GTFS job failed unexpectedly', error));
    work.add(tracked);
    void tracked.finally(() => work.delete(tracked));
  };

  /** Shared by both kinds of job: ticker, cancel, shutdown and unexpected failures. */
  async function runJob(
    jobId: number,
    body: (controller: AbortController, ticker: JobTicker) => Promise<void>,
    filePath: string | null,
  ) {
    const controller = new AbortController();
    running.set(jobId, controller);
    const ticker = new JobTicker(db, jobId, controller);
    ticker.start();
    try {
      await body(controller, ticker);
    } catch (error) {
      await ticker.stop();
      if (controller.signal.aborted || error instanceof ImportCancelledError) {
        const reason = controller.signal.reason;
        if (reason instanceof ShutdownError) await finishJob(db, jobId, 'FAILED', { failureCode: 'INTERRUPTED' });
        else await finishJob(db, jobId, 'CANCELLED');
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
        log(`GTFS job ${jobId} failed`, error);
        await finishJob(db, jobId, 'FAILED', {
          failureCode: 'INTERNAL_ERROR',
          failureDetail: error instanceof Error ? error.message : String(error),
        });
      }
      await removeFile(filePath);
    } finally {
      await ticker.stop();
      running.delete(jobId);
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
      if (check.stagingFailure) log(`GTFS job ${job.id}: the feed could not be staged`, check.stagingFailure);
      return check;
    } finally {
      if (isStaging) stagingCount--;
    }
  }

  async function validateJob(jobId: number): Promise<void> {
    const job = await loadJob(jobId);
    if (job?.status !== 'VALIDATING') return;
    const filePath = job.file_path;
    if (!filePath || !existsSync(filePath)) {
      await finishJob(db, jobId, 'FAILED', { failureCode: 'UPLOAD_MISSING' });
      return;
    }
    await runJob(
      jobId,
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
            stagedFeeds.set(jobId, staged);
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
    const staged = stagedFeeds.get(jobId) ?? null;
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

  async function importJob(job: TJobRow): Promise<void> {
    const filePath = job.file_path;
    if (!filePath || !existsSync(filePath)) {
      await finishJob(db, job.id, 'FAILED', { failureCode: 'UPLOAD_MISSING' });
      return;
    }
    await runJob(
      job.id,
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
    // Success was told inside the swap's transaction; a failure is only known here, once runJob recorded it.
    const ended = await db.$client.query<{ status: TGtfsJobStatus }>(
      'select status from gtfs_import_jobs where id = $1',
      [job.id],
    );
    if (ended.rows[0]?.status === 'FAILED') await notifyImportEnded(db, job.id, 'FAILED');
  }

  /** Claims the oldest QUEUED job of a group that has no import running. */
  async function claimNext(): Promise<TJobRow | null> {
    const { rows } = await db.$client.query<TJobRow>(
      `update gtfs_import_jobs set status = 'IMPORTING', started_at = now(), heartbeat_at = now(),
              phase = 'READING', rows_done = 0
        where id = (select j.id from gtfs_import_jobs j
                     where j.status = 'QUEUED'
                       and not exists (select 1 from gtfs_import_jobs o
                                        where o.group_id = j.group_id and o.status = 'IMPORTING')
                     order by j.id
                     for update skip locked limit 1)
        returning id, group_id, status, file_path, rows_total, report, confirmed_by, created_by, is_demo`,
    );
    return rows[0] ?? null;
  }

  async function drainQueue(): Promise<void> {
    if (isImporting || isStopping) return;
    isImporting = true;
    try {
      for (let job = await claimNext(); job && !isStopping; job = await claimNext()) await importJob(job);
    } finally {
      isImporting = false;
    }
  }

  const wake = () => {
    if (!isStopping) track(drainQueue());
  };

  const reap = async () => {
    await reapInterruptedJobs(db, { exceptJobIds: [...running.keys()] });
    // Staged feeds of jobs that ended without a confirm (cancelled, abandoned) were dropped by the sweep.
    const { rows } = await db.$client.query<{ id: number }>(
      `select id from gtfs_import_jobs where id = any($1::int[]) and status not in ('VALIDATED', 'QUEUED')`,
      [[...stagedFeeds.keys()]],
    );
    for (const row of rows) stagedFeeds.delete(row.id);
    await options.afterReap?.();
  };

  return {
    validate: (jobId) => {
      if (!isStopping) track(validateJob(jobId));
    },
    wake,
    start: () => {
      track(reap().then(() => drainQueue()));
      pollTimer = setInterval(wake, POLL_MS);
      pollTimer.unref();
      reapTimer = setInterval(() => track(reap()), STALE_AFTER_MS);
      reapTimer.unref();
    },
    stop: async () => {
      isStopping = true;
      if (pollTimer) clearInterval(pollTimer);
      if (reapTimer) clearInterval(reapTimer);
      for (const controller of running.values()) controller.abort(new ShutdownError());
      await Promise.all([...work]);
    },
    whenIdle: async () => {
      while (work.size > 0) await Promise.all([...work]);
    },
  };
}
