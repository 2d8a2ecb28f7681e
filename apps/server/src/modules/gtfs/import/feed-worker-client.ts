import type { TGtfsFeedCounts } from '@mip/shared';
import type { TDatabase } from '../../../db/database.ts';
import { IssueCollector } from '../reader/issues.ts';
import type { TFeedCheckInput } from './check-feed.ts';
import type {
  TFeedCheckResult,
  TFeedTask,
  TFeedWorkerCommand,
  TFeedWorkerMessage,
  TStagedFeedHandle,
} from './feed-worker.ts';
import { prepareFeedWorker, takeFeedWorker } from './spare-feed-worker.ts';
import {
  dropStagedFeeds,
  FeedRejectedError,
  ImportCancelledError,
  type TImportFeedInput,
  type TImportFeedResult,
  type TImportProgress,
  type TSwapInput,
} from './stage-feed.ts';

export type { TFeedCheckResult, TStagedFeedHandle };

/** An aborted worker gets this long to clean up by itself; then its thread is stopped, whatever it is doing. */
const ABORT_GRACE_MS = 500;

/** The database the server's pool connects to, which a feed worker's sessions join. */
export const databaseUrlOf = (db: TDatabase) => String(db.$client.options.connectionString);

interface TRunOptions {
  jobId: number;
  signal: AbortSignal;
  onProgress: (progress: TImportProgress) => void;
}

type TWorkerFailure = Extract<TFeedWorkerMessage, { type: 'failed' }>['error'];

/** The error the worker ended on, as the job runner knows it: a rejected feed keeps its report. */
function reviveError(error: TWorkerFailure): Error {
  if (error.name === 'FeedRejectedError' && error.issues) {
    return new FeedRejectedError(IssueCollector.fromSnapshot(error.issues));
  }
  if (error.name === 'ImportCancelledError') return new ImportCancelledError();
  return Object.assign(new Error(error.message), { name: error.name });
}

/** Ends a stopped worker's database sessions: an open COPY or index build would otherwise run on, holding locks. */
async function endSessions(db: TDatabase, applicationName: string): Promise<void> {
  await db.$client.query(
    'select pg_terminate_backend(pid, 5000) from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()',
    [applicationName],
  );
}

/** A worker stopped just after its swap committed: the import did happen, and must not be reported otherwise. */
async function findSucceededImport(db: TDatabase, jobId: number): Promise<TImportFeedResult | null> {
  const { rows } = await db.$client.query<{
    feed_id: number;
    counts: TGtfsFeedCounts;
    start_date: string | null;
    end_date: string | null;
  }>(
    `select feed_id, counts, feed_start_date::text as start_date, feed_end_date::text as end_date
       from gtfs_import_jobs where id = $1 and status = 'SUCCEEDED' and feed_id is not null`,
    [jobId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    feedId: row.feed_id,
    counts: row.counts,
    startDate: row.start_date,
    endDate: row.end_date,
    deactivatedSystems: 0,
  };
}

/**
 * Runs one feed task in a worker thread of its own (started ahead, or now)
 * and waits for it to end.
 * Progress comes back through `onProgress`; an abort asks the worker to stop,
 * and stops its thread after ABORT_GRACE_MS. A worker that was stopped or
 * crashed leaves nothing: its sessions are ended and the job's LOADING feeds
 * dropped here, so the group's live feed is the one it had before.
 */
async function runFeedWorker<T>(db: TDatabase, task: TFeedTask, options: TRunOptions): Promise<T> {
  options.signal.throwIfAborted();
  const { worker, applicationName } = takeFeedWorker(databaseUrlOf(db));
  worker.postMessage({ type: 'run', task } satisfies TFeedWorkerCommand);
  let outcome = null as Exclude<TFeedWorkerMessage, { type: 'progress' }> | null;
  let crash = null as Error | null;
  let graceTimer: NodeJS.Timeout | undefined;
  const onAbort = () => {
    worker.postMessage({ type: 'abort' } satisfies TFeedWorkerCommand);
    graceTimer = setTimeout(() => void worker.terminate(), ABORT_GRACE_MS);
  };
  options.signal.addEventListener('abort', onAbort, { once: true });
  worker.on('message', (message: TFeedWorkerMessage) => {
    if (message.type === 'progress') options.onProgress(message.progress);
    else outcome = message;
  });
  worker.on('error', (error) => {
    crash = error;
  });
  const exitCode = await new Promise<number>((resolve) => worker.once('exit', resolve));
  clearTimeout(graceTimer);
  options.signal.removeEventListener('abort', onAbort);
  if (outcome?.type === 'done') return outcome.result as T;
  if (!outcome) {
    await endSessions(db, applicationName);
    const succeeded = task.kind === 'check' ? null : await findSucceededImport(db, options.jobId);
    if (succeeded) return succeeded as T;
    await dropStagedFeeds(db, options.jobId);
  }
  if (options.signal.aborted) throw options.signal.reason;
  if (outcome) throw reviveError(outcome.error);
  throw new Error(`the GTFS import worker stopped: ${crash ? crash.message : `exit code ${exitCode}`}`);
}

/** checkFeed, in a worker thread. */
export async function checkFeedInWorker(db: TDatabase, input: TFeedCheckInput): Promise<TFeedCheckResult> {
  const { signal, onProgress, ...rest } = input;
  // A staged feed waits for its confirm: its swap then starts in a thread that has its modules loaded. The
  // thread starts as soon as the feed read without errors and its load begins (the phase leaves READING):
  // its modules take a third of a second, which a confirm right after the check would otherwise wait for.
  // (Started with the check instead, it took its core from the check's read: the swap began 60 ms sooner,
  // the feed was live no sooner.)
  const onCheckProgress = (progress: TImportProgress) => {
    if (progress.phase !== 'READING') prepareFeedWorker(databaseUrlOf(db), { preload: 'swap' });
    onProgress(progress);
  };
  const check = await runFeedWorker<TFeedCheckResult>(
    db,
    { kind: 'check', input: rest },
    { jobId: input.jobId, signal, onProgress: onCheckProgress },
  );
  if (check.staged) prepareFeedWorker(databaseUrlOf(db), { preload: 'swap', staged: check.staged });
  return check;
}

/** importFeed, in a worker thread. */
export function importFeedInWorker(db: TDatabase, input: TImportFeedInput): Promise<TImportFeedResult> {
  const { signal, onProgress, ...rest } = input;
  return runFeedWorker(db, { kind: 'import', input: rest }, { jobId: input.jobId, signal, onProgress });
}

/** swapStagedFeed, in a worker thread, with the feed a check staged. */
export function swapStagedFeedInWorker(
  db: TDatabase,
  input: TSwapInput,
  staged: TStagedFeedHandle,
): Promise<TImportFeedResult> {
  const { signal, onProgress, ...rest } = input;
  return runFeedWorker(db, { kind: 'swap', input: rest, staged }, { jobId: input.jobId, signal, onProgress });
}
