import { z } from 'zod';
import { pollTrafficFeed } from '../modules/traffic/traffic.service.ts';
import { defineJob } from './define-job.ts';

/**
 * Reads the Waze for Cities feed every 2 minutes (and when a workers process
 * starts), when traffic is on and a feed address is set. One poll per round
 * across every process: pg-boss sends one job per occurrence, and the poll's
 * own lock and due check turn away one that comes right after "refresh now".
 * TRAFFIC_POLLING=false keeps a process from working this queue.
 */
export const pollTraffic = defineJob({
  name: 'poll-traffic-feed',
  description: 'Reads the Waze for Cities traffic feed',
  payload: z.object({}),
  queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 90 },
  schedule: '*/2 * * * *',
  runAtStart: true,
  isWorkedBy: (config) => config.trafficPolling,
  handler:
    ({ db, log }) =>
    async () => {
      const result = await pollTrafficFeed(db, { isScheduled: true });
      if (result.outcome === 'FAILED') log.warn(`traffic feed poll failed: ${result.code} ${result.detail}`);
    },
});
