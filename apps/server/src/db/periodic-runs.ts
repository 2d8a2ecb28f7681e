import { sql } from 'drizzle-orm';
import type { TExecutor } from './database.ts';

/**
 * Claims this round of a periodic task: true when it last ran `intervalMs`
 * ago or more (or never), and then it is marked as run now, in the same
 * statement. Of several server processes asking at once, the row lock lets
 * exactly one through; the others wait for it, then see that it ran.
 */
export async function claimPeriodicRun(db: TExecutor, name: string, intervalMs: number): Promise<boolean> {
  const { rows } = await db.execute<{ name: string }>(
    sql`insert into periodic_runs (name, last_run_at) values (${name}, now())
        on conflict (name) do update set last_run_at = excluded.last_run_at
         where periodic_runs.last_run_at <= now() - make_interval(secs => ${intervalMs / 1000})
        returning name`,
  );
  return rows.length > 0;
}

export interface TPeriodicRun {
  start: () => void;
  /** Stops the timer and waits for a run under way. */
  stop: () => Promise<void>;
}

/**
 * Runs a task once per `everyMs` across every server process: each process
 * looks every `checkEveryMs` (first after `firstDelayMs`, never during start)
 * and runs it only when it claims the round. A failed run waits for the next.
 */
export function schedulePeriodicRun(
  db: TExecutor,
  options: {
    name: string;
    everyMs: number;
    checkEveryMs: number;
    firstDelayMs: number;
    run: () => Promise<unknown>;
    log: (message: string, error: unknown) => void;
  },
): TPeriodicRun {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let isStopped = false;

  const check = () => {
    if (running || isStopped) return;
    running = claimPeriodicRun(db, options.name, options.everyMs)
      .then(async (isMine) => {
        if (isMine) await options.run();
      })
      .catch((error) => options.log(`${options.name} failed`, error))
      .finally(() => {
        running = null;
      });
  };

  const wait = (ms: number) => {
    timer = setTimeout(() => {
      check();
      wait(options.checkEveryMs);
    }, ms);
    timer.unref();
  };

  return {
    start: () => {
      if (timer || isStopped) return;
      wait(options.firstDelayMs);
    },
    stop: async () => {
      isStopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
