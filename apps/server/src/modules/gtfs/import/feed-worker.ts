/**
 * The worker thread a GTFS check or import runs in (see feed-worker-client.ts).
 * Unzipping, parsing and validating a feed is CPU work of seconds to minutes;
 * here it never holds up the API's event loop. The worker opens its own
 * database connections, so the COPY, indexes and swap run from here too: the
 * server's thread only relays progress and a cancel.
 */
import { deserialize, serialize } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import type { TDatabaseClient } from '../../../db/database.ts';
import type { TIssueSnapshot } from '../reader/issues.ts';
import type { TFeedCheck, TFeedCheckInput } from './check-feed.ts';
import type {
  TImportFeedInput,
  TImportFeedResult,
  TImportProgress,
  TStagedFeed,
  TSwapInput,
  TSystemsPlan,
} from './stage-feed.ts';

/**
 * What a thread started ahead of its task (spare-feed-worker.ts) prepares while it waits: a check's modules,
 * or also a swap's, and a connection to the database its sessions are named in.
 */
export interface TFeedWorkerStart {
  preload: 'check' | 'swap';
  databaseUrl: string;
}

// Loading the import's modules is most of a worker's start: they come from the on-disk compile cache
// and skip drizzle-orm's package lookups (as in the server's own thread, see main.ts), so they are
// imported only once both are on (hooks belong to the thread that registers them).
const { speedUpModuleLoading } = await import('../../../lib/module-loading.ts');
speedUpModuleLoading();
const { openPool } = await import('../../../db/pool.ts');
const { checkFeed } = await import('./check-feed.ts');
const { FeedRejectedError, ImportCancelledError } = await import('./stage-feed.ts');
/**
 * The swap's side (Drizzle, the schema, the audit: a tenth of a second) only when the thread is to swap or
 * import: a check, which starts as its upload ends, does not wait for it.
 */
let swapModules: Promise<typeof import('./import-feed.ts')> | null = null;
const loadSwapModules = () => {
  swapModules ??= import('./import-feed.ts');
  return swapModules;
};
const start = workerData as TFeedWorkerStart | null;
if (start?.preload === 'swap') await loadSwapModules();

type TRunInput<T> = Omit<T, 'signal' | 'onProgress'>;

/**
 * A staged feed as the server's thread keeps it between check and confirm: its
 * systems plan stays serialized, so a national feed's plan is never rebuilt
 * as objects on the API's thread, only copied as bytes.
 */
export type TStagedFeedHandle = Omit<TStagedFeed, 'plan'> & { packedPlan: Uint8Array };

export type TFeedTask =
  | { kind: 'check'; input: TRunInput<TFeedCheckInput> }
  | { kind: 'import'; input: TRunInput<TImportFeedInput> }
  | { kind: 'swap'; input: TRunInput<TSwapInput>; staged: TStagedFeedHandle };

export type TFeedCheckResult = Omit<TFeedCheck, 'staged'> & { staged: TStagedFeedHandle | null };

/**
 * What the server's thread tells the worker: its task (once); while it waits, to load a swap's modules and
 * unpack the feed it will likely swap in; and to stop.
 */
export type TFeedWorkerCommand =
  | { type: 'run'; task: TFeedTask }
  | { type: 'preload'; staged?: TStagedFeedHandle }
  | { type: 'abort' };

/** What the worker tells the server's thread; `failed` carries what is needed to raise the same error there. */
export type TFeedWorkerMessage =
  | { type: 'progress'; progress: TImportProgress }
  | { type: 'done'; result: TFeedCheckResult | TImportFeedResult }
  | { type: 'failed'; error: { name: string; message: string; issues: TIssueSnapshot | null } };

/** Progress goes to the server's thread at most this often (and on every change of phase). */
const PROGRESS_EVERY_MS = 100;

function packStaged({ plan, ...staged }: TStagedFeed): TStagedFeedHandle {
  return { ...staged, packedPlan: serialize(plan) };
}

function unpackStaged({ packedPlan, ...staged }: TStagedFeedHandle): TStagedFeed {
  return { ...staged, plan: deserialize(packedPlan) as TSystemsPlan };
}

/** The feed this thread was told it will likely swap in, unpacked while it waited for the confirm. */
let unpacked: TStagedFeed | null = null;

/** A staged feed as the swap needs it: the one unpacked ahead when it is that one (a national plan takes 20 ms). */
function stagedFeed(handle: TStagedFeedHandle): TStagedFeed {
  return unpacked?.feedId === handle.feedId ? unpacked : unpackStaged(handle);
}

async function runTask(
  db: TDatabaseClient,
  task: TFeedTask,
  signal: AbortSignal,
  onProgress: (progress: TImportProgress) => void,
): Promise<TFeedCheckResult | TImportFeedResult> {
  switch (task.kind) {
    case 'check': {
      const check = await checkFeed(db, { ...task.input, signal, onProgress });
      return { ...check, staged: check.staged ? packStaged(check.staged) : null };
    }
    case 'import': {
      const { importFeed } = await loadSwapModules();
      return importFeed(db, { ...task.input, signal, onProgress });
    }
    case 'swap': {
      const { swapStagedFeed } = await loadSwapModules();
      return swapStagedFeed(db, { ...task.input, signal, onProgress }, stagedFeed(task.staged));
    }
  }
}

function describeError(error: unknown): Extract<TFeedWorkerMessage, { type: 'failed' }>['error'] {
  const name =
    error instanceof FeedRejectedError
      ? 'FeedRejectedError'
      : error instanceof ImportCancelledError
        ? 'ImportCancelledError'
        : error instanceof Error
          ? error.name
          : 'Error';
  return {
    name,
    message: error instanceof Error ? error.message : String(error),
    issues: error instanceof FeedRejectedError ? error.issues.snapshot() : null,
  };
}

async function main(port: NonNullable<typeof parentPort>, start: TFeedWorkerStart) {
  const controller = new AbortController();
  // The task's first statement does not wait for a connection (some 20 ms): one is opened while the thread
  // waits, and kept however long that is. A failure here is the task's own when it connects.
  const db = { $client: openPool(start.databaseUrl, { max: 6, idleTimeoutMillis: 0 }) };
  db.$client.connect().then(
    (client) => client.release(),
    () => {},
  );
  // A thread may be started ahead of its task (spare-feed-worker.ts): until the task comes, the port keeps it alive.
  const task = await new Promise<TFeedTask>((resolve) => {
    port.on('message', (message: TFeedWorkerCommand) => {
      if (message.type === 'run') resolve(message.task);
      else if (message.type === 'preload') {
        // A thread started for a check, now waiting for a confirm's swap.
        // A load that fails is the task's failure, when it asks for them.
        loadSwapModules().catch(() => {});
        if (message.staged) unpacked = unpackStaged(message.staged);
      } else controller.abort();
    });
  });
  // From then on the pending work keeps the thread alive, not the port: once it is done, the thread ends by itself.
  port.unref();
  const post = (message: TFeedWorkerMessage) => port.postMessage(message);
  let lastPostedAt = 0;
  let lastPhase: string | null = null;
  const onProgress = (progress: TImportProgress) => {
    const now = performance.now();
    if (progress.phase === lastPhase && now - lastPostedAt < PROGRESS_EVERY_MS) return;
    lastPostedAt = now;
    lastPhase = progress.phase;
    post({ type: 'progress', progress });
  };
  try {
    post({ type: 'done', result: await runTask(db, task, controller.signal, onProgress) });
  } catch (error) {
    post({ type: 'failed', error: describeError(error) });
  } finally {
    await db.$client.end();
  }
}

if (parentPort && start) await main(parentPort, start);
