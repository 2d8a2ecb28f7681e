import module from 'node:module';
import { Worker } from 'node:worker_threads';
import type { TFeedWorkerCommand, TFeedWorkerStart, TStagedFeedHandle } from './feed-worker.ts';

const WORKER_URL = new URL('./feed-worker.ts', import.meta.url);

/**
 * A feed's rows are short-lived strings: V8's default young generation lets
 * them pile up to ~200 MB before a scavenge. A small one collects them
 * sooner, for the same speed (a 1M-row check: peak RSS 390 → 267 MB, 8.2 → 6.0 s).
 */
const WORKER_YOUNG_GENERATION_MB = 24;

/**
 * How long a thread started ahead waits for its task before it is stopped: long enough for someone to
 * read a check's report and confirm it; after that its memory (about 80 MB) goes back.
 */
export const SPARE_IDLE_MS = 10 * 60_000;

/** A feed worker thread, and the name its database sessions carry (to end them should the thread be stopped). */
export interface TFeedWorker {
  worker: Worker;
  applicationName: string;
}

interface TSpare extends TFeedWorker {
  /** The database it connects to, as the server's pool does (without the sessions' name). */
  databaseUrl: string;
  hasExited: boolean;
  idleTimer?: NodeJS.Timeout;
}

/** At most one per process: the next check or import takes it. */
let spare: TSpare | null = null;
let workersStarted = 0;

/** A spare that still waits and connects to `databaseUrl`: one a task on that database may take. */
const isWaitingFor = (entry: TSpare | null, databaseUrl: string): entry is TSpare =>
  entry !== null && !entry.hasExited && entry.databaseUrl === databaseUrl;

function startFeedWorker(preload: TFeedWorkerStart['preload'], databaseUrl: string): TFeedWorker {
  const applicationName = `mip-gtfs-worker-${process.pid}-${++workersStarted}`;
  const url = new URL(databaseUrl);
  // node-postgres takes the connection string's parameters over its own options: the worker's sessions carry this name.
  url.searchParams.set('application_name', applicationName);
  // The thread's own modules come from the server's compile cache from its first file on: a worker does
  // not inherit a cache enabled in code (only the environment variable), and stripped its first TypeScript
  // files afresh each time (40–50 ms of every start).
  const compileCache = module.getCompileCacheDir?.();
  const worker = new Worker(WORKER_URL, {
    workerData: { preload, databaseUrl: url.href } satisfies TFeedWorkerStart,
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    ...(compileCache ? { env: { ...process.env, NODE_COMPILE_CACHE: compileCache } } : {}),
  });
  return { worker, applicationName };
}

export interface TPrepareOptions {
  /** What its task is likely to be: a check, or a swap (its modules loaded too). */
  preload?: TFeedWorkerStart['preload'];
  /** The feed a swap would be of: its plan is unpacked while the thread waits. */
  staged?: TStagedFeedHandle;
  idleMs?: number;
}

/**
 * Starts a feed worker thread ahead of its task, when one is likely soon (an
 * upload arriving, a checked feed waiting for its confirm): loading its
 * modules is a third of a second that would otherwise come before the
 * check's first row and again before the confirm's swap, and its connection
 * to `databaseUrl` some 20 ms more.
 * It prepares what its task is likely to be (see TPrepareOptions) and waits
 * `idleMs` at most (again from now if one waits already), without keeping the
 * process alive. Answers the thread that waits.
 */
export function prepareFeedWorker(databaseUrl: string, options: TPrepareOptions = {}): Worker {
  const { preload = 'check', staged, idleMs = SPARE_IDLE_MS } = options;
  const waiting = spare;
  if (isWaitingFor(waiting, databaseUrl)) {
    if (preload === 'swap') waiting.worker.postMessage({ type: 'preload', staged } satisfies TFeedWorkerCommand);
    stopWhenIdle(waiting, idleMs);
    return waiting.worker;
  }
  if (waiting) dismiss(waiting);
  const started = startFeedWorker(preload, databaseUrl);
  const { worker } = started;
  worker.unref();
  if (staged) worker.postMessage({ type: 'preload', staged } satisfies TFeedWorkerCommand);
  const entry: TSpare = { ...started, databaseUrl, hasExited: false };
  stopWhenIdle(entry, idleMs);
  worker.once('exit', () => {
    entry.hasExited = true;
    if (spare === entry) spare = null;
  });
  // A thread that fails while it waits (its modules did not load) is not taken; the task starts one afresh.
  worker.on('error', () => {});
  spare = entry;
  return worker;
}

/** Stops a waiting thread no task will take. */
function dismiss(entry: TSpare): void {
  clearTimeout(entry.idleTimer);
  if (spare === entry) spare = null;
  void entry.worker.terminate();
}

/** (Re)arms the thread's stop `idleMs` from now. */
function stopWhenIdle(entry: TSpare, idleMs: number): void {
  clearTimeout(entry.idleTimer);
  entry.idleTimer = setTimeout(() => dismiss(entry), idleMs).unref();
}

/**
 * A worker thread for a task on `databaseUrl`: the one started ahead when it
 * still waits (for that database), else a new one. Either way it runs nothing
 * until it is sent its task.
 */
export function takeFeedWorker(databaseUrl: string): TFeedWorker {
  const taken = spare;
  spare = null;
  if (isWaitingFor(taken, databaseUrl)) {
    clearTimeout(taken.idleTimer);
    taken.worker.ref();
    return taken;
  }
  if (taken) dismiss(taken);
  // A swap or an import started afresh loads the swap's modules as its task begins.
  return startFeedWorker('check', databaseUrl);
}
