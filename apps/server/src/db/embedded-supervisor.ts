import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import type { TEmbeddedDatabase } from './embedded.ts';

export interface TEmbeddedSupervisor {
  /**
   * Stops watching, and a restart under way gives up without waiting for the server it may be starting
   * (a crash recovery can take a while): stopping PostgreSQL, next, stops that one too.
   */
  stop: () => void;
}

interface TSupervisorOptions {
  log: (message: string) => void;
  /** How often the server is asked whether it takes connections (a death the process watch missed). */
  probeIntervalMs?: number;
  /** Refused connections in a row that count as a dead server. */
  failedProbesToRestart?: number;
}

const RETRY_DELAYS_MS = [100, 250, 500, 1_000, 2_000];

/**
 * Keeps the embedded PostgreSQL running: when its process dies (killed, out of
 * memory, crashed), or when it stops taking connections altogether, it is
 * started again on the same data directory and port, so the application's
 * pools reconnect by themselves on their next query. PostgreSQL's crash
 * recovery replays the WAL: every commit acknowledged before the death is
 * there afterwards.
 */
export function superviseEmbeddedPostgres(
  embedded: TEmbeddedDatabase,
  options: TSupervisorOptions,
): TEmbeddedSupervisor {
  const { log } = options;
  const probeIntervalMs = options.probeIntervalMs ?? 2_000;
  const failedProbesToRestart = options.failedProbesToRestart ?? 2;
  let isStopped = false;
  let restarting: Promise<void> | null = null;
  let refusedProbes = 0;
  let wake: (() => void) | null = null;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  function restart(reason: string): Promise<void> {
    restarting ??= (async () => {
      const startedAt = performance.now();
      log(`the embedded PostgreSQL ${reason}; restarting it on ${embedded.pgdata}`);
      for (let attempt = 1; !isStopped; attempt++) {
        try {
          await embedded.restart();
          if (isStopped) return;
          refusedProbes = 0;
          watch(embedded.postmaster());
          log(`the embedded PostgreSQL is running again after ${Math.round(performance.now() - startedAt)} ms`);
          return;
        } catch (error) {
          if (isStopped) return;
          // Sessions of the dead server may still hold its shared memory for a moment: PostgreSQL then
          // refuses to start, and a later attempt succeeds.
          const delay = RETRY_DELAYS_MS[Math.min(attempt - 1, RETRY_DELAYS_MS.length - 1)];
          log(`restarting the embedded PostgreSQL failed (${(error as Error).message}); trying again in ${delay} ms`);
          await pause(delay);
        }
      }
    })().finally(() => {
      restarting = null;
    });
    return restarting;
  }

  function watch(postmaster: ChildProcess | null) {
    if (!postmaster) {
      void restart('is not running');
      return;
    }
    postmaster.once('exit', (code, signal) => {
      if (isStopped || restarting) return;
      void restart(`exited unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`})`);
    });
  }

  /** A server whose process lives on but refuses every connection is as good as dead. */
  async function probe() {
    if (isStopped || restarting) return;
    const client = new pg.Client({ connectionString: embedded.url('postgres'), connectionTimeoutMillis: 2_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      refusedProbes = 0;
    } catch (error) {
      // Only a refused connection: one that is slow (a long crash recovery, a busy machine) is left alone.
      refusedProbes = (error as { code?: string }).code === 'ECONNREFUSED' ? refusedProbes + 1 : 0;
      if (refusedProbes >= failedProbesToRestart && !isStopped && !restarting) {
        void restart(`refused ${refusedProbes} connections in a row`);
      }
    } finally {
      await client.end().catch(() => {});
    }
  }

  watch(embedded.postmaster());
  const probes = setInterval(() => void probe(), probeIntervalMs);
  probes.unref();

  return {
    stop: () => {
      isStopped = true;
      clearInterval(probes);
      wake?.();
    },
  };
}
