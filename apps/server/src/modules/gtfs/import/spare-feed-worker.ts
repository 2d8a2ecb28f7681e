import module from 'node:module';
import { Worker } from 'node:worker_threads';
import type { TFeedWorkerCommand, TFeedWorkerStart } from './feed-worker.ts';

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

interface TSpare {
  worker: Worker;
  hasExited: boolean;
  idleTimer?: NodeJS.Timeout;
}

/** At most one per process: the next check or import takes it. */
let spare: TSpare | null = null;

function startFeedWorker(preload: TFeedWorkerStart['preload']): Worker {
  // The thread's own modules come from the server's compile cache from its first file on: a worker does
  // not inherit a cache enabled in code (only the environment variable), and stripped its first TypeScript
  // files afresh each time (40–50 ms of every start).
  const compileCache = module.getCompileCacheDir?.();
  return new Worker(WORKER_URL, {
    workerData: { preload } satisfies TFeedWorkerStart,
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    ...(compileCache ? { env: { ...process.env, NODE_COMPILE_CACHE: compileCache } } : {}),
  });
}

/**
 * Starts a feed worker thread ahead of its task, when one is likely soon (an
 * upload arriving, a checked feed waiting for its confirm): loading its
 * modules is a third of a second that would otherwise come before the
 * check's first row and again before the confirm's swap.
 * It loads what its task is likely to be (`preload`: a check's modules, or
 * also a swap's) and waits `idleMs` at most (again from now if one waits
 * already), without keeping the process alive. Answers the thread that waits.
 */
export function prepareFeedWorker(preload: TFeedWorkerStart['preload'] = 'check', idleMs = SPARE_IDLE_MS): Worker {
  const waiting = spare;
  if (waiting && !waiting.hasExited) {
    if (preload === 'swap') waiting.worker.postMessage({ type: 'preload' } satisfies TFeedWorkerCommand);
    stopWhenIdle(waiting, idleMs);
    return waiting.worker;
  }
  const worker = startFeedWorker(preload);
  worker.unref();
  const entry: TSpare = { worker, hasExited: false };
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

/** (Re)arms the thread's stop `idleMs` from now. */
function stopWhenIdle(entry: TSpare, idleMs: number): void {
  clearTimeout(entry.idleTimer);
  entry.idleTimer = setTimeout(() => {
    if (spare === entry) spare = null;
    void entry.worker.terminate();
  }, idleMs).unref();
}

/**
 * A worker thread for a task: the one started ahead when it still waits, else
 * a new one. Either way it runs nothing until it is sent its task.
 */
export function takeFeedWorker(): Worker {
  const taken = spare;
  spare = null;
  if (taken && !taken.hasExited) {
    clearTimeout(taken.idleTimer);
    taken.worker.ref();
    return taken.worker;
  }
  // A swap or an import started afresh loads the swap's modules as its task begins.
  return startFeedWorker('check');
}
