import { TRAFFIC_POLL_INTERVAL_MS } from '@mip/shared';
import type { TDatabase } from '../../db/database.ts';
import { pollTrafficFeed, type TPollOutcome } from './traffic.service.ts';

export interface TTrafficPoller {
  start: () => void;
  /** Stops the timer and waits for a poll under way. */
  stop: () => Promise<void>;
}

/**
 * Polls the Waze feed every 2 minutes in each server process; the advisory
 * lock and due check in pollTrafficFeed make one poll per round across all
 * of them. The first round runs shortly after start, not during it.
 */
export function createTrafficPoller(
  db: TDatabase,
  options: {
    intervalMs?: number;
    firstDelayMs?: number;
    log?: (message: string, error?: unknown) => void;
    poll?: () => Promise<TPollOutcome>;
  } = {},
): TTrafficPoller {
  const intervalMs = options.intervalMs ?? TRAFFIC_POLL_INTERVAL_MS;
  const poll = options.poll ?? (() => pollTrafficFeed(db, { isScheduled: true, intervalMs }));
  const log = options.log ?? (() => {});
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let isStopped = false;

  const tick = () => {
    if (running || isStopped) return;
    running = poll()
      .then((result) => {
        if (result.outcome === 'FAILED') log(`traffic feed poll failed: ${result.code} ${result.detail}`);
      })
      .catch((error) => log('traffic feed poll failed unexpectedly', error))
      .finally(() => {
        running = null;
      });
  };

  return {
    start: () => {
      if (timer || isStopped) return;
      timer = setTimeout(function next() {
        tick();
        timer = setTimeout(next, intervalMs);
        timer.unref();
      }, options.firstDelayMs ?? 5_000);
      timer.unref();
    },
    stop: async () => {
      isStopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
