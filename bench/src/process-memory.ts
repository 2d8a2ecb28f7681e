import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/** What a process tree held at its peak, in MB. */
export interface TTreeMemoryPeak {
  /** The largest sum of the Pss of the root and all its descendants seen in one sample. */
  totalPssMb: number;
  /** The root process's own largest Rss. */
  rootRssMb: number;
  /** The descendants' largest summed Pss (the embedded PostgreSQL's processes, for the platform). */
  descendantsPssMb: number;
  samples: number;
}

/** Rss and Pss of a process in kB (its /proc/<pid>/smaps_rollup); zeros once it is gone. */
function readRollup(pid: number): { rssKb: number; pssKb: number } {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0);
    return { rssKb: field('Rss'), pssKb: field('Pss') };
  } catch {
    return { rssKb: 0, pssKb: 0 };
  }
}

/** Every process descending from `root`, from each process's parent in /proc/<pid>/stat. */
function descendantsOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // "pid (command) state ppid …": the command may hold spaces and parentheses, so read after the last ")".
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const siblings = children.get(parent);
      if (siblings) siblings.push(pid);
      else children.set(parent, [pid]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    found.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

/** One sample of a tree: the root's Rss and Pss, the descendants' summed Pss, in kB. */
export function sampleTree(root: number): { rootRssKb: number; rootPssKb: number; descendantsPssKb: number } {
  const own = readRollup(root);
  const descendantsPssKb = descendantsOf(root).reduce((sum, pid) => sum + readRollup(pid).pssKb, 0);
  return { rootRssKb: own.rssKb, rootPssKb: own.pssKb, descendantsPssKb };
}

/**
 * Samples the memory of `rootPid` and all its descendants every `everyMs`
 * in a worker thread (reading /proc blocks, and the bench's own timings must
 * not wait on it) until stop() answers the peaks. Pss shares pages among the
 * processes that map them, so PostgreSQL's shared buffers count once.
 */
export function watchTreeMemory(rootPid: number, everyMs = 250): { stop: () => Promise<TTreeMemoryPeak> } {
  const worker = new Worker(new URL('./process-memory-worker.ts', import.meta.url), {
    workerData: { rootPid, everyMs },
  });
  // A bench that fails half way exits without waiting for it.
  worker.unref();
  const peak = new Promise<TTreeMemoryPeak>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    stop: async () => {
      worker.postMessage('stop');
      const result = await peak;
      await worker.terminate();
      return result;
    },
  };
}
